/**
 * Uniform Resources (BCR-2020-005): CBOR messages as `ur:<type>/<bytewords>` text, split into
 * fountain-coded parts (`ur:<type>/<seq>-<len>/<bytewords>`) when one QR code is too small.
 *
 * Written here over @noble/hashes (SHA-256 seeds the part mixer) and cborg, not over
 * @ngraveio/bc-ur: that library needs Node's `Buffer` as a global and pulls bignumber.js, jsbi
 * and Node's assert/util polyfills, 74 KB gzipped in the browser, a third of a route's budget.
 * It stays the reference: tests hold this codec equal to it on random messages, besides the
 * published vectors. Nothing here is cryptographic: CRC-32 detects damaged frames, and
 * Xoshiro256** only decides which fragments a mixed part XORs together.
 *
 * A decoder checks each part before using it, so a foreign or corrupted code gets a domain
 * error, and bounds what a part may announce (no allocation from a hostile length).
 *
 * @example
 * ```ts
 * const { parts } = Ur.encode('eth-sign-request', cbor, { maxFragmentLength: 200 })
 * const d = Ur.decoder()
 * for (const p of parts) d.receive(p)
 * d.result() // { type: 'eth-sign-request', cbor }
 * ```
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { decode as cborDecode, encode as cborEncode } from 'cborg'
import { BaseError } from '../Errors'

/** The longest message a decoder accepts (a large typed-data request is a few KB). */
export const MAX_MESSAGE = 256 * 1024
/** The most fragments a multi-part message may announce. */
export const MAX_FRAGMENTS = 2000
/** Default fragment length in bytes of CBOR per part. */
export const DEFAULT_FRAGMENT = 200

// ---------------------------------------------------------------------------------------------
// Bytewords (BCR-2020-012), minimal style: each byte as the first and last letter of its word,
// followed by the CRC-32 of the bytes (big-endian).

const WORDS = `
  able acid also apex aqua arch atom aunt away axis back bald barn belt beta bias
  blue body brag brew bulb buzz calm cash cats chef city claw code cola cook cost
  crux curl cusp cyan dark data days deli dice diet door down draw drop drum dull
  duty each easy echo edge epic even exam exit eyes fact fair fern figs film fish
  fizz flap flew flux foxy free frog fuel fund gala game gear gems gift girl glow
  good gray grim guru gush gyro half hang hard hawk heat help high hill holy hope
  horn huts iced idea idle inch inky into iris iron item jade jazz join jolt jowl
  judo jugs jump junk jury keep keno kept keys kick kiln king kite kiwi knob lamb
  lava lazy leaf legs liar limp lion list logo loud love luau luck lung main many
  math maze memo menu meow mild mint miss monk nail navy need news next noon note
  numb obey oboe omit onyx open oval owls paid part peck play plus poem pool pose
  puff puma purr quad quiz race ramp real redo rich road rock roof ruby ruin runs
  rust safe saga scar sets silk skew slot soap solo song stub surf swan taco task
  taxi tent tied time tiny toil tomb toys trip tuna twin ugly undo unit urge user
  vast very veto vial vibe view visa void vows wall wand warm wasp wave waxy webs
  what when whiz wolf work yank yawn yell yoga yurt zaps zero zest zinc zone zoom
`.trim().split(/\s+/)
const MINIMAL = WORDS.map((w) => w[0]! + w[3]!)
const BYTE_OF = new Map(MINIMAL.map((m, i) => [m, i]))

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

/** CRC-32 (ISO-HDLC, as zlib): the checksum UR uses for messages and bytewords. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const be32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff])

/** Bytes as minimal bytewords with their CRC-32. */
export function toBytewords(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += MINIMAL[b]!
  for (const b of be32(crc32(bytes))) s += MINIMAL[b]!
  return s
}

/** Minimal bytewords back to bytes, checking the CRC-32. */
export function fromBytewords(text: string): Uint8Array {
  const t = text.toLowerCase()
  if (t.length % 2 !== 0 || t.length < 10) throw new CorruptedPartError('its bytewords are cut short')
  const out = new Uint8Array(t.length / 2)
  for (let i = 0; i < out.length; i++) {
    const b = BYTE_OF.get(t.slice(2 * i, 2 * i + 2))
    if (b === undefined) throw new CorruptedPartError(`"${t.slice(2 * i, 2 * i + 2)}" is not a byteword`)
    out[i] = b
  }
  const body = out.subarray(0, out.length - 4)
  const sum = out.subarray(out.length - 4)
  const want = be32(crc32(body))
  if (sum.some((b, i) => b !== want[i])) throw new CorruptedPartError('its checksum does not match (a damaged frame)')
  return body.slice()
}

// ---------------------------------------------------------------------------------------------
// The fountain code (BCR-2020-005, "Multi-part UR"): the first seqLen parts are the fragments
// in order; later parts XOR a pseudo-random subset, chosen by Xoshiro256** seeded with
// SHA-256(seqNum ‖ checksum).

const M64 = (1n << 64n) - 1n
const rotl = (x: bigint, k: bigint) => ((x << k) & M64) | (x >> (64n - k))

class Xoshiro {
  private s: bigint[]
  constructor(seed: Uint8Array) {
    const d = sha256(seed)
    this.s = [0, 1, 2, 3].map((i) => {
      let v = 0n
      for (let n = 0; n < 8; n++) v = (v << 8n) | BigInt(d[i * 8 + n]!)
      return v
    })
  }
  next(): bigint {
    const s = this.s as [bigint, bigint, bigint, bigint]
    const result = (rotl((s[1] * 5n) & M64, 7n) * 9n) & M64
    const t = (s[1] << 17n) & M64
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45n)
    return result
  }
  nextDouble(): number {
    return Number(this.next()) / 2 ** 64
  }
  nextInt(low: number, high: number): number {
    return Math.floor(this.nextDouble() * (high - low + 1) + low)
  }
}

/** Walker's alias method over weights 1/1, 1/2, … 1/n (the degree of a mixed part), as the reference codecs build it. */
function chooseDegree(seqLen: number, rng: Xoshiro): number {
  const p = Array.from({ length: seqLen }, (_, i) => 1 / (i + 1))
  const sum = p.reduce((a, b) => a + b, 0)
  const scaled = p.map((x) => (x * seqLen) / sum)
  const prob = new Array<number>(seqLen)
  const alias = new Array<number>(seqLen)
  const small: number[] = []
  const large: number[] = []
  for (let i = seqLen - 1; i >= 0; i--) (scaled[i]! < 1 ? small : large).push(i)
  while (small.length > 0 && large.length > 0) {
    const less = small.pop()!
    const more = large.pop()!
    prob[less] = scaled[less]!
    alias[less] = more
    scaled[more] = scaled[more]! + scaled[less]! - 1
    ;(scaled[more]! < 1 ? small : large).push(more)
  }
  while (large.length > 0) prob[large.pop()!] = 1
  while (small.length > 0) prob[small.pop()!] = 1
  const c = Math.floor(rng.nextDouble() * seqLen)
  return (rng.nextDouble() < prob[c]! ? c : alias[c]!) + 1
}

/** The fragment indexes a part mixes. */
function chooseFragments(seqNum: number, seqLen: number, checksum: number): number[] {
  if (seqNum <= seqLen) return [seqNum - 1]
  const seed = new Uint8Array(8)
  seed.set(be32(seqNum), 0)
  seed.set(be32(checksum), 4)
  const rng = new Xoshiro(seed)
  const degree = chooseDegree(seqLen, rng)
  const remaining = Array.from({ length: seqLen }, (_, i) => i)
  const shuffled: number[] = []
  while (remaining.length > 0) shuffled.push(remaining.splice(rng.nextInt(0, remaining.length - 1), 1)[0]!)
  return shuffled.slice(0, degree)
}

function fragmentLength(messageLen: number, minLen: number, maxLen: number): number {
  const maxCount = Math.ceil(messageLen / minLen)
  let len = 0
  for (let count = 1; count <= maxCount; count++) {
    len = Math.ceil(messageLen / count)
    if (len <= maxLen) break
  }
  return len
}

const xorInto = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < a.length; i++) a[i]! ^= b[i]!
}

// ---------------------------------------------------------------------------------------------

export interface Encoded {
  type: string
  /** Number of pure fragments (1 for a single-part UR). */
  fragments: number
  /** The parts to show, in order: the pure fragments first, then fountain-mixed ones. */
  parts: string[]
}

/**
 * Encodes `cbor` as a UR of `type`: one part when it fits in `maxFragmentLength` bytes, else
 * the pure fragments followed by `extra` fountain-mixed parts (default: as many again).
 */
export function encode(type: string, cbor: Uint8Array, options: { maxFragmentLength?: number; minFragmentLength?: number; extra?: number; firstSeqNum?: number } = {}): Encoded {
  checkType(type)
  if (cbor.length === 0) throw new EmptyMessageError()
  const max = options.maxFragmentLength ?? DEFAULT_FRAGMENT
  if (cbor.length <= max) return { type, fragments: 1, parts: [encodeSingle(type, cbor)] }
  const len = fragmentLength(cbor.length, Math.min(options.minFragmentLength ?? 10, max), max)
  const seqLen = Math.ceil(cbor.length / len)
  const fragments = Array.from({ length: seqLen }, (_, i) => {
    const f = new Uint8Array(len)
    f.set(cbor.subarray(i * len, (i + 1) * len))
    return f
  })
  const checksum = crc32(cbor)
  const count = seqLen + (options.extra ?? seqLen)
  const parts: string[] = []
  for (let k = 1; k <= count; k++) {
    const seqNum = ((options.firstSeqNum ?? 0) + k) >>> 0
    const data = new Uint8Array(len)
    for (const i of chooseFragments(seqNum, seqLen, checksum)) xorInto(data, fragments[i]!)
    const part = cborEncode([seqNum, seqLen, cbor.length, checksum, data])
    parts.push(`ur:${type}/${seqNum}-${seqLen}/${toBytewords(part)}`)
  }
  return { type, fragments: seqLen, parts }
}

/** Encodes `cbor` as the single-part UR `ur:<type>/<bytewords>`, however long. */
export function encodeSingle(type: string, cbor: Uint8Array): string {
  checkType(type)
  if (cbor.length === 0) throw new EmptyMessageError()
  return `ur:${type}/${toBytewords(cbor)}`
}

export interface Part {
  type: string
  /** Present for a multi-part UR. */
  seq?: { num: number; len: number }
  body: string
}

/** True when `text` looks like a UR at all (`ur:` and a type); says nothing of its validity. */
export function isUr(text: string): boolean {
  return /^ur:[a-z0-9-]+\//i.test(text.trim())
}

/** Splits a UR into type, sequence and body, checking the shape (not the checksum). */
export function parsePart(text: string): Part {
  const t = text.trim().toLowerCase()
  if (!t.startsWith('ur:')) throw new NotUrError(text)
  const path = t.slice(3).split('/')
  const type = path[0] ?? ''
  if (!/^[a-z0-9-]+$/.test(type) || path.length < 2) throw new NotUrError(text)
  if (path.length === 2 && /^[a-z]+$/.test(path[1]!)) return { type, body: path[1]! }
  if (path.length === 3 && /^[a-z]+$/.test(path[2]!)) {
    const m = /^(\d{1,10})-(\d{1,10})$/.exec(path[1]!)
    if (!m) throw new CorruptedPartError('its sequence is not of the form <number>-<count>')
    const num = Number(m[1])
    const len = Number(m[2])
    if (num < 1 || len < 1 || num > 0xffffffff) throw new CorruptedPartError('its sequence numbers are out of range')
    if (len > MAX_FRAGMENTS) throw new TooLargeError(`${len} fragments`)
    return { type, seq: { num, len }, body: path[2]! }
  }
  throw new CorruptedPartError('its path is not <type>/<bytewords> or <type>/<seq>/<bytewords>')
}

/** Decodes a single-part UR into its type and CBOR. */
export function decodeSingle(text: string): { type: string; cbor: Uint8Array } {
  const part = parsePart(text)
  if (part.seq) throw new CorruptedPartError('it is one part of a multi-part code: scan all of them')
  if (part.body.length / 2 > MAX_MESSAGE + 4) throw new TooLargeError(`${part.body.length / 2} bytes`)
  return { type: part.type, cbor: fromBytewords(part.body) }
}

interface Fragment {
  seqNum: number
  seqLen: number
  messageLen: number
  checksum: number
  data: Uint8Array
}

/** The CBOR array `[seqNum, seqLen, messageLen, checksum, data]` of a part, bounded. */
function fragmentOf(body: string): Fragment {
  const bytes = fromBytewords(body)
  let v: unknown
  try {
    v = cborDecode(bytes, { strict: true, allowIndefinite: false, allowUndefined: false })
  } catch {
    throw new CorruptedPartError('its fragment is not valid CBOR')
  }
  const uint32 = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 0xffffffff
  if (!Array.isArray(v) || v.length !== 5 || !v.slice(0, 4).every(uint32) || !(v[4] instanceof Uint8Array))
    throw new CorruptedPartError('its fragment is not [seqNum, seqLen, messageLen, checksum, bytes]')
  const [seqNum, seqLen, messageLen, checksum, data] = v as [number, number, number, number, Uint8Array]
  if (seqLen < 1 || seqLen > MAX_FRAGMENTS) throw new TooLargeError(`${seqLen} fragments`)
  if (messageLen < 1 || messageLen > MAX_MESSAGE) throw new TooLargeError(`${messageLen} bytes`)
  if (data.length * seqLen < messageLen || data.length * (seqLen - 1) >= messageLen) throw new CorruptedPartError('its fragment length does not fit the message length')
  return { seqNum, seqLen, messageLen, checksum, data }
}

export interface Progress {
  type: string
  /** Fragments announced (1 for a single-part UR). */
  expected: number
  /** Pure fragments recovered so far. */
  received: number
  /** Parts accepted so far (duplicates included). */
  parts: number
  complete: boolean
}

export interface Decoder {
  /** Takes one scanned part; returns the progress. Throws a `Ur` error for a foreign, corrupted or mismatched part. */
  receive(text: string): Progress
  progress(): Progress | undefined
  /** The message, once complete. */
  result(): { type: string; cbor: Uint8Array } | undefined
}

interface Mixed {
  indexes: number[]
  data: Uint8Array
}

/**
 * A decoder that collects the parts of one UR, in any order, duplicates allowed, reducing
 * mixed parts by the fragments known (the reference decoder's method). Parts of a different
 * message (another type, length or checksum) are refused, not mixed in.
 */
export function decoder(options: { types?: readonly string[]; maxMessage?: number } = {}): Decoder {
  const maxMessage = Math.min(options.maxMessage ?? MAX_MESSAGE, MAX_MESSAGE)
  let type: string | undefined
  let first: Fragment | undefined
  let done: { type: string; cbor: Uint8Array } | undefined
  let parts = 0
  const simple = new Map<number, Uint8Array>()
  let mixed: Mixed[] = []
  const progress = (): Progress | undefined =>
    type === undefined ? undefined : { type, expected: first?.seqLen ?? 1, received: done ? (first?.seqLen ?? 1) : simple.size, parts, complete: !!done }

  const reduce = (a: Mixed, b: Mixed): Mixed => {
    if (!b.indexes.every((i) => a.indexes.includes(i))) return a
    const data = a.data.slice()
    xorInto(data, b.data)
    return { indexes: a.indexes.filter((i) => !b.indexes.includes(i)), data }
  }
  const process = (start: Mixed) => {
    const queue: Mixed[] = [start]
    while (queue.length > 0 && !done) {
      let p = queue.shift()!
      if (p.indexes.length === 1) {
        const i = p.indexes[0]!
        if (simple.has(i)) continue
        simple.set(i, p.data)
        if (simple.size === first!.seqLen) {
          const message = new Uint8Array(first!.data.length * first!.seqLen)
          for (const [k, d] of simple) message.set(d, k * d.length)
          const cbor = message.slice(0, first!.messageLen)
          if (crc32(cbor) !== first!.checksum) throw new CorruptedPartError('the reassembled message fails its checksum')
          done = { type: type!, cbor }
          return
        }
        const keep: Mixed[] = []
        for (const m of mixed) {
          const r = reduce(m, p)
          if (r.indexes.length === 1) queue.push(r)
          else keep.push(r)
        }
        mixed = keep
      } else {
        if (mixed.some((m) => m.indexes.length === p.indexes.length && m.indexes.every((i) => p.indexes.includes(i)))) continue
        for (const [i, d] of simple) p = reduce(p, { indexes: [i], data: d })
        for (const m of mixed) p = reduce(p, m)
        if (p.indexes.length === 0) continue
        if (p.indexes.length === 1) queue.push(p)
        else {
          const keep: Mixed[] = []
          for (const m of mixed) {
            const r = reduce(m, p)
            if (r.indexes.length === 1) queue.push(r)
            else keep.push(r)
          }
          mixed = [...keep, p]
        }
      }
    }
  }

  return {
    receive(text) {
      const part = parsePart(text)
      if (options.types && !options.types.includes(part.type)) throw new UnexpectedTypeError(part.type, options.types)
      if (type !== undefined && part.type !== type) throw new MixedMessageError(`a ${part.type} code arrived while reading a ${type} code`)
      if (done) {
        parts++
        return progress()!
      }
      if (!part.seq) {
        if (first) throw new MixedMessageError('a single-part code arrived while reading a multi-part one')
        if (part.body.length / 2 - 4 > maxMessage) throw new TooLargeError(`${part.body.length / 2 - 4} bytes`, maxMessage)
        done = decodeSingle(text)
        type = part.type
        parts++
        return progress()!
      }
      const f = fragmentOf(part.body)
      // the announced length is checked on the first part read, before any fragment is kept
      if (f.messageLen > maxMessage) throw new TooLargeError(`${f.messageLen} bytes`, maxMessage)
      if (f.seqLen !== part.seq.len || f.seqNum !== part.seq.num) throw new CorruptedPartError('its sequence does not match its contents')
      if (first && (f.seqLen !== first.seqLen || f.messageLen !== first.messageLen || f.checksum !== first.checksum || f.data.length !== first.data.length))
        throw new MixedMessageError('this part belongs to a different message than the parts read so far')
      first ??= f
      type = part.type
      parts++
      process({ indexes: chooseFragments(f.seqNum, f.seqLen, f.checksum), data: f.data })
      return progress()!
    },
    progress,
    result: () => done,
  }
}

function checkType(type: string) {
  if (!/^[a-z0-9-]+$/.test(type)) throw new NotUrError(`ur:${type}/`)
}

export class NotUrError extends BaseError {
  constructor(text: string) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text
    super('Ur.NotUrError', `Not a Uniform Resource: the code reads "${shown}".`, {
      hints: ['An air-gapped request or signature starts with ur: followed by its type (ur:eth-sign-request/…, ur:eth-signature/…).'],
    })
  }
}

export class CorruptedPartError extends BaseError {
  constructor(why: string) {
    super('Ur.CorruptedPartError', `This UR code is corrupted: ${why}.`, {
      hints: ['Scan it again, closer and steadier; a damaged frame is refused, never used.'],
    })
  }
}

export class MixedMessageError extends BaseError {
  constructor(why: string) {
    super('Ur.MixedMessageError', `Parts of two different codes: ${why}.`, {
      hints: ['Start over and scan only the code on the other device.'],
    })
  }
}

export class UnexpectedTypeError extends BaseError {
  constructor(got: string, wanted: readonly string[]) {
    super('Ur.UnexpectedTypeError', `This code is a ${got}, not a ${wanted.join(' or ')}.`, {
      hints: ['Nothing was filled in or opened. Scan the code this step expects.'],
    })
  }
}

export class TooLargeError extends BaseError {
  constructor(what: string, maxMessage = MAX_MESSAGE) {
    super('Ur.TooLargeError', `This UR code announces ${what}, more than is accepted here.`, {
      hints: [`At most ${MAX_FRAGMENTS} parts and ${Math.floor(maxMessage / 1024)} KiB in all.`],
    })
  }
}

export class EmptyMessageError extends BaseError {
  constructor() {
    super('Ur.EmptyMessageError', 'Nothing to encode: the message is empty.')
  }
}

/**
 * Uniform Resources (BCR-2020-005): CBOR messages as `ur:<type>/<bytewords>` text, split into
 * fountain-coded parts (`ur:<type>/<seq>-<len>/<bytewords>`) when one QR code is too small.
 * The codec is @ngraveio/bc-ur (bytewords, CRC-32, Xoshiro256** fountain code); this module
 * checks what it is given first, so a foreign or corrupted code gets a domain error, and
 * bounds what a part may announce (no allocation from a hostile length).
 *
 * bc-ur is written for Node: it calls the global `Buffer`. In the browser the `buffer`
 * package provides it (imported as 'buffer/', the package rather than Node's built-in); it is
 * installed on `globalThis` only when no `Buffer` exists, so Node keeps its own.
 *
 * @example
 * ```ts
 * const parts = Ur.encode('eth-sign-request', cbor, { maxFragmentLength: 200 })
 * const d = Ur.decoder()
 * for (const p of parts) d.receive(p)
 * d.result() // { type: 'eth-sign-request', cbor }
 * ```
 */
import { Buffer } from 'buffer/' // the npm package (the trailing slash skips Node's built-in), for the browser
// bc-ur reads the global Buffer only when called, never while loading, so setting it below is in time.
import { UR, UREncoder, URDecoder } from '@ngraveio/bc-ur'
import { BaseError } from './Errors'

const g = globalThis as { Buffer?: unknown }
g.Buffer ??= Buffer

/** The longest message a decoder accepts (a large typed-data request is a few KB). */
export const MAX_MESSAGE = 256 * 1024
/** The most fragments a multi-part message may announce. */
export const MAX_FRAGMENTS = 2000

/** Default fragment length: ~250 bytes of CBOR per part keeps a code scannable (QR version ~17 in alphanumeric mode). */
export const DEFAULT_FRAGMENT = 250

export interface Encoded {
  type: string
  /** Number of pure fragments (1 for a single-part UR). */
  fragments: number
  /** The parts to show, in order: the pure fragments first, then fountain-mixed ones. */
  parts: string[]
}

/**
 * Encodes `cbor` as a UR of `type`: one part when it fits in `maxFragmentLength` bytes,
 * else `fragments` pure parts followed by `extra` fountain parts (default: as many again).
 */
export function encode(type: string, cbor: Uint8Array, options: { maxFragmentLength?: number; extra?: number; firstSeqNum?: number } = {}): Encoded {
  checkType(type)
  if (cbor.length === 0) throw new EmptyMessageError()
  const max = options.maxFragmentLength ?? DEFAULT_FRAGMENT
  const ur = new UR(Buffer.from(cbor) as any, type)
  if (cbor.length <= max) return { type, fragments: 1, parts: [UREncoder.encodeSinglePart(ur)] }
  const encoder = new UREncoder(ur, max, options.firstSeqNum ?? 0, Math.min(10, max))
  const fragments = encoder.fragmentsLength
  const count = fragments + (options.extra ?? fragments)
  const parts: string[] = []
  for (let i = 0; i < count; i++) parts.push(encoder.nextPart())
  return { type, fragments, parts }
}

/** Encodes `cbor` as the single-part UR `ur:<type>/<bytewords>`, however long. */
export function encodeSingle(type: string, cbor: Uint8Array): string {
  checkType(type)
  if (cbor.length === 0) throw new EmptyMessageError()
  return UREncoder.encodeSinglePart(new UR(Buffer.from(cbor) as any, type))
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
  return { type: part.type, cbor: bytesOfBody(part.type, part.body) }
}

function bytesOfBody(type: string, body: string): Uint8Array {
  if (body.length / 2 > MAX_MESSAGE + 4) throw new TooLargeError(`${body.length / 2} bytes`)
  try {
    const ur = URDecoder.decode(`ur:${type}/${body}`)
    return new Uint8Array(ur.cbor)
  } catch {
    throw new CorruptedPartError('its bytewords or checksum do not check out')
  }
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

/**
 * A decoder that collects the parts of one UR, in any order, duplicates allowed. Parts of a
 * different message (another type, length or checksum) are refused, not mixed in.
 */
export function decoder(options: { types?: readonly string[] } = {}): Decoder {
  let inner: URDecoder | undefined
  let type: string | undefined
  let key: string | undefined
  let done: { type: string; cbor: Uint8Array } | undefined
  let parts = 0
  let expected = 0
  const progress = (): Progress | undefined =>
    type === undefined
      ? undefined
      : {
          type,
          expected,
          received: done ? expected : (inner?.receivedPartIndexes().length ?? 0),
          parts,
          complete: !!done,
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
        if (inner) throw new MixedMessageError('a single-part code arrived while reading a multi-part one')
        type = part.type
        expected = 1
        done = { type: part.type, cbor: bytesOfBody(part.type, part.body) }
        parts++
        return progress()!
      }
      const header = fragmentHeader(part.body)
      if (header.seqLen !== part.seq.len || header.seqNum !== part.seq.num) throw new CorruptedPartError('its sequence does not match its contents')
      const k = `${header.seqLen}/${header.messageLen}/${header.checksum}`
      if (key !== undefined && k !== key) throw new MixedMessageError('this part belongs to a different message than the parts read so far')
      inner ??= new URDecoder(undefined, part.type)
      let accepted: boolean
      try {
        accepted = inner.receivePart(text.trim().toLowerCase())
      } catch {
        throw new CorruptedPartError('its contents do not decode')
      }
      if (!accepted && !inner.isComplete()) throw new CorruptedPartError('the decoder refused it')
      type = part.type
      key = k
      expected = header.seqLen
      parts++
      if (inner.isComplete()) {
        if (!inner.isSuccess()) throw new CorruptedPartError(`the reassembled message does not check out (${inner.resultError()})`)
        done = { type: part.type, cbor: new Uint8Array(inner.resultUR().cbor) }
      }
      return progress()!
    },
    progress,
    result: () => done,
  }
}

/** Decodes the CBOR array `[seqNum, seqLen, messageLen, checksum, data]` of a part's bytewords, bounding its sizes. */
function fragmentHeader(body: string): { seqNum: number; seqLen: number; messageLen: number; checksum: number } {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(URDecoder.decode(`ur:bytes/${body}`).cbor)
  } catch {
    throw new CorruptedPartError('its bytewords or checksum do not check out')
  }
  // Minimal reader for the 5-element array header: enough to bound lengths before bc-ur allocates.
  let i = 0
  const uint = (): number => {
    const b = bytes[i++]
    if (b === undefined || b >> 5 !== 0) throw new CorruptedPartError('its fragment header is not CBOR [uint, uint, uint, uint, bytes]')
    const info = b & 0x1f
    if (info < 24) return info
    const n = info === 24 ? 1 : info === 25 ? 2 : info === 26 ? 4 : 0
    if (n === 0 || i + n > bytes.length) throw new CorruptedPartError('its fragment header is malformed')
    let v = 0
    for (let j = 0; j < n; j++) v = v * 256 + bytes[i++]!
    return v
  }
  if (bytes[i++] !== 0x85) throw new CorruptedPartError('its fragment header is not a 5-element CBOR array')
  const seqNum = uint()
  const seqLen = uint()
  const messageLen = uint()
  const checksum = uint()
  if (seqLen < 1 || seqLen > MAX_FRAGMENTS) throw new TooLargeError(`${seqLen} fragments`)
  if (messageLen < 1 || messageLen > MAX_MESSAGE) throw new TooLargeError(`${messageLen} bytes`)
  return { seqNum, seqLen, messageLen, checksum }
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
  constructor(what: string) {
    super('Ur.TooLargeError', `This UR code announces ${what}, more than is accepted here.`, {
      hints: [`At most ${MAX_FRAGMENTS} parts and ${MAX_MESSAGE / 1024} KiB in all.`],
    })
  }
}

export class EmptyMessageError extends BaseError {
  constructor() {
    super('Ur.EmptyMessageError', 'Nothing to encode: the message is empty.')
  }
}

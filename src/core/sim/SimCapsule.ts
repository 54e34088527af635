/**
 * Simulation capsules (issue #26): one file holding a simulation's inputs (the call), the
 * hardfork, the state overrides (as the text the person wrote), the block overrides (timestamp,
 * number, base fee, coinbase, prevrandao, gas limit: BlockOverrides) and the witness of every
 * account and slot it read (SimWitness). Opening it anywhere, with no node, verifies the
 * witness and re-runs the call over the proven state: the report (the outcome's JSON: call
 * tree, logs, state diff, asset changes) is the same, byte for byte, as the one made online.
 *
 * Encoding (RLP by `ox`): `[magic "EWC", version 1, hardfork, from, to, value, data, gas,
 * overrides, witness]`; with block overrides, version 2 and one more field, `block`: a list of
 * six entries in the order timestamp, number, baseFee, coinbase, prevrandao, gasLimit, each `[]`
 * (not overridden) or `[value]` (an integer, minimal; coinbase 20 bytes; prevrandao 32). A
 * capsule without block overrides is written as version 1, so files made before them, and
 * their hashes, stay as they were. With verified sources (#36), version 3: the block field
 * always (six `[]` when none is overridden) and one more, `sources`: a list of
 * `[address (20 bytes), host, text]`, the host's answer for each contract as it was read,
 * ordered by address, one per address (`core/debug/CarriedSources` checks each against the
 * code the witness proves, with no host). A capsule without sources keeps version 1 or 2.
 * Canonical only (re-encoding gives the same bytes). Its SHA-256 is what the page shows and
 * what a person compares; the report's does not change with the sources it carries.
 *
 * @example
 * ```ts
 * const made = await SimCapsule.make(SimRpc.httpTransport(url), { from, to, data, gas })
 * const opened = await SimCapsule.open(made.bytes)   // no node
 * opened.report === made.report
 * ```
 */
import { bytesToHex, hexToBytes } from '@ethereumjs/util'
import { Rlp } from 'ox'
import { BaseError } from '../Errors'
import * as BlockOverrides from './BlockOverrides'
import type * as SimRpc from './SimRpc'
import type * as Simulation from './Simulation'
import * as SimWitness from './SimWitness'
import * as StateOverrides from './StateOverrides'

type Hex = `0x${string}`

/** The newest version this page writes (with verified sources) and reads; versions 1 (no block overrides) and 2 (block overrides) are still written and read. */
export const VERSION = 3
const MAGIC = new TextEncoder().encode('EWC')
/** The verified sources one capsule carries: at most this many, and this many bytes of their text together. */
export const SOURCE_LIMITS = { count: 64, bytes: 24 * 2 ** 20 }
/** A capsule is its witness plus the call and the overrides' text, and the verified sources it carries. */
export const MAX_BYTES = SimWitness.LIMITS.maxBytes + 256 * 1024 + SOURCE_LIMITS.bytes + SOURCE_LIMITS.count * 1024

/** One contract's verified source as the host served it (the answer's JSON text), carried so the capsule names its report offline. */
export interface Source {
  /** Lowercase. */
  address: Hex
  /** The host that served it (`https://sourcify.dev/server`). */
  host: string
  text: string
}

export interface Capsule {
  call: Simulation.CallInput
  hardfork: string
  /** State overrides as JSON text (StateOverrides.parse reads it on both sides); '' for none. */
  overrides: string
  /** Block context overrides the call ran under; absent (or empty) for the block's own. */
  blockOverrides?: BlockOverrides.Overrides | undefined
  witness: Uint8Array
  /** Verified sources carried with it (version 3), by address; absent or empty for none. */
  sources?: readonly Source[] | undefined
}

export interface Opened {
  capsule: Capsule
  /** The witness, verified: the proven state the carried sources are checked against. */
  verified: SimWitness.Verified
  /** The report: the outcome's JSON text, the same bytes on every device. */
  report: string
  traceHash: Hex
  /** SHA-256 of the capsule file. */
  sha256: Hex
  outcome: SimWitness.Outcome
  /** The re-run's full result (for a readable report: SimReport.build). */
  result: Simulation.Result
  blockNumber: bigint
  blockHash: Hex
}

const uint = (v: bigint): Uint8Array => (v === 0n ? new Uint8Array() : hexToBytes(`0x${v.toString(16).length % 2 ? '0' : ''}${v.toString(16)}` as Hex))

const BLOCK_FIELDS = ['timestamp', 'number', 'baseFee', 'coinbase', 'prevrandao', 'gasLimit'] as const

const utf8 = new TextEncoder()

/** Sources in the capsule's order (by address), one per address (the last given wins), bounded. */
export function sortSources(sources: readonly Source[]): Source[] {
  const by = new Map<string, Source>()
  for (const x of sources) by.set(x.address.toLowerCase(), { ...x, address: x.address.toLowerCase() as Hex })
  const out = [...by.values()].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
  if (out.length > SOURCE_LIMITS.count) throw new SimWitness.BoundsError(`${out.length} verified sources`, `at most ${SOURCE_LIMITS.count} in one capsule`)
  const bytes = out.reduce((n, x) => n + x.text.length, 0)
  if (bytes > SOURCE_LIMITS.bytes) throw new SimWitness.BoundsError(`verified sources of ${bytes} characters`, `at most ${SOURCE_LIMITS.bytes} in one capsule`)
  return out
}

export function encode(c: Capsule): Uint8Array {
  const sources = c.sources?.length ? sortSources(c.sources) : undefined
  const block = BlockOverrides.isEmpty(c.blockOverrides) ? undefined : c.blockOverrides!
  const blockField = BLOCK_FIELDS.map((k) => (block?.[k] === undefined ? [] : [typeof block[k] === 'bigint' ? uint(block[k]) : hexToBytes(block[k])]))
  return Rlp.fromBytes([
    MAGIC,
    uint(sources ? 3n : block ? 2n : 1n),
    new TextEncoder().encode(c.hardfork),
    hexToBytes(c.call.from),
    c.call.to ? hexToBytes(c.call.to) : new Uint8Array(),
    uint(c.call.value ?? 0n),
    hexToBytes(c.call.data ?? '0x'),
    uint(c.call.gas ?? 0n),
    new TextEncoder().encode(c.overrides),
    c.witness,
    ...(block || sources ? [blockField] : []),
    ...(sources ? [sources.map((x) => [hexToBytes(x.address), utf8.encode(x.host), utf8.encode(x.text)])] : []),
  ])
}

/** The carried sources of a version 3 capsule: addresses of 20 bytes in ascending order, hosts and texts UTF-8. */
function sourcesOf(t: Tree | undefined): Source[] {
  if (!Array.isArray(t) || t.length === 0) throw new CapsuleError('The capsule cannot be read', 'its verified sources are not a non-empty list')
  const text = new TextDecoder('utf-8', { fatal: true })
  return t.map((e, i) => {
    if (!Array.isArray(e) || e.length !== 3) throw new CapsuleError('The capsule cannot be read', `its verified source #${i + 1} is not [address, host, text]`)
    try {
      return { address: bytesToHex(bytes(e[0], `verified source #${i + 1}'s address`, 20)) as Hex, host: text.decode(bytes(e[1], `verified source #${i + 1}'s host`)), text: text.decode(bytes(e[2], `verified source #${i + 1}'s text`)) }
    } catch (x) {
      if (x instanceof CapsuleError) throw x
      throw new CapsuleError('The capsule cannot be read', `verified source #${i + 1} is not UTF-8 text`)
    }
  })
}

type Tree = Uint8Array | Tree[]
const bytes = (t: Tree | undefined, what: string, size?: number): Uint8Array => {
  if (!(t instanceof Uint8Array) || (size !== undefined && t.length !== size)) throw new CapsuleError('The capsule cannot be read', `${what} is not ${size ?? 'a byte string'}${size ? ' bytes' : ''}`)
  return t
}
const int = (t: Tree | undefined, what: string): bigint => {
  const b = bytes(t, what)
  if (b.length > 32) throw new CapsuleError('The capsule cannot be read', `${what} is longer than 32 bytes`)
  return b.length ? BigInt(bytesToHex(b)) : 0n
}

/** The block overrides field of a version 2 capsule. */
function blockOf(t: Tree | undefined): BlockOverrides.Overrides {
  if (!Array.isArray(t) || t.length !== BLOCK_FIELDS.length) throw new CapsuleError('The capsule cannot be read', `its block overrides are not a list of ${BLOCK_FIELDS.length} entries`)
  const o: BlockOverrides.Overrides = {}
  BLOCK_FIELDS.forEach((k, i) => {
    const e = t[i]
    if (!Array.isArray(e) || e.length > 1) throw new CapsuleError('The capsule cannot be read', `its block override “${k}” is not [] or [value]`)
    if (e.length === 0) return
    if (k === 'coinbase' || k === 'prevrandao') o[k] = bytesToHex(bytes(e[0], `the block override “${k}”`, k === 'coinbase' ? 20 : 32)) as Hex
    else o[k] = int(e[0], `the block override “${k}”`)
  })
  return o
}

/** Reads a capsule's form (size first, canonical encoding). Checks nothing of the witness yet. */
export function decode(file: Uint8Array): Capsule {
  if (file.length > MAX_BYTES) throw new SimWitness.BoundsError(`the capsule is ${file.length} bytes`, `at most ${MAX_BYTES} bytes`)
  let t: Tree
  try {
    t = Rlp.toBytes(file) as Tree
  } catch (e) {
    throw new CapsuleError('The file is not a capsule', e instanceof Error ? e.message.split('\n')[0]! : 'unreadable')
  }
  if (!Array.isArray(t) || t.length < 10 || bytesToHex(bytes(t[0], 'the magic')) !== bytesToHex(MAGIC)) throw new CapsuleError('The file is not a capsule', 'it does not start with the capsule magic “EWC”')
  const version = int(t[1], 'the version')
  if (version !== 1n && version !== 2n && version !== 3n) throw new CapsuleError('The capsule cannot be read', `its version is ${version}, this page reads 1 to ${VERSION}`)
  const fields = 9 + Number(version)
  if (t.length !== fields) throw new CapsuleError('The capsule cannot be read', `a version ${version} capsule has ${fields} fields, this one ${t.length}`)
  const to = bytes(t[4], 'to')
  if (to.length !== 0 && to.length !== 20) throw new CapsuleError('The capsule cannot be read', '“to” is neither empty nor 20 bytes')
  const c: Capsule = {
    hardfork: new TextDecoder().decode(bytes(t[2], 'the hardfork')),
    call: {
      from: bytesToHex(bytes(t[3], 'from', 20)) as Hex,
      ...(to.length ? { to: bytesToHex(to) as Hex } : {}),
      value: int(t[5], 'the value'),
      data: bytesToHex(bytes(t[6], 'the data')) as Hex,
      gas: int(t[7], 'the gas'),
    },
    overrides: new TextDecoder().decode(bytes(t[8], 'the overrides')),
    ...(version >= 2n ? { blockOverrides: blockOf(t[10]) } : {}),
    witness: bytes(t[9], 'the witness'),
    ...(version === 3n ? { sources: sourcesOf(t[11]) } : {}),
  }
  if (bytesToHex(encode(c)) !== bytesToHex(file)) throw new CapsuleError('The capsule cannot be read', 'it is not in canonical form')
  return c
}

/** The capsule `file` with `sources` carried (replacing any it carried; none: back to version 1 or 2). */
export function withSources(file: Uint8Array, sources: readonly Source[]): { bytes: Uint8Array; sha256: Hex } {
  const c = decode(file)
  const bytes = encode({ ...c, sources })
  if (bytes.length > MAX_BYTES) throw new SimWitness.BoundsError(`the capsule would be ${bytes.length} bytes`, `at most ${MAX_BYTES} bytes`)
  return { bytes, sha256: SimWitness.fingerprint(bytes) }
}

/** Simulates over a node and makes the capsule: its bytes, SHA-256 and report. */
export async function make(
  transport: SimRpc.Transport,
  call: Simulation.CallInput,
  options: { block?: string; hardfork?: string | undefined; overrides?: string; blockOverrides?: BlockOverrides.Overrides | undefined } = {},
): Promise<{ bytes: Uint8Array; sha256: Hex; report: string; traceHash: Hex; result: Simulation.Result }> {
  const overridesText = (options.overrides ?? '').trim()
  const overrides = overridesText === '' ? undefined : StateOverrides.parse(overridesText)
  const blockOverrides = BlockOverrides.isEmpty(options.blockOverrides) ? undefined : options.blockOverrides
  const on = await SimWitness.simulate(transport, call, { ...(options.block ? { block: options.block } : {}), hardfork: options.hardfork, overrides, blockOverrides })
  const file = encode({
    call: { ...call, value: call.value ?? 0n, data: call.data ?? '0x', gas: call.gas ?? 0n },
    hardfork: on.session.hardfork,
    overrides: overridesText,
    ...(blockOverrides ? { blockOverrides } : {}),
    witness: on.witness,
  })
  return { bytes: file, sha256: SimWitness.fingerprint(file), report: JSON.stringify(on.outcome), traceHash: on.traceHash, result: on.result }
}

/**
 * Opens a capsule with no node: its hardfork must be its witness's (and `expect.hardfork`'s
 * when the opener names one), the witness must verify, and the call is re-run over the
 * proven state with the capsule's state and block overrides. Refused, named, otherwise.
 */
export async function open(file: Uint8Array, expect: { hardfork?: string | undefined } = {}): Promise<Opened> {
  const capsule = decode(file)
  if (expect.hardfork !== undefined && expect.hardfork !== capsule.hardfork) throw new CapsuleError(`The capsule was made under ${capsule.hardfork}`, `this replay asks for ${expect.hardfork}; a report under other rules would not be the same report`)
  const w = SimWitness.decode(capsule.witness)
  if (w.hardfork !== capsule.hardfork) throw new CapsuleError(`The capsule says ${capsule.hardfork}`, `its witness was packed under ${w.hardfork}`)
  const overrides = capsule.overrides === '' ? undefined : StateOverrides.parse(capsule.overrides)
  const off = await SimWitness.replay(capsule.witness, capsule.call, { overrides, blockOverrides: capsule.blockOverrides })
  return {
    capsule,
    verified: off.verified,
    report: JSON.stringify(off.outcome),
    traceHash: off.traceHash,
    sha256: SimWitness.fingerprint(file),
    outcome: off.outcome,
    result: off.result,
    blockNumber: off.verified.number,
    blockHash: off.verified.witness.blockHash,
  }
}

export class CapsuleError extends BaseError {
  constructor(what: string, why: string) {
    super('SimCapsule.CapsuleError', `${what}: ${why}.`, { hints: ['Nothing from this capsule is shown as a report.'] })
  }
}

/** Largest capsule a link carries in its fragment (bytes; its text is a third longer). */
export const MAX_LINK_BYTES = 12 * 1024

/**
 * A small capsule as a URL fragment (`capsule=<base64url>`): the fragment is never sent to a
 * server, and a capsule holds no secret (the call, overrides and public proofs). Null when the
 * capsule is larger than {@link MAX_LINK_BYTES} (share the file instead).
 */
export function toFragment(file: Uint8Array): string | null {
  if (file.length > MAX_LINK_BYTES) return null
  let bin = ''
  for (const b of file) bin += String.fromCharCode(b)
  return `capsule=${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`
}

/** The capsule bytes a fragment carries (`#capsule=…`), null when it carries none; bounded and checked. */
export function fromFragment(fragment: string): Uint8Array | null {
  const m = /^#?capsule=([A-Za-z0-9_-]*)$/.exec(fragment)
  if (!m) return null
  const text = m[1]!
  if (text.length > Math.ceil((MAX_LINK_BYTES * 4) / 3) + 4) throw new SimWitness.BoundsError(`the link's capsule is ${text.length} characters`, `${Math.ceil((MAX_LINK_BYTES * 4) / 3)} characters`)
  if (text.length % 4 === 1) throw new LinkError()
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

/** A link whose capsule text is cut or altered beyond decoding. */
export class LinkError extends BaseError {
  constructor() {
    super('SimCapsule.LinkError', 'The link does not carry a whole capsule: its text is cut short or changed.', {
      hints: ['Copy the whole link again, or open the capsule file instead.'],
    })
  }
}

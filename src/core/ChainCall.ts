/**
 * Contract reads against a node: an ABI (JSON or human-readable signatures), a function,
 * arguments typed as JSON, `eth_call` at a chosen block, decoded results, and decoded
 * reverts (`Error(string)`, `Panic(uint256)`, custom errors from the ABI).
 *
 * @example
 * ```ts
 * const abi = ChainCall.parseAbi('function balanceOf(address) view returns (uint256)')
 * const fn = ChainCall.pickFunction(abi, 'balanceOf')
 * const r = await ChainCall.read(rpc, { address, fn, args: ['0x…'], block: 'latest' })
 * ```
 */
import { Abi, AbiError, AbiEvent, AbiFunction, AbiParameters, Hex } from 'ox'
import type { AbiParameter } from 'ox/AbiParameter'
import * as AccountInfo from './AccountInfo'
import { BaseError } from './Errors'
import * as Rpc from './Rpc'

export type Fn = AbiFunction.AbiFunction
/** A parsed ABI (ox's Abi). */
export type ParsedAbi = Abi.Abi
export const MAX_ABI_LENGTH = 2_000_000

/**
 * Parses an ABI: a JSON array (or a JSON object with an `abi` field, as compilers write),
 * or human-readable signatures one per line (`function balanceOf(address) view returns (uint256)`).
 */
export function parseAbi(text: string): Abi.Abi {
  const t = text.trim()
  if (t === '') throw new InvalidAbiError('Enter an ABI.', ['Paste the JSON ABI, or one signature per line like: function balanceOf(address) view returns (uint256)'])
  if (t.length > MAX_ABI_LENGTH) throw new InvalidAbiError(`The ABI is ${t.length} characters; at most ${MAX_ABI_LENGTH} are accepted.`, [])
  try {
    if (t.startsWith('[') || t.startsWith('{')) {
      let j: unknown = JSON.parse(t)
      if (j && typeof j === 'object' && !Array.isArray(j) && Array.isArray((j as { abi?: unknown }).abi)) j = (j as { abi: unknown }).abi
      if (!Array.isArray(j)) throw new InvalidAbiError('The JSON is not an ABI array.', ['An ABI is a JSON array of items like {"type":"function","name":…}.'])
      return Abi.from(j as Abi.Abi)
    }
    const lines = t
      .split(/\n|;/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('//'))
      .map((l) => (/^(function|event|error|constructor|fallback|receive|struct)\b/.test(l) ? l : `function ${l}`))
    return Abi.from(lines)
  } catch (e) {
    if (e instanceof BaseError) throw e
    const msg = (e as { shortMessage?: string; message?: string }).shortMessage ?? (e as Error).message ?? String(e)
    throw new InvalidAbiError(`Not a valid ABI: ${msg.split('\n')[0]}`, ['Paste the JSON ABI, or one signature per line like: function balanceOf(address) view returns (uint256)'])
  }
}

/** The functions of an ABI (view/pure first). */
export function functions(abi: Abi.Abi): Fn[] {
  const fns = abi.filter((i): i is Fn => i.type === 'function')
  const ro = (f: Fn) => f.stateMutability === 'view' || f.stateMutability === 'pure'
  return [...fns.filter(ro), ...fns.filter((f) => !ro(f))]
}

/** Picks a function by name, full signature (`transfer(address,uint256)`) or selector; empty = the only one. */
export function pickFunction(abi: Abi.Abi, which: string): Fn {
  const fns = functions(abi)
  const w = which.trim()
  if (fns.length === 0) throw new FunctionNotFoundError('The ABI has no functions.', [])
  if (w === '') {
    if (fns.length === 1) return fns[0]!
    throw new FunctionNotFoundError('Choose a function.', [`The ABI has ${fns.length}: ${fns.slice(0, 8).map((f) => f.name).join(', ')}${fns.length > 8 ? '…' : ''}.`])
  }
  const bySig = fns.filter((f) => signature(f) === w.replace(/\s+/g, '') || AbiFunction.getSelector(f) === w.toLowerCase())
  if (bySig.length) return bySig[0]!
  const byName = fns.filter((f) => f.name === w)
  if (byName.length === 1) return byName[0]!
  if (byName.length > 1)
    throw new FunctionNotFoundError(`"${w}" is overloaded.`, [`Name one by its signature: ${byName.map(signature).join(', ')}.`])
  throw new FunctionNotFoundError(`No function "${w.slice(0, 60)}" in the ABI.`, [`Functions: ${fns.slice(0, 8).map((f) => f.name).join(', ')}${fns.length > 8 ? '…' : ''}.`])
}

/** The canonical signature of a function: `name(type1,type2)`. */
export function signature(f: Fn): string {
  return `${f.name}(${f.inputs.map(canonicalType).join(',')})`
}

function canonicalType(p: AbiParameter): string {
  if (p.type.startsWith('tuple')) {
    const comps = (p as { components?: readonly AbiParameter[] }).components ?? []
    return `(${comps.map(canonicalType).join(',')})${p.type.slice(5)}`
  }
  return p.type
}

/**
 * Parses arguments typed as a JSON array (`["0xabc…", "1000", true]`); numbers may be given
 * as strings (decimal or 0x hex) to keep precision. For functions whose parameters are all
 * simple, a comma-separated list without brackets is accepted too.
 */
export function parseArgs(fn: Fn, text: string): unknown[] {
  const t = text.trim()
  const n = fn.inputs.length
  let raw: unknown
  if (t === '') raw = []
  else {
    try {
      raw = JSON.parse(t)
    } catch {
      const simple = fn.inputs.every((p) => !p.type.includes('[') && !p.type.startsWith('tuple'))
      if (!simple || t.startsWith('[')) throw new InvalidArgsError('The arguments are not valid JSON.', ['Write them as a JSON array, like ["0xf39F…2266", "1000"].'])
      raw = t.split(',').map((s) => s.trim())
    }
  }
  if (!Array.isArray(raw)) raw = n === 1 ? [raw] : raw
  if (!Array.isArray(raw)) throw new InvalidArgsError('The arguments must be a JSON array.', [`${signature(fn)} takes ${n}.`])
  if (raw.length !== n)
    throw new InvalidArgsError(`${signature(fn)} takes ${n} argument${n === 1 ? '' : 's'}, got ${raw.length}.`, n ? [`In order: ${fn.inputs.map((p, i) => `${p.name || `#${i + 1}`} (${p.type})`).join(', ')}.`] : [])
  return fn.inputs.map((p, i) => coerce(p, raw[i], p.name || `argument ${i + 1}`))
}

function coerce(p: AbiParameter, v: unknown, path: string): unknown {
  const t = p.type
  const arr = /^(.*)\[(\d*)\]$/.exec(t)
  if (arr) {
    if (!Array.isArray(v)) throw new InvalidArgsError(`${path} should be an array (${t}).`, [])
    if (arr[2] !== '' && v.length !== Number(arr[2])) throw new InvalidArgsError(`${path} should have ${arr[2]} items, got ${v.length}.`, [])
    const inner = { ...p, type: arr[1]! } as AbiParameter
    return v.map((x, i) => coerce(inner, x, `${path}[${i}]`))
  }
  if (t === 'tuple') {
    const comps = (p as { components?: readonly AbiParameter[] }).components ?? []
    if (Array.isArray(v)) {
      if (v.length !== comps.length) throw new InvalidArgsError(`${path} should have ${comps.length} fields, got ${v.length}.`, [])
      return comps.map((c, i) => coerce(c, v[i], `${path}.${c.name || i}`))
    }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>
      return Object.fromEntries(comps.map((c, i) => [c.name ?? String(i), coerce(c, o[c.name ?? String(i)], `${path}.${c.name || i}`)]))
    }
    throw new InvalidArgsError(`${path} should be an array or object (a tuple).`, [])
  }
  if (/^u?int\d*$/.test(t)) {
    const bits = Number(t.replace(/^u?int/, '') || '256')
    let n: bigint
    if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v)
    else if (typeof v === 'string' && /^-?\d{1,80}$/.test(v.trim())) n = BigInt(v.trim())
    else if (typeof v === 'string' && /^0x[0-9a-f]{1,64}$/i.test(v.trim())) n = BigInt(v.trim())
    else throw new InvalidArgsError(`${path} should be an integer (${t}), got ${JSON.stringify(v)?.slice(0, 40)}.`, ['Write big numbers as strings, like "1000000000000000000".'])
    const signed = t.startsWith('int')
    const min = signed ? -(2n ** BigInt(bits - 1)) : 0n
    const max = signed ? 2n ** BigInt(bits - 1) - 1n : 2n ** BigInt(bits) - 1n
    if (n < min || n > max) throw new InvalidArgsError(`${path} = ${n} does not fit ${t} (${min} to ${max}).`, [])
    return n
  }
  if (t === 'bool') {
    if (v === true || v === 'true') return true
    if (v === false || v === 'false') return false
    throw new InvalidArgsError(`${path} should be true or false.`, [])
  }
  if (t === 'address') {
    if (typeof v !== 'string') throw new InvalidArgsError(`${path} should be an address string.`, [])
    try {
      return AccountInfo.parseAddress(v)
    } catch (e) {
      throw new InvalidArgsError(`${path}: ${(e as BaseError).shortMessage}`, [...(e as BaseError).hints])
    }
  }
  if (t === 'string') {
    if (typeof v !== 'string') throw new InvalidArgsError(`${path} should be a string.`, [])
    return v
  }
  if (/^bytes\d*$/.test(t)) {
    if (typeof v !== 'string' || !/^0x([0-9a-f]{2})*$/i.test(v)) throw new InvalidArgsError(`${path} should be 0x-prefixed hex bytes (${t}).`, [])
    const size = Number(t.slice(5) || '0')
    if (size && (v.length - 2) / 2 !== size) throw new InvalidArgsError(`${path} should be ${size} bytes, got ${(v.length - 2) / 2}.`, [])
    return v
  }
  return v
}

/** Encodes a call of `fn` with `args` (already coerced by {@link parseArgs}). */
export function encodeCall(fn: Fn, args: readonly unknown[]): `0x${string}` {
  try {
    return AbiFunction.encodeData(fn, args as never)
  } catch (e) {
    throw new InvalidArgsError(`Could not encode the arguments: ${((e as { shortMessage?: string }).shortMessage ?? (e as Error).message).split('\n')[0]}`, [])
  }
}

export interface DecodedRevert {
  kind: 'empty' | 'error' | 'panic' | 'custom' | 'unknown'
  /** A one-line description: `Error("not owner")`, `Panic(0x11: arithmetic overflow)`, `Unauthorized(0x…)`. */
  text: string
  /** The raw revert data. */
  data: `0x${string}`
  selector: `0x${string}` | null
}

const PANIC: Record<number, string> = {
  0x00: 'generic compiler panic',
  0x01: 'assert failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'bad storage byte array encoding',
  0x31: 'pop on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialised function pointer',
}

/** Describes revert data: `Error(string)`, `Panic(uint256)`, a custom error of `abi`, or raw. */
export function decodeRevert(data: string, abi?: Abi.Abi): DecodedRevert {
  const d = (/^0x([0-9a-f]{2})*$/i.test(data) ? data.toLowerCase() : '0x') as `0x${string}`
  if (d === '0x') return { kind: 'empty', text: 'reverted without a reason', data: d, selector: null }
  const selector = d.length >= 10 ? (d.slice(0, 10) as `0x${string}`) : null
  try {
    if (selector === '0x08c379a0') {
      const msg = AbiError.decode(AbiError.from('error Error(string)'), d) as string
      return { kind: 'error', text: `Error(${JSON.stringify(msg)})`, data: d, selector }
    }
    if (selector === '0x4e487b71') {
      const code = AbiError.decode(AbiError.from('error Panic(uint256)'), d) as bigint
      const why = code < 256n ? PANIC[Number(code)] : undefined
      return { kind: 'panic', text: `Panic(0x${code.toString(16).padStart(2, '0')}${why ? `: ${why}` : ''})`, data: d, selector }
    }
    for (const item of abi ?? []) {
      if (item.type !== 'error') continue
      if (AbiError.getSelector(item) !== selector) continue
      const values = item.inputs.length ? AbiParameters.decode(item.inputs, Hex.slice(d, 4)) : []
      return { kind: 'custom', text: `${item.name}(${(values as unknown[]).map(formatValue).join(', ')})`, data: d, selector }
    }
  } catch {
    /* malformed: fall through to unknown */
  }
  return { kind: 'unknown', text: selector ? `custom error ${selector} (not in the ABI)` : `malformed revert data ${d.slice(0, 20)}`, data: d, selector }
}

/** A decoded ABI value as text: integers in decimal, bytes in hex, arrays and tuples as JSON. */
export function formatValue(v: unknown): string {
  if (typeof v === 'bigint') return v.toString()
  if (typeof v === 'string') return v
  if (typeof v === 'boolean') return String(v)
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? String(v)
}

/** Revert data carried by a node error (anvil/geth: `data` is the hex; some nodes nest it). */
export function revertDataOf(e: unknown): `0x${string}` | null {
  if (!(e instanceof Rpc.NodeError)) return null
  const d = e.data as unknown
  const hex = typeof d === 'string' ? d : d && typeof d === 'object' && typeof (d as { data?: unknown }).data === 'string' ? (d as { data: string }).data : null
  if (hex && /^0x([0-9a-f]{2})*$/i.test(hex)) return hex.toLowerCase() as `0x${string}`
  if (e.code === 3 || /revert/i.test(e.shortMessage)) return '0x'
  return null
}

export interface CallRequest {
  to: string
  data: `0x${string}`
  from?: string | undefined
  value?: bigint | undefined
  block?: Rpc.BlockTag | undefined
}

/** `eth_call`, returning the raw result, or throwing `ChainCall.RevertError` with the reason decoded. */
export async function call(rpc: Rpc.Eip1193Like | undefined, req: CallRequest, abi?: Abi.Abi): Promise<`0x${string}`> {
  const tx: Record<string, string> = { to: req.to, data: req.data }
  if (req.from) tx.from = req.from
  if (req.value) tx.value = Rpc.toQuantity(req.value)
  try {
    return Rpc.data(await Rpc.request(rpc, 'eth_call', [tx, req.block ?? 'latest']), 'the call result')
  } catch (e) {
    const data = revertDataOf(e)
    if (data !== null) throw new RevertError(decodeRevert(data, abi))
    throw e
  }
}

export interface ReadResult {
  fn: string
  selector: `0x${string}`
  calldata: `0x${string}`
  raw: `0x${string}`
  /** One entry per output: name (or #i), type and formatted value. */
  outputs: { name: string; type: string; value: string }[]
}

/** Calls a function and decodes its outputs. */
export async function read(
  rpc: Rpc.Eip1193Like | undefined,
  opts: { address: string; fn: Fn; args: readonly unknown[]; block?: Rpc.BlockTag; from?: string; abi?: Abi.Abi },
): Promise<ReadResult> {
  const calldata = encodeCall(opts.fn, opts.args)
  const raw = await call(rpc, { to: opts.address, data: calldata, from: opts.from, block: opts.block }, opts.abi)
  if (raw === '0x' && opts.fn.outputs.length > 0) throw new EmptyResultError(opts.address)
  let values: readonly unknown[]
  try {
    values = AbiParameters.decode(opts.fn.outputs, raw) as readonly unknown[]
  } catch (e) {
    throw new Rpc.InvalidResponseError({ method: 'eth_call' }, `the result does not decode as (${opts.fn.outputs.map((o) => o.type).join(',')}): ${((e as { shortMessage?: string }).shortMessage ?? '').slice(0, 80)}`)
  }
  return {
    fn: signature(opts.fn),
    selector: AbiFunction.getSelector(opts.fn),
    calldata,
    raw,
    outputs: opts.fn.outputs.map((o, i) => ({ name: o.name || `#${i + 1}`, type: canonicalType(o), value: formatValue(values[i]) })),
  }
}

/**
 * Decodes call data with the functions of `abi` (matched by selector), as `name(arg=value, …)`;
 * null when no function matches or the data does not decode.
 */
export function decodeCallData(data: string, abi: Abi.Abi | undefined): string | null {
  if (!abi || !/^0x([0-9a-f]{2}){4,}$/i.test(data)) return null
  const selector = data.slice(0, 10).toLowerCase()
  for (const fn of functions(abi)) {
    if (AbiFunction.getSelector(fn) !== selector) continue
    try {
      const values = AbiParameters.decode(fn.inputs, Hex.slice(data as `0x${string}`, 4)) as readonly unknown[]
      return `${fn.name}(${fn.inputs.map((p, i) => `${p.name || `#${i + 1}`}=${formatValue(values[i])}`).join(', ')})`
    } catch {
      return null
    }
  }
  return null
}

/**
 * Decodes a log with the events of `abi` (matched by topic 0), as `Name(arg=value, …)`;
 * null when no event matches or the log does not decode.
 */
export function decodeLog(log: { topics: readonly `0x${string}`[]; data: `0x${string}` }, abi: Abi.Abi | undefined): string | null {
  const t0 = log.topics[0]
  if (!abi || !t0) return null
  for (const item of abi) {
    if (item.type !== 'event' || item.anonymous) continue
    if (AbiEvent.getSelector(item) !== t0) continue
    try {
      const args = AbiEvent.decode(item, { topics: log.topics as [`0x${string}`, ...`0x${string}`[]], data: log.data }) as Record<string, unknown> | readonly unknown[] | undefined
      const parts = item.inputs.map((p, i) => {
        const v = Array.isArray(args) ? args[i] : (args as Record<string, unknown> | undefined)?.[p.name ?? String(i)]
        return `${p.name || `#${i + 1}`}=${formatValue(v)}`
      })
      return `${item.name}(${parts.join(', ')})`
    } catch {
      return null
    }
  }
  return null
}

export class InvalidAbiError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('ChainCall.InvalidAbiError', message, { hints })
  }
}

export class FunctionNotFoundError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('ChainCall.FunctionNotFoundError', message, { hints })
  }
}

export class InvalidArgsError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('ChainCall.InvalidArgsError', message, { hints })
  }
}

/** The call reverted; `revert` holds the decoded reason. */
export class RevertError extends BaseError {
  readonly revert: DecodedRevert
  constructor(revert: DecodedRevert) {
    super('ChainCall.RevertError', `The call reverted: ${revert.text}.`, {
      hints: [revert.kind === 'unknown' ? 'Add the contract\'s error definitions to the ABI to decode it.' : 'The contract refused the call with this reason; check the arguments, the caller and the block.'],
    })
    this.revert = revert
  }
}

export class EmptyResultError extends BaseError {
  constructor(address: string) {
    super('ChainCall.EmptyResultError', `The call to ${address} returned no data.`, {
      hints: ['Is there a contract at this address on this chain (and at this block)? The account tool shows its code.'],
    })
  }
}

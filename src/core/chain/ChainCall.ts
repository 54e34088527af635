/**
 * Contract reads against a node: building the `eth_call`, choosing the block, calling `Rpc`,
 * and decoding the result and any revert. Only the orchestration lives here: ABIs are parsed
 * and functions picked by `Abi`, arguments coerced and results decoded (word-checked, so
 * hostile return data fails fast) by `AbiCodec`, reverts and logs decoded by `Calldata`.
 *
 * @example
 * ```ts
 * const abi = Abi.parse('function balanceOf(address) view returns (uint256)')
 * const fn = Abi.pickFunction(abi, 'balanceOf')
 * const r = await ChainCall.read(rpc, { address, fn, args: AbiCodec.coerceAll(fn.inputs, ['0x…']), block: 'latest' })
 * ```
 */
import * as JsonText from '../format/JsonText'
import { AbiItem } from 'ox'
import * as Abi from '../abi/Abi'
import * as Calldata from '../abi/Calldata'
import * as CalldataEncode from '../abi/CalldataEncode'
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

export type Fn = Abi.FunctionItem
/** A parsed ABI (see `Abi.parse`). */
export type ParsedAbi = Abi.Abi

// Names kept for callers outside the ABI tools (transaction, send-transaction, chain tests);
// each is the one implementation elsewhere, not a copy.

export interface DecodedRevert {
  kind: 'empty' | 'error' | 'panic' | 'custom' | 'unknown'
  /** A one-line description: `Error("not owner")`, `Panic(0x11: Arithmetic overflow…)`, `Unauthorized(0x…)`. */
  text: string
  /** The raw revert data. */
  data: `0x${string}`
  selector: `0x${string}` | null
}

/**
 * Describes revert data in one line, decoded by `Calldata.decodeError` (the bounded decoder,
 * Solidity's panic table) with the errors of `abi`; what does not decode is described raw.
 */
export function decodeRevert(data: string, abi?: Abi.Abi): DecodedRevert {
  const d = (/^0x([0-9a-f]{2})*$/i.test(data) ? data.toLowerCase() : '0x') as `0x${string}`
  if (d === '0x') return { kind: 'empty', text: 'reverted without a reason', data: d, selector: null }
  const selector = d.length >= 10 ? (d.slice(0, 10) as `0x${string}`) : null
  try {
    const r = Calldata.decodeError(d, { abis: abi ? [abi] : [], table: false, guess: false })
    if (r.kind === 'error-string') return { kind: 'error', text: `Error(${JSON.stringify(r.reason ?? '')})`, data: d, selector }
    if (r.kind === 'panic') return { kind: 'panic', text: `Panic(${r.panicCode}: ${(r.reason ?? '').replace(/\.$/, '')})`, data: d, selector }
    if (r.kind === 'custom') return { kind: 'custom', text: `${r.signature.replace(/\(.*$/, '')}(${r.args.map((a) => a.value).join(', ')})`, data: d, selector }
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
  }
  return { kind: 'unknown', text: selector ? `custom error ${selector} (not in the ABI)` : `malformed revert data ${d.slice(0, 20)}`, data: d, selector }
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
  /** eth_call's third parameter (geth's state override set), already validated. */
  stateOverride?: StateOverride | undefined
}

/** Per account: balance, nonce, code, and either the whole storage (`state`) or some slots (`stateDiff`). */
export type StateOverride = Record<`0x${string}`, { balance?: `0x${string}`; nonce?: `0x${string}`; code?: `0x${string}`; state?: Record<`0x${string}`, `0x${string}`>; stateDiff?: Record<`0x${string}`, `0x${string}`> }>

const OVERRIDE_KEYS = ['balance', 'nonce', 'code', 'state', 'stateDiff']

/**
 * Parses a state override set typed as JSON, as geth and anvil take it:
 * `{ "0xaddr": { "balance": "0x…", "nonce": "0x…", "code": "0x…", "stateDiff": { "0xslot": "0xvalue" } } }`.
 * Numbers may be decimal (strings or JSON numbers); slots and values are padded to 32 bytes.
 */
export function parseStateOverride(text: string): StateOverride | undefined {
  const t = text.trim()
  if (t === '') return undefined
  let json: unknown
  try {
    json = JSON.parse(t)
  } catch (e) {
    throw new InvalidOverrideError(`The state override is not valid JSON: ${JsonText.problem(t, e)}.`)
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new InvalidOverrideError('The state override is a JSON object keyed by address.')
  const out: StateOverride = {}
  for (const [addr, o] of Object.entries(json as Record<string, unknown>)) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(addr)) throw new InvalidOverrideError(`"${addr.slice(0, 50)}" is not an address (0x and 40 hex digits).`)
    if (!o || typeof o !== 'object' || Array.isArray(o)) throw new InvalidOverrideError(`The override of ${addr} is an object: { "balance", "nonce", "code", "state" or "stateDiff" }.`)
    const entry: StateOverride[`0x${string}`] = {}
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
      if (!OVERRIDE_KEYS.includes(k)) throw new InvalidOverrideError(`${addr}: unknown key "${k.slice(0, 30)}"; use ${OVERRIDE_KEYS.join(', ')}.`)
      if (k === 'balance' || k === 'nonce') entry[k] = Rpc.toQuantity(quantityOf(v, `${addr} ${k}`, k === 'nonce' ? 2n ** 64n - 1n : 2n ** 256n - 1n))
      else if (k === 'code') {
        if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new InvalidOverrideError(`${addr} code is 0x-prefixed hex bytes.`)
        entry.code = v.toLowerCase() as `0x${string}`
      } else {
        if (!v || typeof v !== 'object' || Array.isArray(v)) throw new InvalidOverrideError(`${addr} ${k} is an object of slot: value.`)
        const slots: Record<`0x${string}`, `0x${string}`> = {}
        for (const [slot, val] of Object.entries(v as Record<string, unknown>)) slots[word(slot, `${addr} slot ${slot.slice(0, 20)}`)] = word(val, `${addr} slot ${slot.slice(0, 20)} value`)
        entry[k as 'state' | 'stateDiff'] = slots
      }
    }
    if (entry.state && entry.stateDiff) throw new InvalidOverrideError(`${addr}: give "state" (replaces all storage) or "stateDiff" (changes some slots), not both.`)
    out[addr.toLowerCase() as `0x${string}`] = entry
  }
  return out
}

function quantityOf(v: unknown, what: string, max: bigint): bigint {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : ''
  if (!/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(s)) throw new InvalidOverrideError(`${what} is a whole number (decimal or 0x hex).`)
  const n = BigInt(s)
  if (n > max) throw new InvalidOverrideError(`${what} is too large.`)
  return n
}

function word(v: unknown, what: string): `0x${string}` {
  const n = quantityOf(v, what, 2n ** 256n - 1n)
  return `0x${n.toString(16).padStart(64, '0')}`
}

/** `eth_call`, returning the raw result, or throwing `ChainCall.RevertError` with the reason decoded. */
export async function call(rpc: Rpc.Eip1193Like | undefined, req: CallRequest, abi?: Abi.Abi): Promise<`0x${string}`> {
  const tx: Record<string, string> = { to: req.to, data: req.data }
  if (req.from) tx.from = req.from
  if (req.value) tx.value = Rpc.toQuantity(req.value)
  const params: unknown[] = [tx, req.block ?? 'latest']
  if (req.stateOverride && Object.keys(req.stateOverride).length) params.push(req.stateOverride)
  try {
    return Rpc.data(await Rpc.request(rpc, 'eth_call', params), 'the call result')
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
  /** One entry per output: name (or #i), type and value (cast-style text). */
  outputs: { name: string; type: string; value: string }[]
}

/** Calls a function (arguments coerced by `AbiCodec.coerceAll`) and decodes its outputs. */
export async function read(
  rpc: Rpc.Eip1193Like | undefined,
  opts: { address: string; fn: Fn; args: readonly unknown[]; block?: Rpc.BlockTag; from?: string; value?: bigint; stateOverride?: StateOverride; abi?: Abi.Abi },
): Promise<ReadResult> {
  const calldata = CalldataEncode.encodeCall(opts.fn, opts.args)
  const raw = await call(rpc, { to: opts.address, data: calldata, from: opts.from, value: opts.value, block: opts.block, stateOverride: opts.stateOverride }, opts.abi)
  if (raw === '0x' && opts.fn.outputs.length > 0) throw new EmptyResultError(opts.address)
  return {
    fn: AbiItem.getSignature(opts.fn as never),
    selector: CalldataEncode.selectorOf(opts.fn),
    calldata,
    raw,
    outputs: decodeResult(opts.fn, raw),
  }
}

/**
 * Decodes a call's return data for `fn`'s outputs through the word-checked decoder
 * (`Calldata.decodeResult`): hostile data fails with an `AbiLayout.*Error` in bounded time.
 */
export function decodeResult(fn: Fn, raw: string | Uint8Array): ReadResult['outputs'] {
  return Calldata.decodeResult(fn.outputs, raw).map((a, i) => ({ name: a.name || `#${i + 1}`, type: a.type, value: a.value }))
}

/**
 * Call data as `name(arg=value, …)` with the functions of `abi`; null when none matches
 * or it does not decode. (`Calldata.decodeCall` gives the full structure.)
 */
export function decodeCallData(data: string, abi: Abi.Abi | undefined): string | null {
  if (!abi) return null
  try {
    const c = Calldata.decodeCall(data, { abis: [abi], table: false, guess: false, nested: false })
    return `${c.item.name}(${c.args.map((a, i) => `${a.name || `#${i + 1}`}=${a.value}`).join(', ')})`
  } catch (e) {
    if (e instanceof BaseError) return null
    throw e
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

export class InvalidOverrideError extends BaseError {
  constructor(message: string) {
    super('ChainCall.InvalidOverrideError', message, {
      hints: ['Example: { "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266": { "balance": "0x56bc75e2d63100000", "stateDiff": { "0x0": "0x2a" } } }'],
    })
  }
}

/**
 * Decoding what contracts speak: call data, return data, revert data and event logs, with
 * an ABI, a signature, the offline signature table, or a structural guess; nested call data
 * (multicall `bytes[]`, Safe `multiSend` packed transactions, `execute`-style batches)
 * decoded recursively.
 */
import { AbiItem, Hex } from 'ox'
import * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'
import * as AbiGuess from './AbiGuess'
import * as AbiLayout from './AbiLayout'
import { BaseError, errorType } from '../Errors'
import type * as SignatureTable from './SignatureTable'

// An ABI's selectors and topics, hashed once per item (a trace decodes thousands of frames with the same ABI)
const selectors = new WeakMap<object, Hex.Hex>()
const topics = new WeakMap<object, Hex.Hex>()
const signatures = new WeakMap<object, string>()
const kept = <T,>(m: WeakMap<object, T>, i: object, f: () => T): T => {
  let h = m.get(i)
  if (h === undefined) m.set(i, (h = f()))
  return h
}
/** `AbiItem.getSelector`, kept per item. */
const selectorOfItem = (i: object): Hex.Hex => kept(selectors, i, () => AbiItem.getSelector(i as never))
/** `AbiItem.getSignatureHash`, kept per item (an event's topic 0). */
const topicOfItem = (i: object): Hex.Hex => kept(topics, i, () => AbiItem.getSignatureHash(i as never))
/** `AbiItem.getSignature`, kept per item. */
const signatureOfItem = (i: object): string => kept(signatures, i, () => AbiItem.getSignature(i as never))

/** How deep nested call data is followed. */
export const MAX_NESTING = 4
/** Most nested calls decoded in one input (the rest are shown as bytes). */
export const MAX_NESTED_CALLS = 256

/** Where a decoding's types came from. */
export type Source = 'abi' | 'signature' | 'table' | 'guess'

/** One decoded value, as plain data. */
export interface Arg {
  /** Path from the call's arguments: `to`, `calls[1].callData`. */
  path: string
  name: string
  type: string
  /** cast-style text: `1`, `0xAbC…`, `[1, 2]`, `(1, "x")`. */
  value: string
  /** JSON form (integers as decimal strings); accepted back as encoder arguments. */
  json: unknown
  /** An indexed dynamic event value: only its keccak256 hash is in the log. */
  hashed?: boolean
  /**
   * A struct (tuple) argument's fields, named as the ABI names them and nested as it nests
   * them (`params.tokenIn`); for an array of structs, each element's (`orders[0].maker`), the
   * first `MAX_FIELD_ROWS` in all.
   */
  fields?: Arg[]
}

/** At most this many struct fields are spelled out per argument (the whole value stays in `value`). */
export const MAX_FIELD_ROWS = 200

/** A call found inside another call's arguments. */
export interface Nested {
  /** The argument holding it: `data[2]`, `transactions[0].data`. */
  path: string
  /** For Safe multiSend entries: operation, target and value. */
  meta?: { operation?: string; to?: string; value?: string }
  call: Call | null
  /** When `call` is null: why it was not decoded (unknown selector, too deep...). */
  note?: string
  /** The raw call data. */
  data: string
}

export interface Call {
  selector: string
  /** `transfer(address,uint256)` */
  signature: string
  /** `function transfer(address to, uint256 amount) returns (bool)` */
  human: string
  source: Source
  /** Table sources, or the other signatures sharing the selector. */
  sources?: string[]
  alternatives?: string[]
  /** Why known signatures for the selector were not used (they did not fit the data). */
  warnings?: string[]
  args: Arg[]
  nested: Nested[]
  /** The function item used (for the encoder, layout). */
  item: Abi.FunctionItem
}

export interface DecodeOptions {
  /** ABIs consulted first, in order (the person's ABI, then their library). */
  abis?: readonly Abi.Abi[]
  /** A signature to use instead (`transfer(address,uint256)` or a human-readable line). */
  signature?: string
  /**
   * The offline signature table to look unknown selectors up in (`await SignatureTable.load(kind)`);
   * without it (or `false`) none is consulted. Injected so that no page loads the table it does not use.
   */
  table?: SignatureTable.Table | false
  /** Guess types when nothing else knows the selector (default true). */
  guess?: boolean
  /** Follow nested call data (default true). */
  nested?: boolean
}

/**
 * Decodes call data (selector + ABI-encoded arguments).
 *
 * @example
 * ```ts
 * Calldata.decodeCall('0xa9059cbb000…', { abis: [erc20] }).args[1].value // '1000000'
 * ```
 */
export function decodeCall(data: string | Uint8Array, options: DecodeOptions = {}): Call {
  const bytes = typeof data === 'string' ? AbiCodec.toBytes(data, 'call data') : data
  const state = { count: 0 }
  return decodeCallBytes(bytes, options, 0, state)
}

function decodeCallBytes(bytes: Uint8Array, options: DecodeOptions, depth: number, state: { count: number }): Call {
  if (bytes.length < 4)
    throw new NoSelectorError(bytes.length === 0 ? 'The call data is empty: a plain transfer of ether, or a call to receive()/fallback().' : `The call data is ${bytes.length} byte${bytes.length === 1 ? '' : 's'}; a call starts with a 4-byte selector.`)
  const selector = Hex.fromBytes(bytes.subarray(0, 4))
  const body = bytes.subarray(4)
  const candidates = functionCandidates(selector, options)
  let firstError: unknown
  for (const c of candidates) {
    try {
      const values = AbiCodec.decode(c.item.inputs, body, 4)
      const call: Call = {
        selector,
        signature: signatureOfItem(c.item),
        human: Abi.humanOf(c.item),
        source: c.source,
        ...(c.sources ? { sources: c.sources } : {}),
        args: argsOf(c.item.inputs, values),
        nested: [],
        item: c.item,
      }
      const others = candidates.filter((o) => o !== c && o.source === c.source).map((o) => Abi.humanOf(o.item))
      if (others.length) call.alternatives = others
      if (options.nested !== false) call.nested = nestedOf(call, options, depth, state)
      return call
    } catch (e) {
      firstError ??= e
    }
  }
  if (candidates.length && (options.signature || candidates[0]!.source === 'abi' || options.guess === false)) throw firstError
  if (options.signature) throw firstError
  if (options.guess === false) {
    if (firstError) throw firstError
    throw new UnknownSelectorError(selector)
  }
  // Guess.
  const params = AbiGuess.guess(body)
  let values: unknown[]
  let inputs: AbiCodec.Param[] = params
  try {
    values = AbiCodec.decode(params, body, 4)
  } catch {
    inputs = body.length % 32 === 0 ? Array.from({ length: body.length / 32 }, () => ({ type: 'bytes32' })) : [{ type: 'bytes' }]
    values = body.length % 32 === 0 ? AbiCodec.decode(inputs, body, 4) : [Hex.fromBytes(body)]
  }
  const name = `guessed_${selector.slice(2)}`
  const item = { type: 'function', name, inputs, outputs: [], stateMutability: 'nonpayable' } as unknown as Abi.FunctionItem
  const call: Call = {
    selector,
    signature: `${name}(${inputs.map(AbiCodec.canonicalType).join(',')})`,
    human: Abi.humanOf(item),
    source: 'guess',
    args: argsOf(inputs, values),
    nested: [],
    item,
  }
  if (firstError) call.warnings = [`${Abi.humanOf(candidates[0]!.item)} has this selector but does not fit the data: ${firstError instanceof BaseError ? firstError.shortMessage : String(firstError)}`]
  if (options.nested !== false) call.nested = nestedOf(call, options, depth, state)
  return call
}

interface Candidate {
  item: Abi.FunctionItem
  source: Source
  sources?: string[]
}

function functionCandidates(selector: string, options: DecodeOptions): Candidate[] {
  if (options.signature) {
    const abi = Abi.parse(options.signature)
    const fns = abi.filter((i): i is Abi.FunctionItem => i.type === 'function')
    if (fns.length === 0) throw new InvalidSignatureError('The signature is not a function.', 'Write it as transfer(address,uint256) or function transfer(address to, uint256 amount).')
    const match = fns.filter((f) => selectorOfItem(f) === selector)
    if (match.length === 0)
      throw new SelectorMismatchError(selector, fns.map((f) => `${AbiItem.getSignature(f as never)} = ${selectorOfItem(f)}`).join(', '))
    return match.map((item) => ({ item, source: 'signature' }))
  }
  const out: Candidate[] = []
  for (const abi of options.abis ?? [])
    for (const i of abi) if (i.type === 'function' && selectorOfItem(i) === selector) out.push({ item: i, source: 'abi' })
  if (out.length) return out
  if (options.table)
    for (const m of options.table.lookup('function', selector)) out.push({ item: m.item as Abi.FunctionItem, source: 'table', sources: m.sources })
  return out
}

// Encoding lives in CalldataEncode (which does not load the signature table); re-exported here.
export { encodeCall, selectorOf } from './CalldataEncode'

/** Decoded values with their paths, names and types. */
export function argsOf(params: AbiCodec.Params, values: readonly unknown[]): Arg[] {
  return params.map((p, i) => argOf(p, values[i], p.name || `arg${i}`))
}

function argOf(p: AbiCodec.Param, v: unknown, path: string): Arg {
  const json = AbiCodec.toJson(p, v)
  const fields = fieldsOf(p, json, path, { left: MAX_FIELD_ROWS })
  return { path, name: p.name ?? '', type: AbiCodec.canonicalType(p), value: AbiCodec.format(p, v), json, ...(fields?.length ? { fields } : {}) }
}

/**
 * The fields of a struct, or of each struct in an array (of arrays) of structs, from the JSON
 * form (which `AbiCodec.format` prints as it prints the decoded value: integers are decimal
 * text either way).
 */
function fieldsOf(p: AbiCodec.Param, json: unknown, path: string, budget: { left: number }): Arg[] | undefined {
  const components = (p as { components?: AbiCodec.Params }).components
  if (!components || !Array.isArray(json)) return undefined
  const out: Arg[] = []
  const array = /\[\d*\]$/.exec(p.type)
  if (array) {
    const child = { ...p, type: p.type.slice(0, array.index) } as AbiCodec.Param
    for (let i = 0; i < json.length && budget.left > 0; i++) out.push(...(fieldsOf(child, json[i], `${path}[${i}]`, budget) ?? []))
    return out
  }
  components.forEach((c, i) => {
    if (budget.left-- <= 0) return
    const at = `${path}.${c.name || i}`
    const value = (json as unknown[])[i]
    const fields = fieldsOf(c, value, at, budget)
    out.push({ path: at, name: c.name ?? '', type: AbiCodec.canonicalType(c), value: AbiCodec.format(c, value), json: value, ...(fields?.length ? { fields } : {}) })
  })
  return out
}


// ---------------------------------------------------------------------------------------
// Nested call data.

const MULTISEND = '0x8d80ff0a'

function nestedOf(call: Call, options: DecodeOptions, depth: number, state: { count: number }): Nested[] {
  const out: Nested[] = []
  const inner = (data: Uint8Array, path: string, meta?: Nested['meta']): Nested => {
    const hex = Hex.fromBytes(data)
    if (depth + 1 > MAX_NESTING) return { path, data: hex, call: null, note: `Nested more than ${MAX_NESTING} levels deep: not decoded.`, ...(meta ? { meta } : {}) }
    if (++state.count > MAX_NESTED_CALLS) return { path, data: hex, call: null, note: `More than ${MAX_NESTED_CALLS} nested calls: not decoded.`, ...(meta ? { meta } : {}) }
    try {
      const c = decodeCallBytes(data, { ...options, signature: undefined, guess: false }, depth + 1, state)
      return { path, data: hex, call: c, ...(meta ? { meta } : {}) }
    } catch (e) {
      return { path, data: hex, call: null, note: e instanceof BaseError ? e.shortMessage : 'Not decodable.', ...(meta ? { meta } : {}) }
    }
  }
  // Safe multiSend(bytes): packed (uint8 operation, address to, uint256 value, uint256 length, bytes data)*.
  if (call.selector === MULTISEND && call.args.length === 1 && call.args[0]!.type === 'bytes') {
    const packed = AbiCodec.toBytes(call.args[0]!.json as string)
    let txs: MultiSendTx[]
    try {
      txs = parseMultiSend(packed)
    } catch (e) {
      return [{ path: call.args[0]!.path, data: Hex.fromBytes(packed), call: null, note: e instanceof BaseError ? e.shortMessage : 'Not a multiSend batch.' }]
    }
    for (const tx of txs) {
      const meta = { operation: tx.operation === 0 ? 'call' : tx.operation === 1 ? 'delegatecall' : `unknown (${tx.operation})`, to: tx.to, value: tx.value.toString() }
      if (tx.data.length >= 4) out.push(inner(tx.data, `${call.args[0]!.path}[${tx.index}]`, meta))
      else out.push({ path: `${call.args[0]!.path}[${tx.index}]`, data: Hex.fromBytes(tx.data), call: null, note: tx.data.length ? 'Too short for a call.' : 'A plain transfer (no call data).', meta })
    }
    return out
  }
  // Every `bytes` value that starts with a known selector.
  const visit = (p: AbiCodec.Param, v: unknown, path: string) => {
    const t = p.type
    if (t === 'bytes') {
      const b = AbiCodec.toBytes(v as string)
      if (b.length >= 4 && (b.length - 4) % 32 === 0 && (b.length > 4 || isKnown(Hex.fromBytes(b.subarray(0, 4)), options))) {
        const sel = Hex.fromBytes(b.subarray(0, 4))
        if (isKnown(sel, options)) out.push(inner(b, path))
      }
      return
    }
    const arr = /^(.*)\[\d*\]$/.exec(t)
    if (arr) {
      const child = { ...p, type: arr[1]! } as AbiCodec.Param
      ;(v as unknown[]).forEach((x, i) => visit(child, x, `${path}[${i}]`))
      return
    }
    if (t === 'tuple') {
      const comps = (p as { components?: AbiCodec.Params }).components ?? []
      comps.forEach((c, i) => visit(c, (v as unknown[])[i], `${path}.${c.name || i}`))
    }
  }
  call.item.inputs.forEach((p, i) => visit(p, call.args[i]!.json, call.args[i]!.path))
  return out
}

function isKnown(selector: string, options: DecodeOptions): boolean {
  for (const abi of options.abis ?? []) for (const i of abi) if (i.type === 'function' && selectorOfItem(i) === selector) return true
  return !!options.table && options.table.lookup('function', selector).length > 0
}

export interface MultiSendTx {
  index: number
  operation: number
  to: string
  value: bigint
  data: Uint8Array
}

/**
 * Splits Safe `multiSend` packed transactions: each is operation (1 byte), to (20), value
 * (32), data length (32), data.
 */
export function parseMultiSend(packed: Uint8Array): MultiSendTx[] {
  const out: MultiSendTx[] = []
  let pos = 0
  while (pos < packed.length) {
    if (pos + 85 > packed.length) throw new MultiSendError(`Transaction ${out.length} at byte ${pos} is cut short: a header is 85 bytes, ${packed.length - pos} remain.`)
    const operation = packed[pos]!
    const to = AbiCodec.parseAddress(Hex.fromBytes(packed.subarray(pos + 1, pos + 21)))
    const value = BigInt(Hex.fromBytes(packed.subarray(pos + 21, pos + 53)))
    const lenBig = BigInt(Hex.fromBytes(packed.subarray(pos + 53, pos + 85)))
    if (lenBig > BigInt(packed.length - pos - 85)) throw new MultiSendError(`Transaction ${out.length} at byte ${pos} claims ${lenBig} bytes of data, but only ${packed.length - pos - 85} remain.`)
    const len = Number(lenBig)
    out.push({ index: out.length, operation, to, value, data: packed.subarray(pos + 85, pos + 85 + len) })
    pos += 85 + len
  }
  return out
}

// ---------------------------------------------------------------------------------------
// Return data.

/**
 * Decodes return data for a function's outputs (from an ABI item, a signature with
 * `returns`, or an output type list).
 */
export function decodeResult(outputs: AbiCodec.Params, data: string | Uint8Array): Arg[] {
  const bytes = typeof data === 'string' ? AbiCodec.toBytes(data, 'return data') : data
  if (bytes.length === 0 && outputs.length > 0)
    throw new AbiLayout.DataTooShortError('The return data is empty: the call returned nothing (no contract at the address, or it reverted without data).')
  return argsOf(outputs, AbiCodec.decode(outputs, bytes))
}

// ---------------------------------------------------------------------------------------
// Revert data.

/** The meaning of each Solidity panic code (docs.soliditylang.org, "Panic via assert"). */
export const PANIC_CODES: Record<number, string> = {
  0x00: 'Generic compiler-inserted panic.',
  0x01: 'assert() failed: an assertion that should never be false was false.',
  0x11: 'Arithmetic overflow or underflow outside an unchecked block.',
  0x12: 'Division or modulo by zero.',
  0x21: 'A value too big or negative was converted to an enum.',
  0x22: 'A storage byte array that is incorrectly encoded was accessed.',
  0x31: '.pop() was called on an empty array.',
  0x32: 'An array, bytesN or slice was accessed at an out-of-bounds or negative index.',
  0x41: 'Too much memory was allocated, or an array was created that is too large.',
  0x51: 'A zero-initialized variable of internal function type was called.',
}

export interface RevertDecoded {
  kind: 'empty' | 'error-string' | 'panic' | 'custom'
  selector: string
  signature: string
  human: string
  source: Source | 'builtin'
  sources?: string[]
  args: Arg[]
  /** Error(string)'s message, or the panic's meaning. */
  reason?: string
  panicCode?: string
}

/**
 * Decodes revert data: `Error(string)`, `Panic(uint256)` with the panic's meaning, custom
 * errors from the ABIs or the offline table, or a guess.
 */
export function decodeError(data: string | Uint8Array, options: DecodeOptions = {}): RevertDecoded {
  const bytes = typeof data === 'string' ? AbiCodec.toBytes(data, 'revert data') : data
  if (bytes.length === 0) return { kind: 'empty', selector: '', signature: '', human: '', source: 'builtin', args: [], reason: 'The call reverted without data: revert(), require(false) without a message, or an out-of-gas/invalid opcode.' }
  if (bytes.length < 4) throw new NoSelectorError(`The revert data is ${bytes.length} byte${bytes.length === 1 ? '' : 's'}; an error starts with a 4-byte selector.`)
  const selector = Hex.fromBytes(bytes.subarray(0, 4))
  const body = bytes.subarray(4)
  if (selector === '0x08c379a0') {
    const p = [{ type: 'string', name: 'message' }] as const
    const values = AbiCodec.decode(p, body, 4)
    return { kind: 'error-string', selector, signature: 'Error(string)', human: 'error Error(string message)', source: 'builtin', args: argsOf(p, values), reason: values[0] as string }
  }
  if (selector === '0x4e487b71') {
    const p = [{ type: 'uint256', name: 'code' }] as const
    const values = AbiCodec.decode(p, body, 4)
    const code = values[0] as bigint
    const hex = `0x${code.toString(16).padStart(2, '0')}`
    const meaning = code < 256n ? PANIC_CODES[Number(code)] : undefined
    return { kind: 'panic', selector, signature: 'Panic(uint256)', human: 'error Panic(uint256 code)', source: 'builtin', args: argsOf(p, values), panicCode: hex, reason: meaning ?? `Unknown panic code ${hex}.` }
  }
  if (options.signature) {
    const abi = Abi.parse(options.signature)
    const errs = abi.filter((i): i is Abi.ErrorItem => i.type === 'error' || i.type === 'function') as Abi.ErrorItem[]
    const match = errs.find((e) => selectorOfItem(e) === selector)
    if (!match) throw new SelectorMismatchError(selector, errs.map((e) => `${AbiItem.getSignature(e as never)} = ${selectorOfItem(e)}`).join(', '))
    return customOf(match, selector, body, 'signature')
  }
  for (const abi of options.abis ?? []) for (const i of abi) if (i.type === 'error' && selectorOfItem(i) === selector) return customOf(i, selector, body, 'abi')
  let firstError: unknown
  if (options.table)
    for (const m of options.table.lookup('error', selector))
      try {
        return { ...customOf(m.item as Abi.ErrorItem, selector, body, 'table'), sources: m.sources }
      } catch (e) {
        firstError ??= e
      }
  if (firstError) throw firstError
  if (options.guess === false) throw new UnknownSelectorError(selector, 'error')
  const guessed = decodeCallBytes(bytes, { guess: true, table: false, nested: false }, 0, { count: 0 })
  return { kind: 'custom', selector, signature: guessed.signature.replace(/^guessed_/, 'UnknownError_'), human: guessed.human.replace('function guessed_', 'error UnknownError_'), source: 'guess', args: guessed.args }
}

function customOf(item: Abi.ErrorItem, selector: string, body: Uint8Array, source: Source): RevertDecoded {
  const values = AbiCodec.decode(item.inputs, body, 4)
  return { kind: 'custom', selector, signature: signatureOfItem(item), human: Abi.humanOf(item), source, args: argsOf(item.inputs, values) }
}

// ---------------------------------------------------------------------------------------
// Event logs.

export interface EventDecoded {
  /** topic0, or '' for an anonymous event. */
  topic: string
  signature: string
  human: string
  source: Source
  sources?: string[]
  anonymous: boolean
  args: (Arg & { indexed: boolean })[]
  alternatives?: string[]
}

/**
 * Decodes an event log from its topics and data. Indexed dynamic values (strings, bytes,
 * arrays, tuples) are only present as their keccak256 hash and are shown as such.
 * Anonymous events (no topic0) are matched against the ABIs' anonymous events.
 */
export function decodeEvent(topics: readonly string[], data: string | Uint8Array, options: DecodeOptions = {}): EventDecoded {
  if (topics.length > 4) throw new InvalidLogError(`A log has at most 4 topics; got ${topics.length}.`).at('topics')
  const ts = topics.map((t, i) => {
    const h = t.trim().toLowerCase()
    if (!/^0x[0-9a-f]{64}$/.test(h)) throw new InvalidLogError(`Topic ${i} is not 32 bytes of hex: "${t.length > 20 ? `${t.slice(0, 20)}…` : t}".`, ['Each topic is 0x followed by 64 hex digits.']).at('topics')
    return h as Hex.Hex
  })
  const bytes = typeof data === 'string' ? AbiCodec.toBytes(data, 'log data') : data
  const candidates: { item: Abi.EventItem; source: Source; sources?: string[] }[] = []
  if (options.signature) {
    for (const i of Abi.parse(options.signature)) if (i.type === 'event') candidates.push({ item: i, source: 'signature' })
    if (!candidates.length) throw new InvalidSignatureError('The signature is not an event.', 'Write it as event Transfer(address indexed from, address indexed to, uint256 value).')
  } else {
    for (const abi of options.abis ?? []) for (const i of abi) if (i.type === 'event') candidates.push({ item: i, source: 'abi' })
    if (ts[0] && options.table)
      for (const m of options.table.lookup('event', ts[0])) candidates.push({ item: m.item as Abi.EventItem, source: 'table', sources: m.sources })
  }
  const fitting = candidates.filter(({ item }) => {
    const indexed = item.inputs.filter((i) => i.indexed).length
    if (item.anonymous) return indexed === ts.length
    return ts.length === indexed + 1 && topicOfItem(item) === ts[0]
  })
  if (fitting.length === 0) {
    if (options.signature) {
      const it = candidates[0]!.item
      const indexed = it.inputs.filter((i) => i.indexed).length
      if (!it.anonymous && topicOfItem(it) !== ts[0]) throw new SelectorMismatchError(ts[0] ?? '(no topics)', `${AbiItem.getSignature(it as never)} = ${topicOfItem(it)}`, 'topic')
      throw new InvalidLogError(`${AbiItem.getSignature(it as never)} has ${indexed} indexed input${indexed === 1 ? '' : 's'}, so its logs have ${indexed + (it.anonymous ? 0 : 1)} topics; got ${ts.length}.`, ['Mark the right inputs "indexed" in the signature.']).at('topics')
    }
    const sameTopic = candidates.find(({ item }) => !item.anonymous && ts[0] && topicOfItem(item) === ts[0])
    if (sameTopic) {
      const n = sameTopic.item.inputs.filter((i) => i.indexed).length
      throw new InvalidLogError(`The event ${AbiItem.getSignature(sameTopic.item as never)} matches topic0 but has ${n} indexed inputs; the log has ${ts.length - 1} indexed topics.`, ['The ABI marks other inputs indexed than the contract that emitted the log.'])
    }
    throw new UnknownSelectorError(ts[0] ?? '(no topics)', 'event')
  }
  let firstError: unknown
  for (const c of fitting) {
    try {
      const d = decodeEventWith(c.item, ts, bytes, c.source)
      if (c.sources) d.sources = c.sources
      const others = fitting.filter((o) => o !== c).map((o) => Abi.humanOf(o.item))
      if (others.length) d.alternatives = others
      return d
    } catch (e) {
      firstError ??= e
    }
  }
  throw firstError
}

function decodeEventWith(item: Abi.EventItem, ts: readonly Hex.Hex[], data: Uint8Array, source: Source): EventDecoded {
  const nonIndexed = item.inputs.filter((i) => !i.indexed)
  const values = AbiCodec.decode(nonIndexed, data)
  let t = item.anonymous ? 0 : 1
  let n = 0
  const args = item.inputs.map((p, i) => {
    const path = p.name || `arg${i}`
    const type = AbiCodec.canonicalType(p)
    if (!p.indexed) {
      return { ...argOf(p, values[n++], path), indexed: false }
    }
    const topic = ts[t++]!
    const dynamic = AbiLayout.compile(p).dynamic || p.type.startsWith('tuple') || p.type.endsWith(']')
    if (dynamic) return { path, name: p.name ?? '', type, value: topic, json: topic, indexed: true, hashed: true }
    const [v] = AbiCodec.decode([p], Hex.toBytes(topic))
    return { path, name: p.name ?? '', type, value: AbiCodec.format(p, v), json: AbiCodec.toJson(p, v), indexed: true }
  })
  return { topic: item.anonymous ? '' : ts[0]!, signature: signatureOfItem(item), human: Abi.humanOf(item), source, anonymous: !!item.anonymous, args }
}

/** Parses topics given as lines, commas, or a JSON array. */
export function parseTopics(text: string): string[] {
  const t = text.trim()
  if (t === '') return []
  if (t.startsWith('[')) {
    try {
      const j = JSON.parse(t)
      if (Array.isArray(j) && j.every((x) => typeof x === 'string')) return j as string[]
    } catch {
      /* fall through */
    }
  }
  return t.split(/[\s,[\]"]+/).filter(Boolean)
}

export class NoSelectorError extends errorType('Calldata.NoSelectorError', ['Paste the whole input: 0x, the 4-byte selector, then the arguments.']) {}

export class UnknownSelectorError extends BaseError {
  constructor(selector: string, kind: 'function' | 'error' | 'event' = 'function') {
    super('Calldata.UnknownSelectorError', `No known ${kind} has the ${kind === 'event' ? 'topic' : 'selector'} ${selector}.`, {
      hints: [`Give the contract's ABI or the ${kind} signature${kind === 'function' ? ', or turn on guessing' : ''}.`],
    })
  }
}

export class SelectorMismatchError extends BaseError {
  constructor(selector: string, have: string, what = 'selector') {
    super('Calldata.SelectorMismatchError', `The data's ${what} is ${selector}, but the signature gives ${have}.`, {
      hints: ['Check the function name and parameter types: the selector hashes both (uint is uint256, no spaces or names).'],
    })
  }
}

export class MultiSendError extends errorType('Calldata.MultiSendError', ['multiSend packs each transaction as operation (1 byte), to (20), value (32), length (32), data.']) {}

export class InvalidLogError extends errorType('Calldata.InvalidLogError') {}

export class InvalidSignatureError extends BaseError {
  constructor(message: string, hint: string) {
    super('Calldata.InvalidSignatureError', message, { hints: [hint] })
    this.at('signature')
  }
}

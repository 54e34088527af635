/**
 * EIP-712 typed data, laid out the way an auditor needs it: the encoded type string, type
 * hash, domain separator, struct hash and digest; the values as a tree; fields that the
 * types do not declare flagged; Permit (EIP-2612) and Permit2 approvals called out.
 *
 * Hashing is ox's `TypedData`; this module parses the wallet JSON strictly (values are
 * checked against their declared types, with the path of the bad one) and describes it.
 */
import * as JsonText from '../format/JsonText'
import { Address, Hash, Hex, TypedData } from 'ox'
import { BaseError } from '../Errors'
import * as Units from '../format/Units'

export interface TypedField {
  name: string
  type: string
}

/** Typed data as wallets receive it (eth_signTypedData_v4), with values normalised. */
export interface Input {
  types: Record<string, TypedField[]>
  primaryType: string
  domain: Record<string, unknown>
  message: Record<string, unknown>
}

export interface Parsed extends Input {
  /** Paths of values present in the JSON that no type declares. */
  undeclared: string[]
  /** Things an auditor should look at (bad address checksums). */
  warnings: string[]
}

export const MAX_JSON = 1_000_000

const DOMAIN_FIELDS: Record<string, string> = {
  name: 'string',
  version: 'string',
  chainId: 'uint256',
  verifyingContract: 'address',
  salt: 'bytes32',
}

/** The fields of one struct from its EIP-712 type string: `Mail(address to,string contents)`. */
export function structFields(encoded: string): TypedField[] {
  const inner = /^\w+\((.*)\)$/.exec(encoded)?.[1] ?? ''
  return inner.split(',').map((p) => {
    const [type = '', name = ''] = p.split(' ')
    return { name, type }
  })
}

/**
 * The `EIP712Domain` type of a domain: its fields that are set, in EIP-712's order (name,
 * version, chainId, verifyingContract, salt), as a wallet infers it when `types` leaves it out.
 */
export function domainType(domain: Record<string, unknown>): TypedField[] {
  return Object.keys(DOMAIN_FIELDS)
    .filter((k) => domain[k] !== undefined)
    .map((k) => ({ name: k, type: DOMAIN_FIELDS[k]! }))
}

/**
 * Parses typed-data JSON, checking every value against its declared type.
 *
 * @example
 * ```ts
 * const td = TypedDataView.parse(json)
 * TypedDataView.digest(td) // '0xbe609aee…'
 * ```
 */
export function parse(text: string): Parsed {
  if (text.trim() === '') throw new InvalidTypedDataError('Enter the typed data as JSON.', ['Paste {"types": …, "primaryType": …, "domain": …, "message": …}.'])
  if (text.length > MAX_JSON) throw new InvalidTypedDataError(`The JSON is ${text.length} characters; at most ${MAX_JSON} are accepted.`, [])
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new InvalidTypedDataError(`Not valid JSON: ${JsonText.problem(text, e)}.`, ['Typed data is a JSON object with types, primaryType, domain and message.'])
  }
  return fromObject(raw)
}

/** Same as `parse`, from an already-parsed object. */
export function fromObject(raw: unknown): Parsed {
  if (!isObject(raw)) throw new InvalidTypedDataError('Typed data must be a JSON object.', ['Expected {"types": …, "primaryType": …, "domain": …, "message": …}.'])
  const { types: rawTypes, primaryType, domain = {}, message = {} } = raw as Record<string, unknown>
  if (!isObject(rawTypes)) throw new InvalidTypedDataError('"types" is missing or not an object.', ['types maps each struct name to its list of {name, type} fields.'])
  if (typeof primaryType !== 'string' || primaryType === '') throw new InvalidTypedDataError('"primaryType" is missing.', ['Name the struct being signed, e.g. "Mail" or "Permit".'])
  if (!isObject(domain)) throw new InvalidTypedDataError('"domain" must be an object.', [])
  if (!isObject(message)) throw new InvalidTypedDataError('"message" must be an object.', [])
  const types: Record<string, TypedField[]> = {}
  for (const [name, fields] of Object.entries(rawTypes)) {
    if (!Array.isArray(fields)) throw new InvalidTypedDataError(`types.${name} is not a list of fields.`, ['Each type is a list like [{"name": "owner", "type": "address"}].'])
    const seen = new Set<string>()
    types[name] = fields.map((f, i) => {
      if (!isObject(f) || typeof f.name !== 'string' || typeof f.type !== 'string')
        throw new InvalidTypedDataError(`types.${name}[${i}] needs a string "name" and "type".`, [])
      if (seen.has(f.name)) throw new InvalidTypedDataError(`types.${name} declares "${f.name}" twice.`, ['Field names in a struct are unique.'])
      seen.add(f.name)
      if (!isKnownType(f.type, rawTypes)) throw new InvalidTypedDataError(`types.${name}.${f.name} has unknown type "${f.type}".`, ['Use a Solidity type (uint256, address, bytes32, string…) or a struct declared in types.'])
      return { name: f.name, type: f.type }
    })
  }
  if (!types.EIP712Domain) types.EIP712Domain = domainType(domain)
  if (primaryType !== 'EIP712Domain' && !types[primaryType]) throw new InvalidTypedDataError(`primaryType "${primaryType}" is not declared in types.`, [`Declared: ${Object.keys(types).join(', ')}.`])
  const ctx: Ctx = { undeclared: [], warnings: [] }
  const d = normStruct('EIP712Domain', domain as Record<string, unknown>, types, 'domain', ctx, 0)
  const m = primaryType === 'EIP712Domain' ? {} : normStruct(primaryType, message as Record<string, unknown>, types, 'message', ctx, 0)
  return { types, primaryType, domain: d, message: m, ...ctx }
}

interface Ctx {
  undeclared: string[]
  warnings: string[]
}

function isKnownType(t: string, types: Record<string, unknown>): boolean {
  const base = t.replace(/(\[\d*\])+$/, '')
  return base in types || /^(address|bool|string|bytes([1-9]|[12]\d|3[0-2])?|u?int(8|16|24|32|40|48|56|64|72|80|88|96|104|112|120|128|136|144|152|160|168|176|184|192|200|208|216|224|232|240|248|256)?)$/.test(base)
}

function normStruct(type: string, value: Record<string, unknown>, types: Record<string, TypedField[]>, path: string, ctx: Ctx, depth: number): Record<string, unknown> {
  if (depth > 64) throw new InvalidValueError(path, 'is nested too deeply', 'Structs nest at most 64 levels.')
  const fields = types[type]!
  const out: Record<string, unknown> = {}
  const declared = new Set(fields.map((f) => f.name))
  for (const k of Object.keys(value)) if (!declared.has(k)) ctx.undeclared.push(`${path}.${k}`)
  for (const f of fields) {
    const v = value[f.name]
    if (v === undefined || v === null)
      throw new InvalidValueError(`${path}.${f.name}`, `is missing (declared as ${f.type})`, `Add "${f.name}" to ${path}, or remove it from types.${type}.`)
    out[f.name] = normValue(f.type, v, types, `${path}.${f.name}`, ctx, depth + 1)
  }
  return out
}

function normValue(type: string, v: unknown, types: Record<string, TypedField[]>, path: string, ctx: Ctx, depth: number): unknown {
  const arr = /^(.*)\[(\d*)\]$/.exec(type)
  if (arr) {
    if (!Array.isArray(v)) throw new InvalidValueError(path, `should be an array (${type})`, 'Write it as a JSON list.')
    if (arr[2] !== '' && v.length !== Number(arr[2])) throw new InvalidValueError(path, `has ${v.length} items; ${type} needs ${arr[2]}`, `Give exactly ${arr[2]} items.`)
    return v.map((x, i) => normValue(arr[1]!, x, types, `${path}[${i}]`, ctx, depth + 1))
  }
  if (types[type]) {
    if (!isObject(v)) throw new InvalidValueError(path, `should be a ${type} object`, `Write it as {${types[type].map((f) => `"${f.name}": …`).join(', ')}}.`)
    return normStruct(type, v as Record<string, unknown>, types, path, ctx, depth)
  }
  const int = /^(u?)int(\d*)$/.exec(type)
  if (int) {
    let n: bigint
    if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v)
    else if (typeof v === 'bigint') n = v
    else if (typeof v === 'string' && /^-?\d{1,80}$/.test(v.trim())) n = BigInt(v.trim())
    else if (typeof v === 'string' && /^0x[0-9a-f]{1,64}$/i.test(v.trim())) n = BigInt(v.trim())
    else throw new InvalidValueError(path, `is not an integer (${type}): ${short(v)}`, 'Write integers as decimal strings ("1000") or 0x hex; JSON numbers lose precision above 2^53.')
    const bits = BigInt(int[2] || '256')
    const [min, max] = int[1] ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n]
    if (n < min || n > max) throw new InvalidValueError(path, `is out of range for ${type}`, `${type} holds ${min} to ${max}.`)
    return n
  }
  if (type === 'address') {
    if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new InvalidValueError(path, `is not an address: ${short(v)}`, 'An address is 0x followed by 40 hex digits.')
    const lower = v.toLowerCase()
    if (v !== lower && v !== `0x${v.slice(2).toUpperCase()}` && Address.checksum(v as Address.Address) !== v)
      ctx.warnings.push(`${path}: the address ${v} has a wrong EIP-55 checksum (it is signed as ${Address.checksum(v as Address.Address)}); check it was not mistyped.`)
    return lower
  }
  if (type === 'bool') {
    if (v === true || v === 'true') return true
    if (v === false || v === 'false') return false
    throw new InvalidValueError(path, `is not a boolean: ${short(v)}`, 'Write true or false.')
  }
  if (type === 'string') {
    if (typeof v !== 'string') throw new InvalidValueError(path, `is not a string: ${short(v)}`, 'Write it in double quotes.')
    return v
  }
  if (type === 'bytes') {
    if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new InvalidValueError(path, `is not hex bytes: ${short(v)}`, 'Write bytes as 0x followed by an even number of hex digits.')
    return v
  }
  const fixed = /^bytes(\d+)$/.exec(type)
  if (fixed) {
    const size = Number(fixed[1])
    if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v) || (v.length - 2) / 2 > size)
      throw new InvalidValueError(path, `is not ${type}: ${short(v)}`, `Write ${size} bytes as 0x followed by ${size * 2} hex digits.`)
    return Hex.padRight(v as Hex.Hex, size)
  }
  throw new InvalidValueError(path, `has unsupported type ${type}`, 'Use a Solidity type or a declared struct.')
}

const ox = (td: Input) => ({ types: td.types, primaryType: td.primaryType, domain: td.domain, message: td.message }) as never

/** The EIP-712 digest (what is signed): keccak256(0x1901 ‖ domainSeparator ‖ structHash). */
export function digest(td: Input): Hex.Hex {
  return wrap(() => TypedData.getSignPayload(ox(td)))
}

export interface View {
  primaryType: string
  encodeType?: string
  typeHash?: Hex.Hex
  domainEncodeType: string
  domainSeparator: Hex.Hex
  structHash?: Hex.Hex
  digest: Hex.Hex
  tree: string[]
  undeclared: string[]
  warnings: string[]
  permit?: PermitInfo
}

/** Every intermediate an auditor checks, plus a tree of the values and any Permit call-out. */
export function view(td: Parsed, now: Date = new Date()): View {
  return wrap(() => {
    const domainSeparator = TypedData.hashDomain({ domain: td.domain as never, types: td.types as never })
    const domainEncodeType = TypedData.encodeType({ primaryType: 'EIP712Domain', types: td.types as never })
    const base: View = {
      primaryType: td.primaryType,
      domainEncodeType,
      domainSeparator,
      digest: digest(td),
      tree: [...treeLines('domain', 'EIP712Domain', td.domain, td.types, ''), ...(td.primaryType === 'EIP712Domain' ? [] : treeLines('message', td.primaryType, td.message, td.types, ''))],
      undeclared: td.undeclared,
      warnings: td.warnings,
    }
    if (td.primaryType !== 'EIP712Domain') {
      base.encodeType = TypedData.encodeType({ primaryType: td.primaryType, types: td.types as never })
      base.typeHash = Hash.keccak256(Hex.fromString(base.encodeType))
      base.structHash = TypedData.hashStruct({ data: td.message as never, primaryType: td.primaryType, types: td.types as never })
    }
    const permit = detectPermit(td, now)
    if (permit) base.permit = permit
    return base
  })
}

function treeLines(label: string, type: string, value: unknown, types: Record<string, TypedField[]>, indent: string, max = 1000): string[] {
  const out: string[] = []
  const walk = (label: string, type: string, v: unknown, ind: string) => {
    if (out.length >= max) return
    const arr = /^(.*)\[(\d*)\]$/.exec(type)
    if (arr && Array.isArray(v)) {
      out.push(`${ind}${label}: ${type} (${v.length} item${v.length === 1 ? '' : 's'})`)
      v.forEach((x, i) => walk(`[${i}]`, arr[1]!, x, `${ind}  `))
    } else if (types[type] && isObject(v)) {
      out.push(`${ind}${label}: ${type}`)
      for (const f of types[type]) walk(f.name, f.type, (v as Record<string, unknown>)[f.name], `${ind}  `)
    } else out.push(`${ind}${label} (${type}): ${typeof v === 'bigint' ? v.toString() : String(v)}`)
  }
  walk(label, type, value, indent)
  return out
}

export interface Leaf {
  /** `message.from.wallet`, `message.items[2].id` */
  path: string
  type: string
  value: string
}

/**
 * The typed values as a flat list of leaves with their paths and declared types (only what
 * the types declare, as it is hashed). Empty arrays appear as one leaf.
 */
export function leaves(td: Input, max = 500): Leaf[] {
  const out: Leaf[] = []
  const walk = (path: string, type: string, v: unknown) => {
    if (out.length >= max) return
    const arr = /^(.*)\[(\d*)\]$/.exec(type)
    if (arr && Array.isArray(v)) {
      if (v.length === 0) out.push({ path, type, value: '[] (empty)' })
      v.forEach((x, i) => walk(`${path}[${i}]`, arr[1]!, x))
    } else if (td.types[type] && isObject(v)) {
      for (const f of td.types[type]) walk(`${path}.${f.name}`, f.type, (v as Record<string, unknown>)[f.name])
    } else out.push({ path, type, value: type === 'address' ? Address.checksum(String(v) as Address.Address) : typeof v === 'bigint' ? v.toString() : String(v) })
  }
  walk('domain', 'EIP712Domain', td.domain)
  if (td.primaryType !== 'EIP712Domain') walk('message', td.primaryType, td.message)
  return out
}

export interface PermitInfo {
  kind: 'EIP-2612 Permit' | 'Permit2 PermitSingle' | 'Permit2 PermitBatch' | 'Permit2 PermitTransferFrom' | 'Permit2 PermitBatchTransferFrom' | 'Permit2 PermitWitnessTransferFrom'
  spender: string
  /** Token contract: the verifying contract (EIP-2612) or the token field (Permit2). */
  tokens: { token: string; amount: bigint; amountText: string }[]
  /** Seconds since the epoch, and as an ISO date. */
  deadline?: { seconds: bigint; iso: string; expired: boolean }
  expiration?: { seconds: bigint; iso: string; expired: boolean }
  owner?: string
}

const MAX160 = 2n ** 160n - 1n
const MAX256 = 2n ** 256n - 1n

/** Formats an approval amount: unlimited for the max values, else raw and as 18-decimals. */
export function formatAmount(amount: bigint): string {
  if (amount === MAX256) return 'unlimited (2^256 - 1)'
  if (amount === MAX160) return 'unlimited (2^160 - 1, Permit2 max)'
  return `${Units.format(amount, 0, 'grouped')} base units (= ${Units.format(amount, 18, 'grouped')} if the token has 18 decimals, ${Units.format(amount, 6, 'grouped')} if 6)`
}

function time(s: bigint, now: Date) {
  const ms = s * 1000n
  const iso = ms > 8_640_000_000_000_000n ? 'never (beyond the year 275760)' : new Date(Number(ms)).toISOString()
  return { seconds: s, iso, expired: ms < BigInt(now.getTime()) }
}

/** Recognises EIP-2612 Permit and Uniswap Permit2 messages by their struct shapes. */
export function detectPermit(td: Input, now: Date = new Date()): PermitInfo | undefined {
  const m = td.message as Record<string, any>
  const names = (t: string) => (td.types[t] ?? []).map((f) => f.name).sort().join(',')
  const cs = (a: unknown) => (typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a) ? Address.checksum(a as Address.Address) : String(a))
  const tok = (token: string, amount: bigint) => ({ token: cs(token), amount, amountText: formatAmount(amount) })
  switch (td.primaryType) {
    case 'Permit':
      if (names('Permit') === 'deadline,nonce,owner,spender,value')
        return { kind: 'EIP-2612 Permit', owner: cs(m.owner), spender: cs(m.spender), tokens: [tok(String(td.domain.verifyingContract ?? '(domain has no verifyingContract)'), m.value)], deadline: time(m.deadline, now) }
      return undefined
    case 'PermitSingle':
      if (m.details && 'spender' in m)
        return { kind: 'Permit2 PermitSingle', spender: cs(m.spender), tokens: [tok(m.details.token, m.details.amount)], deadline: time(m.sigDeadline, now), expiration: time(m.details.expiration, now) }
      return undefined
    case 'PermitBatch':
      if (Array.isArray(m.details) && 'spender' in m)
        return { kind: 'Permit2 PermitBatch', spender: cs(m.spender), tokens: m.details.map((d: any) => tok(d.token, d.amount)), deadline: time(m.sigDeadline, now) }
      return undefined
    case 'PermitTransferFrom':
    case 'PermitWitnessTransferFrom':
      if (m.permitted && 'spender' in m)
        return { kind: `Permit2 ${td.primaryType}`, spender: cs(m.spender), tokens: [tok(m.permitted.token, m.permitted.amount)], deadline: time(m.deadline, now) }
      return undefined
    case 'PermitBatchTransferFrom':
      if (Array.isArray(m.permitted) && 'spender' in m)
        return { kind: 'Permit2 PermitBatchTransferFrom', spender: cs(m.spender), tokens: m.permitted.map((d: any) => tok(d.token, d.amount)), deadline: time(m.deadline, now) }
      return undefined
    default:
      return undefined
  }
}

/** JSON text for cast / wallets: bigints as decimal strings. */
export function toJson(td: Input): string {
  return JSON.stringify({ types: td.types, primaryType: td.primaryType, domain: td.domain, message: td.message }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
}

function wrap<T>(f: () => T): T {
  try {
    return f()
  } catch (e) {
    if (e instanceof BaseError) throw e
    throw new InvalidTypedDataError(`The typed data cannot be encoded: ${(e as { shortMessage?: string }).shortMessage ?? (e as Error).message}`, ['Check the types and values against EIP-712.'])
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
function short(v: unknown): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : String(v)
  return s.length > 40 ? `${s.slice(0, 40)}…` : s
}

export class InvalidTypedDataError extends BaseError {
  constructor(message: string, hints: string[]) {
    super('TypedDataView.InvalidTypedDataError', message, { hints })
  }
}

export class InvalidValueError extends BaseError {
  constructor(path: string, problem: string, hint: string) {
    super('TypedDataView.InvalidValueError', `${path} ${problem}.`, { hints: [hint] })
  }
}

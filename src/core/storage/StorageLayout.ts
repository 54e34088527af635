/**
 * A contract's storage read by variable name (issue 25): a storage layout (solc's
 * `storageLayout` output, `forge inspect <C> storageLayout --json`, an artifact or compiler
 * output carrying one, and ERC-7201 namespaces in OpenZeppelin's `namespaces` form) is parsed,
 * and every variable is decoded from the 32-byte words of its slots: value types (packed, at
 * their offset), `string`/`bytes` short and long, fixed and dynamic arrays (the first N
 * elements and the length), structs, and mappings at the keys a person gives. Decoding is
 * pure: it takes a word reader and says which slots it still needs (`decode` → `missing`),
 * so a caller reads those and decodes again (`StorageRead.read` over a node).
 *
 * @example
 * const layout = StorageLayout.parse(json)
 * let words = new Map(); let r = StorageLayout.decode(layout, words, {})
 * // read r.missing, add them to words, decode again until r.missing is empty
 */
import { Hash } from 'ox'
import { BaseError } from '../Errors'
import * as JsonText from '../format/JsonText'
import * as AddressCheck from '../address/AddressCheck'
import * as SolidityValue from '../hash/SolidityValue'
import * as StorageSlot from '../hash/StorageSlot'

export interface Entry {
  label: string
  /** Decimal slot, relative to the layout's root (0, or a namespace's root). */
  slot: string
  offset: number
  type: string
}

export interface TypeInfo {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes'
  label: string
  numberOfBytes: string
  base?: string
  key?: string
  value?: string
  members?: Entry[]
}

export interface Namespace {
  /** `erc7201:<id>`. */
  id: string
  root: bigint
  storage: Entry[]
}

export interface Layout {
  storage: Entry[]
  types: Record<string, TypeInfo>
  namespaces: Namespace[]
}

export interface Decoded {
  /** The variable's path: `balances[0xAb…]`, `config.owner`, `items[2]`. */
  label: string
  /** The type as the source writes it (`uint256`, `mapping(address => uint256)`). */
  type: string
  /** Where it starts: the 32-byte slot word and the byte offset in it. */
  slot: StorageSlot.Slot
  offset: number
  /** The decoded value; absent for structs, arrays and mappings (their children carry it). */
  value?: string
  /** Elements, members or mapping entries, in order. */
  children?: Decoded[]
  /** A remark: "length 5, first 3 shown", "long form, 80 bytes in 3 slots". */
  note?: string
}

export interface DecodeOptions {
  /** Mapping keys: the mapping's path (`balances`, `cfg.roles`) → the key paths to read (one key per level). */
  keys?: Record<string, string[][]>
  /** Elements shown of each array (default 5). */
  arrayItems?: number
  /** Longest string or bytes read whole (default 4096 bytes). */
  maxBytes?: number
}

/** Reads a slot's word: undefined while not yet read. */
export type Words = ReadonlyMap<bigint, bigint>

interface Holder { storage: unknown; types: unknown }
const isHolder = (v: unknown): v is Holder => !!v && typeof v === 'object' && Array.isArray((v as Holder).storage) && typeof (v as Holder).types === 'object'

/** Every object in `value` that holds a layout, with a name where the shape gives one. */
function candidates(value: unknown, name = '', out: { name: string; layout: Holder & { namespaces?: unknown } }[] = [], depth = 0): typeof out {
  if (!value || typeof value !== 'object' || depth > 6) return out
  if (isHolder(value)) {
    out.push({ name, layout: value })
    return out
  }
  for (const [k, v] of Object.entries(value)) candidates(v, k === 'storageLayout' || k === 'layout' ? name : k, out, depth + 1)
  return out
}

function entries(v: unknown, where: string): Entry[] {
  if (!Array.isArray(v)) throw new InvalidLayoutError(`${where} is not a list of variables.`)
  return v.map((e, i) => {
    const o = e as Record<string, unknown>
    if (!o || typeof o.label !== 'string' || typeof o.type !== 'string' || (typeof o.slot !== 'string' && typeof o.slot !== 'number'))
      throw new InvalidLayoutError(`${where}[${i}] needs a label, a slot and a type.`)
    return { label: o.label, slot: slotOf(o.slot, `${where}[${i}] "${o.label}"`), offset: offsetOf(o.offset, `${where}[${i}] "${o.label}"`), type: o.type }
  })
}

/** A variable's (or member's) slot as a decimal string: a whole number, decimal as solc writes it (or 0x-hex); anything else is refused, naming the variable. */
function slotOf(v: unknown, who: string): string {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) && v >= 0 ? String(v) : '') : String(v).trim()
  if (!/^(\d+|0x[0-9a-fA-F]+)$/.test(s) || BigInt(s) >= 2n ** 256n)
    throw new InvalidLayoutError(`${who}: slot ${JSON.stringify(v)} is not a slot. A slot must be a whole number from 0 below 2^256, in decimal as solc writes it ("0", "1", …) or 0x-hex.`)
  return BigInt(s).toString()
}

/** A variable's byte offset in its slot: a whole number from 0 to 31 (0 when absent). */
function offsetOf(v: unknown, who: string): number {
  const n = v === undefined ? 0 : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 31)
    throw new InvalidLayoutError(`${who}: offset ${JSON.stringify(v)} is not a byte offset. An offset must be a whole number from 0 to 31.`)
  return n
}

/**
 * Parses a layout from text: `{storage, types}` (solc, forge inspect), anything holding one
 * (`storageLayout` of an artifact, compiler output: `contract` picks among several), and
 * `namespaces: { "erc7201:<id>": [variables] }` whose slots count from the ERC-7201 root.
 */
export function parse(text: string, contract = ''): Layout {
  if (text.trim() === '') throw new InvalidLayoutError('Paste a storage layout.')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new InvalidLayoutError(`The layout is not valid JSON: ${JsonText.problem(text, e)}.`)
  }
  const found = candidates(json)
  if (!found.length) throw new InvalidLayoutError('No storage layout found: expected "storage" and "types" (solc storageLayout, forge inspect <C> storageLayout --json).')
  const named = contract ? found.filter((f) => f.name === contract) : found
  if (contract && !named.length) throw new InvalidLayoutError(`No layout for "${contract}"; the layouts are: ${found.map((f) => f.name || '(unnamed)').join(', ')}.`)
  if (named.length > 1) throw new SeveralLayoutsError(named.map((f) => f.name || '(unnamed)'))
  const raw = named[0]!.layout
  const types = Object.fromEntries(Object.entries((raw.types ?? {}) as Record<string, Partial<TypeInfo>>).map(([id, t]) => [id, filled(id, t)]))
  const namespaces = Object.entries((raw.namespaces ?? {}) as Record<string, unknown>).map(([id, list]) => {
    const m = /^erc7201:(.+)$/.exec(id)
    if (!m) throw new InvalidLayoutError(`Namespace "${id}" is not of the form erc7201:<id>.`)
    return { id, root: BigInt(StorageSlot.erc7201(m[1]!)), storage: entries(list, `namespaces["${id}"]`) }
  })
  const layout = { storage: entries(raw.storage, 'storage'), types, namespaces }
  for (const e of [...layout.storage, ...namespaces.flatMap((n) => n.storage)]) typeOf(layout, e.type)
  return layout
}

/** Splits `t_address,t_mapping(t_uint256,t_bool)` at its top-level commas. */
function splitIds(list: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++
    else if (list[i] === ')') depth--
    else if (list[i] === ',' && depth === 0) {
      out.push(list.slice(start, i))
      start = i + 1
    }
  }
  out.push(list.slice(start))
  return out
}

/**
 * A type as solc describes it. OpenZeppelin's upgrade manifests leave out `encoding`, `key`,
 * `value` and `base`; solc's type ids say them (`t_mapping(t_address,t_uint256)`,
 * `t_array(t_uint64)dyn_storage`, `t_string_storage`), so they are read from the id.
 */
function filled(id: string, t: Partial<TypeInfo>): TypeInfo {
  const members = t.members === undefined ? undefined : entries(t.members, `types["${id}"].members`)
  const base = { label: t.label ?? id, numberOfBytes: t.numberOfBytes ?? '32', ...(members ? { members } : {}) }
  if (t.encoding) return { ...t, ...base, encoding: t.encoding }
  const mapping = /^t_mapping\((.+)\)$/.exec(id)
  if (mapping) {
    const [key, value] = splitIds(mapping[1]!)
    return { ...base, encoding: 'mapping', key: key!, value: value! }
  }
  const array = /^t_array\((.+)\)(dyn|\d+)_storage$/.exec(id)
  if (array) return { ...base, encoding: array[2] === 'dyn' ? 'dynamic_array' : 'inplace', base: array[1]! }
  if (/^t_(string|bytes)_(storage|memory)/.test(id)) return { ...base, encoding: 'bytes' }
  return { ...base, encoding: 'inplace' }
}

/** The ERC-7201 root of `erc7201:<id>` (the `@custom:storage-location` annotation's value). */
export function namespaceRoot(annotation: string): StorageSlot.Slot {
  return StorageSlot.erc7201(annotation.replace(/^erc7201:/, ''))
}

function typeOf(layout: Layout, id: string): TypeInfo {
  const t = layout.types[id]
  if (!t) throw new InvalidLayoutError(`The type "${id}" is used but not described in "types".`)
  return t
}

const WORD = 2n ** 256n
const keccak = (slot: bigint): bigint => BigInt(Hash.keccak256(StorageSlot.toWord(slot)))

interface Ctx {
  layout: Layout
  words: Words
  missing: Set<bigint>
  options: Required<Omit<DecodeOptions, 'keys'>> & { keys: Record<string, string[][]> }
}

function word(ctx: Ctx, slot: bigint): bigint | undefined {
  const s = ((slot % WORD) + WORD) % WORD
  const w = ctx.words.get(s)
  if (w === undefined) ctx.missing.add(s)
  return w
}

/** A value type's text from its bytes (right-aligned integer `v` of `size` bytes). */
export function formatValue(label: string, v: bigint, size: number): string {
  if (label === 'bool') return v === 0n ? 'false' : 'true'
  if (/^(address|contract )/.test(label)) return AddressCheck.checksum(`0x${v.toString(16).padStart(40, '0')}`)
  if (/^int\d*$/.test(label)) {
    const bits = BigInt(size * 8)
    return (v >= 1n << (bits - 1n) ? v - (1n << bits) : v).toString()
  }
  if (/^(uint\d*|enum )/.test(label)) return v.toString()
  return `0x${v.toString(16).padStart(size * 2, '0')}`
}

function decodeBytes(ctx: Ctx, t: TypeInfo, slot: bigint): Pick<Decoded, 'value' | 'note'> {
  const w = word(ctx, slot)
  if (w === undefined) return {}
  let hex: string
  let note: string
  if ((w & 1n) === 0n) {
    const len = Number((w & 0xffn) / 2n)
    hex = w.toString(16).padStart(64, '0').slice(0, len * 2)
    note = `short form, ${len} byte${len === 1 ? '' : 's'} in the slot`
  } else {
    const len = Number((w - 1n) / 2n)
    const shown = Math.min(len, ctx.options.maxBytes)
    const start = keccak(slot)
    const parts: string[] = []
    for (let i = 0; i * 32 < shown; i++) {
      const d = word(ctx, start + BigInt(i))
      if (d !== undefined) parts.push(d.toString(16).padStart(64, '0'))
    }
    if (parts.length * 32 < shown) return {}
    hex = parts.join('').slice(0, shown * 2)
    note = `long form, ${len} bytes from slot keccak256(slot)${shown < len ? `, first ${shown} shown` : ''}`
  }
  if (t.label !== 'string') return { value: `0x${hex}`, note }
  const bytes = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16))
  return { value: new TextDecoder('utf-8', { fatal: false }).decode(bytes), note }
}

/** Where element i of an array whose elements are `size` bytes lives, from `start`. */
function element(start: bigint, i: number, size: number): { slot: bigint; offset: number } {
  if (size <= 16) {
    const per = Math.floor(32 / size)
    return { slot: start + BigInt(Math.floor(i / per)), offset: (i % per) * size }
  }
  return { slot: start + BigInt(i * Math.ceil(size / 32)), offset: 0 }
}

function decodeArray(ctx: Ctx, t: TypeInfo, slot: bigint, label: string): Pick<Decoded, 'children' | 'note'> {
  const base = typeOf(ctx.layout, t.base!)
  const size = Number(base.numberOfBytes)
  let start = slot
  let total: bigint
  if (t.encoding === 'dynamic_array') {
    const w = word(ctx, slot)
    if (w === undefined) return {}
    total = w
    start = keccak(slot)
  } else total = BigInt(/\[(\d+)\]$/.exec(t.label)?.[1] ?? '0')
  const length = Number(total < BigInt(ctx.options.arrayItems) ? total : BigInt(ctx.options.arrayItems))
  const children: Decoded[] = []
  for (let i = 0; i < length; i++) {
    const at = element(start, i, size)
    children.push(decodeAt(ctx, t.base!, at.slot, at.offset, `${label}[${i}]`))
  }
  return { children, note: `length ${total}${BigInt(length) < total ? `, first ${length} shown` : ''}` }
}

function decodeMapping(ctx: Ctx, t: TypeInfo, slot: bigint, label: string, path: string): Pick<Decoded, 'children' | 'note'> {
  const keyPaths = ctx.options.keys[path] ?? []
  if (!keyPaths.length) return { note: 'a mapping: give keys to read entries' }
  const children: Decoded[] = []
  for (const keys of keyPaths) {
    let current = slot
    let type = t
    let id = ''
    let name = label
    for (const key of keys) {
      if (type.encoding !== 'mapping') throw new KeyError(path, `has ${keys.length} key${keys.length === 1 ? '' : 's'} given, more than its mapping levels`)
      const keyLabel = typeOf(ctx.layout, type.key!).label
      const keyType = SolidityValue.parseType(/^(contract |address payable)/.test(keyLabel) ? 'address' : /^enum /.test(keyLabel) ? 'uint8' : keyLabel)
      let value: SolidityValue.Value
      try {
        value = SolidityValue.parseValue(keyType, key)
      } catch (e) {
        throw new KeyError(path, `key "${key}" is not of type ${keyLabel}: ${(e as Error).message}`)
      }
      current = BigInt(StorageSlot.mapping(current, [{ type: keyType, value, text: key }])[0]!.slot)
      name = `${name}[${keyType.kind === 'address' ? AddressCheck.checksum(value as string) : key}]`
      id = type.value!
      type = typeOf(ctx.layout, id)
    }
    children.push(decodeAt(ctx, id, current, 0, name, `${path}[]`))
  }
  return { children }
}

/** Decodes the variable of type `id` at `slot` (and `offset`), named `label`; `path` keys mappings' keys. */
function decodeAt(ctx: Ctx, id: string, slot: bigint, offset: number, label: string, path = label.replace(/\[[^\]]*\]/g, '[]')): Decoded {
  const t = typeOf(ctx.layout, id)
  const out: Decoded = { label, type: t.label, slot: StorageSlot.toWord(slot), offset }
  if (t.encoding === 'mapping') return { ...out, ...decodeMapping(ctx, t, slot, label, path) }
  if (t.encoding === 'bytes') return { ...out, ...decodeBytes(ctx, t, slot) }
  if (t.encoding === 'dynamic_array' || (t.base && /\]$/.test(t.label))) return { ...out, ...decodeArray(ctx, t, slot, label) }
  if (t.members) return { ...out, children: t.members.map((m) => decodeAt(ctx, m.type, slot + BigInt(m.slot), m.offset, `${label}.${m.label}`, `${path}.${m.label}`)) }
  const size = Number(t.numberOfBytes)
  const w = word(ctx, slot)
  if (w === undefined) return out
  const v = (w >> BigInt(offset * 8)) & ((1n << BigInt(size * 8)) - 1n)
  return { ...out, value: formatValue(t.label, v, size) }
}

/**
 * Decodes every variable of the layout from `words`. `missing` lists the slots still to read:
 * read them, add them to `words`, and decode again until it is empty (each round reaches one
 * level deeper: a dynamic array's length, then its elements).
 */
export function decode(layout: Layout, words: Words, options: DecodeOptions = {}): { variables: Decoded[]; missing: bigint[] } {
  const ctx: Ctx = { layout, words, missing: new Set(), options: { arrayItems: options.arrayItems ?? 5, maxBytes: options.maxBytes ?? 4096, keys: options.keys ?? {} } }
  const variables = layout.storage.map((e) => decodeAt(ctx, e.type, BigInt(e.slot), e.offset, e.label))
  for (const ns of layout.namespaces)
    variables.push({
      label: ns.id,
      type: 'ERC-7201 namespace',
      slot: StorageSlot.toWord(ns.root),
      offset: 0,
      note: `root keccak256(abi.encode(uint256(keccak256("${ns.id.slice(8)}")) - 1)) & ~bytes32(uint256(0xff))`,
      children: ns.storage.map((e) => decodeAt(ctx, e.type, ns.root + BigInt(e.slot), e.offset, e.label)),
    })
  return { variables, missing: [...ctx.missing] }
}

/** Every decoded node, depth first, with its depth (0 for a variable). */
export function flatten(vars: readonly Decoded[], depth = 0): { node: Decoded; depth: number }[] {
  return vars.flatMap((node) => [{ node, depth }, ...flatten(node.children ?? [], depth + 1)])
}

/**
 * Mapping keys from text, one key path per line: `balances: 0xAb…` or, for nested mappings,
 * `allowances: 0xOwner…, 0xSpender…` (a mapping in a struct: `cfg.roles: 1`).
 */
export function parseKeys(text: string): Record<string, string[][]> {
  const out: Record<string, string[][]> = {}
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith('//')) continue
    const m = /^([A-Za-z_$][\w$]*(?:(?:\.[A-Za-z_$][\w$]*)|\[\])*)\s*[:=]\s*(.+)$/.exec(line)
    if (!m) throw new KeysTextError(i + 1, line)
    const path = m[1]!
    ;(out[path] ??= []).push(m[2]!.split(',').map((k) => k.trim()).filter(Boolean))
  }
  return out
}

export class InvalidLayoutError extends BaseError {
  constructor(message: string) {
    super('StorageLayout.InvalidLayoutError', message, { hints: ['Paste solc\'s "storageLayout" output, `forge inspect <Contract> storageLayout --json`, or an artifact carrying it.'], field: 'layout' })
  }
}

export class SeveralLayoutsError extends BaseError {
  constructor(readonly names: string[]) {
    super('StorageLayout.SeveralLayoutsError', `The text holds layouts of several contracts: ${names.join(', ')}.`, { hints: ['Name the contract to read.'], field: 'contract' })
  }
}

export class KeyError extends BaseError {
  constructor(path: string, what: string) {
    super('StorageLayout.KeyError', `${path}: ${what}.`, { field: 'keys' })
  }
}

export class KeysTextError extends BaseError {
  constructor(line: number, text: string) {
    super('StorageLayout.KeysTextError', `Line ${line} ("${text.slice(0, 40)}") is not "<mapping>: <key>, <key>…".`, { hints: ['Write one key path per line, e.g. balances: 0xf39F… or allowance: 0xOwner…, 0xSpender….'], field: 'keys' })
  }
}

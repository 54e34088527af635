/**
 * Names raw storage slots from a storage layout (issue 25): the slots a simulation's storage
 * diff or a debugger's storage panel shows are labelled with the variables that live there.
 * Direct variables (several per slot when packed, each with its byte offset), struct members,
 * elements of fixed and dynamic arrays (`arr[i]`, for i below a bound), the data words of
 * long `string`/`bytes` (`s (data word 1)`), ERC-7201 namespaces, and mapping entries at the
 * keys a person gives or whose keccak256 preimages are known (the inputs of a trace's SHA3
 * ops: `key ‖ slot`). A slot nothing names is left out.
 *
 * @example
 * const names = SlotNames.name(layout, ['0x0…0', '0x290d…'], { keys: { balances: [['0xAb…']] } })
 * names.get('0x…')  // [{ label: 'small', type: 'uint8', offset: 0, size: 1 }, …]
 */
import { Hash } from 'ox'
import * as AddressCheck from '../address/AddressCheck'
import * as SolidityValue from '../hash/SolidityValue'
import * as StorageSlot from '../hash/StorageSlot'
import * as StorageLayout from './StorageLayout'

export interface SlotName {
  /** `small`, `s.who`, `dyn[3]`, `balances[0xAb…]`, `longStr (data word 0)`. */
  label: string
  type: string
  /** Byte offset in the slot (from the right, as solc counts). */
  offset: number
  /** Bytes the value takes (32 for a whole word or data word). */
  size: number
}

export interface NameOptions {
  /** Mapping keys, as StorageLayout.parseKeys gives them: mapping path → key paths. */
  keys?: Record<string, string[][]>
  /** keccak256 inputs seen (hex): a mapping entry's is `key ‖ slot`, its last 32 bytes the mapping's slot (a value-type key one word, a string or bytes key its bytes, 1 or more). */
  preimages?: readonly string[]
  /** Highest dynamic-array index named, exclusive (default 10,000); long string/bytes data words likewise. */
  bound?: number
}

const WORD = 2n ** 256n
const wrap = (v: bigint) => ((v % WORD) + WORD) % WORD
const keccak = (slot: bigint): bigint => BigInt(Hash.keccak256(StorageSlot.toWord(slot)))

interface Region {
  start: bigint
  /** Slots it covers. */
  slots: bigint
  label: string
  /** The element type id, or undefined for string/bytes data. */
  elem: string | undefined
  per: number
  slotsPer: number
}

interface Ctx {
  layout: StorageLayout.Layout
  direct: Map<bigint, SlotName[]>
  regions: Region[]
  keys: Record<string, string[][]>
  /** Mapping slot → preimages (hex without 0x) ending in it. */
  pre: Map<bigint, string[]>
  bound: bigint
  /** Region elements already expanded (`region label[i]`). */
  expanded: Set<string>
}

const typeOf = (ctx: Ctx, id: string) => {
  const t = ctx.layout.types[id]
  if (!t) throw new StorageLayout.InvalidLayoutError(`The type "${id}" is used but not described in "types".`)
  return t
}

function add(ctx: Ctx, slot: bigint, n: SlotName) {
  const s = wrap(slot)
  const list = ctx.direct.get(s) ?? []
  if (!list.some((x) => x.label === n.label)) list.push(n)
  ctx.direct.set(s, list)
}

/** Registers the variable of type `id` at `slot`: its words, its arrays' and texts' regions, its mapping entries at known keys. */
function walk(ctx: Ctx, id: string, slot: bigint, offset: number, label: string, path: string, pending?: string[][]) {
  const t = typeOf(ctx, id)
  if (t.encoding === 'mapping') return walkMapping(ctx, t, slot, label, path, pending ?? ctx.keys[path] ?? [])
  if (t.encoding === 'bytes') {
    add(ctx, slot, { label, type: t.label, offset: 0, size: 32 })
    ctx.regions.push({ start: keccak(wrap(slot)), slots: ctx.bound, label, elem: undefined, per: 1, slotsPer: 1 })
    return
  }
  if (t.encoding === 'dynamic_array' || (t.base && /\]$/.test(t.label))) {
    const size = Number(typeOf(ctx, t.base!).numberOfBytes)
    const per = size <= 16 ? Math.floor(32 / size) : 1
    const slotsPer = size <= 16 ? 1 : Math.ceil(size / 32)
    const dyn = t.encoding === 'dynamic_array'
    const count = dyn ? ctx.bound : BigInt(/\[(\d+)\]$/.exec(t.label)?.[1] ?? '0')
    if (dyn) add(ctx, slot, { label: `${label}.length`, type: 'uint256', offset: 0, size: 32 })
    const slots = per > 1 ? (count + BigInt(per) - 1n) / BigInt(per) : count * BigInt(slotsPer)
    ctx.regions.push({ start: dyn ? keccak(wrap(slot)) : wrap(slot), slots, label, elem: t.base!, per, slotsPer })
    return
  }
  if (t.members) {
    for (const m of t.members) walk(ctx, m.type, slot + BigInt(m.slot), m.offset, `${label}.${m.label}`, `${path}.${m.label}`)
    return
  }
  add(ctx, slot, { label, type: t.label, offset, size: Number(t.numberOfBytes) })
}

function keyText(ctx: Ctx, keyId: string, hex: string): string {
  const k = typeOf(ctx, keyId)
  if (k.encoding === 'bytes') {
    if (k.label !== 'string') return `0x${hex}`
    const bytes = new Uint8Array(hex.length / 2).map((_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16))
    return JSON.stringify(new TextDecoder().decode(bytes))
  }
  const size = Number(k.numberOfBytes)
  const v = BigInt(`0x${hex || '0'}`)
  // bytesN keys sit left-aligned in their word
  return /^bytes\d+$/.test(k.label) ? StorageLayout.formatValue(k.label, v >> BigInt((32 - size) * 8), size) : StorageLayout.formatValue(k.label, v & ((1n << BigInt(size * 8)) - 1n), size)
}

function walkMapping(ctx: Ctx, t: StorageLayout.TypeInfo, slot: bigint, label: string, path: string, keyPaths: string[][]) {
  const done = new Set<bigint>()
  const keyLabel = typeOf(ctx, t.key!).label
  const keyType = SolidityValue.parseType(/^(contract |address payable)/.test(keyLabel) ? 'address' : /^enum /.test(keyLabel) ? 'uint8' : keyLabel)
  const firsts = new Map<string, string[][]>()
  for (const keys of keyPaths) if (keys.length) firsts.set(keys[0]!, [...(firsts.get(keys[0]!) ?? []), ...(keys.length > 1 ? [keys.slice(1)] : [])])
  for (const [key, rest] of firsts) {
    let value: SolidityValue.Value
    try {
      value = SolidityValue.parseValue(keyType, key)
    } catch (e) {
      throw new StorageLayout.KeyError(path, `key "${key}" is not of type ${keyLabel}: ${(e as Error).message}`)
    }
    const child = BigInt(StorageSlot.mapping(wrap(slot), [{ type: keyType, value, text: key }])[0]!.slot)
    done.add(child)
    walk(ctx, t.value!, child, 0, `${label}[${keyType.kind === 'address' ? AddressCheck.checksum(value as string) : key}]`, `${path}[]`, rest)
  }
  const bytesKey = typeOf(ctx, t.key!).encoding === 'bytes'
  for (const p of ctx.pre.get(wrap(slot)) ?? []) {
    // a value-type key is one word; a string or bytes key is its bytes, of any length
    if (!bytesKey && p.length !== 128) continue
    const child = BigInt(Hash.keccak256(`0x${p}`))
    if (done.has(child)) continue
    done.add(child)
    walk(ctx, t.value!, child, 0, `${label}[${keyText(ctx, t.key!, p.slice(0, -64))}]`, `${path}[]`)
  }
}

/** Names `slot` from a region it falls in, expanding the element there; false when none holds it. */
function fromRegion(ctx: Ctx, slot: bigint): boolean {
  for (const r of [...ctx.regions]) {
    const d = wrap(slot - r.start)
    if (d >= r.slots) continue
    if (r.elem === undefined) {
      add(ctx, slot, { label: `${r.label} (data word ${d})`, type: 'bytes', offset: 0, size: 32 })
      return true
    }
    const size = Number(typeOf(ctx, r.elem).numberOfBytes)
    const at = `${r.label}[${r.per > 1 ? d : d / BigInt(r.slotsPer)}]`
    if (ctx.expanded.has(at)) continue
    ctx.expanded.add(at)
    if (r.per > 1) {
      for (let j = 0; j < r.per; j++) walk(ctx, r.elem, slot, j * size, `${r.label}[${d * BigInt(r.per) + BigInt(j)}]`, `${r.label.replace(/\[[^\]]*\]/g, '[]')}[]`)
    } else {
      const i = d / BigInt(r.slotsPer)
      walk(ctx, r.elem, r.start + i * BigInt(r.slotsPer), 0, `${r.label}[${i}]`, `${r.label.replace(/\[[^\]]*\]/g, '[]')}[]`)
    }
    return true
  }
  return false
}

/**
 * Names each of `slots` (hex) that the layout places: the result maps each named slot, as a
 * 32-byte lowercase hex word, to the variables in it (packed ones by offset).
 */
export function name(layout: StorageLayout.Layout, slots: readonly string[], options: NameOptions = {}): Map<StorageSlot.Slot, SlotName[]> {
  const pre = new Map<bigint, string[]>()
  for (const raw of options.preimages ?? []) {
    const p = raw.replace(/^0x/, '').toLowerCase()
    if (p.length < 66 || p.length % 2 !== 0 || !/^[0-9a-f]*$/.test(p)) continue
    const at = BigInt(`0x${p.slice(-64)}`)
    pre.set(at, [...(pre.get(at) ?? []), p])
  }
  const ctx: Ctx = { layout, direct: new Map(), regions: [], keys: options.keys ?? {}, pre, bound: BigInt(options.bound ?? 10_000), expanded: new Set() }
  for (const e of layout.storage) walk(ctx, e.type, BigInt(e.slot), e.offset, e.label, e.label)
  for (const ns of layout.namespaces) for (const e of ns.storage) walk(ctx, e.type, ns.root + BigInt(e.slot), e.offset, `${ns.id}.${e.label}`, e.label)
  const wanted = [...new Set(slots.map((raw) => wrap(BigInt(raw))))]
  // an element may be a struct, array or long text itself, whose slot (met later in the list)
  // opens a region for an earlier one: passes go on while they name something new
  for (let pass = 0, named = -1; pass < 8 && named !== ctx.direct.size; pass++) {
    named = ctx.direct.size
    for (const s of wanted) for (let round = 0; round < 8 && !ctx.direct.has(s); round++) if (!fromRegion(ctx, s)) break
  }
  const out = new Map<StorageSlot.Slot, SlotName[]>()
  for (const s of wanted) {
    const found = ctx.direct.get(s)
    if (found) out.set(StorageSlot.toWord(s), [...found].sort((a, b) => a.offset - b.offset))
  }
  return out
}

/** Types whose value sits whole in its bytes of the slot (the rest, texts and data words, are not read from one word). */
const VALUE_TYPE = /^(bool|address|address payable|contract \S+|u?int\d*|enum \S+|bytes([1-9]|[12]\d|3[0-2]))$/

/**
 * A slot's variables as the source reads them in one storage word (a 32-byte hex word or a
 * bigint): `33` for a variable that takes the slot alone, `small = 1, neg = -2` for packed ones,
 * each cut from its bytes (offset from the right, as solc places them) and shown by its type
 * (StorageLayout.formatValue: integers signed or not, addresses checksummed, bool, fixed bytes).
 * Only value types are read; undefined when the slot holds none (a text's slot, a data word).
 */
export function read(names: readonly SlotName[], word: string | bigint): string | undefined {
  let w: bigint
  try {
    w = typeof word === 'bigint' ? word : BigInt(word)
  } catch {
    return undefined
  }
  if (w < 0n || w >= WORD) return undefined
  const read = names.filter((n) => VALUE_TYPE.test(n.type) && n.size >= 1 && n.size <= 32 && n.offset >= 0 && n.offset + n.size <= 32)
  if (!read.length) return undefined
  const one = (n: SlotName) => StorageLayout.formatValue(n.type, (w >> BigInt(n.offset * 8)) & ((1n << BigInt(n.size * 8)) - 1n), n.size)
  return names.length === 1 && read.length === 1 ? one(read[0]!) : read.map((n) => `${n.label} = ${one(n)}`).join(', ')
}

/** The names of a slot as one line: `small (offset 0), neg (offset 1), …`; a whole word's name alone. */
export function describe(names: readonly SlotName[]): string {
  return names.map((n) => (names.length > 1 || n.offset > 0 ? `${n.label} (offset ${n.offset})` : n.label)).join(', ')
}

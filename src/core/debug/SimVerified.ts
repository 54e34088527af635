/**
 * A simulation report named by verified sources (#36): once the person ticked the lookup, each
 * contract of the trace has its verified source fetched and checked against the chain's code
 * (`VerifiedAbi.lookupAll`: a mismatch is refused, never used; behind a proxy the
 * implementation's ABI with both names). {@link apply} then names, with no file dropped:
 *
 * - every call frame by the verified ABI of the code it runs (a DELEGATECALL's `to`, a proxy's
 *   implementation ABI for a call to the proxy), its result, and its custom error (the frame's
 *   own verified ABI first, then the trace's other verified ABIs, for an error passed up);
 * - every event by the verified ABI of the address that emitted it;
 * - every changed storage slot by the verified storage layout of the code that runs on that
 *   storage (a proxy's: its implementation's), with `SlotNames`: simple and packed variables,
 *   struct members, array elements, and mapping entries whose keys are values the trace itself
 *   carries (its addresses and decoded arguments): `key ‖ slot` is hashed and a name given only
 *   where keccak256 lands exactly on the changed slot.
 *
 * What the person's own ABIs (pasted or in the library) decoded stays theirs; the verified source
 * replaces only what the offline table or a guess named, and each thing keeps the line that says
 * which source named it. Plain data in and out (the page calls it on the report its worker sent).
 *
 * @example
 * ```ts
 * const many = await VerifiedAbi.lookupAll(o, SimVerified.addressesOf(report))
 * const named = SimVerified.apply(report, many, host)
 * named.root.call?.source       // 'verified source of ERC1967Proxy → Counter: verified source from …, full match'
 * named.named?.slots[proxy]      // { '0x0': 'count', … }
 * ```
 */
import { Hash } from 'ox'
import * as Calldata from '../abi/Calldata'
import type * as Rpc from '../chain/Rpc'
import type * as VerifiedAbi from './VerifiedAbi'
import * as SlotNames from '../storage/SlotNames'
import * as StorageLayout from '../storage/StorageLayout'
import type * as SimReport from '../sim/SimReport'

/** At most this many contracts of one trace are asked of the host. */
export const MAX_ADDRESSES = 40
/** At most this many of the trace's values are tried as mapping keys. */
export const MAX_KEYS = 64

const PRECOMPILE = /^0x0{36}[0-9a-f]{4}$/i
const lower = (a: string) => a.toLowerCase()

/** The contracts of a trace worth asking about: every frame's callee (the code a DELEGATECALL runs too), every emitter, every account whose storage changed; precompiles aside. */
export function addressesOf(report: SimReport.Report): string[] {
  const out = new Set<string>()
  const add = (a: string | undefined) => a && !PRECOMPILE.test(a) && out.size < MAX_ADDRESSES && out.add(lower(a))
  const walk = (f: SimReport.FrameView) => {
    if (f.type !== 'SELFDESTRUCT') add(f.to)
    f.calls.forEach(walk)
  }
  walk(report.root)
  for (const e of report.events) add(e.address)
  for (const s of report.assets.storage) add(s.address)
  return [...out]
}

/** The block whose code the sources are checked against: the state the simulation ran on (`latest` for the pending state). */
export function blockOf(report: SimReport.Report): Rpc.BlockTag {
  const b = report.result.block.stateBlock
  return /^\d+$/.test(b) ? `0x${BigInt(b).toString(16)}` : 'latest'
}

/** The line a thing named by a verified source carries (`TraceView.sourceText` reads it as `the …`). */
export const sourceOf = (n: VerifiedAbi.Named): string => `verified source of ${n.name}: ${n.by}`

/** The person's own ABIs (pasted or from the library), a built-in error or a given signature: kept; the offline table and a guess give way. */
const theirs = (source: string | undefined) => source === 'abi' || source === 'builtin' || source === 'signature'

const args = (a: readonly { name: string; type: string; value: string }[]): SimReport.ArgView[] => a.map((x) => ({ name: x.name, type: x.type, value: x.value }))

function nameCall(f: SimReport.FrameView, n: VerifiedAbi.Named): Pick<SimReport.FrameView, 'call' | 'result'> | undefined {
  if (f.type === 'CREATE' || f.type === 'CREATE2' || f.input.length < 10 || theirs(f.call?.source)) return undefined
  let c: Calldata.Call
  try {
    c = Calldata.decodeCall(f.input, { abis: [n.abi], nested: false, guess: false, table: false })
  } catch {
    return undefined
  }
  const call = { signature: c.signature, human: c.human, source: sourceOf(n), args: args(c.args) }
  let result: SimReport.ArgView[] | undefined
  if (!f.error && c.item.outputs.length && f.output !== '0x')
    try {
      result = args(Calldata.decodeResult(c.item.outputs, f.output))
    } catch {
      /* the output does not fit the ABI's outputs */
    }
  return { call, ...(result ? { result } : {}) }
}

function nameRevert(f: SimReport.FrameView, order: readonly VerifiedAbi.Named[]): SimReport.FrameView['revert'] | undefined {
  if (!f.error || f.output.length < 10 || theirs(f.revert?.source)) return undefined
  for (const n of order)
    try {
      const r = Calldata.decodeError(f.output, { abis: [n.abi], guess: false, table: false })
      if (r.source === 'abi') return { signature: r.signature, ...(r.reason ? { reason: r.reason } : {}), source: sourceOf(n), args: args(r.args) }
    } catch {
      /* not this one's */
    }
  return undefined
}

function nameEvent(e: SimReport.EventView, n: VerifiedAbi.Named | undefined): SimReport.EventView {
  if (!n || theirs(e.source)) return e
  try {
    const d = Calldata.decodeEvent(e.topics, e.data, { abis: [n.abi], guess: false, table: false })
    return { ...e, signature: d.signature, source: sourceOf(n), args: d.args.map((a) => ({ name: a.name, type: a.type, value: a.value })) }
  } catch {
    return e
  }
}

/** Words (hex, 64 digits) the trace carries: its addresses and its decoded value-type arguments, the candidates for mapping keys. */
function wordsOf(report: SimReport.Report): string[] {
  const out = new Set<string>()
  const word = (type: string, value: string) => {
    if (out.size >= MAX_KEYS) return
    try {
      if (type === 'address' && /^0x[0-9a-fA-F]{40}$/.test(value)) out.add(value.slice(2).toLowerCase().padStart(64, '0'))
      else if (/^u?int\d*$/.test(type) && /^-?\d+$/.test(value)) out.add(BigInt.asUintN(256, BigInt(value)).toString(16).padStart(64, '0'))
      else if (type === 'bytes32' && /^0x[0-9a-fA-F]{64}$/.test(value)) out.add(value.slice(2).toLowerCase())
      else if (type === 'bool') out.add((value === 'true' ? 1n : 0n).toString(16).padStart(64, '0'))
    } catch {
      /* not a word */
    }
  }
  const walk = (f: SimReport.FrameView) => {
    word('address', f.from)
    if (f.to) word('address', f.to)
    for (const a of [...(f.call?.args ?? []), ...(f.result ?? [])]) word(a.type, a.value)
    f.calls.forEach(walk)
  }
  walk(report.root)
  for (const e of report.events) {
    word('address', e.address)
    for (const a of e.args ?? []) word(a.type, a.value)
  }
  return [...out]
}

/** `key ‖ slot` for every mapping of the layout (and a mapping's mappings, one level down) and every candidate key: SlotNames keeps those whose hash is a changed slot. */
function preimagesFor(layout: StorageLayout.Layout, words: readonly string[]): string[] {
  const out: string[] = []
  const word = (n: bigint) => n.toString(16).padStart(64, '0')
  for (const e of layout.storage) {
    const t = layout.types[e.type]
    if (t?.encoding !== 'mapping') continue
    const base = word(BigInt(e.slot))
    const inner = layout.types[t.value ?? '']?.encoding === 'mapping'
    for (const k of words) {
      out.push(`${k}${base}`)
      if (inner) {
        const child = Hash.keccak256(`0x${k}${base}`).slice(2)
        for (const k2 of words) out.push(`${k2}${child}`)
      }
    }
  }
  return out
}

/**
 * The report with what the verified sources name (see the module's comment), and `named`: which
 * contract each source named, what was refused or missing and why, and each changed slot's variables.
 */
export function apply(report: SimReport.Report, many: VerifiedAbi.Many, host: string): SimReport.Report {
  const at = (a: string | undefined) => (a ? many.named.get(lower(a)) : undefined)
  const all = [...many.named.values()]
  const walk = (f: SimReport.FrameView): SimReport.FrameView => {
    const own = at(f.to)
    const call = own ? nameCall(f, own) : undefined
    const revert = all.length ? nameRevert(f, own ? [own, ...all.filter((n) => n !== own)] : all) : undefined
    return {
      ...f,
      ...(call ?? {}),
      ...(revert ? { revert } : {}),
      events: f.events.map((e) => nameEvent(e, at(e.address))),
      calls: f.calls.map(walk),
    }
  }
  const root = walk(report.root)
  const contracts: SimReport.Named['contracts'] = {}
  for (const [a, n] of many.named) contracts[a] = { name: n.name, by: n.by }
  const slots: SimReport.Named['slots'] = {}
  const words = report.assets.storage.some((c) => at(c.address)?.layout) ? wordsOf({ ...report, root }) : []
  for (const c of report.assets.storage) {
    const n = at(c.address)
    if (!n?.layout) continue
    try {
      const layout = StorageLayout.parse(JSON.stringify(n.layout))
      const names = SlotNames.name(layout, c.slots.map((s) => s.slot), { bound: 100_000, preimages: preimagesFor(layout, words) })
      const bySlot: Record<string, string> = {}
      const values: Record<string, { before?: string; after?: string }> = {}
      for (const s of c.slots) {
        const found = names.get(`0x${BigInt(s.slot).toString(16).padStart(64, '0')}` as never)
        if (!found) continue
        bySlot[s.slot] = SlotNames.describe(found)
        const before = SlotNames.read(found, s.before)
        const after = SlotNames.read(found, s.after)
        if (before !== undefined || after !== undefined) values[s.slot] = { ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) }
      }
      slots[lower(c.address)] = { names: bySlot, values, by: `the storage layout of the ${sourceOf(n)}` }
    } catch {
      /* a layout SlotNames cannot read names nothing */
    }
  }
  const named: SimReport.Named = {
    host,
    contracts,
    failed: many.failed.map((f) => ({ address: f.address, refused: f.error.name === 'VerifiedSource.MismatchError', message: f.error.message })),
    slots,
  }
  // the events in execution order are the frames' own, renamed
  const events: SimReport.EventView[] = []
  const collect = (f: SimReport.FrameView) => {
    events.push(...f.events)
    f.calls.forEach(collect)
  }
  collect(root)
  events.sort((x, y) => x.index - y.index)
  return { ...report, root, events: events.length === report.events.length ? events : report.events.map((e) => nameEvent(e, at(e.address))), named }
}

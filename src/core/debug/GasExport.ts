/**
 * A transaction's gas per call frame, out of the page: as a speedscope file (its evented
 * profile, the format of https://www.speedscope.app/file-format-schema.json, which forge's and
 * other EVM profilers' flame charts open in too) with gas as the unit, and as CSV. The tree
 * comes from the debugger's GasProfile or from a call trace (callTracer frames, as /simulate
 * has them); the root's gas is the receipt's gas used.
 *
 * A frame's span in the flame chart is its gas used, its callees laid out one after another
 * from its start and its own gas after them. Where a frame's callees used more than the frame
 * itself is charged (a refund larger than the frame's own work lowers the receipt's gas used
 * below its callees' sum), its span is its callees' sum instead: the events stay nested and
 * `overrun` says by how much the file's total exceeds the gas used.
 *
 * @example
 * ```ts
 * const tree = GasExport.treeOfProfile(profile, (f) => `${f.type} ${f.address}`)
 * const file = GasExport.speedscope(tree, { name: 'tx 0xab…', exporter: 'Ether Workbench' })
 * const csv = GasExport.csv(tree)
 * ```
 */
import type * as GasProfile from './GasProfile'

export interface GasNode {
  /** What the flame chart and the CSV call the frame ("CALL Token 0x5FbD…"). */
  name: string
  /** Its gas used, its callees' included. */
  gas: number
  type?: string | undefined
  address?: string | undefined
  failed?: boolean | undefined
  children: GasNode[]
}

/** The debugger's profile as a tree (frames are in call order, each after its parent). */
export function treeOfProfile(p: GasProfile.Profile, nameOf: (f: GasProfile.FrameGas) => string): GasNode | undefined {
  const nodes = new Map<number, GasNode>()
  let root: GasNode | undefined
  for (const f of p.frames) {
    const n: GasNode = { name: nameOf(f), gas: f.gas, type: f.type, address: f.address, failed: f.failed, children: [] }
    nodes.set(f.id, n)
    const parent = nodes.get(f.parent)
    if (parent) parent.children.push(n)
    else root ??= n
  }
  return root
}

/** A call frame as callTracer gives it (CallTrace.Frame), or as a simulation report shows it. */
export interface CallLike<T extends CallLike<T>> {
  type: string
  to?: string | undefined
  gasUsed: string
  error?: string | undefined
  calls?: readonly T[] | undefined
}

/** A call trace as a tree; the root's gas is `gasUsed` (the receipt's), its callees' their own `gasUsed`; a SELFDESTRUCT is no frame (its gas is its caller's, as the debugger counts it). */
export function treeOfCallTrace<T extends CallLike<T>>(root: T, gasUsed: bigint | number, nameOf: (f: T, path: readonly number[]) => string): GasNode {
  const walk = (f: T, path: number[], gas: number): GasNode => ({
    name: nameOf(f, path),
    gas,
    type: f.type,
    address: f.to,
    failed: f.error !== undefined,
    children: (f.calls ?? []).flatMap((c, i) => (c.type === 'SELFDESTRUCT' ? [] : [walk(c, [...path, i], gasOf(c.gasUsed))])),
  })
  return walk(root, [], Number(gasUsed))
}

function gasOf(hex: string): number {
  try {
    return Number(BigInt(hex))
  } catch {
    return 0
  }
}

// ---- speedscope ---------------------------------------------------------------------------------

export const SPEEDSCOPE_SCHEMA = 'https://www.speedscope.app/file-format-schema.json'

export interface SpeedscopeFile {
  $schema: typeof SPEEDSCOPE_SCHEMA
  shared: { frames: { name: string }[] }
  profiles: { type: 'evented'; name: string; unit: 'none'; startValue: number; endValue: number; events: { type: 'O' | 'C'; frame: number; at: number }[] }[]
  name: string
  activeProfileIndex: number
  exporter: string
}

/** One evented profile ("gas" has no unit of speedscope's, so `none`); frames of the same name share an entry. */
export function speedscope(root: GasNode, meta: { name: string; exporter: string }): SpeedscopeFile & { overrun: number } {
  const frames: { name: string }[] = []
  const index = new Map<string, number>()
  const events: SpeedscopeFile['profiles'][number]['events'] = []
  const frameOf = (name: string) => {
    let i = index.get(name)
    if (i === undefined) index.set(name, (i = frames.push({ name }) - 1))
    return i
  }
  const lay = (n: GasNode, at: number): number => {
    const frame = frameOf(n.name)
    events.push({ type: 'O', frame, at })
    let t = at
    for (const c of n.children) t = lay(c, t)
    const end = Math.max(at + n.gas, t)
    events.push({ type: 'C', frame, at: end })
    return end
  }
  const end = lay(root, 0)
  return {
    $schema: SPEEDSCOPE_SCHEMA,
    shared: { frames },
    profiles: [{ type: 'evented', name: meta.name, unit: 'none', startValue: 0, endValue: end, events }],
    name: meta.name,
    activeProfileIndex: 0,
    exporter: meta.exporter,
    overrun: end - root.gas,
  }
}

/** The file's text (without `overrun`, which is not speedscope's). */
export function speedscopeJson(root: GasNode, meta: { name: string; exporter: string }): string {
  const { overrun: _overrun, ...file } = speedscope(root, meta)
  return JSON.stringify(file)
}

// ---- CSV ----------------------------------------------------------------------------------------

export const CSV_HEADER = ['depth', 'frame', 'type', 'address', 'gas', 'self', 'failed'] as const

/** One row per frame, depth first (the table's order); `self` is the frame's gas less its callees'. */
export function csv(root: GasNode): string {
  const lines = [CSV_HEADER.join(',')]
  const walk = (n: GasNode, depth: number) => {
    const self = n.gas - n.children.reduce((s, c) => s + c.gas, 0)
    lines.push([String(depth), cell(n.name), n.type ?? '', n.address ?? '', String(n.gas), String(self), n.failed ? 'true' : 'false'].join(','))
    for (const c of n.children) walk(c, depth + 1)
  }
  walk(root, 1)
  return lines.join('\r\n') + '\r\n'
}

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula (=, +, -, @ first) is kept as text with a leading '. */
function cell(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

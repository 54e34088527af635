/**
 * The gas chart's layout: an icicle of the call tree (d3-hierarchy's partition) from a gas
 * profile (core/debug/GasProfile). Each frame is a box as wide as its gas (callees included),
 * its calls in the row below; the top box is the transaction's gas used. Boxes are placed in
 * fractions of the chart's width, so the page draws them at any width without laying out again.
 *
 * A frame's own part is its gas less its calls' (never below 0: a refund can leave the top
 * frame's gas below what its calls spent); the boxes then add up to `drawn`, not `total`.
 */
import { hierarchy, partition } from 'd3-hierarchy'
import type * as GasProfile from '../../../core/debug/GasProfile'

export interface Box {
  /** The frame the box is, or the one its internal function ran in. */
  frame: GasProfile.FrameGas
  /** Set when the box is an internal function run (sources loaded), not a frame. */
  fn?: GasProfile.FunctionGas | undefined
  /** The row, 0 for the top frame. */
  level: number
  /** Left and right edges, as fractions of the chart's width. */
  x0: number
  x1: number
  /** The gas the box stands for (its own part and its calls' boxes). */
  value: number
}

export interface Icicle {
  /** The frames' boxes in the profile's order, then the internal functions' in entry order. */
  boxes: Box[]
  /** Rows drawn (the deepest box's level + 1). */
  levels: number
  /** The profile's total: the transaction's gas used. */
  total: number
  /** What the boxes add up to (the total, unless a refund exceeds the top frame's own part). */
  drawn: number
}

interface Node {
  frame: GasProfile.FrameGas
  fn?: GasProfile.FunctionGas
  /** Gas in no box below it. */
  own: number
  at: number
  children: Node[]
}

/**
 * The icicle of a profile. With internal functions (sources loaded) a frame's row holds the
 * functions its code called, each holding the functions and frames it called: a function's
 * box is its gas (calls included), and the frame's own part is what no function ran.
 */
export function icicle(profile: GasProfile.Profile): Icicle {
  if (!profile.frames.length) return { boxes: [], levels: 0, total: profile.total, drawn: 0 }
  const nodes = new Map<number, Node>()
  for (const f of profile.frames) nodes.set(f.id, { frame: f, own: f.self, at: f.firstStep, children: [] })
  const fnNodes = new Map<number, Node>()
  const calledIn = new Map<number, Node>()
  for (const g of profile.functions ?? []) {
    const fr = nodes.get(g.frame)
    if (!fr) continue
    const n: Node = { frame: fr.frame, fn: g, own: g.self, at: g.firstStep, children: [] }
    fnNodes.set(g.node, n)
    for (const c of g.calls) {
      const k = nodes.get(c)
      if (!k) continue
      calledIn.set(c, n)
      n.own -= k.frame.gas
      fr.own += k.frame.gas // the frame's self gas left out all its calls; this one is in the function's box
    }
    const p = g.parent >= 0 ? fnNodes.get(g.parent) : undefined
    if (p) p.children.push(n)
    else {
      fr.children.push(n)
      fr.own -= g.gas
    }
  }
  let top: Node | undefined
  for (const f of profile.frames) {
    const n = nodes.get(f.id)!
    const parent = calledIn.get(f.id) ?? nodes.get(f.parent)
    if (parent) parent.children.push(n)
    else top ??= n
  }
  for (const n of [...nodes.values(), ...fnNodes.values()]) n.children.sort((x, y) => (x.at < 0 ? Infinity : x.at) - (y.at < 0 ? Infinity : y.at))
  const root = hierarchy(top!, (n) => n.children).sum((n) => Math.max(0, n.own))
  const drawn = root.value ?? 0
  const laid = partition<Node>().size([1, root.height + 1])(root)
  const byNode = new Map(laid.descendants().map((d) => [d.data, d]))
  const boxes: Box[] = []
  const add = (n: Node) => {
    const d = byNode.get(n)
    if (d) boxes.push({ frame: n.frame, ...(n.fn ? { fn: n.fn } : {}), level: d.depth, x0: drawn ? d.x0 : 0, x1: drawn ? d.x1 : d.depth === 0 ? 1 : 0, value: d.value ?? 0 })
  }
  for (const f of profile.frames) add(nodes.get(f.id)!)
  for (const g of profile.functions ?? []) {
    const n = fnNodes.get(g.node)
    if (n) add(n)
  }
  return { boxes, levels: root.height + 1, total: profile.total, drawn }
}

/** The frame that spent most in itself, for the caption (the top frame when it is the only one). */
export function heaviest(profile: GasProfile.Profile): GasProfile.FrameGas | undefined {
  return profile.frames.reduce<GasProfile.FrameGas | undefined>((m, f) => (!m || f.self > m.self ? f : m), undefined)
}

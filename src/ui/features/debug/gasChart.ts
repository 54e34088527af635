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
  frame: GasProfile.FrameGas
  /** The row, 0 for the top frame. */
  level: number
  /** Left and right edges, as fractions of the chart's width. */
  x0: number
  x1: number
  /** The gas the box stands for (its own part and its calls' boxes). */
  value: number
}

export interface Icicle {
  boxes: Box[]
  /** Rows drawn (the deepest call's level + 1). */
  levels: number
  /** The profile's total: the transaction's gas used. */
  total: number
  /** What the boxes add up to (the total, unless a refund exceeds the top frame's own part). */
  drawn: number
}

interface Node {
  frame: GasProfile.FrameGas
  children: Node[]
}

/** The icicle of a profile, boxes in the profile's order (depth first, the top frame first). */
export function icicle(profile: GasProfile.Profile): Icicle {
  if (!profile.frames.length) return { boxes: [], levels: 0, total: profile.total, drawn: 0 }
  const nodes = new Map<number, Node>()
  for (const f of profile.frames) nodes.set(f.id, { frame: f, children: [] })
  let top: Node | undefined
  for (const f of profile.frames) {
    const n = nodes.get(f.id)!
    const parent = nodes.get(f.parent)
    if (parent) parent.children.push(n)
    else top ??= n
  }
  const root = hierarchy(top!, (n) => n.children).sum((n) => Math.max(0, n.frame.self))
  const drawn = root.value ?? 0
  const laid = partition<Node>().size([1, root.height + 1])(root)
  const byId = new Map(laid.descendants().map((d) => [d.data.frame.id, d]))
  const boxes: Box[] = []
  for (const f of profile.frames) {
    const d = byId.get(f.id)
    if (d) boxes.push({ frame: f, level: d.depth, x0: drawn ? d.x0 : 0, x1: drawn ? d.x1 : d.depth === 0 ? 1 : 0, value: d.value ?? 0 })
  }
  return { boxes, levels: root.height + 1, total: profile.total, drawn }
}

/** The frame that spent most in itself, for the caption (the top frame when it is the only one). */
export function heaviest(profile: GasProfile.Profile): GasProfile.FrameGas | undefined {
  return profile.frames.reduce<GasProfile.FrameGas | undefined>((m, f) => (!m || f.self > m.self ? f : m), undefined)
}

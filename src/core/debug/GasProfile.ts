/**
 * Where a transaction's gas went, per call frame: each frame's gas (its own work and its
 * callees', as a node's call tracer counts `gasUsed`) and its self gas (without its callees'),
 * from a DebugTrace recording. The root frame's gas is the receipt's gas used (the intrinsic
 * cost and the refund are the root's own), so the self gas of all frames adds up to it.
 *
 * @example
 * ```ts
 * const p = GasProfile.fromRecording(recording, BigInt(result.gasUsed))
 * p.total // the receipt's gas used
 * p.frames[0] // { id: 0, depth: 1, type: 'CALL', gas, self, … }
 * ```
 */
import type * as DebugTrace from './DebugTrace'

export interface FrameGas {
  id: number
  parent: number
  depth: number
  type: DebugTrace.FrameType
  address: string
  codeAddress: string
  /** The frame's gas used, its callees' included (the root's: the transaction's gas used). */
  gas: number
  /** Without its callees' gas. */
  self: number
  /** The steps the frame ran itself. */
  steps: number
  failed: boolean
  /** The frame's first step (-1 when no code ran), to go to it in the debugger. */
  firstStep: number
}

export interface Profile {
  total: number
  /** Frames in call order (depth first), the root first. */
  frames: FrameGas[]
}

/** The profile of a recording whose transaction used `gasUsed` (the receipt's). */
export function fromRecording(rec: DebugTrace.Recording, gasUsed: bigint | number): Profile {
  const total = Number(gasUsed)
  const steps = new Uint32Array(rec.frames.length)
  for (let i = 0; i < rec.steps; i++) steps[rec.frame[i]!]!++
  const frames: FrameGas[] = []
  const walk = (id: number) => {
    const f = rec.frames[id]!
    const gas = f.parent < 0 ? total : f.gasUsed
    const children = f.children.reduce((s, c) => s + rec.frames[c]!.gasUsed, 0)
    frames.push({ id, parent: f.parent, depth: f.depth, type: f.type, address: f.address, codeAddress: f.codeAddress, gas, self: gas - children, steps: steps[id]!, failed: f.error !== undefined, firstStep: f.firstStep })
    for (const c of f.children) walk(c)
  }
  if (rec.frames.length) walk(0)
  return { total, frames }
}

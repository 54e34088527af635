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
import type * as DebugSource from './DebugSource'
import type * as DebugTrace from './DebugTrace'

export interface FrameGas {
  id: number
  parent: number
  depth: number
  type: DebugTrace.FrameType
  /** The account the frame runs as (its storage; the proxy under a DELEGATECALL). */
  address: string
  /** The account whose code runs (the implementation under a DELEGATECALL; else `address`). */
  codeAddress: string
  /** The frame's `msg.value` in wei; a DELEGATECALL's is its caller's (inherited: no ether moves with it). */
  value: bigint
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
  /** With sources loaded ({@link withFunctions}): every internal function run, in entry order. */
  functions?: FunctionGas[] | undefined
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
    frames.push({ id, parent: f.parent, depth: f.depth, type: f.type, address: f.address, codeAddress: f.codeAddress, value: f.value, gas, self: gas - children, steps: steps[id]!, failed: f.error !== undefined, firstStep: f.firstStep })
    for (const c of f.children) walk(c)
  }
  if (rec.frames.length) walk(0)
  return { total, frames }
}

/** An internal function run (entered by a jump the source map marks, as DebugSource reads it) and the gas spent in it. */
export interface FunctionGas {
  /** Its index in `DebugSource.Loaded.fns`. */
  node: number
  /** The internal function it was called from (a `node`), -1 when the frame's own code called it. */
  parent: number
  /** The call frame it ran in. */
  frame: number
  /** Its name ('' for code the compiler generated). */
  name: string
  /** 1 for a function the frame's code called, 2 for one that function called, … */
  depth: number
  /** The gas of its steps and those of the functions it called (a call's step counts what the call used, not what it was given). */
  gas: number
  /** Without the functions it called. */
  self: number
  /** Steps run in it (itself, not the functions it called). */
  steps: number
  /** Its entry step (the JUMPDEST it starts at). */
  firstStep: number
  /** The call frames it called itself (ids), in order. */
  calls: number[]
}

/**
 * The gas of every internal function run, from the recording read through the sources. A step's
 * gas is the gas left before it less the gas left before the frame's next step (for most steps their
 * cost; for a call, what the call used; the frame's last step, its cost), so a function's gas is the gas
 * left at its entry less the gas left where it returns, and its calls to other contracts are in it.
 */
export function functions(rec: DebugTrace.Recording, src: Pick<DebugSource.Loaded, 'fns' | 'stepFn'>): FunctionGas[] {
  const next = new Int32Array(rec.steps).fill(-1)
  for (let i = 0; i < rec.steps; i++) {
    const p = rec.prevInFrame[i]!
    if (p >= 0) next[p] = i
  }
  const m = src.fns.length
  const own = new Float64Array(m)
  const steps = new Uint32Array(m)
  const frame = new Int32Array(m).fill(-1)
  for (let i = 0; i < rec.steps; i++) {
    const f = src.stepFn[i]!
    if (f < 0) continue
    own[f]! += next[i]! >= 0 ? rec.gas[i]! - rec.gas[next[i]!]! : rec.cost[i]!
    steps[f]!++
    frame[f] = rec.frame[i]!
  }
  // nodes are numbered in entry order, so every function comes after the one that called it
  const gas = own.slice()
  for (let k = m - 1; k >= 0; k--) {
    const p = src.fns[k]!.parent
    if (p >= 0) gas[p]! += gas[k]!
  }
  const out: FunctionGas[] = src.fns.map((f, k) => ({ node: k, parent: f.parent, frame: frame[k]!, name: f.name, depth: f.depth, gas: gas[k]!, self: own[k]!, steps: steps[k]!, firstStep: f.step, calls: [] }))
  for (const f of rec.frames) {
    const at = f.callStep >= 0 ? src.stepFn[f.callStep]! : -1
    if (at >= 0) out[at]!.calls.push(f.id)
  }
  return out
}

/** The profile with the gas of every internal function run (sources loaded). */
export function withFunctions(profile: Profile, rec: DebugTrace.Recording, src: Pick<DebugSource.Loaded, 'fns' | 'stepFn'>): Profile {
  return { ...profile, functions: functions(rec, src) }
}

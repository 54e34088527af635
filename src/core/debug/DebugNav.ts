/**
 * Moving through a DebugTrace recording as a step debugger does: step, step over and out of
 * calls, jump to the revert, to the next or previous call, SSTORE, SLOAD, LOG or a chosen
 * opcode, and to a pc breakpoint. Every function takes the current step and returns the step
 * to go to (the same step when there is nowhere to go).
 *
 * @example
 * ```ts
 * let i = 0
 * i = DebugNav.go(rec, i, { to: 'revert' })
 * i = DebugNav.go(rec, i, { to: 'over', back: true })
 * ```
 */
import { BaseError } from '../Errors'
import type * as DebugTrace from './DebugTrace'

export type Target =
  /** The next (or previous) step. */
  | 'step'
  /** The next step at this depth or shallower: over a call (back: the previous one). */
  | 'over'
  /** The first step after this frame returns (back: the step that made this frame). */
  | 'out'
  /** The step where the next failing frame fails (REVERT, INVALID, out of gas…); back: the previous one. */
  | 'revert'
  | 'call'
  | 'sstore'
  | 'sload'
  | 'log'
  /** A chosen opcode (`op`: its name, e.g. `KECCAK256`). */
  | 'opcode'
  /** A pc breakpoint (`pc`, in the code the current frame runs unless `anyCode`). */
  | 'pc'
  | 'first'
  | 'last'

export interface Move {
  to: Target
  back?: boolean | undefined
  op?: string | undefined
  pc?: number | undefined
  anyCode?: boolean | undefined
}

const isCall = (op: number) => op === 0xf0 || op === 0xf1 || op === 0xf2 || op === 0xf4 || op === 0xf5 || op === 0xfa

/** The step a move leads to from step `i`. */
export function go(rec: DebugTrace.Recording, i: number, m: Move): number {
  const n = rec.steps
  if (n === 0) return 0
  const cur = Math.min(Math.max(i, 0), n - 1)
  const dir = m.back ? -1 : 1
  const d = rec.depth[cur]!
  switch (m.to) {
    case 'first':
      return 0
    case 'last':
      return n - 1
    case 'step':
      return clamp(cur + dir, n)
    case 'over':
      return find(rec, cur, dir, (j) => rec.depth[j]! <= d)
    case 'out': {
      const f = rec.frames[rec.frame[cur]!]!
      if (m.back) return f.callStep >= 0 ? f.callStep : cur
      return find(rec, cur, 1, (j) => rec.depth[j]! < d, n - 1)
    }
    case 'revert':
      return find(rec, cur, dir, (j) => failsAt(rec, j))
    case 'call':
      return find(rec, cur, dir, (j) => isCall(rec.op[j]!))
    case 'sstore':
      return find(rec, cur, dir, (j) => rec.op[j] === 0x55)
    case 'sload':
      return find(rec, cur, dir, (j) => rec.op[j] === 0x54)
    case 'log':
      return find(rec, cur, dir, (j) => rec.op[j]! >= 0xa0 && rec.op[j]! <= 0xa4)
    case 'opcode': {
      const code = opcodeByName(rec, m.op ?? '')
      return find(rec, cur, dir, (j) => rec.op[j] === code)
    }
    case 'pc': {
      const here = rec.frames[rec.frame[cur]!]!.codeAddress
      return find(rec, cur, dir, (j) => rec.pc[j] === m.pc && (m.anyCode || rec.frames[rec.frame[j]!]!.codeAddress === here))
    }
  }
}

/** The step where the transaction's failure starts: the last step of the deepest failing frame it passes through. */
export function failureStep(rec: DebugTrace.Recording): number | undefined {
  let f = rec.frames[0]
  if (!f?.error) return undefined
  for (;;) {
    const cur: DebugTrace.Frame = f
    const next = cur.children.map((c) => rec.frames[c]!).find((c) => c.error && c.error === cur.error && c.output === cur.output && c.lastStep >= 0)
    if (!next) return cur.lastStep >= 0 ? cur.lastStep : undefined
    f = next
  }
}

/** Whether step `j` is the step at which its frame failed. */
export function failsAt(rec: DebugTrace.Recording, j: number): boolean {
  const f = rec.frames[rec.frame[j]!]!
  return f.lastStep === j && f.error !== undefined
}

function opcodeByName(rec: DebugTrace.Recording, name: string): number {
  const want = name.trim().toUpperCase()
  const code = rec.names.findIndex((x) => x === want || (want === 'SHA3' && x === 'KECCAK256'))
  if (code < 0) throw new UnknownOpcodeError(name)
  return code
}

const clamp = (j: number, n: number) => Math.min(Math.max(j, 0), n - 1)

/** The nearest step after (dir 1) or before (dir -1) `from` that matches, else `orElse` (default: `from`). */
function find(rec: DebugTrace.Recording, from: number, dir: 1 | -1, match: (j: number) => boolean, orElse = from): number {
  for (let j = from + dir; j >= 0 && j < rec.steps; j += dir) if (match(j)) return j
  return orElse
}

// ---------------------------------------------------------------------------------------

export class UnknownOpcodeError extends BaseError {
  constructor(name: string) {
    super('DebugNav.UnknownOpcodeError', `No step of this transaction runs the opcode "${name}".`, {
      hints: ['Use an opcode name as the list shows it (SLOAD, KECCAK256, CALL, LOG1…).'],
      field: 'op',
    })
  }
}

/**
 * The debug tool's summary of a recording, and its rows (cheap: the page imports it).
 */
import type * as Simulation from '../../core/sim/Simulation'
import * as CastCommand from '../../core/chain/CastCommand'
import * as TraceWords from '../../core/sim/TraceWords'
import type { Row, ToolResult } from '../types'

/** What the page needs to know about a recording before it asks for steps. */
export interface Summary {
  status: 'success' | 'reverted'
  error?: string | undefined
  revertReason?: string | undefined
  /**
   * A custom error in the revert data: named with its arguments from the offline signature table
   * (`source: 'table'`), or only its selector when the table does not know it.
   */
  customError?: { selector: string; text: string; signature?: string; source: 'table' | 'unknown' } | undefined
  gasUsed: string
  returnData: string
  steps: number
  frames: number
  /** The step where the transaction's failure starts (the deepest failing frame's last step). */
  failureStep?: number | undefined
  failureOp?: string | undefined
  failureDepth?: number | undefined
  /** Recording size in bytes. */
  bytes: number
  block: Simulation.Result['block']
  replayed?: Simulation.Result['replayed']
  /** How the replay got its state and what it cost (#39), in words (TraceWords.replayPathText, made in the worker). */
  path?: { value: string; note: string } | undefined
  /** The same run in cast's debugger (`cast run <hash> --debug`, `cast call … --debug`), where cast sees the same state. */
  cast?: readonly string[] | undefined
}

/** The summary as result rows (the generic form's view; the page draws the debugger from `data`). */
/** `rpcUrl`: the node it ran on, for the "As cast" row (#37). */
export function toToolResult(s: Summary, rpcUrl?: string): ToolResult<Summary> {
  const rows: Row[] = [{ label: 'Status', value: s.status, tone: s.status === 'success' ? 'ok' : 'error', mono: false }]
  if (s.status === 'reverted') {
    rows.push({ label: 'Error', value: s.error ?? 'reverted', tone: 'error' })
    if (s.revertReason) rows.push({ label: 'Reason', value: s.revertReason, tone: 'error', mono: false })
    else if (s.customError)
      rows.push({
        label: 'Reason',
        value: s.customError.text,
        tone: 'error',
        note: s.customError.source === 'table' ? `${s.customError.signature}, named from the offline signature table (drop the compiler output to be sure)` : 'not in the offline signature table: paste the contract’s ABI in /error-decode to read it',
      })
    if (s.failureStep !== undefined) rows.push({ label: 'Fails at', value: `${s.failureOp} at depth ${s.failureDepth}`, note: `step ${s.failureStep}`, mono: false })
  }
  rows.push(
    { label: 'Steps', value: String(s.steps) },
    { label: 'Frames', value: String(s.frames) },
    { label: 'Gas used', value: s.gasUsed, note: `${TraceWords.grouped(BigInt(s.gasUsed))} gas, intrinsic cost and refund included (what a receipt says)` },
    { label: 'Recording', value: `${Math.max(1, Math.round(s.bytes / 1024))} KiB`, mono: false },
    { label: 'Block', value: `${s.block.number} (state after ${s.block.stateBlock}), ${s.block.hardfork}, chain ${s.block.chainId}`, mono: false },
  )
  if (s.replayed) rows.push({ label: 'Replayed', value: s.replayed.hash, note: TraceWords.replayedNote(s.replayed) })
  if (s.path) rows.push({ label: 'Replay path', ...s.path, mono: false })
  if (s.cast && rpcUrl) rows.push({ label: 'As cast', value: CastCommand.line(s.cast, rpcUrl), note: "The same in Foundry's debugger (cast's --debug) on this node." })
  return { sections: [{ title: 'Summary', rows }], data: s }
}


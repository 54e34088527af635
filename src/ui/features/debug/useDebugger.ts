/**
 * The debugger's state over a DebugWorker: the current step, its materialised view and the
 * window of the opcode list around it, fetched from the worker (newest request wins).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type * as DebugNav from '../../../core/debug/DebugNav'
import type * as DebugTrace from '../../../core/debug/DebugTrace'
import type { ErrorInfo } from '../../../core/Errors'
import type { Summary } from '../../../tools/debug/rows'
import type { DebugWorker } from '../../../workers/debugClient'

/** Rows of the opcode list shown around the current step. */
export const WINDOW = 31

export interface Debugger {
  index: number
  view: DebugTrace.StepView | undefined
  rows: DebugTrace.Row[]
  error: ErrorInfo | undefined
  /** Go to a step. */
  goTo: (i: number) => void
  /** Make a move (over, out, revert, next call…) from the current step. */
  move: (m: DebugNav.Move) => void
  /**
   * Queue a move the worker answers: it starts from where the moves before it ended, so keys
   * pressed faster than the worker answers each count from the last one (`n` then `.` steps to
   * the line after the call, never the line after step 0). The answer, if any, is gone to.
   */
  queue: (find: (from: number) => Promise<number | undefined>) => void
}

export function useDebugger(worker: DebugWorker, summary: Summary): Debugger {
  // a reverted run opens where its failure starts (the step the summary names), not at step 0
  const start = summary.status === 'reverted' && summary.failureStep !== undefined && summary.failureStep < summary.steps ? summary.failureStep : 0
  const [index, setIndex] = useState(start)
  const [view, setView] = useState<DebugTrace.StepView>()
  const [rows, setRows] = useState<DebugTrace.Row[]>([])
  const [error, setError] = useState<ErrorInfo>()
  const seq = useRef(0)
  const indexRef = useRef(start)

  useEffect(() => {
    if (summary.steps === 0) return
    const mine = ++seq.current
    const from = Math.max(0, Math.min(index - (WINDOW >> 1), summary.steps - WINDOW))
    void Promise.all([worker.ask({ kind: 'step', index }), worker.ask({ kind: 'rows', from, count: WINDOW })]).then(([s, r]) => {
      if (mine !== seq.current) return
      if (s.ok && r.ok) {
        setView(s.value)
        setRows(r.value)
        setError(undefined)
      } else setError(!s.ok ? s.error : !r.ok ? r.error : undefined)
    })
  }, [worker, index, summary.steps])

  // the ref moves at once, so key presses faster than the page draws each count from the last one
  const goTo = useCallback(
    (i: number) => {
      indexRef.current = Math.max(0, Math.min(i, summary.steps - 1))
      setIndex(indexRef.current)
    },
    [summary.steps],
  )
  const tail = useRef<Promise<void>>(Promise.resolve())
  const queue = useCallback(
    (find: (from: number) => Promise<number | undefined>) => {
      tail.current = tail.current
        .then(() => find(indexRef.current))
        .then(
          (i) => {
            if (i !== undefined) goTo(i)
          },
          () => undefined,
        )
    },
    [goTo],
  )
  const move = useCallback(
    (m: DebugNav.Move) => {
      // a plain step waits for nothing but the moves queued before it
      if (m.to === 'step') return queue(async (from) => from + (m.back ? -1 : 1))
      queue(async (from) => {
        const o = await worker.ask({ kind: 'go', from, move: m })
        if (!o.ok) return void setError(o.error)
        setError(undefined)
        return o.value
      })
    },
    [worker, queue],
  )
  return { index, view, rows, error, goTo, move, queue }
}

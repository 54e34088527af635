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
}

export function useDebugger(worker: DebugWorker, summary: Summary): Debugger {
  const [index, setIndex] = useState(0)
  const [view, setView] = useState<DebugTrace.StepView>()
  const [rows, setRows] = useState<DebugTrace.Row[]>([])
  const [error, setError] = useState<ErrorInfo>()
  const seq = useRef(0)
  const indexRef = useRef(0)

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
  const move = useCallback(
    (m: DebugNav.Move) => {
      if (m.to === 'step') return goTo(indexRef.current + (m.back ? -1 : 1))
      void worker.ask({ kind: 'go', from: indexRef.current, move: m }).then((o) => {
        if (o.ok) {
          setError(undefined)
          goTo(o.value)
        } else setError(o.error)
      })
    },
    [worker, goTo],
  )
  return { index, view, rows, error, goTo, move }
}

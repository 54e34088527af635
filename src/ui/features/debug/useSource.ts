/**
 * The source side of the debugger over a DebugWorker: the compiler output the person gave
 * (sent to the worker, kept in memory only: never the URL or storage), where the current step
 * is in the sources, the file shown, line breakpoints and the moves by source line.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type * as DebugSource from '../../../core/debug/DebugSource'
import type { ErrorInfo } from '../../../core/Errors'
import type { SourceSummary } from '../../../workers/protocol'
import type { DebugWorker } from '../../../workers/debugClient'
import type { SourceMove } from './keys'
import type { Debugger } from './useDebugger'

/** A file the person dropped, chose or pasted. */
export interface ArtifactFile {
  name: string
  text: string
}

export interface ShownFile {
  index: number
  path: string
  content: string
  /** Lines some step of the recording runs. */
  lines: number[]
}

export interface Source {
  summary: SourceSummary | undefined
  error: ErrorInfo | undefined
  loading: boolean
  place: DebugSource.Place | undefined
  file: ShownFile | undefined
  /** Shows another loaded file. */
  show: (file: number) => void
  /** Breakpoints as `file:line`. */
  breakpoints: ReadonlySet<string>
  toggle: (file: number, line: number) => void
  move: (m: SourceMove) => void
}

export function useSource(worker: DebugWorker, index: number, files: readonly ArtifactFile[], queue: Debugger['queue']): Source {
  const [summary, setSummary] = useState<SourceSummary>()
  const [error, setError] = useState<ErrorInfo>()
  const [loading, setLoading] = useState(false)
  const [place, setPlace] = useState<DebugSource.Place>()
  const [file, setFile] = useState<ShownFile>()
  const [want, setWant] = useState<number>()
  const [breakpoints, setBreakpoints] = useState<ReadonlySet<string>>(new Set())

  useEffect(() => {
    setSummary(undefined)
    setFile(undefined)
    setBreakpoints(new Set())
    if (files.length === 0) return setError(undefined)
    let live = true
    setLoading(true)
    void worker.ask({ kind: 'artifacts', files: [...files] }).then((o) => {
      if (!live) return
      setLoading(false)
      if (o.ok) {
        setSummary(o.value)
        setError(undefined)
      } else setError(o.error)
    })
    return () => {
      live = false
    }
  }, [worker, files])

  useEffect(() => {
    if (!summary) return setPlace(undefined)
    let live = true
    void worker.ask({ kind: 'source', index }).then((o) => {
      if (live && o.ok) setPlace(o.value)
    })
    return () => {
      live = false
    }
  }, [worker, index, summary])

  // the file shown: the step's, else the one picked, else the first
  const target = place && place.file >= 0 ? place.file : (want ?? (summary && summary.files.length > 0 ? 0 : undefined))
  useEffect(() => {
    if (target === undefined || !summary) return
    let live = true
    void worker.ask({ kind: 'source-file', file: target }).then((o) => {
      if (live && o.ok) setFile({ index: target, ...o.value })
    })
    return () => {
      live = false
    }
  }, [worker, target, summary])

  const show = useCallback((f: number) => setWant(f), [])
  const toggle = useCallback((f: number, line: number) => {
    setBreakpoints((b) => {
      const n = new Set(b)
      const k = `${f}:${line}`
      if (!n.delete(k)) n.add(k)
      return n
    })
  }, [])

  const bpRef = useRef(breakpoints)
  bpRef.current = breakpoints
  const move = useCallback(
    (m: SourceMove) => {
      queue(async (from) => {
        if (m.to === 'line') {
          const o = await worker.ask({ kind: 'source-go', from, move: { to: 'line', back: m.back, over: m.over } })
          return o.ok ? o.value : undefined
        }
        const os = await Promise.all(
          [...bpRef.current].map((k) => {
            const [f, line] = k.split(':').map(Number)
            return worker.ask({ kind: 'source-go', from, move: { to: 'breakpoint', file: f!, line: line!, back: m.back } })
          }),
        )
        const found = os.flatMap((o) => (o.ok && o.value !== from ? [o.value] : []))
        return found.length ? (m.back ? Math.max(...found) : Math.min(...found)) : undefined
      })
    },
    [worker, queue],
  )
  return { summary, error, loading, place, file, show, breakpoints, toggle, move }
}

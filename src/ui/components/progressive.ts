import { useEffect, useState } from 'react'

/**
 * Rows of a result drawn in its first task, over all its sections; after each frame is painted,
 * `STEP_ROWS` more, in a task of their own, until every section shows what it should. The first
 * hundred rows of a section were drawn in two frames (40, then 60) and each took 20–37 ms of
 * CPU (React's render, then style and layout); on 2 cores shared with the decoding worker and
 * the browser's other processes such a task took two to five times as long in wall time (1 MiB
 * of guessed call data, #29). The result's first frame also lays the form out again (its state
 * changes in the same commit), so it draws fewer rows than a later step: 6 rows there, 12 a step,
 * about 10 ms of CPU each.
 */
export const FIRST_ROWS = 6
export const STEP_ROWS = 12

/** `drawn` with up to `budget` more rows given out in section order, none past what a section wants. */
export function allocate(wants: readonly number[], drawn: readonly number[], budget: number): number[] {
  let left = budget
  return wants.map((want, i) => {
    const had = Math.min(drawn[i] ?? 0, want)
    const more = Math.max(0, Math.min(left, want - had))
    left -= more
    return had + more
  })
}

/** How many leading rows of `next` are the very rows (same objects) of `prev` already drawn: those cost nothing to keep. */
export function carried(prev: readonly unknown[] | undefined, next: readonly unknown[], drawn: number): number {
  let k = 0
  if (prev) while (k < drawn && k < next.length && prev[k] === next[k]) k++
  return k
}

interface Drawn<S> {
  sections: readonly S[]
  drawn: number[]
}

/**
 * How many rows of each section to draw now, growing towards `wants` (each section's rows to
 * show) by `STEP_ROWS` a task, each step after a painted frame. A new list of sections keeps
 * the leading rows it shares with the last one (the same row objects: a parent that builds its
 * result on every render loses nothing) and draws the rest from `FIRST_ROWS` on.
 */
export function useProgressiveRows<S>(sections: readonly S[], rowsOf: (s: S) => readonly unknown[], wants: readonly number[]): { drawn: number[]; pending: boolean } {
  const [state, setState] = useState<Drawn<S>>(() => ({ sections, drawn: allocate(wants, [], FIRST_ROWS) }))
  let drawn = state.drawn
  if (state.sections !== sections) {
    const kept = sections.map((s, i) => carried(state.sections[i] === undefined ? undefined : rowsOf(state.sections[i]), rowsOf(s), state.drawn[i] ?? 0))
    drawn = allocate(wants, kept, FIRST_ROWS)
    setState({ sections, drawn })
  }
  const pending = wants.some((w, i) => (drawn[i] ?? 0) < w)
  const wantsKey = wants.join(',')
  useEffect(() => {
    if (!pending) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(
      () =>
        (timer = setTimeout(() => {
          const w = wantsKey.split(',').map(Number)
          setState((s) => (s.sections === sections ? { sections, drawn: allocate(w, s.drawn, STEP_ROWS) } : s))
        }, 0)),
    )
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [pending, drawn, wantsKey, sections])
  return { drawn: wants.map((w, i) => Math.min(w, drawn[i] ?? 0)), pending }
}

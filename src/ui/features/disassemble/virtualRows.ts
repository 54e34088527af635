/**
 * A fixed-row-height virtualizer for the disassembly listing (#25): the listing scrolls in its
 * own box as a code view does, the box's content is as tall as every row, and only the rows in
 * view (and `OVERSCAN` either side) are in the DOM. Every row is `ROW` px tall (listing.css holds
 * the rows, cells and header to it), so where a row is needs no measuring. The header row is
 * sticky at the top of the box and as tall as a row, so row `k` starts at `(k + 1) * ROW`.
 *
 * No library: TanStack Virtual or react-window would bring measuring and variable sizes the
 * listing has no use for; the arithmetic is below and tested in `virtualRows.test.ts`.
 */
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'

/** The height of a row and of the header, px (listing.css `--listing-row`). */
export const ROW = 24
/** Rows drawn above and below those in view. */
export const OVERSCAN = 12

/** The rows `[first, last)` to draw when the box is scrolled to `top` and shows `height` px (the header included). */
export function windowOf(top: number, height: number, count: number, overscan = OVERSCAN): { first: number; last: number } {
  const inView = Math.max(1, Math.ceil((height - ROW) / ROW))
  const at = Math.max(0, Math.floor(top / ROW))
  return { first: Math.max(0, Math.min(count, at - overscan)), last: Math.min(count, at + inView + 1 + overscan) }
}

/** The scroll position that shows row `k` in the middle of a box `height` px tall (the header included). */
export function centreOn(k: number, height: number): number {
  return Math.max(0, k * ROW - Math.floor((height - ROW - ROW) / 2))
}

/** The scroll position a key moves to from `top` in a box `height` px tall whose content is `full` px tall, or undefined for a key the listing leaves alone (a page keeps one row of the last in view). */
export function keyScroll(key: string, top: number, height: number, full: number): number | undefined {
  const page = Math.max(ROW, Math.floor((height - ROW) / ROW) * ROW - ROW)
  const end = Math.max(0, full - height)
  const to = { Home: 0, End: end, PageDown: top + page, PageUp: top - page, ArrowDown: top + ROW, ArrowUp: top - ROW }[key]
  return to === undefined ? undefined : Math.max(0, Math.min(end, to))
}

/**
 * The window of rows to draw for a scroll box (`ref`) of `count` rows; `scrollToRow` centres a
 * row; `onKeyDown` (on the box) scrolls by PageUp/PageDown/Home/End and the arrows. `reset`
 * changes (a new listing) scroll the box back to the top.
 */
export function useVirtualRows(count: number, reset: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ top: 0, height: 20 * ROW })
  const read = useCallback(() => {
    const el = ref.current
    if (!el) return
    // Only a change of row redraws (scroll events come many a frame).
    const top = Math.floor(el.scrollTop / ROW) * ROW
    setView((v) => (v.top === top && v.height === el.clientHeight ? v : { top, height: el.clientHeight }))
  }, [])
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    read()
    el.addEventListener('scroll', read, { passive: true })
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read)
    ro?.observe(el)
    return () => {
      el.removeEventListener('scroll', read)
      ro?.disconnect()
    }
  }, [read])
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = 0
    read()
  }, [reset, read])
  const scrollTo = useCallback(
    (top: number) => {
      const el = ref.current
      if (!el) return
      el.scrollTop = top
      read()
    },
    [read],
  )
  const scrollToRow = useCallback((k: number) => scrollTo(centreOn(k, ref.current?.clientHeight ?? 0)), [scrollTo])
  const onKeyDown = (e: KeyboardEvent) => {
    const el = ref.current
    if (!el || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return
    const to = keyScroll(e.key, el.scrollTop, el.clientHeight, el.scrollHeight)
    if (to === undefined) return
    e.preventDefault()
    // A focused jump link scrolled out of the window is removed from the DOM: keep the focus on the box.
    if (e.target !== el) el.focus({ preventScroll: true })
    scrollTo(to)
  }
  return { ref, ...windowOf(view.top, view.height, count), scrollToRow, onKeyDown }
}

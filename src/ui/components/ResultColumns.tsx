import { useEffect, useRef, useState, type ReactNode } from 'react'
import { onReveal } from '../hooks/exampleRun'

/**
 * Where a page's result goes (docs/UI.md, "Results where the eye is"): on a wide screen beside
 * the form (styles.css `.tool-cols`, sticky below the header), on a narrow one after it. A page
 * whose result is wider than half a screen (a table of accounts, a simulation's trace) passes
 * `stacked`: its result follows the form at every width. Either way a result a run just produced
 * (`revealed` changes to a new value) is scrolled into view when its top is not on screen.
 */
export function ResultColumns({ form, result, revealed, stacked = false }: { form: ReactNode; result?: ReactNode; revealed?: unknown; stacked?: boolean }) {
  // a page that reveals its own runs' results (revealed given, even false while nothing ran) keeps that; the others take an example's request
  const example = useExampleReveal(!!result && revealed === undefined)
  const ref = useResultInView(revealed, example)
  const shown = !!result
  return (
    <div className={shown && !stacked ? 'tool-cols has-result' : 'tool-cols'}>
      <div className="tool-col-form">{form}</div>
      {shown && (
        <div className="tool-col-result" ref={ref}>
          {result}
        </div>
      )}
    </div>
  )
}

/**
 * Scrolls the element it is given to into view when `result` becomes a new value (not
 * undefined, null or false) and the element's top is not in the upper two thirds of the screen:
 * a result a run just produced, not one a live tool redraws on every key (those pass undefined).
 */
export function useResultInView(result: unknown, also?: unknown) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    const asked = (v: unknown) => v !== undefined && v !== null && v !== false
    if (!(asked(result) || asked(also)) || !el) return
    const box = el.getBoundingClientRect()
    // on screen with room to read (its top in the upper two thirds), not a heading at the bottom edge
    if (box.top >= 0 && box.top < (window.innerHeight * 2) / 3) return
    const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
    el.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
    return followWhileSettling(el, reduced)
  }, [result, also])
  return ref
}

/** How long a revealed result is followed while the page above it settles. */
const SETTLE_MS = 2000
/** What a person does to scroll for themselves: the page stops following at once. */
const OWN_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/**
 * The page may still grow above a result it just scrolled to (a lazy part loads, a check appears
 * above it): a smooth scroll would end where the result was, not where it is. For a moment the
 * result is followed, scrolled to again whenever it moves, until the person scrolls themselves.
 */
function followWhileSettling(el: HTMLElement, reduced: boolean): () => void {
  const at = () => el.getBoundingClientRect().top + window.scrollY
  let last = at()
  const t0 = performance.now()
  let frame = 0
  const stop = () => {
    cancelAnimationFrame(frame)
    for (const e of OWN_SCROLL) window.removeEventListener(e, stop, true)
  }
  for (const e of OWN_SCROLL) window.addEventListener(e, stop, { capture: true, passive: true })
  const tick = () => {
    const now = at()
    if (Math.abs(now - last) > 4) {
      last = now
      el.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
    }
    if (performance.now() - t0 < SETTLE_MS) frame = requestAnimationFrame(tick)
    else stop()
  }
  frame = requestAnimationFrame(tick)
  return stop
}

/**
 * After "Try an example" (requestReveal), a new token once the page shows a result: a live page's
 * result, which redraws on every key and is otherwise never scrolled to, is then brought into view.
 */
function useExampleReveal(shown: boolean): object | undefined {
  const [asked, setAsked] = useState(false)
  const [token, setToken] = useState<object>()
  useEffect(() => onReveal(() => setAsked(true)), [])
  useEffect(() => {
    if (!asked || !shown) return
    setAsked(false)
    setToken({})
  }, [asked, shown])
  return token
}

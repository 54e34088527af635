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
  }, [result, also])
  return ref
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

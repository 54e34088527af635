/**
 * Simulate a bundle: the generic form, plus the calls listed in order with "Move up" and
 * "Move down" buttons (reordering by keyboard: the moved call's button keeps the focus at its new
 * place). A move rewrites the Calls field (BundleInput.moveText), which stays the one source.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import * as BundleInput from '../../../core/sim/BundleInput'
import { ToolForm, type ToolPageProps } from '../../components'

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

function describe(c: BundleInput.Call): string {
  return `${short(c.from)} → ${c.to ? short(c.to) : 'new contract'}${c.data && c.data.length >= 10 ? ` ${c.data.slice(0, 10)}` : ''}${c.value ? ` with value` : ''}`
}

export default function BundlePage(props: ToolPageProps) {
  const { values, setValues } = props
  const text = values.calls ?? ''
  const calls = useMemo(() => {
    try {
      return BundleInput.parse(text)
    } catch {
      return undefined // the field says what is wrong
    }
  }, [text])
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const [focus, setFocus] = useState<string>()
  useEffect(() => {
    if (focus === undefined) return
    buttons.current.get(focus)?.focus()
    setFocus(undefined)
  }, [focus, text])
  const moveBy = (i: number, by: number) => {
    const n = calls!.length
    const to = Math.max(0, Math.min(n - 1, i + by))
    if (to === i) return
    setValues({ calls: BundleInput.moveText(text, i, by) })
    // keep the focus on the moved call: the same button at its new place, or the other one at an end
    const dir = by < 0 ? (to === 0 ? 'down' : 'up') : to === n - 1 ? 'up' : 'down'
    setFocus(`${to}-${dir}`)
  }
  return (
    <ToolForm {...props}>
      {calls && calls.length > 1 && (
        <section className="bundle-order" aria-label="Order of calls">
          <h3>Order of calls</h3>
          <ol>
            {calls.map((c, i) => (
              <li key={`${i}-${describe(c)}`}>
                <span className="mono">{describe(c)}</span>{' '}
                {(['up', 'down'] as const).map((dir) => {
                  const edge = dir === 'up' ? i === 0 : i === calls.length - 1
                  return (
                    <button
                      key={dir}
                      type="button"
                      aria-label={`Move call ${i + 1} ${dir}`}
                      aria-disabled={edge}
                      ref={(el) => {
                        if (el) buttons.current.set(`${i}-${dir}`, el)
                        else buttons.current.delete(`${i}-${dir}`)
                      }}
                      onClick={() => moveBy(i, dir === 'up' ? -1 : 1)}
                    >
                      {dir === 'up' ? 'Move up' : 'Move down'}
                    </button>
                  )
                })}
              </li>
            ))}
          </ol>
        </section>
      )}
    </ToolForm>
  )
}

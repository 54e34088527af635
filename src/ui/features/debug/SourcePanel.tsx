/**
 * The current Solidity line: the file with line numbers, the step's line highlighted and
 * scrolled into view in the panel (not the page), and a breakpoint toggle on every line number
 * (a button: click, Enter or Space).
 */
import { useEffect, useMemo, useRef } from 'react'
import { SOURCE_SHORTCUTS } from './keys'
import type { Source } from './useSource'

export function SourcePanel({ src }: { src: Source }) {
  const { place, file, summary } = src
  const box = useRef<HTMLDivElement>(null)
  const lines = useMemo(() => (file ? file.content.split('\n').map((l) => l.replace(/\r$/, '')) : []), [file])
  const run = useMemo(() => new Set(file?.lines ?? []), [file])
  const current = place && file && place.file === file.index ? place.line : 0

  useEffect(() => {
    const el = box.current?.querySelector<HTMLElement>('[aria-current="true"]')
    if (!el || !box.current) return
    const b = box.current
    if (el.offsetTop < b.scrollTop || el.offsetTop + el.offsetHeight > b.scrollTop + b.clientHeight) b.scrollTop = Math.max(0, el.offsetTop - b.clientHeight / 2)
  }, [current, file])

  if (!summary) return null
  return (
    <section aria-label="Source" className="dbg-panel" tabIndex={0}>
      <h3>
        Source{' '}
        {place?.path ? (
          <span className="hint">
            {place.path}:{place.line}:{place.column}
            {place.contract && ` in ${place.contract}`}
          </span>
        ) : (
          <span className="hint">(this step has no source line: its code matches no artifact given, or the compiler generated it)</span>
        )}
      </h3>
      {place?.path && (
        <p className="dbg-line">
          <output aria-label="Current source line" className="mono">
            {place.text.trim()}
          </output>
        </p>
      )}
      <div role="toolbar" aria-label="Source moves" className="actions">
        {SOURCE_SHORTCUTS.map((s) => (
          <button key={s.label} type="button" onClick={() => src.move(s.move)} aria-keyshortcuts={s.keys} title={`${s.label} (${s.keys})`} disabled={s.move.to === 'breakpoint' && src.breakpoints.size === 0}>
            {s.label}
          </button>
        ))}
      </div>
      {summary.files.length > 1 && (
        <label className="dbg-inline">
          File{' '}
          <select value={file?.index ?? 0} onChange={(e) => src.show(Number(e.target.value))}>
            {summary.files.map((p, i) => (
              <option key={p} value={i}>
                {p}
              </option>
            ))}
          </select>
        </label>
      )}
      {file && (
        <div className="dbg-src dbg-scroll" ref={box} role="region" aria-label={`Source of ${file.path}`} tabIndex={0}>
          <ol>
            {lines.map((text, k) => {
              const n = k + 1
              const bp = src.breakpoints.has(`${file.index}:${n}`)
              return (
                <li key={n} aria-current={n === current ? 'true' : undefined} className={n === current ? 'dbg-current' : run.has(n) ? undefined : 'dbg-norun'}>
                  <button type="button" className={`dbg-ln${bp ? ' on' : ''}`} aria-pressed={bp} aria-label={`Breakpoint on line ${n}`} onClick={() => src.toggle(file.index, n)}>
                    {n}
                  </button>
                  <code>{text || ' '}</code>
                </li>
              )
            })}
          </ol>
        </div>
      )}
    </section>
  )
}

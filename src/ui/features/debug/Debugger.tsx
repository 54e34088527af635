/**
 * The debugger over one recording: controls, the opcode window and the step's panels, all
 * driven by keyboard (the shortcuts in keys.ts) while focus is not in a text field.
 */
import { useEffect, useRef } from 'react'
import type { Summary } from '../../../tools/debug/rows'
import type { DebugWorker } from '../../../workers/debugClient'
import { Controls } from './Controls'
import { GasPanel } from './GasPanel'
import { moveFor, SHORTCUTS } from './keys'
import { OpList } from './OpList'
import { CallStack, MemoryPanel, ReturnDataPanel, StackPanel, StepFacts, StoragePanel } from './Panels'
import { useDebugger } from './useDebugger'

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))

export function Debugger({ worker, summary }: { worker: DebugWorker; summary: Summary }) {
  const d = useDebugger(worker, summary)
  const region = useRef<HTMLElement>(null)
  const { move } = d
  useEffect(() => {
    region.current?.focus()
  }, [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.defaultPrevented) return
      const m = moveFor(e)
      if (!m) return
      e.preventDefault()
      move(m)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [move])

  if (summary.steps === 0) return <p className="notice notice-info">No code ran: this transaction has no steps to debug.</p>
  return (
    <section aria-label="Debugger" className="dbg" tabIndex={-1} ref={region}>
      <Controls steps={summary.steps} move={d.move} goTo={d.goTo} />
      {d.error && (
        <div className="notice notice-error" role="alert">
          <strong>{d.error.message}</strong>
          {d.error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {d.view && (
        <>
          <CallStack view={d.view} />
          <StepFacts view={d.view} steps={summary.steps} />
          <div className="dbg-grid">
            <OpList rows={d.rows} index={d.index} onPick={d.goTo} />
            <StackPanel view={d.view} />
          </div>
          <MemoryPanel view={d.view} />
          <div className="dbg-grid">
            <StoragePanel title="Storage" items={d.view.storage} />
            <StoragePanel title="Transient storage" items={d.view.transient} />
          </div>
          <ReturnDataPanel view={d.view} />
          <GasPanel worker={worker} goTo={d.goTo} />
        </>
      )}
      <details className="dbg-keys">
        <summary>Keyboard shortcuts</summary>
        <dl>
          {SHORTCUTS.map((s) => (
            <div key={s.label}>
              <dt className="mono">{s.keys}</dt>
              <dd>{s.label}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  )
}

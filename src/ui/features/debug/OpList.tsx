/**
 * The window of the opcode list around the current step (only these rows come from the
 * worker); a row is a button that goes to its step.
 */
import { useLayoutEffect, useRef } from 'react'
import type * as DebugTrace from '../../../core/debug/DebugTrace'
import { grouped } from '../../components'

export function OpList({ rows, index, onPick }: { rows: DebugTrace.Row[]; index: number; onPick: (i: number) => void }) {
  const pane = useRef<HTMLElement>(null)
  // the current step stays in the middle of its pane as keys move it (the pane scrolls, never the page)
  useLayoutEffect(() => {
    const el = pane.current
    const row = el?.querySelector('tr[aria-current="step"]')
    if (!el || !row || el.scrollHeight <= el.clientHeight) return
    const r = row.getBoundingClientRect()
    const p = el.getBoundingClientRect()
    el.scrollTop += r.top - p.top - (el.clientHeight - r.height) / 2
  }, [rows, index])
  return (
    <section aria-label="Opcodes" className="dbg-panel dbg-ops" ref={pane} tabIndex={0}>
      <h3>Opcodes</h3>
      <div className="table-wrap">
        <table aria-label="Opcodes around the current step">
          <thead>
            <tr><th scope="col">Step</th><th scope="col">pc</th><th scope="col">Opcode</th><th scope="col">Gas</th><th scope="col">Cost</th><th scope="col">Depth</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.index} aria-current={r.index === index ? 'step' : undefined} className={r.index === index ? 'dbg-current' : undefined}>
                <td>
                  <button type="button" className="dbg-link" tabIndex={-1} onClick={() => onPick(r.index)} aria-label={`Go to step ${r.index}`}>
                    {r.index}
                  </button>
                </td>
                <td className="mono">{r.pc}</td>
                <td className="mono" style={{ paddingLeft: `${(r.depth - 1) * 0.8}em` }}>
                  {r.op}
                  {r.push !== undefined && <span className="dbg-push">{r.push}</span>}
                </td>
                <td>{grouped(r.gas)}</td>
                <td>{grouped(r.gasCost)}</td>
                <td>{r.depth}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

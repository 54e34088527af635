/**
 * The step controls: a button per move (each names its shortcut), a step number, a chosen
 * opcode and a pc breakpoint.
 */
import { useState, type FormEvent } from 'react'
import type * as DebugNav from '../../../core/debug/DebugNav'
import { SHORTCUTS, type Shortcut } from './keys'

/** `wide`: a laptop's workspace (every move and jump shown); else a phone's (the first moves, the rest folded). */
export function Controls({ steps, move, goTo, wide }: { steps: number; move: (m: DebugNav.Move) => void; goTo: (i: number) => void; wide: boolean }) {
  const [op, setOp] = useState('')
  const [pc, setPc] = useState('')
  const [at, setAt] = useState('')
  const jump = (e: FormEvent) => {
    e.preventDefault()
    const n = Number(at)
    if (Number.isInteger(n) && n >= 0 && n < steps) goTo(n)
  }
  const pcValue = (): number | undefined => {
    const t = pc.trim()
    const n = /^0x[0-9a-f]+$/i.test(t) ? parseInt(t, 16) : /^\d+$/.test(t) ? Number(t) : NaN
    return Number.isFinite(n) ? n : undefined
  }
  const button = (s: Shortcut) => (
    <button key={s.label} type="button" onClick={() => move(s.move)} aria-keyshortcuts={s.keys.split(' / ')[0]} title={`${s.label} (${s.keys})`}>
      {s.label}
    </button>
  )
  const jumps = (
    <div className="actions">
      <form onSubmit={jump} className="dbg-inline">
        <label>
          Go to step <input type="text" inputMode="numeric" size={8} value={at} onChange={(e) => setAt(e.target.value)} />
        </label>
        <button type="submit">Go</button>
      </form>
      <div className="dbg-inline">
        <label>
          Opcode <input type="text" size={10} value={op} onChange={(e) => setOp(e.target.value)} placeholder="KECCAK256" />
        </label>
        <button type="button" disabled={!op.trim()} onClick={() => move({ to: 'opcode', op, back: true })}>Previous opcode</button>
        <button type="button" disabled={!op.trim()} onClick={() => move({ to: 'opcode', op })}>Next opcode</button>
      </div>
      <div className="dbg-inline">
        <label>
          Breakpoint pc <input type="text" size={8} value={pc} onChange={(e) => setPc(e.target.value)} placeholder="0x1a or 26" />
        </label>
        <button type="button" disabled={pcValue() === undefined} onClick={() => move({ to: 'pc', pc: pcValue(), back: true })}>Back to breakpoint</button>
        <button type="button" disabled={pcValue() === undefined} onClick={() => move({ to: 'pc', pc: pcValue() })}>Continue to breakpoint</button>
      </div>
    </div>
  )
  return (
    <section aria-label="Step controls" className="dbg-controls">
      <div role="toolbar" aria-label="Moves" className="actions">
        {(wide ? SHORTCUTS : SHORTCUTS.filter((s) => s.first)).map(button)}
      </div>
      {/* a laptop shows every move and jump; a phone the five most used, the rest folded (the workspace fits its screen) */}
      {wide ? (
        jumps
      ) : (
        <details className="dbg-more">
          <summary>More moves</summary>
          <div role="toolbar" aria-label="More moves" className="actions">
            {SHORTCUTS.filter((s) => !s.first).map(button)}
          </div>
          {jumps}
        </details>
      )}
    </section>
  )
}

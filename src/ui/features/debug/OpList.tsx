/**
 * The window of the opcode list around the current step (only these rows come from the
 * worker); a row is a button that goes to its step.
 */
import type * as DebugTrace from '../../../core/debug/DebugTrace'
import { grouped } from '../../components'

export function OpList({ rows, index, onPick }: { rows: DebugTrace.Row[]; index: number; onPick: (i: number) => void }) {
  return (
    <section aria-label="Opcodes" className="dbg-panel dbg-ops">
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
                <td className="mono" style={{ paddingLeft: `${(r.depth - 1) * 0.8}em` }}>{r.op}</td>
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

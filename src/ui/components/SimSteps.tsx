/** The opcode steps of a simulation, as a table drawn only once opened (loaded lazily by SimulationView). */
import { useState } from 'react'
import type * as SimReport from '../../core/sim/SimReport'
import { SimTable } from './SimulationSummary'

export default function Steps({ steps, total, truncated }: { steps: NonNullable<SimReport.Report['result']['steps']>; total: number; truncated: boolean }) {
  // thousands of rows: rendered only once opened
  const [shown, setShown] = useState(false)
  return (
    <div>
      <h3>Opcode steps</h3>
      <p className="hint">
        {truncated ? `The first ${steps.length} of ${total} steps.` : `${steps.length} steps.`} Stack top first; gas cost of a CALL includes the gas it passes on.
      </p>
      <details onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>Show {steps.length} steps</summary>
        {shown && (
        <SimTable label="Opcode steps" head={['#', 'Depth', 'PC', 'Opcode', 'Gas', 'Cost', 'Memory', 'Stack']}>
          {steps.map((s, i) => (
            <tr key={i}>
              <td>{i}</td>
              <td>{s.depth}</td>
              <td>{s.pc}</td>
              <td className="mono">{s.op}</td>
              <td>{BigInt(s.gas).toString()}</td>
              <td>{BigInt(s.gasCost).toString()}</td>
              <td>{s.memSize ?? 0}</td>
              <td className="mono">{(s.stack ?? []).join(' ')}</td>
            </tr>
          ))}
        </SimTable>
        )}
      </details>
    </div>
  )
}

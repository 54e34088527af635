/**
 * Shows a simulation report (core/SimReport): warnings, a summary, asset changes, the call
 * tree (collapsible frames with decoded input, output or error, and their events), events in
 * execution order, storage changes and the bounded opcode steps.
 *
 * Reusable: the /simulate page renders it, and contract read draws a function's simulation
 * with it (the send confirmation shows only SimulationSummary, the small part) —
 *
 * ```tsx
 * const stop = simulateForReview({ from, to, value, data }, abis, setSim)   // stop() terminates the worker
 * {sim?.kind === 'done' && <SimulationView report={sim.report} />}
 * ```
 */
import { useState } from 'react'
import type * as AssetChanges from '../../core/AssetChanges'
import type * as SimReport from '../../core/SimReport'
import * as Units from '../../core/Units'
import type { Row } from '../../tools/types'
import { ResultRow } from './ResultView'
import { Assets, failedFrame, frameLabel, short } from './SimulationSummary'

export { simulateTransaction, SimulationWorker, type SimOutcome, type SimConnection, type SimRun } from '../../workers/simulateClient'
export { connectionForSimulation } from './SimulationSummary'

export function SimulationView({ report, compact = false }: { report: SimReport.Report; compact?: boolean }) {
  const r = report.result
  const summary: Row[] = [{ label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', mono: false }]
  if (r.status === 'reverted') {
    const reason = r.revertReason ?? report.root.revert?.reason ?? report.root.revert?.signature
    summary.push({ label: 'Error', value: r.error ?? 'reverted', tone: 'error' })
    if (reason) summary.push({ label: 'Reason', value: reason, tone: 'error', mono: false })
    const at = failedFrame(report.root)
    if (at && at.path.length) summary.push({ label: 'Reverted in', value: `${frameLabel(at)}: ${at.type} to ${at.to ?? '(create)'}${at.call ? ` ${at.call.signature}` : ''}`, mono: false })
    if (r.returnData !== '0x') summary.push({ label: 'Revert data', value: r.returnData, open: { tool: 'error-decode', inputs: { data: r.returnData }, label: 'Decode error' } })
  } else summary.push({ label: 'Return data', value: r.returnData })
  summary.push(
    { label: 'Gas used', value: BigInt(r.gasUsed).toString() },
    { label: 'Gas limit', value: BigInt(r.gasLimit).toString(), note: `Simulations are capped at ${BigInt(r.gasCap).toLocaleString('en-US')} gas.` },
  )
  if (r.createdAddress) summary.push({ label: 'Contract created', value: r.createdAddress, open: { tool: 'account', inputs: { address: r.createdAddress }, label: 'Inspect' } })
  summary.push(
    { label: 'Block', value: `${r.block.number} (${r.block.stateBlock === 'pending' ? 'the node\'s pending state' : `state after ${r.block.stateBlock}`}), ${r.block.hardfork}, chain ${r.block.chainId}`, mono: false },
    { label: 'Node round trips', value: String(r.stats.roundTrips), note: `${r.stats.requests} requests` },
  )
  if (r.replayed) summary.push({ label: 'Replayed', value: r.replayed.hash, note: `index ${r.replayed.index} in its block, after ${r.replayed.earlierTxs} earlier transaction(s)` })
  if (r.chainedIndex > 1) summary.push({ label: 'Chained', value: `simulation ${r.chainedIndex} of this session`, mono: false })
  if (r.chainedIndex <= 1) summary.push({ label: 'Debugger', value: 'every opcode step', mono: false, open: { tool: 'debug', inputs: r.replayed ? { mode: 'hash', hash: r.replayed.hash } : { mode: 'call', from: r.from, to: r.to ?? '', value: `${BigInt(r.value)} wei`, data: report.root.input, gas: BigInt(r.gasLimit).toString(), block: r.block.stateBlock }, label: 'Debug' } })
  const c = report.nodeTrace
  if (c)
    summary.push(
      !c.available
        ? { label: "Node's own trace", value: `not available (${c.method})`, note: c.reason, mono: false }
        : c.agrees
          ? { label: "Node's own trace", value: `agrees (${c.method}, ${c.frames} frames)`, tone: 'ok', mono: false }
          : { label: "Node's own trace", value: `differs in ${c.differences.length} place(s) (${c.method})`, tone: 'warn', note: c.differences.join('; '), mono: false },
    )

  return (
    <section className="result" aria-label="Simulation result">
      {report.warnings.map((w) => (
        <p key={w} className="notice notice-warn" role="note">
          {w}
        </p>
      ))}
      <section className="section" aria-label="Summary">
        <h3>Summary</h3>
        <dl>
          {summary.map((row, i) => (
            <ResultRow key={`${row.label}-${i}`} row={row} />
          ))}
        </dl>
      </section>
      <Assets assets={report.assets} tokens={report.tokens} />
      {!compact && (
        <>
          <div className="section">
            <h3>Call tree</h3>
            {report.undecodedFrames > 0 && <p className="hint">{report.undecodedFrames} frames beyond the first 500 are shown undecoded.</p>}
            <ul className="sim-tree" aria-label="Call tree">
              <FrameItem f={report.root} open />
            </ul>
          </div>
          <Events events={report.events} />
          <Storage storage={report.assets.storage} />
          {r.steps && <Steps steps={r.steps} total={r.stepCount ?? r.steps.length} truncated={!!r.truncatedSteps} />}
        </>
      )}
    </section>
  )
}

function FrameItem({ f, open = false }: { f: SimReport.FrameView; open?: boolean }) {
  const failed = !!f.error
  const rows: Row[] = [
    { label: 'From', value: f.from, open: { tool: 'account', inputs: { address: f.from }, label: 'Inspect' } },
    ...(f.to ? [{ label: 'To', value: f.to, open: { tool: 'account', inputs: { address: f.to }, label: 'Inspect' } }] : []),
    ...(f.value !== undefined ? [{ label: 'Value (wei)', value: f.value }] : []),
    { label: 'Gas', value: f.gas },
    { label: 'Gas used', value: f.gasUsed },
    { label: 'Input', value: f.input, ...(f.input.length >= 10 && f.type !== 'CREATE' && f.type !== 'CREATE2' ? { open: { tool: 'calldata-decode', inputs: { data: f.input }, label: 'Decode call' } } : {}) },
  ]
  if (f.call) rows.push({ label: 'Function', value: f.call.human, note: `from ${f.call.source}` }, ...f.call.args.map((a) => ({ label: `${a.name || 'arg'} (${a.type})`, value: a.value })))
  if (failed) {
    rows.push({ label: 'Error', value: f.error!, tone: 'error' as const })
    if (f.revert) rows.push({ label: 'Revert', value: f.revert.reason ?? f.revert.signature, tone: 'error' as const, note: `from ${f.revert.source}`, ...(f.output !== '0x' ? { open: { tool: 'error-decode', inputs: { data: f.output }, label: 'Decode error' } } : {}) })
    else if (f.output !== '0x') rows.push({ label: 'Revert data', value: f.output, open: { tool: 'error-decode', inputs: { data: f.output }, label: 'Decode error' } })
  } else if (f.output !== '0x') {
    rows.push({ label: f.type === 'CREATE' || f.type === 'CREATE2' ? 'Runtime code' : 'Output', value: f.output })
    if (f.result) rows.push(...f.result.map((a, i) => ({ label: `→ ${a.name || `#${i + 1}`} (${a.type})`, value: a.value })))
  }
  const title = `${f.type} ${f.to ? short(f.to) : ''}${f.call ? ` ${f.call.signature.split('(')[0]}` : ''}${f.value && f.value !== '0' ? ` · ${Units.format(BigInt(f.value), 'ether')} ETH` : ''} · ${f.gasUsed} gas${failed ? ` · ${f.error}` : ''}`
  return (
    <li className={failed ? 'tone-error' : undefined}>
      <details open={open || f.onFailurePath}>
        <summary aria-label={`${frameLabel(f)}: ${title}`}>
          <span className="mono">{title}</span>
        </summary>
        <dl>
          {rows.map((row, i) => (
            <ResultRow key={`${row.label}-${i}`} row={row} />
          ))}
        </dl>
        {f.events.length > 0 && (
          <ol className="sim-events" aria-label={`Events of ${frameLabel(f)}`}>
            {f.events.map((e) => (
              <li key={e.index}>{eventText(e)}</li>
            ))}
          </ol>
        )}
        {f.calls.length > 0 && (
          <ul className="sim-tree">
            {f.calls.map((c) => (
              <FrameItem key={c.path.join('.')} f={c} />
            ))}
          </ul>
        )}
      </details>
    </li>
  )
}

function eventText(e: SimReport.EventView): string {
  const what = e.signature ? `${e.signature.split('(')[0]}(${(e.args ?? []).map((a) => `${a.name ? `${a.name}: ` : ''}${a.value}`).join(', ')})` : `log ${e.topics[0] ?? '(anonymous)'}`
  return `#${e.index} ${short(e.address)} ${what}${e.reverted ? ' (reverted)' : ''}`
}

function Events({ events }: { events: SimReport.EventView[] }) {
  if (!events.length) return null
  return (
    <div className="section">
      <h3>Events in execution order</h3>
      <dl>
        {events.map((e) => (
          <ResultRow
            key={e.index}
            row={{
              label: `#${e.index} ${e.signature ?? 'unknown event'}${e.reverted ? ' (reverted)' : ''}`,
              value: e.signature ? (e.args ?? []).map((a) => `${a.name || a.type}=${a.value}`).join(', ') || '(no arguments)' : e.data,
              note: `emitted by ${e.address}${e.source ? `, decoded from ${e.source}` : ''}`,
              open: { tool: 'event-decode', inputs: { topics: e.topics.join('\n'), data: e.data }, label: 'Decode event' },
            }}
          />
        ))}
      </dl>
    </div>
  )
}

function Storage({ storage }: { storage: AssetChanges.StorageChange[] }) {
  if (!storage.length) return null
  return (
    <div className="section">
      <h3>Storage changes</h3>
      {storage.map((c) => (
        <table key={c.address} className="sim-table" aria-label={`Storage of ${c.address}`}>
          <caption className="mono">{c.address}</caption>
          <thead>
            <tr>
              <th>Slot</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {c.slots.map((s) => (
              <tr key={s.slot}>
                <td className="mono">
                  {s.name ? <strong>{s.name} </strong> : null}
                  {s.slot}
                </td>
                <td className="mono">{s.before}</td>
                <td className="mono">{s.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  )
}

function Steps({ steps, total, truncated }: { steps: NonNullable<SimReport.Report['result']['steps']>; total: number; truncated: boolean }) {
  // thousands of rows: rendered only once opened
  const [shown, setShown] = useState(false)
  return (
    <div className="section">
      <h3>Opcode steps</h3>
      <p className="hint">
        {truncated ? `The first ${steps.length} of ${total} steps.` : `${steps.length} steps.`} Stack top first; gas cost of a CALL includes the gas it passes on.
      </p>
      <details onToggle={(e) => setShown((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>Show {steps.length} steps</summary>
        {shown && (
        <table className="sim-table" aria-label="Opcode steps">
          <thead>
            <tr>
              <th>#</th>
              <th>Depth</th>
              <th>PC</th>
              <th>Opcode</th>
              <th>Gas</th>
              <th>Cost</th>
              <th>Memory</th>
              <th>Stack</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
        )}
      </details>
    </div>
  )
}

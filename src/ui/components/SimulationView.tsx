/**
 * Shows a simulation report (core/sim/SimReport) the way a debugger would, in five sections a
 * person can jump between: Summary (status, reason, gas, the block and its rules in words,
 * recent fees), Trace (one line per call frame, collapsible, the failing frame marked once,
 * and a chart of where the gas went), Events, Asset changes (the table and a picture of who
 * paid whom) and State changes (storage, opcode steps). Addresses are checksummed.
 *
 * Reusable: the /simulate page renders it, and contract read draws a function's simulation
 * with it (the send confirmation shows only SimulationSummary, the small part) —
 *
 * ```tsx
 * const sim = useSimulation()   // hooks/useSimulation: the worker, the connection, cancel and reset
 * sim.start(callInput({ from, to, value, data }), abis)
 * {sim.state.kind === 'done' && <SimulationView report={sim.state.report} />}
 * ```
 *
 * The pictures (d3) load lazily, only once a simulation is drawn.
 */
import { lazy, Suspense, useId } from 'react'
import type * as AssetChanges from '../../core/sim/AssetChanges'
import type * as SimReport from '../../core/sim/SimReport'
import * as CastCommand from '../../core/chain/CastCommand'
import * as TraceView from '../../core/sim/TraceView'
import type { Row } from '../../tools/types'
import { getProvider } from '../connection/store'
import { ResultRow } from './ResultView'
import { TraceTree } from './TraceTree'
import { debugRow } from './debugLink'
import { Assets, failedFrame, frameLabel, SimTable, verifiedRows } from './SimulationSummary'
import { replayedNote, replayPathText } from '../../core/sim/TraceWords'

const GasChart = lazy(() => import('./SimPictures').then((m) => ({ default: m.GasChart })))
const Steps = lazy(() => import('./SimSteps'))
const FeeHistoryChart = lazy(() => import('./FeeHistoryChart'))
const ValueFlow = lazy(() => import('./SimPictures').then((m) => ({ default: m.ValueFlow })))

const SECTIONS = [
  ['summary', 'Summary'],
  ['trace', 'Trace'],
  ['events', 'Events'],
  ['assets', 'Asset changes'],
  ['state', 'State changes'],
] as const

/** `slotNames`: the variables a storage layout places in a contract's changed slots (slot → names), when the page was given one. */
export function SimulationView({ report, compact = false, slotNames }: { report: SimReport.Report; compact?: boolean; slotNames?: SlotNamer | undefined }) {
  const base = useId()
  const sid = (k: string) => `${base}-${k}`
  const r = report.result
  const summary: Row[] = [{ label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', mono: false }]
  if (r.status === 'reverted') {
    const reason = r.revertReason ?? report.root.revert?.reason ?? report.root.revert?.signature
    summary.push({ label: 'Error', value: r.error ?? 'reverted', tone: 'error' })
    if (reason) summary.push({ label: 'Reason', value: reason, tone: 'error', mono: false })
    const at = failedFrame(report.root)
    if (at && at.path.length) summary.push({ label: 'Reverted in', value: `${frameLabel(at)}: ${at.type} to ${at.to ? TraceView.checksum(at.to) : '(create)'}${at.call ? ` ${at.call.signature}` : ''}`, mono: false })
    if (r.returnData !== '0x') summary.push({ label: 'Revert data', value: r.returnData, open: { tool: 'error-decode', inputs: { data: r.returnData }, label: 'Decode error' } })
  } else summary.push({ label: 'Return data', value: r.returnData })
  summary.push(
    { label: 'Gas used', value: BigInt(r.gasUsed).toString(), note: `${TraceView.grouped(BigInt(r.gasUsed))} gas, intrinsic cost and refund included (what a receipt says)` },
    { label: 'Gas limit', value: BigInt(r.gasLimit).toString(), note: `Simulations are capped at ${BigInt(r.gasCap).toLocaleString('en-US')} gas.` },
  )
  if (r.createdAddress) summary.push({ label: 'Contract created', value: TraceView.checksum(r.createdAddress), open: { tool: 'account', inputs: { address: TraceView.checksum(r.createdAddress) }, label: 'Inspect' }, explorer: 'address' })
  summary.push(
    { label: 'Block', value: `${r.block.number} (${r.block.stateBlock === 'pending' ? "on the node's pending state" : `on the state after block ${r.block.stateBlock}`}), chain ${r.block.chainId}`, mono: false },
    { label: 'Rules', value: TraceView.hardforkText(r.block.hardfork), mono: false },
    { label: 'Read from the node', value: TraceView.readsText(r.stats), mono: false },
    ...verifiedRows(report),
  )
  if (r.replayed) summary.push({ label: 'Replayed', value: r.replayed.hash, note: replayedNote(r.replayed) })
  if (r.replayed?.path) summary.push({ label: 'Replay path', ...replayPathText(r.replayed.path), mono: false })
  if (r.overridden?.block) summary.push({ label: 'Block context', value: Object.entries(r.overridden.block).map(([k, v]) => `${k} ${/^0x[0-9a-f]{1,16}$/i.test(v) ? BigInt(v).toString() : v}`).join(', '), mono: false, note: 'overridden (as eth_call\'s block overrides name them)' })
  if (r.chainedIndex > 1) summary.push({ label: 'Chained', value: `simulation ${r.chainedIndex} of this session`, mono: false })
  summary.push(debugRow(report))
  const cast = CastCommand.simulation(r)
  const { rpcUrl } = getProvider()
  if (cast && rpcUrl) summary.push({ label: 'As cast', value: CastCommand.line(cast, rpcUrl), note: CastCommand.SIMULATION_NOTE })
  const c = report.nodeTrace
  if (c)
    summary.push(
      !c.available
        ? { label: "Node's own trace", value: `not available (${c.method})`, note: c.reason, mono: false }
        : c.agrees
          ? { label: "Node's own trace", value: `agrees (${c.method}, ${c.frames} frames)`, tone: 'ok', mono: false }
          : { label: "Node's own trace", value: `differs in ${c.differences.length} place(s) (${c.method})`, tone: 'warn', note: c.differences.join('; '), mono: false },
    )
  const newest = /^\d+$/.test(r.block.stateBlock) ? BigInt(r.block.stateBlock) : 'latest'
  const jump = (k: string) => document.getElementById(sid(k))?.scrollIntoView()

  return (
    <section className="result sim-view" aria-label="Simulation result">
      {!compact && (
        <nav className="sim-nav" aria-label="Simulation sections">
          {SECTIONS.map(([k, label]) => (
            <button key={k} type="button" onClick={() => jump(k)}>
              {label}
            </button>
          ))}
        </nav>
      )}
      {report.warnings.map((w) => (
        <p key={w} className="notice notice-warn" role="note">
          {w}
        </p>
      ))}
      <section className="section" aria-label="Summary" id={sid('summary')}>
        <h2 className="section-title">Summary</h2>
        <dl>
          {summary.map((row, i) => (
            <ResultRow key={`${row.label}-${i}`} row={row} />
          ))}
        </dl>
        {!compact && (
          <Suspense fallback={null}>
            <FeeHistoryChart rpc={getProvider().rpc} newest={newest} blocks={20} title={`Fees of the 20 blocks up to ${newest === 'latest' ? 'the latest' : `block ${newest}`}`} />
          </Suspense>
        )}
      </section>
      {report.named && <VerifiedSources named={report.named} />}
      {compact && <Assets assets={report.assets} tokens={report.tokens} />}
      {!compact && (
        <>
          <section className="section" aria-label="Trace" id={sid('trace')}>
            <h2 className="section-title">Trace</h2>
            {report.undecodedFrames > 0 && <p className="hint">{report.undecodedFrames} frames beyond the first 500 are shown undecoded.</p>}
            <TraceTree report={report} />
            <Suspense fallback={null}>
              <GasChart report={report} />
            </Suspense>
          </section>
          <section className="section" aria-label="Events" id={sid('events')}>
            <h2 className="section-title">Events</h2>
            <Events events={report.events} tokens={report.tokens} />
          </section>
          <section className="section" aria-label="Asset changes" id={sid('assets')}>
            <h2 className="section-title">Asset changes</h2>
            <Assets assets={report.assets} tokens={report.tokens} bare />
            {!report.assets.ether.length && !report.assets.tokens.length && <p className="hint">No ether or token changes.</p>}
            <Suspense fallback={null}>
              <ValueFlow report={report} />
            </Suspense>
          </section>
          <section className="section" aria-label="State changes" id={sid('state')}>
            <h2 className="section-title">State changes</h2>
            <Storage storage={report.assets.storage} slotNames={slotNames} named={report.named} />
            {r.steps && (
              <Suspense fallback={null}>
                <Steps steps={r.steps} total={r.stepCount ?? r.steps.length} truncated={!!r.truncatedSteps} />
              </Suspense>
            )}
          </section>
        </>
      )}
    </section>
  )
}

/** Which verified source named each contract of the trace (#36), and what was refused or missing, and why. */
export function VerifiedSources({ named }: { named: SimReport.Named }) {
  const rows: Row[] = [
    ...Object.entries(named.contracts).map(([a, n]): Row => ({ label: TraceView.checksum(a), value: n.name, mono: false, tone: 'ok', note: n.by })),
    ...named.failed.map((f): Row => ({ label: TraceView.checksum(f.address), value: f.refused ? 'refused: its code differs from the chain’s' : 'not named', mono: false, tone: f.refused ? 'error' : 'warn', note: f.message })),
  ]
  return (
    <section className="section" aria-label="Verified sources">
      <h2 className="section-title">Verified sources from {named.host}</h2>
      {rows.length ? (
        <dl>
          {rows.map((row, i) => (
            <ResultRow key={`${row.label}-${i}`} row={row} />
          ))}
        </dl>
      ) : (
        <p className="hint">No contract in this trace to ask about.</p>
      )}
    </section>
  )
}

function Events({ events, tokens }: { events: SimReport.EventView[]; tokens: SimReport.Report['tokens'] }) {
  if (!events.length) return <p className="hint">No events.</p>
  return (
    <>
      <p className="hint">In the order they were emitted{events.some((e) => e.reverted) ? '; those of frames a revert undid are marked' : ''}.</p>
      <dl>
        {events.map((e) => (
          <ResultRow
            key={e.index}
            row={{
              label: `#${e.index} ${e.signature ?? 'unknown event'}${e.reverted ? ' (undone by a revert)' : ''}`,
              value: e.signature ? (e.args ?? []).map((a) => `${a.name || a.type}=${a.type === 'address' ? TraceView.checksum(a.value) : (TraceView.amountArg(TraceView.tokenOf(e.address, { tokens }), e.signature!.split('(')[0], a) ?? a.value)}`).join(', ') || '(no arguments)' : e.data,
              note: `emitted by ${TraceView.checksum(e.address)}${e.source ? `, decoded with ${TraceView.sourceText(e.source)}` : ''}`,
              open: { tool: 'event-decode', inputs: { topics: e.topics.join('\n'), data: e.data }, label: 'Decode event' },
            }}
          />
        ))}
      </dl>
    </>
  )
}

/** Slot → names and values for the contract at an address (a storage layout given on the page), or nothing. */
type SlotNamer = (address: string) => ReadonlyMap<string, SimReport.SlotView> | undefined

/**
 * Each contract's changed slots, named by the layout pasted on the page for its address, else by
 * its verified source's layout (#36), with each named value type's value before and after as the
 * source reads it; the line under the table says which layout, and a pasted layout that wins over a
 * verified one says so.
 */
function Storage({ storage, slotNames, named }: { storage: AssetChanges.StorageChange[]; slotNames?: SlotNamer | undefined; named?: SimReport.Named | undefined }) {
  if (!storage.length) return <p className="hint">No storage changes.</p>
  return (
    <>
      {storage.map((c) => {
        const pasted = slotNames?.(c.address)
        const verified = named?.slots[c.address.toLowerCase()]
        const vnames = verified ? new Map(Object.entries(verified.names).map(([slot, name]): [string, SimReport.SlotView] => [slot, { name, ...verified.values?.[slot] }])) : undefined
        const by = pasted?.size
          ? `Slots named by the storage layout pasted${vnames?.size ? ` (it wins over ${verified!.by}: clear it to use that)` : ''}.`
          : vnames?.size
            ? `Slots named by ${verified!.by}.`
            : undefined
        return <StorageTable key={c.address} c={c} names={pasted?.size ? pasted : vnames} by={by} />
      })}
    </>
  )
}

/** A word, and under it the value the source reads there when a layout names it (`33`, `small = 1, neg = -2`). */
function Word({ word, read }: { word: string; read: string | undefined }) {
  if (read === undefined) return <>{word}</>
  return (
    <>
      <strong>{read}</strong>
      <div className="hint">{word}</div>
    </>
  )
}

function StorageTable({ c, names, by }: { c: AssetChanges.StorageChange; names: ReadonlyMap<string, SimReport.SlotView> | undefined; by?: string | undefined }) {
  return (
    <SimTable label={`Storage of ${TraceView.checksum(c.address)}`} head={['Slot', 'Before', 'After']} caption={<caption className="mono">Storage of {TraceView.checksum(c.address)}{by && <div className="hint">{by}</div>}</caption>}>
      {c.slots.map((s) => (
        <tr key={s.slot}>
          <td className="mono">
            {s.name ? <strong>{s.name} </strong> : null}
            {s.slot}
            {names?.get(s.slot) ? <div className="hint">{names.get(s.slot)!.name}</div> : null}
          </td>
          <td className="mono">
            <Word word={s.before} read={names?.get(s.slot)?.before} />
          </td>
          <td className="mono">
            <Word word={s.after} read={names?.get(s.slot)?.after} />
          </td>
        </tr>
      ))}
    </SimTable>
  )
}

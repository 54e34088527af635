/**
 * The call tree as a debugger shows it: one line per frame (call type, contract, decoded call,
 * value, gas used), indented by depth; a DELEGATECALL's value is its caller's, marked as inherited. Each frame with calls has a button that collapses them
 * (aria-expanded); the line itself is a button that opens the frame's details (addresses,
 * input with a link to the decoder, output or revert, its events). The frame where the
 * transaction's failure started is marked once, with its reason; a revert a caller caught is
 * marked as caught; frames undone by a caller's revert are dimmed.
 */
import { createContext, useContext, useMemo, useState } from 'react'
import type * as SimReport from '../../core/sim/SimReport'
import * as TraceView from '../../core/sim/TraceView'
import type { Row } from '../../tools/types'
import { ResultRow } from './ResultView'
// its styles come with it (the send confirmation, /transaction and /simulate draw it)
import './trace.css'

/** Above this many frames, only the first two levels and the failure's path start open. */
const OPEN_ALL_UP_TO = 60

/** The report's tokens (symbol, decimals), for the events in a frame's details. */
const Tokens = createContext<SimReport.Report['tokens']>({})

export function TraceTree({ report }: { report: SimReport.Report }) {
  const lines = useMemo(() => TraceView.lines(report), [report])
  const byId = useMemo(() => new Map(lines.map((l) => [l.id, l])), [lines])
  // a large tree starts with the first two levels and the failure's path open
  const [collapsed, setCollapsed] = useState(() => new Set(lines.length <= OPEN_ALL_UP_TO ? [] : lines.filter((l) => l.calls && l.depth && !(l.failed && !l.caught)).map((l) => l.id)))
  // details start open where the eye should go: the failure's frame, or the top frame of a small tree
  const [details, setDetails] = useState<Set<string>>(() => new Set([...(lines.length <= 3 ? ['root'] : []), ...lines.filter((l) => l.revertOrigin).map((l) => l.id)]))
  const toggle = (set: Set<string>, id: string) => {
    const n = new Set(set)
    if (n.has(id)) n.delete(id)
    else n.add(id)
    return n
  }
  return (
    <>
      <p className="hint ft-legend">
        {lines.length} frame{lines.length === 1 ? '' : 's'}: select a line for its details, an arrow to fold its calls.
      </p>
      <ul className="ft-tree" aria-label="Call tree">
        <Tokens.Provider value={report.tokens}>
          <Frame f={report.root} byId={byId} collapsed={collapsed} details={details} onFold={(id) => setCollapsed((s) => toggle(s, id))} onDetails={(id) => setDetails((s) => toggle(s, id))} />
        </Tokens.Provider>
      </ul>
    </>
  )
}

interface FrameProps {
  f: SimReport.FrameView
  byId: Map<string, TraceView.Line>
  collapsed: Set<string>
  details: Set<string>
  onFold: (id: string) => void
  onDetails: (id: string) => void
}

function Frame({ f, byId, collapsed, details, onFold, onDetails }: FrameProps) {
  const id = f.path.length ? f.path.join('.') : 'root'
  const l = byId.get(id)!
  const open = !collapsed.has(id)
  const shown = details.has(id)
  const where = id === 'root' ? 'the top frame' : `frame ${id}`
  const cls = ['ft-row', l.revertOrigin ? 'ft-origin' : '', l.caught ? 'ft-caught' : '', l.undone || (l.failed && !l.revertOrigin && !l.caught) ? 'ft-dim' : ''].filter(Boolean).join(' ')
  return (
    <li className="ft-item">
      <div className={cls}>
        {l.calls > 0 ? (
          <button type="button" className="ft-fold" aria-expanded={open} aria-controls={`ft-calls-${id}`} aria-label={`Calls of ${where} (${l.calls})`} onClick={() => onFold(id)}>
            <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true">
              <path d={open ? 'M1 3 L5 7 L9 3' : 'M3 1 L7 5 L3 9'} fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        ) : (
          <span className="ft-fold-space" aria-hidden="true" />
        )}
        <button type="button" className="ft-line" aria-expanded={shown} aria-controls={`ft-details-${id}`} onClick={() => onDetails(id)}>
          <LineText l={l} />
        </button>
      </div>
      {shown && <FrameDetails f={f} l={l} id={`ft-details-${id}`} />}
      {f.calls.length > 0 && (
        <ul className="ft-tree ft-children" id={`ft-calls-${id}`} hidden={!open}>
          {open && f.calls.map((c) => <Frame key={c.path.join('.')} f={c} byId={byId} collapsed={collapsed} details={details} onFold={onFold} onDetails={onDetails} />)}
        </ul>
      )}
    </li>
  )
}

/** The line; its text reads as TraceView.lineText does (`CALL Store 0x8464…318bC set(v: 101) · 23,104 gas`). */
function LineText({ l }: { l: TraceView.Line }) {
  const call = TraceView.callText(l)
  return (
    <span className="ft-text">
      <span className={`ft-type ft-type-${l.type.toLowerCase()}`}>{l.type}</span>{' '}
      <span className="ft-who">
        {l.name && <strong className="ft-name">{l.name} </strong>}
        <span className="mono" title={l.to}>
          {l.to ? TraceView.middle(l.to) : '(new contract)'}
        </span>
      </span>
      {call && (
        <>
          {' '}
          <span className="ft-call mono">{call}</span>
        </>
      )}
      <span className="ft-meta">
        {l.value > 0n && <span className="ft-value"> · {TraceView.ether(l.value)}</span>}
        {!!l.inheritedValue && <span className="ft-value ft-inherited"> · {TraceView.inheritedText(l.inheritedValue)}</span>}
        <span className="ft-gas"> · {TraceView.grouped(l.gasUsed)} gas</span>
      </span>
      {l.revertOrigin && <span className="ft-revert"> · reverted: {l.reason}</span>}
      {l.caught && <span className="ft-caught-text"> · reverted, caught by the caller: {l.reason}</span>}
    </span>
  )
}

function FrameDetails({ f, l, id }: { f: SimReport.FrameView; l: TraceView.Line; id: string }) {
  const tokens = useContext(Tokens)
  const creates = f.type === 'CREATE' || f.type === 'CREATE2'
  // a DELEGATECALL or CALLCODE runs `to`'s code as `from` (the proxy): the rows say which is which
  const rows: Row[] = [
    l.context
      ? { label: 'Runs as', value: l.context, note: `${l.contextName ? `${l.contextName}: ` : ''}its storage and balance`, open: { tool: 'account', inputs: { address: l.context }, label: 'Inspect' }, explorer: 'address' }
      : { label: 'From', value: l.from, open: { tool: 'account', inputs: { address: l.from }, label: 'Inspect' }, explorer: 'address' },
    ...(l.to ? [{ label: creates ? 'Created' : f.type === 'SELFDESTRUCT' ? 'Beneficiary' : l.context ? 'Code of' : 'To', value: l.to, ...(l.name ? { note: l.name } : {}), open: { tool: 'account', inputs: { address: l.to }, label: 'Inspect' }, explorer: 'address' as const }] : []),
    ...(l.value > 0n ? [{ label: 'Value', value: TraceView.ether(l.value), note: `${l.value} wei` }] : []),
    ...(l.inheritedValue ? [{ label: 'Value (inherited)', value: TraceView.ether(l.inheritedValue), note: `${l.inheritedValue} wei: the caller's msg.value, which this code sees; no ether moves with a DELEGATECALL` }] : []),
    { label: 'Gas used', value: TraceView.grouped(l.gasUsed), note: l.depth === 0 ? 'the transaction\'s gas used: intrinsic cost and refund included' : `of ${TraceView.grouped(BigInt(f.gas))} available to the call` },
    { label: 'Input', value: f.input, ...(f.input.length >= 10 && !creates ? { open: { tool: 'calldata-decode', inputs: { data: f.input }, label: 'Decode call' } } : {}) },
  ]
  if (f.call) rows.push({ label: 'Function', value: f.call.human, note: `decoded with ${TraceView.sourceText(f.call.source)}` }, ...l.args.map((a, i): Row => ({ label: `${a.name || `#${i + 1}`} (${a.type})`, value: a.value, ...(a.type === 'address' ? { explorer: 'address' as const } : {}) })))
  if (f.error) {
    rows.push({ label: 'Error', value: f.error, tone: l.revertOrigin ? ('error' as const) : ('warn' as const), mono: false })
    if (f.revert) rows.push({ label: 'Revert', value: f.revert.reason ?? f.revert.signature, tone: l.revertOrigin ? ('error' as const) : ('warn' as const), note: `decoded with ${TraceView.sourceText(f.revert.source)}`, ...(f.output !== '0x' ? { open: { tool: 'error-decode', inputs: { data: f.output }, label: 'Decode error' } } : {}) })
    else if (f.output !== '0x') rows.push({ label: 'Revert data', value: f.output, open: { tool: 'error-decode', inputs: { data: f.output }, label: 'Decode error' } })
  } else if (f.output !== '0x') {
    rows.push({ label: creates ? 'Runtime code' : 'Output', value: f.output })
    if (f.result) rows.push(...f.result.map((a, i): Row => ({ label: `→ ${a.name || `#${i + 1}`} (${a.type})`, ...(a.type === 'address' ? { value: TraceView.checksum(a.value), explorer: 'address' as const } : { value: a.value }) })))
  }
  return (
    <div className="ft-details" id={id}>
      <dl>
        {rows.map((row, i) => (
          <ResultRow key={`${row.label}-${i}`} row={row} />
        ))}
      </dl>
      {f.events.length > 0 && (
        <ol className="ft-events" aria-label={`Events of ${l.depth === 0 ? 'the top frame' : `frame ${l.id}`}`}>
          {f.events.map((e) => (
            <li key={e.index}>{eventText(e, tokens)}</li>
          ))}
        </ol>
      )}
    </div>
  )
}

/** An event in one line; a token's amount in its units where `tokens` holds its decimals (`value: 10 DEMO`). */
export function eventText(e: SimReport.EventView, tokens: SimReport.Report['tokens'] = {}): string {
  const fn = e.signature?.split('(')[0]
  const token = TraceView.tokenOf(e.address, { tokens })
  const what = e.signature ? `${fn}(${(e.args ?? []).map((a) => `${a.name ? `${a.name}: ` : ''}${a.type === 'address' ? TraceView.checksum(a.value) : (TraceView.amountArg(token, fn, a) ?? a.value)}`).join(', ')})` : `log ${e.topics[0] ?? '(anonymous)'}`
  return `#${e.index} ${TraceView.middle(TraceView.checksum(e.address))} ${what}${e.reverted ? ' (undone by a revert)' : ''}`
}

/**
 * The small part of a simulation's view: status, gas, revert reason and where it happened,
 * warnings and asset changes, drawn from the report's plain data (core/sim/SimReport) of a
 * `useSimulation` state (hooks/useSimulation, which starts and ends the worker). The send
 * confirmation imports this file statically and nothing heavier: the EVM runs in the
 * simulation worker, which loads only when a simulation starts, and the page receives
 * JSON. SimulationView (the full view: call tree, events, storage, steps) builds on it.
 */
import type { ReactNode } from 'react'
import type * as ChainList from '../../core/chain/ChainList'
import type * as AssetChanges from '../../core/sim/AssetChanges'
import type * as SimReport from '../../core/sim/SimReport'
import * as TraceView from '../../core/sim/TraceWords'
import * as Units from '../../core/format/Units'
import type { Row } from '../../tools/types'
import type { SimulationState } from '../hooks/simulation'
import { ResultRow } from './ResultView'
import { ErrorNotice } from './RunParts'
import { debugRow } from './debugLink'
import { ExplorerLink, PrefixedCopy, useListedChain } from './explorerLink'
import './trace.css'

/** Verified reads (#26): the anchor, what was proven and what was the node's word. */
export const verifiedRows = (report: SimReport.Report): Row[] =>
  report.verified
    ? [
        { label: 'Verified reads', value: report.verified.anchor, mono: false, tone: 'ok' },
        { label: 'Proven', value: report.verified.proven, mono: false, copy: false },
        { label: 'Not proven', value: report.verified.notProven, mono: false, copy: false },
      ]
    : []

export const short = (a: string) => TraceView.middle(/^0x[0-9a-fA-F]{40}$/.test(a) ? TraceView.checksum(a) : a)
export const frameLabel = (f: SimReport.FrameView) => (f.path.length ? `frame ${f.path.join('.')}` : 'root frame')

/** The deepest frame on the path to the failure (the one that reverted first). */
export function failedFrame(f: SimReport.FrameView): SimReport.FrameView | undefined {
  if (!f.onFailurePath) return undefined
  for (const c of f.calls) {
    const d = failedFrame(c)
    if (d) return d
  }
  return f
}

/** The revert reason as the report has it: the decoded reason, else the error's signature, else the EVM error. */
export function revertText(report: SimReport.Report): string | undefined {
  const r = report.result
  if (r.status !== 'reverted') return undefined
  return r.revertReason ?? report.root.revert?.reason ?? report.root.revert?.signature ?? failedFrame(report.root)?.revert?.reason ?? r.error ?? 'reverted'
}

/** Where it reverted, in words (frame, call type, address, function). */
export function revertPlace(report: SimReport.Report): string | undefined {
  const at = failedFrame(report.root)
  if (!at) return undefined
  return `${frameLabel(at)}: ${at.type} to ${at.to ? TraceView.checksum(at.to) : '(create)'}${at.call ? ` ${at.call.signature}` : ''}`
}

/**
 * The simulation in a confirmation (`useSimulation`'s state): progress with Cancel while it
 * runs, a plain failure message (confirming stays possible), or the result's summary, warnings
 * and asset changes. Nothing while idle.
 */
export function SimulationSummary({ state, onCancel, notes = [], title = 'Simulation before signing', canStill = 'You can still confirm', children }: { state: SimulationState; onCancel: () => void; notes?: string[]; title?: string; canStill?: string; children?: ReactNode }) {
  if (state.kind === 'idle') return null
  return (
    <section className="section" aria-label={title}>
      <h3>{title}</h3>
      {state.kind === 'running' && (
        <div className="actions">
          <p role="status">
            Simulating… {state.requests} node request{state.requests === 1 ? '' : 's'} so far ({state.roundTrips} round trip{state.roundTrips === 1 ? '' : 's'}).
          </p>
          <button type="button" onClick={onCancel}>
            Cancel simulation
          </button>
        </div>
      )}
      {state.kind === 'cancelled' && <p className="notice notice-warn">Simulation cancelled. {canStill}; nothing above depends on it.</p>}
      {state.kind === 'failed' && (
        <ErrorNotice error={state.error} lead="The simulation could not run" tone="warn">
          <p>{canStill}: the rest does not depend on it.</p>
        </ErrorNotice>
      )}
      {state.kind === 'done' && (children ?? <ReportSummary report={state.report} />)}
      {state.kind === 'done' &&
        notes.map((n) => (
          <p key={n} className="hint">
            {n}
          </p>
        ))}
    </section>
  )
}

function ReportSummary({ report }: { report: SimReport.Report }) {
  const r = report.result
  // labelled as simulated: beside a confirmation (and later a receipt) they must not read as the chain's answer
  const rows: Row[] = [{ label: 'Simulated status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', mono: false }]
  if (r.status === 'reverted') {
    rows.push({ label: 'Reason', value: revertText(report) ?? 'reverted', tone: 'error', mono: false })
    const where = revertPlace(report)
    if (where) rows.push({ label: 'Reverted in', value: where, mono: false })
    if (r.returnData !== '0x') rows.push({ label: 'Revert data', value: r.returnData, open: { tool: 'error-decode', inputs: { data: r.returnData }, label: 'Decode error' } })
  }
  rows.push(
    { label: 'Simulated gas used', value: BigInt(r.gasUsed).toString(), note: `of a limit of ${BigInt(r.gasLimit).toString()}` },
    {
      label: 'Simulated at',
      value: `${r.block.stateBlock === 'pending' ? `pending state, next block ${r.block.number}` : `block ${r.block.stateBlock}`} (${TraceView.hardforkText(r.block.hardfork)}); ${TraceView.readsText(r.stats)}`,
      mono: false,
    },
    debugRow(report),
    ...verifiedRows(report),
  )
  return (
    <>
      {report.warnings.map((w) => (
        <p key={w} className="notice notice-warn" role="note">
          {w}
        </p>
      ))}
      <dl>
        {rows.map((row, i) => (
          <ResultRow key={`${row.label}-${i}`} row={row} />
        ))}
      </dl>
      <Assets assets={report.assets} tokens={report.tokens} />
      {!report.assets.ether.length && !report.assets.tokens.length && <p className="hint">No ether or token changes.</p>}
    </>
  )
}

/** A simulation's table: labelled, its header row from `head`, focusable so a wide one scrolls by keyboard (unless `focusable` is false). */
export function SimTable({ label, head, caption, foot, focusable = true, children }: { label: string; head: readonly string[]; caption?: ReactNode; foot?: ReactNode; focusable?: boolean; children: ReactNode }) {
  return (
    <table tabIndex={focusable ? 0 : undefined} className="sim-table" aria-label={label}>
      {caption}
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {foot}
    </table>
  )
}

export function Assets({ assets, tokens, bare = false }: { assets: AssetChanges.Changes; tokens: Record<string, AssetChanges.TokenInfo>; bare?: boolean }) {
  // the connected chain's explorer beside each address and token (none on a devnet)
  const chain = useListedChain(assets.ether.length + assets.tokens.length > 0)
  if (!assets.ether.length && !assets.tokens.length) return null
  const table = (
      <SimTable label="Asset changes" head={['Asset', 'What', 'Amount']} focusable={false}>
        {assets.ether.map((e) => (
          <tr key={`eth-${e.address}`}>
            <td>ETH</td>
            <td className="mono">
              <Party chain={chain} address={e.address} />
            </td>
            <td className="mono">
              {BigInt(e.delta) > 0n ? '+' : ''}
              {Units.format(BigInt(e.delta), 'ether')} ETH
            </td>
          </tr>
        ))}
        {assets.tokens.map((t) => (
          <tr key={`tok-${t.logIndex}`} className={t.unlimited ? 'tone-warn' : undefined}>
            <td>
              {tokens[t.token]?.symbol ?? t.standard.toUpperCase()} <small className="mono">{short(t.token)}</small>
              {chain && (
                <>
                  {' '}
                  <PrefixedCopy chain={chain} address={TraceView.checksum(t.token)} label={`token ${short(t.token)}`} /> <ExplorerLink chain={chain} kind="token" value={TraceView.checksum(t.token)} what={`token ${short(t.token)}`} />
                </>
              )}
            </td>
            <td className="mono">
              <TokenWhat t={t} chain={chain} />
            </td>
            <td className="mono">{tokenAmount(t, tokens[t.token])}</td>
          </tr>
        ))}
      </SimTable>
  )
  if (bare) return table
  return (
    <div className="section">
      <h3>Asset changes</h3>
      {table}
    </div>
  )
}

/**
 * An address in the asset table: whole on a wide screen (elided on a phone, whole for a screen
 * reader), with its EIP-3770 copy and explorer link on a listed chain; `role` names it where a
 * cell holds two (the link's name: "Open spender 0x12…ab on …").
 */
function Party({ chain, address, role }: { chain: ChainList.Chain | undefined; address: string; role?: string }) {
  const whole = TraceView.checksum(address)
  const what = role ? `${role} ${short(address)}` : short(address)
  return (
    <>
      <span className="addr-long">{whole}</span>
      <span className="addr-short" aria-hidden="true">
        {short(address)}
      </span>
      {chain && (
        <>
          {' '}
          <PrefixedCopy chain={chain} address={whole} label={what} /> <ExplorerLink chain={chain} kind="address" value={whole} what={what} />
        </>
      )}
    </>
  )
}

/** What a token change is, each party on its own line, whole (an approval's spender is what people must check). */
function TokenWhat({ t, chain }: { t: AssetChanges.TokenChange; chain: ChainList.Chain | undefined }) {
  const [head, parties]: [string, [string, string][]] =
    t.kind === 'transfer'
      ? [`${t.standard} transfer`, [['from', t.from!], ['to', t.to!]]]
      : t.kind === 'approval'
        ? [`${t.standard} approval`, [['owner', t.owner!], ['spender', t.spender!]]]
        : ['approval for all', [['owner', t.owner!], ['operator', t.operator!]]]
  return (
    <>
      {head}
      {parties.map(([role, a]) => (
        <span key={role} className="party">
          {' '}
          {role} <Party chain={chain} address={a} role={role} />
        </span>
      ))}
    </>
  )
}

function tokenAmount(t: AssetChanges.TokenChange, info?: AssetChanges.TokenInfo): string {
  if (t.kind === 'approvalForAll') return t.approved ? 'all tokens (unlimited)' : 'revoked'
  if (t.ids) return t.ids.map((id, i) => `${t.amounts![i]} of #${id}`).join(', ')
  if (t.amount !== undefined) {
    const a = t.standard === 'erc20' ? TraceView.formatAmount(t.amount, info) : t.amount
    return t.id !== undefined ? `${a} of #${t.id}` : a
  }
  return `#${t.id}`
}

/**
 * The debugger's opt-in "Fetch verified sources" (#36): the box, off by default, with the host it
 * asks named beside it; then which source named each contract of the recording — a dropped file
 * or the verified source from the host (full or partial match) — and what was refused and why.
 */
import { useId } from 'react'
import type { SourceSummary } from '../../../workers/protocol'
import { ErrorNotice } from '../../components/RunParts'
import type { VerifiedSources as State } from './useVerifiedSources'

const short = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a)

export function VerifiedSources({ state, summary }: { state: State; summary: SourceSummary | undefined }) {
  const id = useId()
  const { fetched } = state
  const byAddress = new Map(fetched?.named.map((n) => [n.address.toLowerCase(), n]) ?? [])
  return (
    <section aria-label="Verified sources" className="dbg-panel">
      <h3>Verified sources</h3>
      <p>
        <input id={`${id}-on`} type="checkbox" checked={state.on} onChange={(e) => state.setOn(e.target.checked)} aria-describedby={`${id}-help`} />{' '}
        <label htmlFor={`${id}-on`}>Fetch verified sources</label>{' '}
        <label htmlFor={`${id}-host`}>from host</label>{' '}
        <input id={`${id}-host`} type="text" value={state.host} onChange={(e) => state.setHost(e.target.value)} disabled={state.on} spellCheck={false} className="mono" size={32} />
      </p>
      <p className="hint" id={`${id}-help`}>
        Sends only the chain id and each contract address this transaction ran to {state.host || 'the host'}; the code served is checked against the chain’s before any of it is used. Off by default, and nothing is sent while it is off.
      </p>
      <ErrorNotice error={state.error} />
      {state.loading && <p role="status">Fetching verified sources…</p>}
      {fetched && summary && (
        <ul aria-label="Which source named each contract">
          {summary.contracts.map((c) => {
            const v = byAddress.get(c.address.toLowerCase())
            const by = !c.name ? 'not named' : v && v.name === c.name ? v.by : 'a dropped file'
            return (
              <li key={c.address}>
                <span className="mono">{short(c.address)}</span> {c.name ?? ''} — {by}
              </li>
            )
          })}
        </ul>
      )}
      {fetched && fetched.failed.length > 0 && (
        <ul aria-label="Not fetched">
          {fetched.failed.map((f) => (
            <li key={f.address}>
              <span className="mono">{short(f.address)}</span>: {f.error.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

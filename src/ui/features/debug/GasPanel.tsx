/**
 * The gas profile: an icicle of the call tree (GasChart, loaded lazily with d3), then every call
 * frame's gas (callees included) and self gas as a table, indented by depth, with a bar of its
 * share of the transaction's gas (the chart's text alternative).
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import * as GasExport from '../../../core/debug/GasExport'
import type * as GasProfile from '../../../core/debug/GasProfile'
import type { DebugWorker } from '../../../workers/debugClient'
import { grouped } from '../../components'
import { GasFiles } from '../../components/GasFiles'
import { FrameWho } from './Panels'

const GasChart = lazy(() => import('./GasChart').then((m) => ({ default: m.GasChart })))

/** A frame as one line of text (the flame chart's and the CSV's name): FrameWho's words. */
export function frameText(f: Pick<GasProfile.FrameGas, 'type' | 'address' | 'codeAddress'>, names?: ReadonlyMap<string, string>): string {
  const named = (a: string) => [names?.get(a.toLowerCase()), a].filter(Boolean).join(' ')
  const other = f.type === 'DELEGATECALL' || f.type === 'CALLCODE' || f.codeAddress.toLowerCase() !== f.address.toLowerCase()
  return `${f.type} ${named(f.address)}${other ? ` running ${named(f.codeAddress)}` : ''}`
}

/** `names`: contract names by address (from the loaded artifacts); a DELEGATECALL's row names the proxy and the code it runs. `sources`: what the loaded artifacts matched (a new value asks again, for the internal functions' gas). `hash`: the replayed transaction's (the saved files are named by it). */
export function GasPanel({ worker, goTo, sources, names, hash }: { worker: DebugWorker; goTo: (i: number) => void; sources?: unknown; names?: ReadonlyMap<string, string> | undefined; hash?: string | undefined }) {
  const [profile, setProfile] = useState<GasProfile.Profile>()
  useEffect(() => {
    let live = true
    void worker.ask({ kind: 'profile' }).then((o) => live && o.ok && setProfile(o.value))
    return () => {
      live = false
    }
  }, [worker, sources])
  const tree = useMemo(() => profile && GasExport.treeOfProfile(profile, (f) => frameText(f, names)), [profile, names])
  if (!profile) return null
  const pct = (n: number) => (profile.total ? (100 * n) / profile.total : 0)
  return (
    <section aria-label="Gas profile" className="dbg-panel">
      <h3>Gas profile <span className="hint">(per call frame; self gas adds up to the {grouped(profile.total)} gas used)</span></h3>
      <GasFiles tree={tree} hash={hash} />
      <Suspense fallback={null}>
        <GasChart profile={profile} goTo={goTo} tableId="dbg-gas-table" />
      </Suspense>
      <div className="table-wrap dbg-scroll">
        <table aria-label="Gas per call frame" className="dbg-gas" id="dbg-gas-table" tabIndex={-1}>
          <thead>
            <tr><th scope="col">Frame</th><th scope="col">Gas</th><th scope="col">Self</th><th scope="col">Share</th><th scope="col">Steps</th></tr>
          </thead>
          <tbody>
            {profile.frames.map((f) => (
              <tr key={f.id}>
                <th scope="row" style={{ paddingLeft: `${(f.depth - 1) * 1.2}em` }}>
                  <FrameWho f={f} names={names} />
                  {f.failed && <span className="dbg-bad"> (failed)</span>}
                  {f.firstStep >= 0 && (
                    <button type="button" className="dbg-link" onClick={() => goTo(f.firstStep)} aria-label={`Go to the first step of frame ${f.id}`}>
                      go
                    </button>
                  )}
                </th>
                <td>{grouped(f.gas)}</td>
                <td>{grouped(f.self)}</td>
                <td>
                  <span className="dbg-bar" aria-hidden="true">
                    <span style={{ width: `${pct(f.gas)}%` }} />
                  </span>{' '}
                  {pct(f.gas).toFixed(1)}%
                </td>
                <td>{grouped(f.steps)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

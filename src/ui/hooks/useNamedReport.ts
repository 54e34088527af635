/**
 * A finished simulation named by verified sources (#36), for a page that shows a simulation it did
 * not run through the tool runner (the send confirmation): while `lookup` is given, once `state` is
 * done its report is named (`verifiedNames.nameReport`: each contract asked of the host through
 * the page's connection policy, read and checked against the chain's code in the verified-source
 * worker). Until then, and without `lookup`, the report is shown as the simulation gave it. A new
 * simulation, another host or the lookup turned off abandons the naming in flight.
 */
import { useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import type * as SimReport from '../../core/sim/SimReport'
import type { SimulationState } from './useSimulation'

export type Naming = { status: 'off' } | { status: 'naming'; host: string } | { status: 'named'; host: string } | { status: 'failed'; host: string; error: ErrorInfo }

export function useNamedReport(state: SimulationState, lookup: { host: string } | null): { state: SimulationState; naming: Naming } {
  const report = state.kind === 'done' ? state.report : undefined
  const host = lookup?.host
  const [named, setNamed] = useState<{ for: SimReport.Report; host: string; report?: SimReport.Report; error?: ErrorInfo } | null>(null)
  useEffect(() => {
    if (!report || host === undefined) return
    const controller = new AbortController()
    void (async () => {
      try {
        const { nameReport } = await import('./verifiedNames')
        const out = await nameReport(report, host, controller.signal)
        if (!controller.signal.aborted) setNamed({ for: report, host, report: out })
      } catch (e) {
        if (!controller.signal.aborted) setNamed({ for: report, host, error: toErrorInfo(e) })
      }
    })()
    return () => controller.abort()
  }, [report, host])
  if (!report || host === undefined) return { state, naming: { status: 'off' } }
  const mine = named && named.for === report && named.host === host ? named : null
  if (!mine) return { state, naming: { status: 'naming', host } }
  if (mine.error) return { state, naming: { status: 'failed', host, error: mine.error } }
  return { state: { kind: 'done', report: mine.report! }, naming: { status: 'named', host } }
}

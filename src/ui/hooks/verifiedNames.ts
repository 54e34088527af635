/**
 * A simulation report named by verified sources (#36), on the page: loaded only once the person
 * ticked the lookup and a simulation ended. Each contract of the trace (`SimVerified.addressesOf`)
 * is asked of the host through the page's connection policy (`pageFetch`, as the other
 * lookups), its answer read and checked against the chain's code in the verified-source worker
 * (a mismatch is refused, never used), and the report renamed by `SimVerified.apply`, in that
 * worker too (naming a trace of hundreds of frames held the main thread for up to 0.6 s).
 * `carrySources` does the same and hands back the sources' texts too, for a capsule to carry.
 */
import * as CarriedSources from '../../core/debug/CarriedSources'
import * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import { RelayedError } from '../../core/Errors'
import type * as SimCapsule from '../../core/sim/SimCapsule'
import type * as SimReport from '../../core/sim/SimReport'
import { applyNames, readChecked } from '../../workers/verifiedSourceClient'
import { getProvider } from '../connection/store'
import { pageFetch } from './useVerifiedAbi'
import { sourceCache } from './sourceCache'

const read: VerifiedAbi.Reader = async (text, asked, code) => {
  const r = await readChecked(text, asked, code).promise
  if (!r.ok) throw new RelayedError(r.error)
  return r.value
}

/** Names off the main thread, in the verified-source worker. */
const apply: CarriedSources.Applier = async (report, many, host) => {
  const r = await applyNames(report, many, host).promise
  if (!r.ok) throw new RelayedError(r.error)
  return r.value
}

/** The page's reader and namer, both in the verified-source worker (a capsule's carried sources are read with them too). */
export const offThread = { read, apply }

/** `report` with what the verified sources from `host` name; throws only for a bad host or a cancel (each contract's failure is listed in `named.failed`). */
export async function nameReport(report: SimReport.Report, host: string, signal: AbortSignal): Promise<SimReport.Report> {
  return (await carrySources(report, host, signal)).report
}

/** {@link nameReport}, with the text of each source that named it (what a capsule carries). */
export async function carrySources(report: SimReport.Report, host: string, signal: AbortSignal): Promise<{ report: SimReport.Report; sources: SimCapsule.Source[] }> {
  return CarriedSources.carry({ rpc: getProvider().rpc, fetch: pageFetch, host, read, signal, cache: sourceCache, apply }, report)
}

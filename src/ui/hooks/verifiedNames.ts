/**
 * A simulation report named by verified sources (#36), on the page: loaded only once the person
 * ticked the lookup and a simulation ended. Each contract of the trace (`SimVerified.addressesOf`)
 * is asked of the host through the page's connection policy (`pageFetch`, as the other
 * lookups), its answer read and checked against the chain's code in the verified-source worker
 * (a mismatch is refused, never used), and the report renamed by `SimVerified.apply`.
 */
import * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import * as VerifiedSource from '../../core/debug/VerifiedSource'
import { RelayedError } from '../../core/Errors'
import type * as SimReport from '../../core/sim/SimReport'
import * as SimVerified from '../../core/debug/SimVerified'
import { readChecked } from '../../workers/verifiedSourceClient'
import { getProvider } from '../connection/store'
import { pageFetch } from './useVerifiedAbi'
import { sourceCache } from './sourceCache'

const read: VerifiedAbi.Reader = async (text, asked, code) => {
  const r = await readChecked(text, asked, code).promise
  if (!r.ok) throw new RelayedError(r.error)
  return r.value
}

/** `report` with what the verified sources from `host` name; throws only for a bad host or a cancel (each contract's failure is listed in `named.failed`). */
export async function nameReport(report: SimReport.Report, host: string, signal: AbortSignal): Promise<SimReport.Report> {
  const target = VerifiedSource.normalizeHost(host)
  const many = await VerifiedAbi.lookupAll({ rpc: getProvider().rpc, fetch: pageFetch, host: target, read, signal, cache: sourceCache, block: SimVerified.blockOf(report) }, SimVerified.addressesOf(report))
  return SimVerified.apply(report, many, target)
}

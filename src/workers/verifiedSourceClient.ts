/**
 * Main-thread side of the verified-source worker (#36), over `./channel`:
 *
 * - `readChecked(text, asked, code)` parses a Sourcify answer, checks it against the chain's code
 *   and reads the immutables in a worker (`VerifiedSource.readChecked`), so a large answer never
 *   holds the page's thread. The page fetches (its fetch is the one the connection policy
 *   polices) and hands the text over; a mismatch comes back as a failure named
 *   `VerifiedSource.MismatchError`.
 * - `applyNames(report, many, host)` names a simulation report by the checked sources
 *   (`SimVerified.apply`) in the same worker: a trace of hundreds of frames and tens of contracts
 *   took 0.2–0.6 s of the main thread (e2e/verified-naming-load.spec.ts).
 *
 * One long-lived worker per page, started on first use; a cancelled request terminates it.
 */
import type * as VerifiedAbi from '../core/debug/VerifiedAbi'
import type * as VerifiedSource from '../core/debug/VerifiedSource'
import type * as Outcome from '../core/Outcome'
import type * as SimReport from '../core/sim/SimReport'
import { Channel, type Protocol } from './channel'

/** Read and check one answer; or name a report by sources already checked. */
export type VerifiedSourceRequest = { op: 'read'; text: string; chainId: string; address: string; code: Uint8Array } | { op: 'name'; report: SimReport.Report; many: VerifiedAbi.Many; host: string }

export interface VerifiedSourceProtocol extends Protocol {
  request: VerifiedSourceRequest
  answer: VerifiedSource.Checked | SimReport.Report
  progress: never
  event: never
  notice: never
}

let channel: Channel<VerifiedSourceProtocol> | undefined
const open = () =>
  (channel ??= new Channel<VerifiedSourceProtocol>({
    spawn: () => new Worker(new URL('./verifiedSource.worker.ts', import.meta.url), { type: 'module', name: 'verified-source' }),
    name: 'The verified-source worker',
    hints: ['Reload the page to try again.'],
    onCancel: 'now',
  }))

/** The answer read and checked off the main thread; `cancel` settles it as cancelled and stops the worker. */
export function readChecked(text: string, asked: { chainId: string; address: string }, code: Uint8Array): { promise: Promise<Outcome.Outcome<VerifiedSource.Checked>>; cancel: () => void } {
  const run = open().request({ op: 'read', text, chainId: asked.chainId, address: asked.address, code })
  return { promise: run.promise as Promise<Outcome.Outcome<VerifiedSource.Checked>>, cancel: () => run.cancel() }
}

/** `SimVerified.apply(report, many, host)` off the main thread. */
export function applyNames(report: SimReport.Report, many: VerifiedAbi.Many, host: string): { promise: Promise<Outcome.Outcome<SimReport.Report>>; cancel: () => void } {
  const run = open().request({ op: 'name', report, many, host })
  return { promise: run.promise as Promise<Outcome.Outcome<SimReport.Report>>, cancel: () => run.cancel() }
}

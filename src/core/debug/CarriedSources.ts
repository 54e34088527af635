/**
 * Verified sources carried in a simulation capsule (#36): at export, the sources that named the
 * report (each host answer's text as it was read: {@link collector}); at opening, with no node
 * and no host, each carried source is read and checked against the code the capsule's witness
 * proves at its address (the proofs were checked against the block's state root first), exactly
 * as a host's answer is checked against the node's code, and the report named by them
 * ({@link name}). A carried source whose code differs from the proven code is refused with the
 * reason and names nothing; a contract of the trace without a carried source stays unnamed and is
 * listed as such. A proxy's implementation is read from its EIP-1967 or EIP-1822 slot where the
 * witness proves that slot (a beacon would need a call: not followed offline).
 *
 * @example
 * ```ts
 * const { report: named, sources } = await CarriedSources.carry({ rpc, fetch, host, cache }, report)
 * SimCapsule.withSources(bytes, sources)
 * // later, anywhere, with no network
 * const opened = await SimCapsule.open(file)
 * const named = await CarriedSources.name(report, opened)  // report: SimReport.build(opened.result)
 * ```
 */
import { BaseError } from '../Errors'
import * as Proxy from '../chain/Proxy'
import type * as Rpc from '../chain/Rpc'
import type * as SimCapsule from '../sim/SimCapsule'
import type * as SimReport from '../sim/SimReport'
import * as SimWitness from '../sim/SimWitness'
import type * as SourceCache from './SourceCache'
import * as SimVerified from './SimVerified'
import * as VerifiedAbi from './VerifiedAbi'
import * as VerifiedSource from './VerifiedSource'

/** Gathers the sources a lookup accepted (one per address), to carry in a capsule. */
export function collector(): { onSource: NonNullable<VerifiedAbi.Options['onSource']>; sources: () => SimCapsule.Source[] } {
  const by = new Map<string, SimCapsule.Source>()
  return {
    onSource: (s) => void by.set(s.address.toLowerCase(), { address: s.address.toLowerCase() as `0x${string}`, host: s.host, text: s.text }),
    sources: () => [...by.values()],
  }
}

/** Names a report by sources already checked: `SimVerified.apply`, or the page's worker that runs it off the main thread. */
export type Applier = (report: SimReport.Report, many: VerifiedAbi.Many, host: string) => SimReport.Report | Promise<SimReport.Report>

/**
 * `report` named by the verified sources of its contracts (`VerifiedAbi.lookupAll` with `o`: the
 * cache first, then the host, each checked against the node's code at the report's block), with
 * the text of each source that was accepted: what a capsule carries.
 */
export async function carry(o: Omit<VerifiedAbi.Options, 'block' | 'onSource'> & { apply?: Applier }, report: SimReport.Report): Promise<{ report: SimReport.Report; sources: SimCapsule.Source[] }> {
  const { apply = SimVerified.apply, ...lookup } = o
  const host = VerifiedSource.normalizeHost(o.host)
  const kept = collector()
  const many = await VerifiedAbi.lookupAll({ ...lookup, host, block: SimVerified.blockOf(report), onSource: kept.onSource }, SimVerified.addressesOf(report))
  return { report: await apply(report, many, host), sources: kept.sources() }
}

/** A node that answers only from the witness's proven state (`SimWitness.provenTransport`), as an EIP-1193 provider. */
function provenRpc(v: SimWitness.Verified): Rpc.Eip1193Like {
  const t = SimWitness.provenTransport(v)
  return {
    request: async ({ method, params }) => {
      const [r] = await t.send([{ method, params: Array.isArray(params) ? params : [] }])
      if (!r || 'error' in r) throw new NotProvenError(r ? r.error.message : `no answer to ${method}`)
      return r.result
    },
  }
}

/** The implementation behind `address`, from the slots the witness proves (EIP-1967, then EIP-1822); null when neither is proven to hold one. */
function provenImplementation(v: SimWitness.Verified, address: string): Proxy.Found | null {
  const slots = v.accounts.get(address.toLowerCase())?.storage ?? []
  const word = (key: string) => slots.find((s) => s.slot === key)?.value
  const at = (key: string) => {
    const w = word(key)
    return w ? Proxy.addressInWord(`0x${BigInt(w).toString(16).padStart(64, '0')}`) : null
  }
  const i = at(Proxy.SLOTS.eip1967Implementation)
  if (i) return { kind: 'eip1967', implementation: i, how: `EIP-1967 implementation slot ${Proxy.SLOTS.eip1967Implementation}, proven by the capsule` }
  const u = at(Proxy.SLOTS.eip1822Proxiable)
  if (u) return { kind: 'eip1822', implementation: u, how: `EIP-1822 proxiable slot ${Proxy.SLOTS.eip1822Proxiable}, proven by the capsule` }
  return null
}

/** The host the capsule's sources came from, as the report's heading says it. */
export function hostOf(sources: readonly SimCapsule.Source[]): string {
  const hosts = [...new Set(sources.map((s) => s.host))]
  return `the capsule (served by ${hosts.join(', ')})`
}

/**
 * `report` (built from the opened capsule's re-run) named by the sources the capsule carries,
 * each checked against the code its witness proves; no request of any kind. A capsule without
 * sources gives the report back as it is.
 */
export async function name(report: SimReport.Report, opened: Pick<SimCapsule.Opened, 'capsule' | 'verified'>, read: VerifiedAbi.Reader = VerifiedSource.readChecked, apply: Applier = SimVerified.apply): Promise<SimReport.Report> {
  const sources = opened.capsule.sources ?? []
  if (!sources.length) return report
  const carried = new Map(sources.map((s) => [s.address.toLowerCase(), s]))
  const v = opened.verified
  const obtain = async (chainId: string, address: string, code: Uint8Array): Promise<SourceCache.Obtained> => {
    const s = carried.get(address.toLowerCase())
    if (!s) throw new NotCarriedError(address)
    const checked = await read(s.text, { chainId, address: address.toLowerCase() }, code)
    return { checked, from: 'capsule', host: s.host, savedAt: 0, text: s.text }
  }
  const noNetwork: VerifiedSource.FetchLike = () => Promise.reject(new NotCarriedError('a host'))
  const many = await VerifiedAbi.lookupAll(
    { rpc: provenRpc(v), fetch: noNetwork, host: 'the capsule', obtain, implementationOf: async (a) => provenImplementation(v, a), block: 'latest' },
    SimVerified.addressesOf(report),
  )
  return apply(report, many, hostOf(sources))
}

/** A contract of the trace whose verified source the capsule does not carry (a kind of “not verified”: a proxy without its own is still named by its implementation's). */
export class NotCarriedError extends VerifiedSource.NotVerifiedError {
  constructor(address: string) {
    super('the capsule', '', address, {
      message: `The capsule carries no verified source for ${address}.`,
      hints: ['It was not named where the capsule was made (the lookup was off, or the host had none).'],
    })
  }
}

/** What the witness does not prove (an account or slot the execution never read). */
export class NotProvenError extends BaseError {
  constructor(what: string) {
    super('CarriedSources.NotProvenError', `Not proven by the capsule: ${what}.`, { hints: ['The capsule proves only the accounts and slots its call read.'] })
  }
}

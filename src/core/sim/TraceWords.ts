/**
 * Small words for a trace: addresses checksummed, long values elided in the middle, ether and
 * gas with their units and separators, and jargon (hardfork names, node reads) in plain words.
 * Kept apart from TraceView so the send confirmation's small summary can use them alone.
 *
 * @example
 * ```ts
 * TraceWords.hardforkText('bpo1') // 'Osaka rules with the blob limits of BPO1 (blob-parameter-only upgrade 1)'
 * TraceWords.middle('0x8464135c8F25Da09e49BC8782676a84730C318bC') // '0x846413…C318bC'
 * ```
 */
import { Address } from 'ox'
import * as Units from '../format/Units'
import { UNLIMITED } from '../abi/Approval'
import type * as AssetChanges from './AssetChanges'

/** An address as EIP-55 writes it (anything that is not an address is returned as given). */
export function checksum(address: string): string {
  try {
    return Address.checksum(address as `0x${string}`)
  } catch {
    return address
  }
}

/** A long value with its middle elided (`0x8464135c…4730C318bC`); short ones as they are. */
export function middle(value: string, head = 8, tail = 6): string {
  return value.length > head + tail + 2 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value
}

/** Wei as ether, with the unit. */
export function ether(wei: bigint): string {
  return `${Units.format(wei, 'ether')} ETH`
}

/** A whole number with thousands separators (gas, counts). */
export function grouped(n: bigint | number): string {
  return GROUPING.format(BigInt(n))
}
/** One formatter for every call: `toLocaleString` builds one per call (182 ms of drawing a 601-frame trace, e2e/verified-naming-load). */
const GROUPING = new Intl.NumberFormat('en-US')

// ---------------------------------------------------------------------------------------
// Words for jargon

const FORKS: Record<string, string> = {
  osaka: 'Osaka (Fusaka)',
  prague: 'Prague (Pectra)',
  cancun: 'Cancun (Dencun: blobs)',
  paris: 'Paris (the Merge)',
  london: 'London (base fee)',
}

/**
 * The rules a block runs under, in words: `bpo1` → `Osaka rules with the blob limits of BPO1
 * (blob-parameter-only upgrade 1)`.
 */
export function hardforkText(hardfork: string): string {
  const h = hardfork.toLowerCase()
  const bpo = /^bpo(\d+)$/.exec(h)
  if (bpo) {
    return `Osaka rules with the blob limits of BPO${bpo[1]} (blob-parameter-only upgrade ${bpo[1]})`
  }
  return FORKS[h] ? `${FORKS[h]} rules` : `${hardfork} rules`
}

/** What the simulation read from the node, in words: `20 values read from the node in 2 batches`. */
export function readsText(stats: { requests: number; roundTrips: number }): string {
  if (stats.requests === 0) return 'nothing read from the node (all known already)'
  return `${stats.requests} value${stats.requests === 1 ? '' : 's'} read from the node in ${stats.roundTrips} batch${stats.roundTrips === 1 ? '' : 'es'}`
}

/** How a value was decoded, in words: `the ABI`, `the offline signature table`, `a guess`. */
export function sourceText(source: string): string {
  return source === 'abi' ? 'the ABI' : source === 'table' ? 'the offline signature table' : source === 'guess' ? 'a guess' : `the ${source}`
}

/** A replay's place, as Simulation.Result['replayed'] gives it. */
export interface Replayed {
  index: number
  earlierTxs: number
  atBlock?: string
  senderFromNode?: boolean
}

/** How a replay got its state (#39), as Simulation.ReplayPath gives it. */
export interface ReplayPath {
  kind: 'prestate' | 'replay'
  roundTrips: number
  requests: number
  note?: string
}

/** A replay's path and its cost, in words: the row's value (`node's prestate tracer, 2 round trips`) and its note (the requests, and why). A replay takes at least 2 round trips and requests. */
export function replayPathText(p: ReplayPath): { value: string; note: string } {
  return { value: `${p.kind === 'prestate' ? "node's prestate tracer" : 'earlier transactions replayed'}, ${p.roundTrips} round trips`, note: `${p.requests} requests${p.note ? `; ${p.note}` : ''}` }
}

/** Where a mined transaction was replayed, in words. */
export function replayedNote(r: Replayed): string {
  const where = r.atBlock !== undefined
    ? `mined at index ${r.index}; its call replayed on the state after block ${r.atBlock}, the sender impersonated`
    : `mined at index ${r.index}; replayed after ${r.earlierTxs} of the block's other transaction(s)`
  return r.senderFromNode ? `${where}. Its signature recovers to no one (an impersonated sender on a devnet): the sender is the node's word` : where
}

const MAX = 2n ** 256n - 1n

/**
 * An amount in the token's units when its decimals are known (`1.5 USDC`), else the raw integer;
 * an amount at or above 2^128 is unlimited, said as such, and the largest one as `2^256 − 1`, not
 * its 78 digits.
 */
export function formatAmount(amount: string, info?: AssetChanges.TokenInfo): string {
  const v = BigInt(amount)
  if (v === MAX) return `2^256 − 1${info?.symbol ? ` ${info.symbol}` : ''} (unlimited)`
  if (v >= UNLIMITED) return `${amount} (unlimited)`
  if (info?.decimals === undefined) return info?.symbol ? `${amount} ${info.symbol} (raw units)` : amount
  return `${Units.format(v, info.decimals)}${info.symbol ? ` ${info.symbol}` : ''}`
}

const AMOUNT_OF: Record<string, true> = { transfer: true, transferFrom: true, approve: true, increaseAllowance: true, decreaseAllowance: true, Transfer: true, Approval: true, mint: true, burn: true, burnFrom: true }

/**
 * An ERC-20 amount argument of a call to, or an event of, a token whose decimals the report read
 * (`transfer`, `transferFrom`, `approve`, `Transfer`, `Approval`…: its uint256 argument), in the
 * token's units ({@link formatAmount}); undefined for anything else, shown as it is.
 */
export function amountArg(info: AssetChanges.TokenInfo | undefined, fn: string | undefined, arg: { type: string; value: string }): string | undefined {
  if (info?.decimals === undefined || !fn || !Object.hasOwn(AMOUNT_OF, fn) || arg.type !== 'uint256' || !/^\d{1,78}$/.test(arg.value)) return undefined
  return formatAmount(arg.value, info)
}

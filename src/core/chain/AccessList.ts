/**
 * `cast access-list`: the node's `eth_createAccessList` for a call, and the gas the list saves,
 * measured the way a sender pays it: `eth_estimateGas` for the call without a list and with
 * the list, at the same block. An access list pre-warms accounts (2,400 gas each) and storage
 * slots (1,900 each) so their first touch costs 100 instead of 2,600 or 2,100: it saves gas only
 * where the call touches accounts other than the sender and the recipient (always warm), so the
 * "saved" figure may be negative (nodes list the recipient too). `trimmed` is the list without
 * those always-warm entries, with its own estimate: the list worth sending.
 *
 * @example
 * ```ts
 * const r = await AccessList.create(rpc, { to: store, data: '0x60fe47b1…', block: 'latest' })
 * r.list // [{ address: store, storageKeys: ['0x00…00'] }]
 * r.saved // gasWithout - gasWith (negative: the list costs more than it saves)
 * ```
 */
import { BaseError } from '../Errors'
import * as Rpc from './Rpc'

export interface Entry {
  address: `0x${string}`
  storageKeys: `0x${string}`[]
}

export interface Request {
  to: `0x${string}`
  data: `0x${string}`
  from?: `0x${string}` | undefined
  value?: bigint | undefined
  block?: Rpc.BlockTag | undefined
}

export interface Result {
  list: Entry[]
  /** The gas `eth_createAccessList` reports for the call with its list (what cast prints as "gas used"). */
  gasUsed: bigint
  /** eth_estimateGas without a list and with the list. */
  gasWithout: bigint
  gasWith: bigint
  /** gasWithout - gasWith: negative when the list costs more than it saves. */
  saved: bigint
  /**
   * The list without the sender's and the recipient's entries (warm anyway: their address entry
   * costs 2,400 and saves nothing; kept when it has over 24 keys, where the keys pay for it),
   * with its estimate; undefined when that drops nothing.
   */
  trimmed?: { list: Entry[]; gas: bigint; saved: bigint } | undefined
}

/** The list as a node returns it, checked: addresses and 32-byte keys, lower-cased. */
export function parseList(value: unknown): Entry[] {
  return Rpc.array(value, 'the access list', 10_000).map((e, i) => {
    const o = Rpc.object(e, `access list entry ${i}`)
    return {
      address: Rpc.address(o.address, `access list entry ${i} address`).toLowerCase() as `0x${string}`,
      storageKeys: Rpc.array(o.storageKeys ?? [], `access list entry ${i} keys`, 100_000).map((k, j) => Rpc.data(k, `access list entry ${i} key ${j}`, 32).toLowerCase() as `0x${string}`),
    }
  })
}

/** The list's intrinsic gas (EIP-2930): 2,400 per address and 1,900 per storage key. */
export function intrinsicGas(list: readonly Entry[]): bigint {
  return list.reduce((g, e) => g + 2400n + 1900n * BigInt(e.storageKeys.length), 0n)
}

function txOf(req: Request): Record<string, unknown> {
  const tx: Record<string, unknown> = { to: req.to, data: req.data }
  if (req.from) tx.from = req.from
  if (req.value) tx.value = Rpc.toQuantity(req.value)
  return tx
}

/** eth_createAccessList for the call, then eth_estimateGas without and with the list. */
export async function create(rpc: Rpc.Eip1193Like | undefined, req: Request): Promise<Result> {
  const block = req.block ?? 'latest'
  const tx = txOf(req)
  const r = Rpc.object(await Rpc.request(rpc, 'eth_createAccessList', [tx, block]), 'the eth_createAccessList result')
  const list = parseList(r.accessList)
  const gasUsed = Rpc.quantity(r.gasUsed, 'gasUsed')
  const error = typeof r.error === 'string' && r.error ? r.error : undefined
  if (error) throw new CallFailsError(error, list, gasUsed)
  const estimate = async (t: Record<string, unknown>) => Rpc.quantity(await Rpc.request(rpc, 'eth_estimateGas', [t, block]), 'the gas estimate')
  const warm = new Set([req.to.toLowerCase(), req.from?.toLowerCase()])
  const short = list.filter((e) => !warm.has(e.address) || e.storageKeys.length > 24)
  const withList = (l: Entry[]) => estimate({ ...tx, accessList: l, type: '0x1' })
  const [gasWithout, gasWith, gasTrimmed] = await Promise.all([estimate(tx), withList(list), short.length < list.length ? withList(short) : undefined])
  const trimmed = gasTrimmed === undefined ? undefined : { list: short, gas: gasTrimmed, saved: gasWithout - gasTrimmed }
  return { list, gasUsed, gasWithout, gasWith, saved: gasWithout - gasWith, trimmed }
}

export class CallFailsError extends BaseError {
  constructor(readonly reason: string, readonly list: Entry[], readonly gasUsed: bigint) {
    super('AccessList.CallFailsError', `The call fails on the node (${reason.slice(0, 200)}): an access list for it would not help.`, {
      hints: ['Check the sender, value and call data; the list the node built up to the failure is not shown.'],
    })
  }
}

/** Call data typed in a form: 0x and whole bytes, whitespace dropped; empty is "0x". */
export function parseData(text: string): `0x${string}` {
  const t = text.replace(/\s+/g, '') || '0x'
  if (!/^0x([0-9a-fA-F]{2})*$/.test(t)) throw new InvalidDataError()
  return t.toLowerCase() as `0x${string}`
}

export class InvalidDataError extends BaseError {
  constructor() {
    super('AccessList.InvalidDataError', 'The call data is not hex bytes.', { field: 'data', hints: ['Paste 0x followed by an even number of hex digits (the call data /abi-encode gives), or leave it empty for a plain transfer.'] })
  }
}

/**
 * What a transaction about to be signed does, said plainly: its call data decoded (the
 * person's ABI, their library, then the offline signature table; an unknown selector says so)
 * and warnings a careful person would want before signing: an unlimited or large token
 * approval (`approve`, EIP-2612 `permit`, `setApprovalForAll`), value or a call to the zero
 * address, call data to an address without code, value to a contract, and a call that would
 * revert (always simulated with `eth_call`, even when the gas limit is typed).
 *
 * The node reads (code at the recipient, the simulation) go out together: one round trip.
 *
 * @example
 * ```ts
 * const r = await TxWarnings.review(rpc, { from, to, value, data }, { abis: [myAbi] })
 * r.warnings // [{ kind: 'unlimited-approval', tone: 'error', text: 'Unlimited approval: …' }]
 * ```
 */
import type * as Approval from '../abi/Approval'
import * as Calldata from '../abi/Calldata'
import * as UniversalRouter from '../abi/UniversalRouter'
import * as ChainCall from '../chain/ChainCall'
import { BaseError } from '../Errors'
import type * as Abi from '../abi/Abi'
import * as Rpc from '../chain/Rpc'
import * as TokenInfo from '../chain/TokenInfo'
import * as TokenAmount from '../abi/TokenAmount'
import * as SignatureTable from '../abi/SignatureTable'

export const ZERO = '0x0000000000000000000000000000000000000000'
export const MAX_UINT256 = 2n ** 256n - 1n
/**
 * An approval at or above this raw amount is called "large": 10^27 base units, a billion
 * tokens of 18 decimals (more than the supply of most tokens). At or above 2^255 it is
 * "unlimited" (wallets and dapps use 2^256 - 1 for "infinite").
 */
export const LARGE_APPROVAL = 10n ** 27n
export const UNLIMITED_APPROVAL = 2n ** 255n

export type Kind =
  | 'unlimited-approval'
  | 'large-approval'
  | 'approval-for-all'
  | 'zero-address'
  | 'no-code'
  | 'value-to-contract'
  | 'would-revert'
  | 'unknown-selector'
  | 'simulation-failed'

export interface Warning {
  kind: Kind
  tone: 'warn' | 'error'
  text: string
}

export interface Decoded {
  /** `approve(spender=0x…, amount=…)`-style text; null for no call data or an unknown selector. */
  text: string | null
  /** `function approve(address spender, uint256 amount) returns (bool)` */
  human: string | null
  source: Calldata.Source | null
  selector: string | null
  /** A Universal Router call: one line per command (V4 actions and sub-plans indented). */
  router?: string[]
  /** A Universal Router call: the Permit2 allowances its commands grant. */
  grants?: Approval.Grant[]
}

export interface Tx {
  from: string
  to: string | null
  value: bigint
  data: `0x${string}`
}

/**
 * Decodes call data with the ABIs given, then the offline table (loaded with
 * `SignatureTable.load('function')`); no guess (an unknown selector is said to be unknown).
 */
export function decode(data: `0x${string}`, abis: readonly Abi.Abi[] = [], table?: SignatureTable.Table): Decoded {
  if (data.length < 10) return { text: null, human: null, source: null, selector: null }
  const selector = data.slice(0, 10)
  try {
    const c = Calldata.decodeCall(data, { abis, table: table ?? false, guess: false, nested: false })
    const plan = UniversalRouter.ofCall(c)
    return {
      text: `${c.item.name}(${c.args.map((a, i) => `${a.name || `#${i + 1}`}=${a.value}`).join(', ')})`,
      human: c.human,
      source: c.source,
      selector,
      ...(plan ? { router: UniversalRouter.summaryLines(plan), grants: UniversalRouter.grantsOf(plan) } : {}),
    }
  } catch (e) {
    if (e instanceof BaseError) return { text: null, human: null, source: null, selector }
    throw e
  }
}

const word = (data: string, i: number) => BigInt(`0x${data.slice(10 + 64 * i, 10 + 64 * (i + 1)) || '0'}`)
const addrAt = (data: string, i: number) => `0x${data.slice(10 + 64 * i + 24, 10 + 64 * (i + 1))}`

function amountText(n: bigint): string {
  return n === MAX_UINT256 ? '2^256 - 1 (unlimited)' : n.toString()
}

/**
 * Warnings from the call data and recipient alone (no node): approvals and the zero address.
 * Selectors are matched on the standard functions (ERC-20 `approve`, EIP-2612 `permit`,
 * ERC-721/1155 `setApprovalForAll`) whatever ABI was given.
 */
export function staticWarnings(tx: Tx): Warning[] {
  const out: Warning[] = []
  const d = tx.data.toLowerCase()
  if (tx.to !== null && tx.to.toLowerCase() === ZERO && (tx.value > 0n || d !== '0x'))
    out.push({ kind: 'zero-address', tone: 'error', text: `This sends ${tx.value > 0n ? 'value' : 'a call'} to the zero address (0x000…000): nobody holds its key; anything sent there is lost.` })
  const sel = d.slice(0, 10)
  const approval = (spender: string, amount: bigint, what: string) => {
    if (amount >= UNLIMITED_APPROVAL)
      out.push({ kind: 'unlimited-approval', tone: 'error', text: `Unlimited approval (${what}): ${spender} may spend every token of this kind you hold, now and later (amount ${amountText(amount)}).` })
    else if (amount >= LARGE_APPROVAL)
      out.push({ kind: 'large-approval', tone: 'warn', text: `Large approval (${what}): ${spender} may spend ${amount} base units (a billion tokens or more at 18 decimals).` })
  }
  if (sel === '0x095ea7b3' && d.length >= 10 + 128) approval(addrAt(d, 0), word(d, 1), 'approve')
  // permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
  if (sel === '0xd505accf' && d.length >= 10 + 64 * 7) approval(addrAt(d, 1), word(d, 2), 'permit')
  // setApprovalForAll(address operator, bool approved)
  if (sel === '0xa22cb465' && d.length >= 10 + 128 && word(d, 1) !== 0n)
    out.push({ kind: 'approval-for-all', tone: 'error', text: `Approval for all: ${addrAt(d, 0)} may move every token of this collection you hold, now and later.` })
  return out
}

export interface Review {
  decoded: Decoded
  warnings: Warning[]
  /** An ERC-20 call's amount, and the token's symbol and decimals when the node told them (null: no such call). */
  tokenAmount: { fn: string; amount: bigint; token: TokenAmount.Token | undefined } | null
  /** The recipient has code (null: contract creation, or the read failed). */
  recipientIsContract: boolean | null
}

/**
 * Decodes and checks a transaction against the node: code at the recipient and an `eth_call`
 * simulation from the sender, together. A failed read is a warning, never a silent pass.
 */
export async function review(rpc: Rpc.Eip1193Like | undefined, tx: Tx, opts: { abis?: readonly Abi.Abi[]; abi?: Abi.Abi } = {}): Promise<Review> {
  const abis = [...(opts.abi ? [opts.abi] : []), ...(opts.abis ?? [])]
  // The offline table loads while the node is asked (below): no extra wait.
  const tableP = tx.to && tx.data.length >= 10 ? SignatureTable.load('function') : Promise.resolve(undefined)
  const warnings = staticWarnings(tx)
  const call: Record<string, string> = { from: tx.from, value: Rpc.toQuantity(tx.value), data: tx.data }
  if (tx.to) call.to = tx.to
  // An ERC-20 amount is shown in the token's units: its symbol and decimals are read alongside.
  const amount = tx.to ? TokenAmount.of(tx.data) : null
  const [code, sim, table, token] = await Promise.allSettled([
    tx.to ? Rpc.request(rpc, 'eth_getCode', [tx.to, 'latest']).then((c) => Rpc.data(c, 'the code')) : Promise.resolve(null),
    Rpc.request(rpc, 'eth_call', [call, 'latest']),
    tableP,
    amount && tx.to ? TokenInfo.read(rpc, tx.to) : Promise.resolve(undefined),
  ])
  const tokenAmount = amount ? { ...amount, token: token.status === 'fulfilled' ? token.value : undefined } : null
  const decoded = tx.to ? decode(tx.data, abis, table.status === 'fulfilled' ? table.value : undefined) : { text: null, human: null, source: null, selector: null }
  for (const g of decoded.grants ?? []) if (g.unlimited) warnings.push({ kind: 'unlimited-approval', tone: 'error', text: g.text })
  if (tx.to && decoded.selector && decoded.text === null)
    warnings.push({ kind: 'unknown-selector', tone: 'warn', text: `Unknown function ${decoded.selector}: neither your ABIs nor the offline table know it. What it does cannot be shown.` })
  let recipientIsContract: boolean | null = null
  if (code.status === 'fulfilled' && code.value !== null) {
    recipientIsContract = code.value !== '0x'
    // EIP-7702 delegated accounts carry 0xef0100 ‖ address: code, but an account's.
    if (!recipientIsContract && tx.data !== '0x' && tx.to?.toLowerCase() !== ZERO)
      warnings.push({ kind: 'no-code', tone: 'warn', text: `${tx.to} has no code: the call data will not run anything (a mistyped contract address, or the wrong chain?).` })
    if (recipientIsContract && tx.value > 0n)
      warnings.push({ kind: 'value-to-contract', tone: 'warn', text: `This sends value to a contract (${tx.to}): only a contract written to handle it gives it back.` })
  } else if (code.status === 'rejected') warnings.push({ kind: 'simulation-failed', tone: 'warn', text: `Could not read the recipient's code: ${messageOf(code.reason)}` })
  if (sim.status === 'rejected') {
    const data = ChainCall.revertDataOf(sim.reason)
    if (data !== null) warnings.push({ kind: 'would-revert', tone: 'error', text: `The simulation (eth_call) reverts: ${ChainCall.decodeRevert(data, opts.abi).text}. Sent, it would fail and still cost gas.` })
    else if (sim.reason instanceof Rpc.NodeError && /revert/i.test(sim.reason.message))
      warnings.push({ kind: 'would-revert', tone: 'error', text: `The simulation (eth_call) reverts without a reason. Sent, it would fail and still cost gas.` })
    else warnings.push({ kind: 'simulation-failed', tone: 'warn', text: `The simulation (eth_call) failed: ${messageOf(sim.reason)}` })
  }
  return { decoded, warnings, recipientIsContract, tokenAmount }
}

function messageOf(e: unknown): string {
  return e instanceof BaseError ? e.shortMessage : 'unexpected error'
}

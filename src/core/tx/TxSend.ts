/**
 * Sending transactions safely: prepare (nonce, gas and fees filled in from the node, chain id
 * checked against the node and against the person's choice), a summary of everything that
 * will be signed, sign in the page (ox, EIP-1559) or hand to a browser wallet, broadcast
 * exactly once, and wait (bounded) for the receipt.
 *
 * @example
 * ```ts
 * const p = await TxSend.prepare(rpc, { chainId: 31337, from, to, value: 1n, data: '0x' })
 * const { raw, hash } = TxSend.sign(p, privateKey)
 * await TxSend.broadcast(rpc, raw, { expectedChainId: 31337 })
 * const receipt = await TxSend.waitForReceipt(rpc, hash)
 * ```
 */
import { Address, Hash, Secp256k1, TransactionEnvelope as TxEnvelope, TxEnvelopeEip1559 } from 'ox'
import * as AddressCheck from '../address/AddressCheck'
import * as ChainBlocks from '../chain/ChainBlocks'
import * as ChainCall from '../chain/ChainCall'
import * as Chains from '../chain/Chains'
import { BaseError, errorType } from '../Errors'
import * as Fees from '../chain/Fees'
import * as Key from '../keys/Key'
import * as Rpc from '../chain/Rpc'
import type * as TxBuild from './TxBuild'
import type * as TxDecode from './TxDecode'

/**
 * The transaction types that can be sent from the page. Blob transactions (EIP-4844) need the
 * blobs themselves, which this page does not hold: they stay offline-only (tx-build).
 */
export type SendType = 'legacy' | 'eip2930' | 'eip1559' | 'eip7702'
export const SEND_TYPES: readonly SendType[] = ['legacy', 'eip2930', 'eip1559', 'eip7702']

/**
 * The highest fee per gas accepted without an explicit confirmation: 10 000 gwei. Mainnet's
 * base fee has stayed far below it even in the worst spikes; a node suggesting more is
 * broken or lying, and a typed value above it is almost surely a unit mistake.
 */
export const FEE_BOUND = 10_000n * 10n ** 9n

export interface Draft {
  /** The chain the person chose: checked against the node before anything is signed. */
  chainId: number
  /** Default eip1559. */
  type?: SendType | undefined
  accessList?: TxDecode.AccessItem[] | undefined
  /** EIP-7702 only: signed authorizations (from the authorization tool). */
  authorizationList?: TxDecode.SignedAuthorization[] | undefined
  from: string
  /** null: contract creation. */
  to: string | null
  value: bigint
  data: `0x${string}`
  nonce?: number | undefined
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}

export interface Prepared {
  chainId: number
  /** Default eip1559. */
  type?: SendType | undefined
  accessList?: TxDecode.AccessItem[] | undefined
  authorizationList?: TxDecode.SignedAuthorization[] | undefined
  from: `0x${string}`
  to: `0x${string}` | null
  value: bigint
  data: `0x${string}`
  nonce: number
  gas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

export interface Summary extends Prepared {
  chainName: string
  symbol: string
  /** gas x maxFeePerGas + value: the most this can cost. */
  maxCost: bigint
  /** The next block's base fee (null: the chain has none): the expected fee is gas x min(maxFee, base + priority). */
  baseFee: bigint | null
  /** gas x min(maxFeePerGas, baseFee + maxPriorityFeePerGas): what the fee should be at the current base fee. */
  expectedFee: bigint
  balance: bigint
  /** The balance covers the maximum cost. */
  affordable: boolean
  /** Which fields were filled in from the node (not typed). */
  estimated: ('nonce' | 'gas' | 'fees')[]
}

/**
 * Fills in what the draft leaves out from the node, after checking that the node is on the
 * chosen chain: nonce (pending count), gas (eth_estimateGas; a revert is decoded), fees
 * (Fees.suggest, standard). Returns everything that will be signed and what it can cost.
 *
 * Every read is independent, so they all go out at once: one round trip to the node (two
 * when the fee history is missing), not one per value. A fee above {@link FEE_BOUND} (the
 * node's suggestion or a typed one) is refused unless `acceptHighFee`.
 */
export async function prepare(
  rpc: Rpc.Eip1193Like | undefined,
  draft: Draft,
  opts: { url?: string; abi?: import('ox').Abi.Abi; acceptHighFee?: boolean } = {},
): Promise<Summary> {
  const from = AddressCheck.parseChecksummed(draft.from)
  const to = draft.to === null ? null : AddressCheck.parseChecksummed(draft.to)
  const type: SendType = draft.type ?? 'eip1559'
  if (type === 'eip7702' && (!to || !draft.authorizationList?.length))
    throw new InputError('An EIP-7702 transaction needs a recipient and at least one signed authorization.', 'Paste the authorization tool\'s signed output, one per line.').at(to ? 'authorizationList' : 'to')
  const estimated: Summary['estimated'] = []
  const req: Record<string, string> = { from, value: Rpc.toQuantity(draft.value), data: draft.data }
  if (to) req.to = to
  const estimateReq: Record<string, unknown> = { ...req }
  // The access list and authorizations cost intrinsic gas: the estimate must see them.
  if (type !== 'legacy' && draft.accessList?.length) estimateReq.accessList = draft.accessList.map((a) => ({ address: a.address, storageKeys: a.storageKeys }))
  if (type === 'eip7702')
    estimateReq.authorizationList = (draft.authorizationList ?? []).map((a) => ({
      chainId: Rpc.toQuantity(a.chainId),
      address: a.address,
      nonce: Rpc.toQuantity(a.nonce),
      yParity: Rpc.toQuantity(a.yParity),
      r: Rpc.toQuantity(a.r),
      s: Rpc.toQuantity(a.s),
    }))
  const chain = Chains.assertChainId(rpc, draft.chainId, opts.url)
  const nonceP = draft.nonce !== undefined ? Promise.resolve(draft.nonce) : Rpc.request(rpc, 'eth_getTransactionCount', [from, 'pending']).then((n) => Rpc.safeInteger(n, 'the nonce'))
  const feesP = Fees.suggest(rpc)
  const gasP =
    draft.gas !== undefined
      ? Promise.resolve(draft.gas)
      : Rpc.request(rpc, 'eth_estimateGas', [estimateReq]).then(
          (g) => Rpc.quantity(g, 'the gas estimate', 2n ** 64n - 1n),
          (e: unknown) => {
            const data = ChainCall.revertDataOf(e)
            if (data !== null) throw new WouldRevertError(ChainCall.decodeRevert(data, opts.abi))
            throw e
          },
        )
  const balanceP = Rpc.request(rpc, 'eth_getBalance', [from, 'latest']).then((b) => Rpc.quantity(b, 'the balance'))
  const all = [chain, nonceP, feesP, gasP, balanceP] as const
  // Settle everything before throwing, so no rejection is left unhandled; the chain check wins.
  const settled = await Promise.allSettled(all)
  for (const r of settled) if (r.status === 'rejected' && r === settled[0]) throw r.reason
  for (const r of settled) if (r.status === 'rejected') throw r.reason
  const [, nonce, s, gas, balance] = await Promise.all(all)
  if (draft.nonce === undefined) estimated.push('nonce')
  let maxFeePerGas = draft.maxFeePerGas
  let maxPriorityFeePerGas = draft.maxPriorityFeePerGas
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
    estimated.push('fees')
    if (type === 'legacy' || type === 'eip2930') {
      maxFeePerGas ??= maxPriorityFeePerGas ?? s.gasPrice
      maxPriorityFeePerGas ??= maxFeePerGas
    } else {
      maxPriorityFeePerGas ??= s.standard.maxPriorityFeePerGas
      maxFeePerGas ??= s.standard.maxFeePerGas > maxPriorityFeePerGas ? s.standard.maxFeePerGas : maxPriorityFeePerGas
    }
  }
  if (draft.gas === undefined) estimated.push('gas')
  if (type === 'legacy' || type === 'eip2930') maxPriorityFeePerGas = maxFeePerGas
  if (maxPriorityFeePerGas > maxFeePerGas) throw new FeeOrderError(maxPriorityFeePerGas, maxFeePerGas)
  if (!opts.acceptHighFee && maxFeePerGas > FEE_BOUND) throw new HighFeeError(maxFeePerGas, estimated.includes('fees'))
  const maxCost = gas * maxFeePerGas + draft.value
  const baseFee = type === 'legacy' || type === 'eip2930' ? null : s.baseFee
  const perGas = baseFee === null ? maxFeePerGas : baseFee + maxPriorityFeePerGas < maxFeePerGas ? baseFee + maxPriorityFeePerGas : maxFeePerGas
  return {
    chainId: draft.chainId,
    type,
    accessList: draft.accessList ?? [],
    authorizationList: type === 'eip7702' ? (draft.authorizationList ?? []) : [],
    chainName: Chains.name(draft.chainId),
    symbol: Chains.symbol(draft.chainId),
    from,
    to,
    value: draft.value,
    data: draft.data,
    nonce,
    gas,
    maxFeePerGas,
    maxPriorityFeePerGas,
    maxCost,
    baseFee,
    expectedFee: gas * perGas,
    balance,
    affordable: balance >= maxCost,
    estimated,
  }
}

/** The prepared transaction as TxBuild's input (every sendable type). */
export function toTxInput(p: Prepared): TxBuild.Input {
  const base = { chainId: BigInt(p.chainId), nonce: BigInt(p.nonce), gas: p.gas, value: p.value, data: p.data, ...(p.to ? { to: p.to } : {}) }
  switch (p.type) {
    case 'legacy':
      return { ...base, type: 'legacy', gasPrice: p.maxFeePerGas, eip155: true }
    case 'eip2930':
      return { ...base, type: 'eip2930', gasPrice: p.maxFeePerGas, accessList: p.accessList ?? [] }
    case 'eip7702':
      return { ...base, type: 'eip7702', maxFeePerGas: p.maxFeePerGas, maxPriorityFeePerGas: p.maxPriorityFeePerGas, accessList: p.accessList ?? [], authorizationList: p.authorizationList ?? [] }
    default:
      return { ...base, type: 'eip1559', maxFeePerGas: p.maxFeePerGas, maxPriorityFeePerGas: p.maxPriorityFeePerGas, accessList: p.accessList ?? [] }
  }
}

/** Signs a prepared EIP-1559 transaction with a key held in the page. The key must be `from`'s. Other types: {@link signAny}. */
export function sign(p: Prepared, privateKey: string): { raw: `0x${string}`; hash: `0x${string}`; from: `0x${string}` } {
  if ((p.type ?? 'eip1559') !== 'eip1559') throw new InputError(`TxSend.sign signs EIP-1559 transactions; this one is ${p.type}.`, 'Use TxSend.signAny (or signAndSend) for every type.')
  const key = Key.parse(privateKey)
  const signer = Key.toAddress(key)
  if (signer.toLowerCase() !== p.from.toLowerCase()) throw new WrongKeyError(p.from, signer)
  const envelope = TxEnvelopeEip1559.from({
    chainId: p.chainId,
    nonce: BigInt(p.nonce),
    gas: p.gas,
    maxFeePerGas: p.maxFeePerGas,
    maxPriorityFeePerGas: p.maxPriorityFeePerGas,
    ...(p.to ? { to: p.to } : {}),
    value: p.value,
    data: p.data,
    ...(p.accessList?.length ? { accessList: p.accessList.map((a) => ({ address: a.address.toLowerCase() as `0x${string}`, storageKeys: a.storageKeys })) } : {}),
  })
  const signature = Secp256k1.sign({ payload: TxEnvelopeEip1559.getSignPayload(envelope), privateKey: key })
  // ox keeps the case of `to` inside the serialized hex: normalise to lower case.
  const raw = TxEnvelopeEip1559.serialize(envelope, { signature }).toLowerCase() as `0x${string}`
  return { raw, hash: Hash.keccak256(raw), from: signer }
}

/**
 * Signs a prepared transaction of any sendable type (legacy, EIP-2930, EIP-1559, EIP-7702).
 * TxBuild (serialization of every type) loads on first use, not with the page.
 */
export async function signAny(p: Prepared, privateKey: string): Promise<{ raw: `0x${string}`; hash: `0x${string}`; from: `0x${string}` }> {
  if ((p.type ?? 'eip1559') === 'eip1559') return sign(p, privateKey)
  const key = Key.parse(privateKey)
  const signer = Key.toAddress(key)
  if (signer.toLowerCase() !== p.from.toLowerCase()) throw new WrongKeyError(p.from, signer)
  const TxBuildM = await import('./TxBuild')
  const raw = TxBuildM.sign(toTxInput(p), key).raw.toLowerCase() as `0x${string}`
  return { raw, hash: Hash.keccak256(raw), from: signer }
}

/**
 * Checks the node once more, right before signing: still on the chain the person reviewed.
 * A node whose chain id changed since the review gets no signature.
 */
export async function assertSameChain(rpc: Rpc.Eip1193Like | undefined, reviewed: number, url?: string): Promise<void> {
  const now = await Chains.chainId(rpc)
  if (now !== reviewed) throw new ChainChangedError(reviewed, now, url)
}

/**
 * Signs with a page key and broadcasts exactly once, after checking (again, just before
 * signing) that the node is on the reviewed chain. The hash is known before anything is sent:
 * `onHash` gets it first, so a page can show it whatever happens next.
 */
export async function signAndSend(
  rpc: Rpc.Eip1193Like | undefined,
  p: Prepared,
  privateKey: string,
  opts: { url?: string; onHash?: (hash: `0x${string}`) => void } = {},
): Promise<`0x${string}`> {
  await assertSameChain(rpc, p.chainId, opts.url)
  const { raw, hash } = await signAny(p, privateKey)
  opts.onHash?.(hash)
  await broadcast(rpc, raw, { expectedChainId: p.chainId, skipChainCheck: true, ...(opts.url ? { url: opts.url } : {}) })
  return hash
}

export interface RawInfo {
  type: string
  hash: `0x${string}`
  /** null for a legacy transaction without EIP-155 replay protection. */
  chainId: number | null
  from: `0x${string}`
  to: `0x${string}` | null
  nonce: number
  value: bigint
}

/** Decodes a raw signed transaction: type, hash, chain id, sender (recovered). */
export function inspectRaw(raw: string): RawInfo {
  const r = raw.trim()
  if (!/^0x([0-9a-fA-F]{2})+$/.test(r)) throw new InvalidRawTxError('A raw transaction is 0x-prefixed hex bytes (even length).')
  if (r.length > 2 + 2 * 256 * 1024) throw new InvalidRawTxError('The transaction is larger than 256 KiB.')
  let env: TxEnvelope.TxEnvelope
  try {
    env = TxEnvelope.deserialize(r.toLowerCase() as `0x${string}`) as TxEnvelope.TxEnvelope
  } catch {
    throw new InvalidRawTxError('Not a signed transaction: it does not decode as a legacy, 0x01, 0x02, 0x03 or 0x04 transaction.')
  }
  const e = env as unknown as { type: string; chainId?: number; r?: `0x${string}`; s?: `0x${string}`; yParity?: number; v?: number; to?: string | null; nonce?: bigint; value?: bigint }
  if (e.r === undefined || e.s === undefined) throw new InvalidRawTxError('The transaction is not signed.')
  let from: `0x${string}`
  try {
    const payload = TxEnvelope.getSignPayload({ ...env, r: undefined, s: undefined, yParity: undefined, v: undefined } as never)
    const yParity = e.yParity ?? (e.v !== undefined ? (e.v >= 35 ? (e.v - 35) % 2 : e.v - 27) : 0)
    from = Address.checksum(Secp256k1.recoverAddress({ payload, signature: { r: e.r, s: e.s, yParity } }))
  } catch {
    throw new InvalidRawTxError('The signature does not recover to an address.')
  }
  const chainId = e.chainId !== undefined && e.chainId !== 0 ? Number(e.chainId) : null
  return {
    type: e.type,
    hash: Hash.keccak256(r.toLowerCase() as `0x${string}`),
    chainId,
    from,
    to: e.to ? Address.checksum(e.to) : null,
    nonce: Number(e.nonce ?? 0n),
    value: e.value ?? 0n,
  }
}

/**
 * Sends a signed transaction exactly once. Before sending: decodes it, and checks its chain
 * id against the node's (and `expectedChainId`, when given); a transaction without chain id
 * (pre-EIP-155, replayable on every chain) is refused unless `allowNoChainId`. A failure that
 * leaves the outcome unknown (timeout, lost connection) becomes `Rpc.SendOutcomeUnknownError`
 * carrying the hash; nothing is retried.
 */
export async function broadcast(
  rpc: Rpc.Eip1193Like | undefined,
  raw: string,
  opts: { expectedChainId?: number; allowNoChainId?: boolean; url?: string; skipChainCheck?: boolean; onHash?: (hash: `0x${string}`) => void } = {},
): Promise<RawInfo> {
  const info = inspectRaw(raw)
  if (info.chainId === null) {
    if (!opts.allowNoChainId) throw new NoChainIdError()
  } else {
    if (opts.expectedChainId !== undefined && opts.expectedChainId !== info.chainId) throw new Rpc.ChainMismatchError(opts.expectedChainId, info.chainId)
    if (!opts.skipChainCheck) await Chains.assertChainId(rpc, info.chainId, opts.url)
  }
  opts.onHash?.(info.hash)
  let returned: unknown
  try {
    returned = await Rpc.request(rpc, 'eth_sendRawTransaction', [raw.trim().toLowerCase()], { url: opts.url })
  } catch (e) {
    if (e instanceof Rpc.TimeoutError || e instanceof Rpc.ConnectionError || e instanceof Rpc.InvalidJsonError || (e instanceof Rpc.HttpError && e.status >= 500))
      throw new Rpc.SendOutcomeUnknownError(info.hash, e)
    throw e
  }
  const hash = Rpc.hash(returned, 'the transaction hash')
  if (hash !== info.hash) throw new HashMismatchError(info.hash, hash)
  return info
}

/**
 * Hands a prepared transaction to the node's or wallet's own signer (`eth_sendTransaction`):
 * a browser wallet, or an unlocked devnet account. The chain is checked first. Never retried.
 */
export async function sendWithWallet(rpc: Rpc.Eip1193Like | undefined, p: Prepared, opts: { url?: string } = {}): Promise<`0x${string}`> {
  if ((p.type ?? 'eip1559') !== 'eip1559') throw new InputError(`The wallet or node signs EIP-1559 transactions here, not ${p.type}.`, 'Sign with a key held in this page for the other types.').at('type')
  await assertSameChain(rpc, p.chainId, opts.url)
  const tx: Record<string, string> = {
    from: p.from,
    value: Rpc.toQuantity(p.value),
    data: p.data,
    nonce: Rpc.toQuantity(p.nonce),
    gas: Rpc.toQuantity(p.gas),
    maxFeePerGas: Rpc.toQuantity(p.maxFeePerGas),
    maxPriorityFeePerGas: Rpc.toQuantity(p.maxPriorityFeePerGas),
    type: '0x2',
    chainId: Rpc.toQuantity(p.chainId),
  }
  if (p.to) tx.to = p.to
  try {
    return Rpc.hash(await Rpc.request(rpc, 'eth_sendTransaction', [tx], { url: opts.url }), 'the transaction hash')
  } catch (e) {
    if (e instanceof Rpc.TimeoutError || e instanceof Rpc.ConnectionError) throw new Rpc.SendOutcomeUnknownError('(unknown: signed by the wallet)', e)
    throw e
  }
}

/** Polls for a receipt every `pollMs` until `timeoutMs` (default 60 s) or `signal` aborts. */
export async function waitForReceipt(
  rpc: Rpc.Eip1193Like | undefined,
  hash: string,
  opts: { timeoutMs?: number; pollMs?: number; signal?: { readonly aborted: boolean } } = {},
): Promise<ChainBlocks.Receipt> {
  const timeoutMs = opts.timeoutMs ?? 60_000
  const pollMs = opts.pollMs ?? 500
  const t0 = Date.now()
  for (;;) {
    const r = await ChainBlocks.receipt(rpc, hash)
    if (r) return r
    if (opts.signal?.aborted) throw new ReceiptTimeoutError(hash, true)
    if (Date.now() - t0 + pollMs > timeoutMs) throw new ReceiptTimeoutError(hash, false)
    await sleep(pollMs, opts.signal)
  }
}

const g = globalThis as unknown as { setTimeout(cb: () => void, ms: number): unknown }

/** Sleeps `ms`, waking early (within 50 ms) when `signal` aborts. */
function sleep(ms: number, signal?: { readonly aborted: boolean }): Promise<void> {
  return new Promise<void>((res) => {
    const end = Date.now() + ms
    const tick = () => (signal?.aborted || Date.now() >= end ? res() : g.setTimeout(tick, Math.min(50, end - Date.now())))
    tick()
  })
}

/** What waiting for a receipt looks like right now. */
export type WatchState =
  | { kind: 'waiting'; polls: number }
  /** The node did not answer the last poll: sent, receipt unknown; polling goes on after `nextMs`. */
  | { kind: 'unknown'; polls: number; error: BaseError; nextMs: number }

/**
 * Waits for a receipt as long as it takes: a node that fails or times out does not end the
 * wait (the state turns `unknown` and polling goes on, with the delay growing ×1.5 up to
 * `maxPollMs`). Ends with the receipt, or with `ReceiptTimeoutError` (cancelled) when `signal`
 * aborts, or after `timeoutMs` when one is given.
 */
export async function watchReceipt(
  rpc: Rpc.Eip1193Like | undefined,
  hash: string,
  opts: { pollMs?: number; maxPollMs?: number; timeoutMs?: number; signal?: { readonly aborted: boolean }; onState?: (s: WatchState) => void } = {},
): Promise<ChainBlocks.Receipt> {
  const first = opts.pollMs ?? 500
  const max = opts.maxPollMs ?? 10_000
  const t0 = Date.now()
  let delay = first
  for (let polls = 1; ; polls++) {
    if (opts.signal?.aborted) throw new ReceiptTimeoutError(hash, true)
    try {
      const r = await ChainBlocks.receipt(rpc, hash)
      if (r) return r
      opts.onState?.({ kind: 'waiting', polls })
    } catch (e) {
      if (!(e instanceof BaseError)) throw e
      opts.onState?.({ kind: 'unknown', polls, error: e, nextMs: delay })
    }
    if (opts.signal?.aborted) throw new ReceiptTimeoutError(hash, true)
    if (opts.timeoutMs !== undefined && Date.now() - t0 + delay > opts.timeoutMs) throw new ReceiptTimeoutError(hash, false)
    await sleep(delay, opts.signal)
    delay = Math.min(max, Math.ceil(delay * 1.5))
  }
}

export class WrongKeyError extends BaseError {
  constructor(from: string, signer: string) {
    super('TxSend.WrongKeyError', `This key belongs to ${signer}, not to the sender ${from}.`, { hints: ['Use the key of the sending account, or change the sender.'] })
  }
}

export class FeeOrderError extends BaseError {
  constructor(priority: bigint, max: bigint) {
    super('TxSend.FeeOrderError', `The priority fee (${priority} wei) is above the max fee (${max} wei).`, {
      hints: ['The max fee per gas must be at least the priority fee per gas.'],
    })
  }
}

export class WouldRevertError extends BaseError {
  readonly revert: ChainCall.DecodedRevert
  constructor(revert: ChainCall.DecodedRevert) {
    super('TxSend.WouldRevertError', `The transaction would revert: ${revert.text}.`, {
      hints: ['Nothing was signed or sent. Check the recipient, value and call data; or set a gas limit to send it anyway.'],
    })
    this.revert = revert
  }
}

export class HighFeeError extends BaseError {
  readonly fee: bigint
  constructor(fee: bigint, suggested: boolean) {
    super(
      'TxSend.HighFeeError',
      `${suggested ? 'The node suggests' : 'The max fee is'} ${fee / 10n ** 9n} gwei per gas, above the ${FEE_BOUND / 10n ** 9n} gwei bound.`,
      { hints: [suggested ? 'A node suggesting this is broken or lying: use another node, or type the fees yourself.' : 'Check the unit (gwei), or confirm the high fee explicitly.'] },
    )
    this.fee = fee
  }
}

export class ChainChangedError extends BaseError {
  constructor(reviewed: number, now: number, url?: string) {
    super('TxSend.ChainChangedError', `Not signed: the node${url ? ` at ${Rpc.shortUrl(url)}` : ''} was on chain ${reviewed} at review and now says ${now}.`, {
      hints: ['A node that changes chain is faulty or being switched: check the connection, then review again.'],
    })
  }
}

export class HashMismatchError extends BaseError {
  /** The transaction's own hash (keccak of the raw bytes): the one to look up. */
  readonly hash: `0x${string}`
  readonly reported: `0x${string}`
  constructor(hash: `0x${string}`, reported: `0x${string}`) {
    super('TxSend.HashMismatchError', `The node answered hash ${reported}, but this transaction's hash is ${hash}.`, {
      hints: ['The node is faulty or lying: look up the real hash (transaction tool), and do not trust this node with the receipt.'],
    })
    this.hash = hash
    this.reported = reported
  }
}

export class InvalidRawTxError extends errorType('TxSend.InvalidRawTxError', ['Paste a signed transaction as 0x hex (legacy, 0x01, 0x02, 0x03 or 0x04 type).']) {}

export class NoChainIdError extends BaseError {
  constructor() {
    super('TxSend.NoChainIdError', 'This transaction has no chain id (pre-EIP-155): it can be replayed on every chain.', {
      hints: ['Sign it again with a chain id, or confirm that you mean to broadcast a replayable transaction.'],
    })
  }
}

export class ReceiptTimeoutError extends BaseError {
  readonly hash: string
  readonly cancelled: boolean
  constructor(hash: string, cancelled: boolean) {
    super('TxSend.ReceiptTimeoutError', cancelled ? `Stopped waiting; the node holds ${hash}.` : `Sent, receipt unknown: no receipt for ${hash} yet.`, {
      hints: ['The transaction was sent; it may still be mined. Look it up later with the transaction tool.'],
    })
    this.hash = hash
    this.cancelled = cancelled
  }
}

/** A send-transaction input that does not make sense (missing chain id, data that is not hex, a key that is not the sender's…). */
export class InputError extends BaseError {
  constructor(message: string, hint: string) {
    super('TxSend.InputError', message, { hints: [hint] })
  }
}

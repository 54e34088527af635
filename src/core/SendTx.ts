/**
 * Sending transactions safely: prepare (nonce, gas and fees filled in from the node, chain id
 * checked against the node and against the person's choice), a summary of everything that
 * will be signed, sign in the page (ox, EIP-1559) or hand to a browser wallet, broadcast
 * exactly once, and wait (bounded) for the receipt.
 *
 * @example
 * ```ts
 * const p = await SendTx.prepare(rpc, { chainId: 31337, from, to, value: 1n, data: '0x' })
 * const { raw, hash } = SendTx.sign(p, privateKey)
 * await SendTx.broadcast(rpc, raw, { expectedChainId: 31337 })
 * const receipt = await SendTx.waitForReceipt(rpc, hash)
 * ```
 */
import { Address, Hash, Secp256k1, TransactionEnvelope as TxEnvelope, TxEnvelopeEip1559 } from 'ox'
import * as AddressCheck from './AddressCheck'
import * as ChainBlocks from './ChainBlocks'
import * as ChainCall from './ChainCall'
import * as Chains from './Chains'
import { BaseError } from './Errors'
import * as Fees from './Fees'
import * as Key from './Key'
import * as Rpc from './Rpc'

export interface Draft {
  /** The chain the person chose: checked against the node before anything is signed. */
  chainId: number
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
 */
export async function prepare(rpc: Rpc.Eip1193Like | undefined, draft: Draft, opts: { url?: string; abi?: import('ox').Abi.Abi } = {}): Promise<Summary> {
  await Chains.assertChainId(rpc, draft.chainId, opts.url)
  const from = AddressCheck.parseChecksummed(draft.from)
  const to = draft.to === null ? null : AddressCheck.parseChecksummed(draft.to)
  const estimated: Summary['estimated'] = []
  const nonce =
    draft.nonce ?? (estimated.push('nonce'), Rpc.safeInteger(await Rpc.request(rpc, 'eth_getTransactionCount', [from, 'pending']), 'the nonce'))
  let maxFeePerGas = draft.maxFeePerGas
  let maxPriorityFeePerGas = draft.maxPriorityFeePerGas
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
    const s = await Fees.suggest(rpc)
    estimated.push('fees')
    maxPriorityFeePerGas ??= s.standard.maxPriorityFeePerGas
    maxFeePerGas ??= s.standard.maxFeePerGas > maxPriorityFeePerGas ? s.standard.maxFeePerGas : maxPriorityFeePerGas
  }
  if (maxPriorityFeePerGas > maxFeePerGas) throw new FeeOrderError(maxPriorityFeePerGas, maxFeePerGas)
  let gas = draft.gas
  if (gas === undefined) {
    estimated.push('gas')
    const req: Record<string, string> = { from, value: Rpc.toQuantity(draft.value), data: draft.data }
    if (to) req.to = to
    try {
      gas = Rpc.quantity(await Rpc.request(rpc, 'eth_estimateGas', [req]), 'the gas estimate', 2n ** 64n - 1n)
    } catch (e) {
      const data = ChainCall.revertDataOf(e)
      if (data !== null) throw new WouldRevertError(ChainCall.decodeRevert(data, opts.abi))
      throw e
    }
  }
  const balance = Rpc.quantity(await Rpc.request(rpc, 'eth_getBalance', [from, 'latest']), 'the balance')
  const maxCost = gas * maxFeePerGas + draft.value
  return {
    chainId: draft.chainId,
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
    balance,
    affordable: balance >= maxCost,
    estimated,
  }
}

/** Signs a prepared EIP-1559 transaction with a key held in the page. The key must be `from`'s. */
export function sign(p: Prepared, privateKey: string): { raw: `0x${string}`; hash: `0x${string}`; from: `0x${string}` } {
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
  })
  const signature = Secp256k1.sign({ payload: TxEnvelopeEip1559.getSignPayload(envelope), privateKey: key })
  // ox keeps the case of `to` inside the serialized hex: normalise to lower case.
  const raw = TxEnvelopeEip1559.serialize(envelope, { signature }).toLowerCase() as `0x${string}`
  return { raw, hash: Hash.keccak256(raw), from: signer }
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
  } catch (e) {
    throw new InvalidRawTxError(`Not a signed transaction: ${((e as { shortMessage?: string }).shortMessage ?? 'it does not decode').split('\n')[0]}`)
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
  opts: { expectedChainId?: number; allowNoChainId?: boolean; url?: string } = {},
): Promise<RawInfo> {
  const info = inspectRaw(raw)
  if (info.chainId === null) {
    if (!opts.allowNoChainId) throw new NoChainIdError()
  } else {
    if (opts.expectedChainId !== undefined && opts.expectedChainId !== info.chainId) throw new Rpc.ChainMismatchError(opts.expectedChainId, info.chainId)
    await Chains.assertChainId(rpc, info.chainId, opts.url)
  }
  let returned: unknown
  try {
    returned = await Rpc.request(rpc, 'eth_sendRawTransaction', [raw.trim().toLowerCase()], { url: opts.url })
  } catch (e) {
    if (e instanceof Rpc.TimeoutError || e instanceof Rpc.ConnectionError || e instanceof Rpc.InvalidJsonError || (e instanceof Rpc.HttpError && e.status >= 500))
      throw new Rpc.SendOutcomeUnknownError(info.hash, e)
    throw e
  }
  const hash = Rpc.hash(returned, 'the transaction hash')
  if (hash !== info.hash) throw new Rpc.InvalidResponseError({ method: 'eth_sendRawTransaction' }, `the node reported hash ${hash}, but the transaction's hash is ${info.hash}`)
  return info
}

/**
 * Hands a prepared transaction to the node's or wallet's own signer (`eth_sendTransaction`):
 * a browser wallet, or an unlocked devnet account. The chain is checked first. Never retried.
 */
export async function sendWithWallet(rpc: Rpc.Eip1193Like | undefined, p: Prepared, opts: { url?: string } = {}): Promise<`0x${string}`> {
  await Chains.assertChainId(rpc, p.chainId, opts.url)
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
  const g = globalThis as unknown as { setTimeout(cb: () => void, ms: number): unknown }
  for (;;) {
    const r = await ChainBlocks.receipt(rpc, hash)
    if (r) return r
    if (opts.signal?.aborted) throw new ReceiptTimeoutError(hash, true)
    if (Date.now() - t0 + pollMs > timeoutMs) throw new ReceiptTimeoutError(hash, false)
    await new Promise<void>((res) => g.setTimeout(res, pollMs))
  }
}

export class WrongKeyError extends BaseError {
  constructor(from: string, signer: string) {
    super('SendTx.WrongKeyError', `This key belongs to ${signer}, not to the sender ${from}.`, { hints: ['Use the key of the sending account, or change the sender.'] })
  }
}

export class FeeOrderError extends BaseError {
  constructor(priority: bigint, max: bigint) {
    super('SendTx.FeeOrderError', `The priority fee (${priority} wei) is above the max fee (${max} wei).`, {
      hints: ['The max fee per gas must be at least the priority fee per gas.'],
    })
  }
}

export class WouldRevertError extends BaseError {
  readonly revert: ChainCall.DecodedRevert
  constructor(revert: ChainCall.DecodedRevert) {
    super('SendTx.WouldRevertError', `The transaction would revert: ${revert.text}.`, {
      hints: ['Nothing was signed or sent. Check the recipient, value and call data; or set a gas limit to send it anyway.'],
    })
    this.revert = revert
  }
}

export class InvalidRawTxError extends BaseError {
  constructor(message: string) {
    super('SendTx.InvalidRawTxError', message, { hints: ['Paste a signed transaction as 0x hex (legacy, 0x01, 0x02, 0x03 or 0x04 type).'] })
  }
}

export class NoChainIdError extends BaseError {
  constructor() {
    super('SendTx.NoChainIdError', 'This transaction has no chain id (pre-EIP-155): it can be replayed on every chain.', {
      hints: ['Sign it again with a chain id, or confirm that you mean to broadcast a replayable transaction.'],
    })
  }
}

export class ReceiptTimeoutError extends BaseError {
  constructor(hash: string, cancelled: boolean) {
    super('SendTx.ReceiptTimeoutError', cancelled ? `Stopped waiting for ${hash}.` : `No receipt for ${hash} yet.`, {
      hints: ['The transaction was sent; it may still be mined. Look it up later with the transaction tool.'],
    })
  }
}

/** A send-transaction input that does not make sense (missing chain id, data that is not hex, a key that is not the sender's…). */
export class InputError extends BaseError {
  constructor(message: string, hint: string) {
    super('SendTx.InputError', message, { hints: [hint] })
  }
}

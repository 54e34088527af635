/**
 * Filling a transaction's nonce, fees and chain id from the connected node (tx-build's
 * "fill from node"), apart from TxBuild so that offline building loads no RPC code.
 *
 * @example
 * ```ts
 * const n = await TxFill.fromNode(rpc, '0xf39F…')
 * ```
 */
import { BaseError } from '../Errors'
import * as AddressCheck from '../address/AddressCheck'
import * as Chains from '../chain/Chains'
import * as Fees from '../chain/Fees'
import * as Rpc from '../chain/Rpc'

/** What the connected node says for the fields a person would otherwise look up. */
export interface FromNode {
  chainId: number
  /** The sender's next nonce (pending); absent without a sender. */
  nonce?: number
  /** Legacy / EIP-2930 gas price (eth_gasPrice). */
  gasPrice: bigint
  /** EIP-1559 fees (Fees.suggest, standard). */
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
}

/**
 * Fills nonce, fees and chain id from the connected node, all read at once (one round trip):
 * chain id, the sender's pending nonce when a sender is given, and fee suggestions.
 */
export async function fromNode(rpc: Rpc.Eip1193Like | undefined, from?: string): Promise<FromNode> {
  const [chainId, nonce, fees] = await Promise.all([
    Chains.chainId(rpc),
    from ? Rpc.request(rpc, 'eth_getTransactionCount', [AddressCheck.parse(from), 'pending']).then((n) => Rpc.safeInteger(n, 'the nonce')) : Promise.resolve(undefined),
    Fees.suggest(rpc),
  ])
  return { chainId, ...(nonce !== undefined ? { nonce } : {}), gasPrice: fees.gasPrice, maxFeePerGas: fees.standard.maxFeePerGas, maxPriorityFeePerGas: fees.standard.maxPriorityFeePerGas }
}

/** The node could not be read for the fill (its own error, when it gave one, is kept as the cause). */
export class NodeError extends BaseError {
  constructor(cause: unknown) {
    super('TxFill.NodeError', 'The node could not be read.', { cause })
  }
}

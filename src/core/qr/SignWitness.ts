/**
 * The witness beside a sign request (issue #26): the call a transaction request asks for, as
 * the simulator runs it (sender = the address the request names), so the online device and
 * the offline signer simulate exactly the same thing: the online one over its node
 * (SimWitness.simulate), the signer over the witness alone (SimWitness.replay).
 *
 * @example
 * ```ts
 * const call = SignWitness.callOf(EthSignRequest.review(request))
 * const offline = await SimWitness.replay(witnessBytes, call, { chainId: review.chainId })
 * ```
 */
import { BaseError } from '../Errors'
import type * as EthSignRequest from './EthSignRequest'
import type * as Simulation from '../sim/Simulation'

/** The call a transaction sign request asks for; refuses a message, typed data or a request with no sender. */
export function callOf(review: EthSignRequest.Review): Simulation.CallInput {
  if (review.content.kind !== 'transaction') throw new NotATransactionError(review.content.kind)
  const from = review.request.address
  if (!from) throw new NoSenderError()
  const tx = review.content.decoded.tx
  return {
    from: from.toLowerCase() as `0x${string}`,
    ...(tx.to ? { to: tx.to.toLowerCase() as `0x${string}` } : {}),
    value: tx.value,
    data: tx.data,
    gas: tx.gas,
    ...(tx.accessList?.length ? { accessList: tx.accessList.map((e) => ({ address: e.address.toLowerCase(), storageKeys: e.storageKeys })) } : {}),
  }
}

export class NotATransactionError extends BaseError {
  constructor(kind: string) {
    super('SignWitness.NotATransactionError', `The request asks to sign ${kind === 'typed-data' ? 'typed data' : 'a message'}, not a transaction: there is nothing to simulate.`)
  }
}

export class NoSenderError extends BaseError {
  constructor() {
    super('SignWitness.NoSenderError', 'The request names no sender address: the simulation needs the account that will sign.', { hints: ['Fill “From” on the online device and make the request again.'] })
  }
}

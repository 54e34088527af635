/**
 * The witness beside a sign request (issue #26): the call a transaction request asks for, as
 * the simulator runs it (sender = the address the request names), so the online device and
 * the offline signer simulate exactly the same thing: the online one over its node
 * (SimWitness.simulate), the signer over the witness alone (SimWitness.replay).
 *
 * The witness travels as a file or as an animated QR code: the UR type `ew-witness` (a type
 * of this app's own, not in the BCR registry), whose CBOR is one byte string holding the
 * witness file's bytes gzipped (the platform's CompressionStream: a swap's witness is 45 KB,
 * 13 KB gzipped, so about a third of the frames), fountain-coded into parts by `Ur` like a
 * large sign request. A decoder for it refuses a code of another type, naming it, and a
 * message announced larger than {@link MAX_UR_BYTES} on the first part read, before collecting
 * the rest; inflating stops at {@link MAX_INFLATED} bytes (a small code cannot unpack into an
 * unbounded witness). gzip's CRC-32 is checked on inflating, and the witness's own proofs after.
 *
 * @example
 * ```ts
 * const call = SignWitness.callOf(EthSignRequest.review(request))
 * const offline = await SimWitness.replay(witnessBytes, call, { chainId: review.chainId })
 * ```
 */
import { decode as cborDecode, encode as cborEncode } from 'cborg'
import { BaseError } from '../Errors'
import * as Ur from './Ur'
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

/** The UR type of a witness (this app's own registry name). */
export const UR_TYPE = 'ew-witness'
/** The largest gzipped witness carried by QR code (a swap's witness is 13 KB gzipped; a file carries up to SimWitness.LIMITS.maxBytes). */
export const MAX_UR_BYTES = 192 * 1024
/** The largest witness a code may inflate to: a witness file's own bound (SimWitness.LIMITS.maxBytes). */
export const MAX_INFLATED = 1024 * 1024
/** CBOR's head of a byte string this long: 1 + 4 bytes at most. */
const CBOR_HEAD = 5
/** The largest `ew-witness` message (CBOR) a decoder accepts. */
export const MAX_UR_MESSAGE = MAX_UR_BYTES + CBOR_HEAD

/** gzip by the platform's CompressionStream (browsers and Node alike; no compressor of our own). */
export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new CompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** gunzip by the platform's DecompressionStream, stopping past `max` bytes. */
export async function gunzip(bytes: Uint8Array, max: number = MAX_INFLATED): Promise<Uint8Array> {
  const reader = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader()
  const chunks: Uint8Array[] = []
  let n = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      n += value.length
      if (n > max) {
        void reader.cancel().catch(() => {})
        throw new Ur.TooLargeError(`more than ${max} bytes once unpacked`, max)
      }
      chunks.push(value)
    }
  } catch (e) {
    if (e instanceof BaseError) throw e
    throw new Ur.CorruptedPartError('its content is not a gzipped witness (it does not unpack, or its checksum fails)')
  }
  const out = new Uint8Array(n)
  let at = 0
  for (const c of chunks) out.set(c, (at += c.length) - c.length)
  return out
}

/**
 * The witness as UR parts (gzipped): one code when it fits in `maxFragmentLength` bytes, else
 * the pure fragments then `extra` fountain-mixed ones (default as many again), to show in turn.
 */
export async function toUr(witness: Uint8Array, options: { maxFragmentLength?: number; extra?: number; firstSeqNum?: number } = {}): Promise<Ur.Encoded & { gzipped: number }> {
  if (witness.length > MAX_INFLATED) throw new TooLargeForQrError(witness.length, MAX_INFLATED)
  const packed = await gzip(witness)
  if (packed.length > MAX_UR_BYTES) throw new TooLargeForQrError(packed.length, MAX_UR_BYTES, true)
  return { ...Ur.encode(UR_TYPE, cborEncode(packed), options), gzipped: packed.length }
}

/** A decoder that takes only `ew-witness` parts, and refuses a message announced above {@link MAX_UR_BYTES} on its first part. */
export function urDecoder(): Ur.Decoder {
  return Ur.decoder({ types: [UR_TYPE], maxMessage: MAX_UR_MESSAGE })
}

/** The witness file's bytes from an assembled `ew-witness` message (its CBOR byte string, gunzipped). */
export async function fromUr(message: { type: string; cbor: Uint8Array }): Promise<Uint8Array> {
  if (message.type !== UR_TYPE) throw new Ur.UnexpectedTypeError(message.type, [UR_TYPE])
  if (message.cbor.length > MAX_UR_MESSAGE) throw new Ur.TooLargeError(`${message.cbor.length} bytes`, MAX_UR_BYTES)
  let v: unknown
  try {
    v = cborDecode(message.cbor, { strict: true, allowIndefinite: false, allowUndefined: false })
  } catch {
    throw new Ur.CorruptedPartError('its content is not one CBOR byte string')
  }
  if (!(v instanceof Uint8Array)) throw new Ur.CorruptedPartError('its content is not one CBOR byte string')
  return gunzip(v)
}

export class TooLargeForQrError extends BaseError {
  constructor(bytes: number, max: number = MAX_UR_BYTES, gzipped = false) {
    super('SignWitness.TooLargeForQrError', `The witness is ${bytes} bytes${gzipped ? ' gzipped' : ''}: more than ${max / 1024} KiB${gzipped ? ' gzipped' : ''} does not go by QR code.`, { hints: ['Save the witness file and carry it to the signer instead.'] })
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

/**
 * The verifier's own code (the proof checker and the EVM, loaded on demand) could not be loaded:
 * the page went offline before it was fetched. Nothing is said of the witness, which was never read.
 */
export class VerifierNotLoadedError extends BaseError {
  constructor(cause?: unknown) {
    super('SignWitness.VerifierNotLoadedError', 'The witness verifier could not be loaded: this copy of the page went offline before its verifier code was fetched. The witness was not checked.', {
      hints: ['Open this page once while online (or use the single-file offline build, which carries the verifier), then check the witness again.'],
      ...(cause !== undefined ? { cause } : {}),
    })
  }
}

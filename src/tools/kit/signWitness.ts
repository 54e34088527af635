/**
 * The witness beside a sign request, for the two QR pages (issue #26): `pack` simulates the
 * requested transaction over the connected node and packs the witness (/qr-request);
 * `check` verifies a witness and re-runs the same transaction from it alone, with no network
 * (/qr-sign). Both build the report the same way (no token names read from a node: the
 * offline device has none), so the two screens show the same call tree, asset changes,
 * warnings and trace hash.
 */
import * as EthSignRequest from '../../core/qr/EthSignRequest'
import * as SignWitness from '../../core/qr/SignWitness'
import * as SignatureTable from '../../core/abi/SignatureTable'
import * as SimReport from '../../core/sim/SimReport'
import * as SimRpc from '../../core/sim/SimRpc'
import * as SimWitness from '../../core/sim/SimWitness'
import type * as Simulation from '../../core/sim/Simulation'
import type { Eip1193Like, Row, Section } from '../types'

export interface Checked {
  report: SimReport.Report
  traceHash: `0x${string}`
  /** SHA-256 of the witness file. */
  fingerprint: `0x${string}`
  sections: Section[]
}

const hexToBytes = (h: string) => {
  const out = new Uint8Array((h.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

async function reportOf(result: Simulation.Result): Promise<SimReport.Report> {
  return SimReport.build(result, { table: await SignatureTable.load().catch(() => undefined) })
}

function rows(w: { number: bigint | string; blockHash: string; hardfork: string; chainId: number; accounts: number; slots: number }, fingerprint: string, bytes: number, traceHash: string, verified: boolean): Section {
  const r: Row[] = [
    { label: 'Block', value: `${BigInt(w.number)} (state after it), ${w.hardfork}, chain ${w.chainId}`, mono: false },
    { label: 'Block hash', value: w.blockHash, note: verified ? 'the header hashes to it; compare it with a block explorer or a second node you trust' : 'the header the witness holds' },
    { label: 'Proven', value: `${w.accounts} accounts, ${w.slots} storage slots`, mono: false, ...(verified ? { tone: 'ok' as const, note: 'every proof checked against the header’s state root' } : {}) },
    { label: 'Witness SHA-256', value: fingerprint, note: `${bytes} bytes` },
    { label: 'Trace hash', value: traceHash, ...(verified ? { tone: 'ok' as const } : {}), note: 'SHA-256 of the outcome: the same on both devices' },
  ]
  return { title: verified ? 'Witness verified' : 'Witness for the signer', rows: r }
}

const counts = (w: SimWitness.Witness) => ({ accounts: w.accounts.length, slots: w.accounts.reduce((s, a) => s + a.slots.length, 0) })

/** A packed witness: what the signer should then show, the file's bytes, and the call it simulated. */
export type Packed = Checked & { bytes: Uint8Array; call: Simulation.CallInput }

/** Simulates the request's transaction over the node and packs its witness (/qr-request). */
export async function pack(requestCbor: `0x${string}`, rpc: Eip1193Like | undefined, rpcUrl: string | undefined): Promise<Packed> {
  const review = EthSignRequest.review(EthSignRequest.decodeRequest(hexToBytes(requestCbor)))
  return packCall(SignWitness.callOf(review), review.chainId, rpc, rpcUrl)
}

/**
 * Simulates `call` over the node at its latest block and packs the witness of everything it
 * read (the send confirmation: the reviewed transaction as a sign request for it would ask).
 * The node must be on `chainId`.
 */
export async function packCall(call: Simulation.CallInput, chainId: bigint | number, rpc: Eip1193Like | undefined, rpcUrl: string | undefined): Promise<Packed> {
  if (!rpc && !(rpcUrl && /^https?:\/\//i.test(rpcUrl))) throw new SimWitness.WitnessError('No node', 'connect to a node to simulate the transaction')
  const transport = rpcUrl && /^https?:\/\//i.test(rpcUrl) ? SimRpc.httpTransport(rpcUrl) : SimRpc.eip1193Transport(rpc!, rpcUrl)
  const on = await SimWitness.simulate(transport, call)
  if (BigInt(on.session.chainId) !== BigInt(chainId)) throw new SimWitness.WitnessError(`The node is on chain ${on.session.chainId}`, `the transaction is for chain ${chainId}`)
  const w = SimWitness.decode(on.witness)
  const fingerprint = SimWitness.fingerprint(on.witness)
  const report = await reportOf(on.result)
  return { bytes: on.witness, call, report, traceHash: on.traceHash, fingerprint, sections: [rows({ number: on.session.context.number, ...w, ...counts(w) }, fingerprint, on.witness.length, on.traceHash, false)] }
}

/**
 * The witness as animated QR parts (UR `ew-witness`, gzipped, `fragment` bytes of CBOR a frame),
 * or why it does not go by QR code (over SignWitness.MAX_UR_BYTES gzipped: carry the file).
 */
export async function qrParts(bytes: Uint8Array, fragment: number): Promise<{ parts: string[]; fragments: number; gzipped: number } | { tooLarge: string }> {
  try {
    const { parts, fragments, gzipped } = await SignWitness.toUr(bytes, { maxFragmentLength: fragment })
    return { parts, fragments, gzipped }
  } catch (e) {
    if (e instanceof SignWitness.TooLargeForQrError) return { tooLarge: e.shortMessage }
    throw e
  }
}

/** The same call, as the signer will read it from the request: equal fields, equal simulation. */
export function sameCall(a: Simulation.CallInput, b: Simulation.CallInput): boolean {
  const key = (c: Simulation.CallInput) =>
    JSON.stringify([c.from, c.to ?? null, `${c.value ?? 0n}`, c.data ?? '0x', `${c.gas ?? ''}`, (c.accessList ?? []).map((e) => [e.address, e.storageKeys])]).toLowerCase()
  return key(a) === key(b)
}

/** The call a sign request (CBOR hex) asks for. */
export function callOfRequest(requestCbor: `0x${string}`): Simulation.CallInput {
  return SignWitness.callOf(EthSignRequest.review(EthSignRequest.decodeRequest(hexToBytes(requestCbor))))
}

/** Verifies a witness for the request (UR text) and re-runs its transaction from the witness alone. */
export async function check(review: EthSignRequest.Review, bytes: Uint8Array): Promise<Checked> {
  const call = SignWitness.callOf(review)
  const off = await SimWitness.replay(bytes, call, { chainId: review.chainId })
  const w = off.verified.witness
  const report = await reportOf(off.result)
  return { report, traceHash: off.traceHash, fingerprint: off.verified.fingerprint, sections: [rows({ number: off.verified.number, ...w, ...counts(w) }, off.verified.fingerprint, bytes.length, off.traceHash, true)] }
}

/** Loads what checking a witness needs, so a page opened online keeps working offline. */
export async function preload(): Promise<void> {
  await SignatureTable.load().catch(() => undefined)
}

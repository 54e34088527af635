/**
 * The witness for the offline signer (issue #26): simulates the requested transaction over
 * the connected node, packs the header and the proofs of everything it read, and carries it
 * to the signer as a file or as an animated QR code (UR `ew-witness`, the page's bytes per
 * frame); shows what the signer should then show: the same call tree, asset changes and trace
 * hash. A witness packed on the send confirmation and handed over in memory is shown as it
 * is, when the request asks for the very call it simulated.
 */
import { useEffect, useState } from 'react'
import { toErrorInfo } from '../../../core/Errors'
import type * as SignWitnessKit from '../../../tools/qr-request/witness'
import { useWitness, WitnessCard } from '../../components/WitnessCard'
import { AnimatedQr } from '../../components/AnimatedQr'
import { TraceTree } from '../../components/TraceTree'
import { Assets } from '../../components/SimulationSummary'
import { getProvider } from '../../connection/store'

type Packed = SignWitnessKit.Packed
type Qr = Awaited<ReturnType<typeof SignWitnessKit.qrParts>>
const kit = () => import('../../../tools/qr-request/witness')

/** What the card says here: the witness is this page's outcome. */
const CARD = {
  className: 'result',
  intro: 'Simulates this transaction over the node and packs the block header and the proofs of every account and slot it reads, so the signer can check them and re-run it with no network.',
  packLabel: { first: 'Simulate and pack a witness', again: 'Simulate again and pack a new witness' },
} as const
const HANDED = [{ tone: 'info', text: 'The witness packed on the send confirmation, for this very call.' }] as const

export default function WitnessPack({ request, fragment, handed }: { request: `0x${string}`; fragment: number; handed?: unknown }) {
  const witness = useWitness<Packed & { handed?: boolean }>()
  const { packed, reset } = witness
  const [qr, setQr] = useState<Qr | undefined>()

  useEffect(() => {
    let alive = true
    reset()
    const h = handed as Packed | undefined
    // the send confirmation's witness, beside the request for the same call (else packed anew on request)
    if (h) void kit().then((k) => alive && k.sameCall(h.call, k.callOfRequest(request)) && reset({ ...h, handed: true }), () => undefined)
    return () => {
      alive = false
    }
  }, [request, handed, reset])
  useEffect(() => {
    let alive = true
    setQr(undefined)
    if (packed)
      void kit()
        .then((k) => k.qrParts(packed.bytes, fragment))
        .then((q) => alive && setQr(q), (e: unknown) => alive && setQr({ tooLarge: toErrorInfo(e).message }))
    return () => {
      alive = false
    }
  }, [packed, fragment])

  const pack = async () => {
    const { rpc, rpcUrl } = getProvider()
    return (await kit()).pack(request, rpc, rpcUrl)
  }

  return (
    <WitnessCard witness={witness} pack={pack} {...CARD} notes={packed?.handed ? HANDED : []}>
      {packed && (
        <>
          {qr && 'parts' in qr && (
            <>
              <p className="hint">Or show it to the signer as an animated code: {qr.fragments} parts of at most {fragment} bytes, the witness gzipped to {qr.gzipped.toLocaleString('en-US')} bytes (fountain-coded: the signer may start at any frame and miss some).</p>
              <AnimatedQr parts={qr.parts} label="Witness QR code" />
            </>
          )}
          {qr && 'tooLarge' in qr && (
            <p className="notice notice-warn" role="note">
              {qr.tooLarge} Save the witness file and carry it to the signer instead.
            </p>
          )}
          <Assets assets={packed.report.assets} tokens={packed.report.tokens} />
          <TraceTree report={packed.report} />
        </>
      )}
    </WitnessCard>
  )
}

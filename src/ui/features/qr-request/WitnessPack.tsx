/**
 * The witness for the offline signer (issue #26): simulates the requested transaction over
 * the connected node, packs the header and the proofs of everything it read, and carries it
 * to the signer as a file or as an animated QR code (UR `ew-witness`, the page's bytes per
 * frame); shows what the signer should then show: the same call tree, asset changes and trace
 * hash. A witness packed on the send confirmation and handed over in memory is shown as it
 * is, when the request asks for the very call it simulated.
 */
import { useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type * as SignWitnessKit from '../../../tools/qr-request/witness'
import { ResultView } from '../../components'
import { AnimatedQr } from '../../components/AnimatedQr'
import { TraceTree } from '../../components/TraceTree'
import { Assets } from '../../components/SimulationSummary'
import { getProvider } from '../../connection/store'

type Packed = SignWitnessKit.Packed
type Qr = Awaited<ReturnType<typeof SignWitnessKit.qrParts>>
const kit = () => import('../../../tools/qr-request/witness')

export default function WitnessPack({ request, fragment, handed }: { request: `0x${string}`; fragment: number; handed?: unknown }) {
  const [packed, setPacked] = useState<(Packed & { handed?: boolean }) | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [url, setUrl] = useState<string | undefined>()
  const [qr, setQr] = useState<Qr | undefined>()

  useEffect(() => {
    let alive = true
    setPacked(undefined)
    setError(null)
    const h = handed as Packed | undefined
    // the send confirmation's witness, beside the request for the same call (else packed anew on request)
    if (h) void kit().then((k) => alive && k.sameCall(h.call, k.callOfRequest(request)) && setPacked({ ...h, handed: true }), () => undefined)
    return () => {
      alive = false
    }
  }, [request, handed])
  useEffect(() => {
    if (!packed) return setUrl(undefined)
    const u = URL.createObjectURL(new Blob([packed.bytes as BlobPart], { type: 'application/octet-stream' }))
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [packed])
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

  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      const { rpc, rpcUrl } = getProvider()
      setPacked(await (await kit()).pack(request, rpc, rpcUrl))
    } catch (e) {
      setPacked(undefined)
      setError(toErrorInfo(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="result" aria-label="Witness for the offline signer">
      <h2>Witness for the offline signer</h2>
      <p className="hint">Simulates this transaction over the node and packs the block header and the proofs of every account and slot it reads, so the signer can check them and re-run it with no network.</p>
      <div className="actions">
        <button type="button" onClick={() => void run()} disabled={busy}>
          {busy ? 'Simulating and reading proofs…' : packed ? 'Simulate again and pack a new witness' : 'Simulate and pack a witness'}
        </button>
        {packed && url && (
          <a className="button" href={url} download={`witness-${packed.fingerprint.slice(2, 10)}.eww`}>
            Save the witness file
          </a>
        )}
      </div>
      {error && (
        <div className="notice notice-error" role="alert">
          <strong>{error.message}</strong>
          {error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {packed && (
        <>
          <ResultView
            result={{
              sections: packed.sections,
              notes: [...(packed.handed ? [{ tone: 'info' as const, text: 'The witness packed on the send confirmation, for this very call.' }] : []), ...packed.report.warnings.map((text) => ({ tone: 'warn' as const, text }))],
            }}
            label="Witness"
          />
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
    </section>
  )
}

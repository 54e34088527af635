/**
 * The witness for the offline signer (issue #26): simulates the requested transaction over
 * the connected node, packs the header and the proofs of everything it read into one file to
 * carry to the signer beside the QR code, and shows what the signer should then show: the
 * same call tree, asset changes and trace hash.
 */
import { useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type * as SignWitnessKit from '../../../tools/qr-request/witness'
import { ResultView } from '../../components'
import { TraceTree } from '../../components/TraceTree'
import { Assets } from '../../components/SimulationSummary'
import { getProvider } from '../../connection/store'

type Packed = Awaited<ReturnType<typeof SignWitnessKit.pack>>

export default function WitnessPack({ request }: { request: `0x${string}` }) {
  const [packed, setPacked] = useState<Packed | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const [url, setUrl] = useState<string | undefined>()

  useEffect(() => {
    setPacked(undefined)
    setError(null)
  }, [request])
  useEffect(() => {
    if (!packed) return setUrl(undefined)
    const u = URL.createObjectURL(new Blob([packed.bytes as BlobPart], { type: 'application/octet-stream' }))
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [packed])

  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      const kit = await import('../../../tools/qr-request/witness')
      const { rpc, rpcUrl } = getProvider()
      setPacked(await kit.pack(request, rpc, rpcUrl))
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
          {busy ? 'Simulating and reading proofs…' : 'Simulate and pack a witness'}
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
          <ResultView result={{ sections: packed.sections, notes: packed.report.warnings.map((text) => ({ tone: 'warn' as const, text })) }} label="Witness" />
          <Assets assets={packed.report.assets} tokens={packed.report.tokens} />
          <TraceTree report={packed.report} />
        </>
      )}
    </section>
  )
}

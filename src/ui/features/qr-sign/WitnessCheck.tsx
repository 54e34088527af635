/**
 * The witness check on the offline signer (issue #26): a witness from the online device, as
 * a file or scanned as an animated QR code (UR `ew-witness`, parts in any order, progress
 * shown, a witness announced too large refused on its first part), is verified (every proof against the header's state root, the header against its hash) and
 * the requested transaction re-run from it alone, with no network; only then are its call
 * tree, asset changes, warnings and trace hash shown. A witness that does not verify is
 * refused, named, and nothing from it is shown as the outcome.
 */
import { useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as SignWitness from '../../../core/qr/SignWitness'
import type * as SignWitnessKit from '../../../tools/qr-sign/witness'
import { readRequest } from '../../../tools/qr-sign'
import { ErrorNotice, Field, ResultView } from '../../components'
import { TraceTree } from '../../components/TraceTree'
import { Assets } from '../../components/SimulationSummary'
import { QrScanner, type Scanned } from '../../components/QrScanner'

type Checked = Awaited<ReturnType<typeof SignWitnessKit.check>>

const FILE_SPEC = { name: 'witness', label: 'Witness file', kind: 'file', help: 'The .eww file the online device saved beside the sign request.' } as const

/** Loads the verifier and the EVM while the page is online. */
export function preloadWitness(): Promise<unknown> {
  return import('../../../tools/qr-sign/witness').then((k) => k.preload())
}

export default function WitnessCheck({ request }: { request: string }) {
  // the witness's bytes, from the file picked or the code scanned (the last one wins)
  const [file, setFile] = useState<{ blob?: File; bytes: Uint8Array } | undefined>()
  const [scans, setScans] = useState(0)
  const [scanError, setScanError] = useState<ErrorInfo | undefined>()
  const [checked, setChecked] = useState<Checked | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | undefined>()

  useEffect(() => {
    let alive = true
    setChecked(undefined)
    setError(undefined)
    if (!file || request.trim() === '') return
    setBusy(true)
    ;(async () => {
      // the verifier's code not loaded (offline before it was fetched) is not the witness's fault
      const kit = await import('../../../tools/qr-sign/witness').catch((e: unknown) => {
        throw new SignWitness.VerifierNotLoadedError(e)
      })
      return kit.check(readRequest(request), file.bytes)
    })().then(
      (c) => alive && setChecked(c),
      (e) => alive && setError(toErrorInfo(e)),
    ).finally(() => alive && setBusy(false))
    return () => {
      alive = false
    }
  }, [file, request])

  const onScanned = (s: Scanned) => {
    SignWitness.fromUr(s).then(
      (bytes) => {
        setFile({ bytes })
        setScanError(undefined)
      },
      (e: unknown) => {
        setFile(undefined)
        setScanError(toErrorInfo(e))
      },
    )
  }
  const shownError = scanError ?? error

  return (
    <section className="result" aria-label="Witness">
      <h2>What it will do</h2>
      <p className="hint">Open the witness file the online device saved, or scan the witness’s animated code: its proofs are checked against the block header and the transaction is simulated again here, with no network.</p>
      <Field
        spec={FILE_SPEC}
        value=""
        onChange={() => undefined}
        file={file?.blob}
        onFile={(f) => {
          if (!f) return setFile(undefined)
          void f.arrayBuffer().then((b) => {
            setFile({ blob: f, bytes: new Uint8Array(b) })
            setScanError(undefined)
            setScans((n) => n + 1)
          })
        }}
      />
      <QrScanner key={scans} types={[SignWitness.UR_TYPE]} maxMessage={SignWitness.MAX_UR_MESSAGE} label="Witness scanner" onScanned={onScanned} />
      {busy && <p role="status">Checking the proofs and simulating…</p>}
      <ErrorNotice error={shownError && (shownError.name === 'SignWitness.VerifierNotLoadedError' ? shownError : { ...shownError, message: `Witness refused: ${shownError.message}` })} />
      {checked && (
        <>
          <ResultView result={{ sections: checked.sections, notes: checked.report.warnings.map((text) => ({ tone: 'warn' as const, text })) }} label="Witness check" />
          <Assets assets={checked.report.assets} tokens={checked.report.tokens} />
          <TraceTree report={checked.report} />
        </>
      )}
    </section>
  )
}

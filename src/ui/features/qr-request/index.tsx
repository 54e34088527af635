/**
 * QR sign request: the generic form makes the eth-sign-request; this page shows it as an
 * (animated) QR code, fills nonce, fees and chain id from the node on request, and keeps the
 * request in memory to check the eth-signature scanned back. For a transaction it packs the
 * witness the signer checks and simulates from offline (WitnessPack, issue #26). A checked transaction goes to
 * Broadcast in memory (never the URL), whose own confirmation sends it.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type tool from '../../../tools/qr-request'
import { importSignature, type Imported, type QrRequestData } from '../../../tools/qr-request'
import { ActionButton, ErrorNotice, ResultView, ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { AnimatedQr } from '../../components/AnimatedQr'
import type { Scanned } from '../../components/QrScanner'
import { handOff } from '../../handoff'
import { navigate } from '../../router'
import { clearWitness, peekWitness } from '../../witnessHandoff'

// The scanner (and the UR decoder) load once there is a request to answer.
// The witness (the EVM and the proof checks) loads with its section.
const WitnessPack = lazy(() => import('./WitnessPack'))
const QrScanner = lazy(() => import('../../components/QrScanner').then((m) => ({ default: m.QrScanner })))

export default function QrRequestPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  const fill = page.actions.fill
  const { setValues } = props
  useEffect(() => {
    if (fill.data) setValues(fill.data)
  }, [fill, setValues])
  const mode = props.values.mode || 'build'
  // a witness packed on the send confirmation, handed over in memory with the transaction's fields
  const [handed] = useState(peekWitness)
  useEffect(() => clearWitness(), [])

  return (
    <>
      {mode === 'build' && (
        <div className="actions">
          <ActionButton page={page} name="fill" busyLabel="Reading the node…" />
        </div>
      )}
      <ErrorNotice error={fill.error} />
      <ToolBody page={page}>{data && <AnimatedQr parts={data.parts} label="Sign request QR code" />}</ToolBody>
      {data && mode !== 'message' && mode !== 'typed-data' && (
        <Suspense fallback={<p role="status">Loading the simulator…</p>}>
          <WitnessPack request={data.request} fragment={Number(props.values.fragment) || 200} handed={handed} />
        </Suspense>
      )}
      {data && <SignatureBack key={data.request} data={data} />}
    </>
  )
}

/** The eth-signature scanned back, checked against the request this page made (kept in memory). */
function SignatureBack({ data }: { data: QrRequestData }) {
  const [imported, setImported] = useState<Imported | undefined>()
  const [importError, setImportError] = useState<ErrorInfo | undefined>()
  const onSignature = useCallback(
    async (s: Scanned) => {
      try {
        setImported(await importSignature(data.request, s.cbor))
        setImportError(undefined)
      } catch (e) {
        setImported(undefined)
        setImportError(toErrorInfo(e))
      }
    },
    [data],
  )
  return (
    <section className="result" aria-label="Signature from the offline signer">
      <h2>Back from the signer</h2>
      <p className="hint">Scan the eth-signature the offline signer shows. It must answer request {data.requestId}.</p>
      <Suspense fallback={<p role="status">Loading the scanner…</p>}>
        <QrScanner key={data.requestId} types={['eth-signature']} label="Signature scanner" onScanned={(s) => void onSignature(s)} />
      </Suspense>
      <ErrorNotice error={importError} />
      {imported && <ResultView result={imported.result} />}
      {imported?.raw && (
        <div className="actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              handOff('broadcast', { raw: imported.raw!, chainId: imported.chainId })
              navigate('/broadcast')
            }}
          >
            Review and broadcast…
          </button>
        </div>
      )}
    </section>
  )
}

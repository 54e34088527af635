/**
 * QR sign request: the generic form makes the eth-sign-request; this page shows it as an
 * (animated) QR code, fills nonce, fees and chain id from the node on request, and keeps the
 * request in memory to check the eth-signature scanned back. For a transaction it packs the
 * witness the signer checks and simulates from offline (WitnessPack, issue #26). A checked transaction goes to
 * Broadcast in memory (never the URL), whose own confirmation sends it.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import { fillFromNode, importSignature, type Imported, type QrRequestData } from '../../../tools/qr-request'
import type { ToolResult } from '../../../tools/types'
import { ResultView, ToolForm, type ToolPageProps } from '../../components'
import { AnimatedQr } from '../../components/AnimatedQr'
import type { Scanned } from '../../components/QrScanner'
import { getProvider } from '../../connection/store'
import { handOff } from '../../handoff'
import { navigate } from '../../router'
import { clearWitness, peekWitness } from '../../witnessHandoff'

// The scanner (and the UR decoder) load once there is a request to answer.
// The witness (the EVM and the proof checks) loads with its section.
const WitnessPack = lazy(() => import('./WitnessPack'))
const QrScanner = lazy(() => import('../../components/QrScanner').then((m) => ({ default: m.QrScanner })))

export default function QrRequestPage(props: ToolPageProps) {
  const [data, setData] = useState<QrRequestData | undefined>()
  const [filling, setFilling] = useState(false)
  const [fillError, setFillError] = useState<ErrorInfo | null>(null)
  const [imported, setImported] = useState<Imported | undefined>()
  const [importError, setImportError] = useState<ErrorInfo | null>(null)
  const onResult = useCallback((r: ToolResult | undefined) => {
    setData(r?.data as QrRequestData | undefined)
    setImported(undefined)
    setImportError(null)
  }, [])
  const mode = props.values.mode || 'build'
  // a witness packed on the send confirmation, handed over in memory with the transaction's fields
  const [handed] = useState(peekWitness)
  useEffect(() => clearWitness(), [])

  const fill = async () => {
    setFilling(true)
    setFillError(null)
    try {
      props.setValues(await fillFromNode(getProvider().rpc, props.values.from ?? ''))
    } catch (e) {
      setFillError(toErrorInfo(e))
    } finally {
      setFilling(false)
    }
  }

  const onSignature = useCallback(
    async (s: Scanned) => {
      if (!data) return
      try {
        setImported(await importSignature(data.request, s.cbor))
        setImportError(null)
      } catch (e) {
        setImported(undefined)
        setImportError(toErrorInfo(e))
      }
    },
    [data],
  )

  return (
    <>
      {mode === 'build' && (
        <div className="actions">
          <button type="button" onClick={() => void fill()} disabled={filling}>
            {filling ? 'Reading the node…' : 'Fill nonce, fees and chain id from the node'}
          </button>
        </div>
      )}
      {fillError && (
        <div className="notice notice-error" role="alert">
          <strong>{fillError.message}</strong>
          {fillError.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      <ToolForm {...props} onResult={onResult}>
        {data && <AnimatedQr parts={data.parts} label="Sign request QR code" />}
      </ToolForm>
      {data && mode !== 'message' && mode !== 'typed-data' && (
        <Suspense fallback={<p role="status">Loading the simulator…</p>}>
          <WitnessPack request={data.request} fragment={Number(props.values.fragment) || 200} handed={handed} />
        </Suspense>
      )}
      {data && (
        <section className="result" aria-label="Signature from the offline signer">
          <h2>Back from the signer</h2>
          <p className="hint">Scan the eth-signature the offline signer shows. It must answer request {data.requestId}.</p>
          <Suspense fallback={<p role="status">Loading the scanner…</p>}>
            <QrScanner key={data.requestId} types={['eth-signature']} label="Signature scanner" onScanned={(s) => void onSignature(s)} />
          </Suspense>
          {importError && (
            <div className="notice notice-error" role="alert">
              <strong>{importError.message}</strong>
              {importError.hints.map((h) => (
                <p key={h}>{h}</p>
              ))}
            </div>
          )}
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
      )}
    </>
  )
}

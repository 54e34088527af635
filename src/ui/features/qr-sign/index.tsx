/**
 * QR signer (offline): scan a sign request (camera or image), read it in full, then sign
 * with a key from the keyring or typed in, only after ticking that it was read; the
 * eth-signature is shown as a QR code. A scanned code fills only the request field (never the
 * key) and never navigates; a new request unticks the confirmation. A witness file from the
 * online device is verified and the transaction simulated from it offline (WitnessCheck, #26).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as EthSignRequest from '../../../core/qr/EthSignRequest'
import * as Ur from '../../../core/qr/Ur'
import type tool from '../../../tools/qr-sign'
import { preload, preview } from '../../../tools/qr-sign'
import type { ToolResult } from '../../../tools/types'
import { ErrorNotice, KeyFieldPicker, ResultView, ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { AnimatedQr, preloadQrImages } from '../../components/AnimatedQr'
import { QrScanner, type Scanned } from '../../components/QrScanner'

// The witness check (the EVM and the proof checks) loads after the page, and is preloaded while online.
const WitnessCheck = lazy(() => import('./WitnessCheck'))

export default function QrSignPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const signed = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  const { values, setValues } = props
  const request = values.request ?? ''
  const [review, setReview] = useState<ToolResult | undefined>()
  const [reviewError, setReviewError] = useState<ErrorInfo | undefined>()
  const [scans, setScans] = useState(0)

  // Everything reviewing and signing needs loads while the page is open, so it works after the network goes.
  useEffect(() => {
    void preload().catch(() => undefined)
    void preloadQrImages().catch(() => undefined)
    void import('./WitnessCheck').then((m) => m.preloadWitness()).catch(() => undefined)
  }, [])

  useEffect(() => {
    let alive = true
    setReview(undefined)
    setReviewError(undefined)
    if (request.trim() === '') return
    preview(request).then(
      (r) => alive && setReview(r),
      (e) => alive && setReviewError(toErrorInfo(e)),
    )
    return () => {
      alive = false
    }
  }, [request])

  const onScanned = useCallback(
    (s: Scanned) => {
      // The whole request as one UR text: the only field a scan fills; the confirmation is cleared.
      setValues({ request: Ur.encodeSingle(s.type, s.cbor), reviewed: 'false' })
      setScans((n) => n + 1)
    },
    [setValues],
  )

  return (
    <>
      <QrScanner key={scans} types={[EthSignRequest.REQUEST_TYPE]} label="Sign request scanner" onScanned={onScanned} />
      <ErrorNotice error={reviewError} />
      {review && (
        <section className="result" aria-label="The request to sign">
          <h2>What you are asked to sign</h2>
          <ResultView result={review} label="Decoded request" />
        </section>
      )}
      {review && (
        <Suspense fallback={<p role="status">Loading the witness check…</p>}>
          <WitnessCheck request={request} />
        </Suspense>
      )}
      <KeyFieldPicker {...props} />
      <ToolBody page={page} submitLabel="Sign">
        {signed && <AnimatedQr parts={signed.parts} label="Signature QR code" />}
      </ToolBody>
    </>
  )
}

import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import * as Ur from '../../core/qr/Ur'
import * as Outcome from '../../core/Outcome'
import { ErrorNotice } from './ErrorNotice'
import { readQr, warmUpQr } from '../../workers/qrClient'

export interface Scanned {
  type: string
  cbor: Uint8Array
}

type Status = { kind: 'idle' } | { kind: 'camera' } | { kind: 'reading' } | { kind: 'done'; type: string }
type ScanError = ErrorInfo | string | null
type QrAnswer = Awaited<ReturnType<typeof readQr>>

/** Longest side of a camera frame sent to the reader (a 640×480 frame reads in ~10–40 ms). */
const FRAME = 640

/**
 * Scans a Uniform Resource of one of `types` from the camera (getUserMedia) or a picked image;
 * the QR reader runs in a worker. Parts of a multi-part code are collected in any order with
 * progress shown; a code that is not one of `types` (or not a UR at all) is refused with a
 * message and never used. Calls `onScanned` once, when the message is complete. `maxMessage`
 * (bytes of CBOR) lowers the decoder's bound: a larger message is refused on its first part.
 */
export function QrScanner({ types, label, onScanned, maxMessage }: { types: readonly string[]; label: string; onScanned: (s: Scanned) => void; maxMessage?: number }) {
  const id = useId()
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const alive = useRef(true)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [error, setError] = useState<ScanError>(null)

  const stopCamera = useCallback(() => {
    for (const t of stream.current?.getTracks() ?? []) t.stop()
    stream.current = null
    if (video.current) video.current.srcObject = null
  }, [])
  const ready = useQrReaderWarmUp(alive, stopCamera, setError)
  const complete = useCallback(
    (r: Scanned) => {
      stopCamera()
      setStatus({ kind: 'done', type: r.type })
      onScanned(r)
    },
    [onScanned, stopCamera],
  )
  const parts = useUrParts(types, complete, setError, maxMessage)

  const reset = () => {
    parts.reset()
    setError(null)
    setStatus({ kind: 'idle' })
  }

  const startCamera = async () => {
    reset()
    setError(null)
    const opened = await openCamera()
    if ('error' in opened) return setError(opened.error)
    const s = opened.stream
    if (!alive.current) return s.getTracks().forEach((t) => t.stop())
    stream.current = s
    const v = video.current!
    v.srcObject = s
    await v.play().catch(() => undefined)
    setStatus({ kind: 'camera' })
    const scanning = () => alive.current && stream.current === s && !parts.done.current
    void scanFrames(v, scanning, (r) => {
      if (r.ok) parts.take(r.value)
      else if (!Outcome.isCancelled(r.error)) setError(r.error)
    })
  }

  const pick = async (file: File | undefined) => {
    if (!file) return
    stopCamera()
    if (status.kind === 'done') reset()
    setStatus({ kind: 'reading' })
    const r = await readQr({ kind: 'file', blob: file })
    if (!alive.current) return
    if (!r.ok) {
      setError(r.error)
      setStatus({ kind: 'idle' })
      return
    }
    if (r.value.length === 0) setError(`No QR code found in ${file.name}. Pick a sharper, closer picture of the code.`)
    parts.take(r.value)
    if (!parts.done.current) setStatus({ kind: 'idle' })
  }

  return (
    <QrScannerView
      {...{ id, label, video, status, ready, error }}
      progress={parts.progress}
      onStartCamera={() => void startCamera()}
      onStopCamera={() => {
        stopCamera()
        setStatus({ kind: 'idle' })
      }}
      onPick={(file) => void pick(file)}
      onStartOver={() => {
        stopCamera()
        reset()
      }}
    />
  )
}

/**
 * Loads the QR reader when the scanner mounts, while the page may still be online (an offline
 * device keeps it): true once it is ready. Keeps `alive` true while mounted; on unmount the camera stops.
 */
function useQrReaderWarmUp(alive: RefObject<boolean>, stopCamera: () => void, setError: (e: ScanError) => void): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    alive.current = true
    void warmUpQr().then((r) => {
      if (!alive.current) return
      if (r.ok) setReady(true)
      else if (!Outcome.isCancelled(r.error)) setError(r.error)
    })
    return () => {
      alive.current = false
      stopCamera()
    }
  }, [alive, stopCamera, setError])
  return ready
}

/**
 * Collects the parts of one UR from the texts the reader finds, in any order: `progress` as they
 * come, a refused part's error through `setError`, and `onComplete` once, when the message is whole.
 */
function useUrParts(types: readonly string[], onComplete: (s: Scanned) => void, setError: (e: ScanError) => void, maxMessage?: number) {
  const decoder = useRef<Ur.Decoder>(Ur.decoder({ types, maxMessage }))
  const done = useRef(false)
  const [progress, setProgress] = useState<Ur.Progress | undefined>()
  const take = useCallback(
    (texts: string[]) => {
      for (const text of texts) {
        if (done.current) return
        try {
          const p = decoder.current.receive(text)
          setProgress(p)
          setError(null)
          const r = decoder.current.result()
          if (r) {
            done.current = true
            onComplete(r)
          }
        } catch (e) {
          setError(errorInfoOf(e))
        }
      }
    },
    [onComplete, setError],
  )
  const reset = () => {
    decoder.current = Ur.decoder({ types, maxMessage })
    done.current = false
    setProgress(undefined)
  }
  return { progress, done, take, reset }
}

/** A decoder's refusal as the scanner shows it. */
function errorInfoOf(e: unknown): ErrorInfo {
  const info = e as { shortMessage?: string; hints?: readonly string[]; name?: string; message?: string }
  return { name: info.name ?? 'Error', message: info.shortMessage ?? info.message ?? 'Unreadable code.', hints: [...(info.hints ?? [])] }
}

/** The back camera, or what to tell the person when there is none or it was refused. */
async function openCamera(): Promise<{ stream: MediaStream } | { error: string }> {
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false }) }
  } catch (e) {
    return { error: `The camera is not available (${e instanceof Error ? e.name : 'refused'}). Allow the camera for this page, or pick an image of the code instead.` }
  }
}

/**
 * Reads the playing video's frames (scaled to at most FRAME pixels a side) while `scanning()`:
 * one frame at a time, the next 50 ms after the reader answered, each answer to `heard`.
 */
async function scanFrames(v: HTMLVideoElement, scanning: () => boolean, heard: (r: QrAnswer) => void): Promise<void> {
  const canvas = document.createElement('canvas')
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  while (scanning()) {
    if (v.videoWidth > 0) {
      const scale = Math.min(1, FRAME / Math.max(v.videoWidth, v.videoHeight))
      canvas.width = Math.round(v.videoWidth * scale)
      canvas.height = Math.round(v.videoHeight * scale)
      ctx.drawImage(v, 0, 0, canvas.width, canvas.height)
      const img = ctx.getImageData(0, 0, canvas.width, canvas.height)
      heard(await readQr({ kind: 'pixels', data: img.data, width: img.width, height: img.height }))
    }
    await new Promise((res) => setTimeout(res, 50))
  }
}

interface ViewProps {
  id: string
  label: string
  video: RefObject<HTMLVideoElement | null>
  status: Status
  ready: boolean
  progress: Ur.Progress | undefined
  error: ScanError
  onStartCamera: () => void
  onStopCamera: () => void
  onPick: (file: File | undefined) => void
  onStartOver: () => void
}

/** The scanner's controls, camera preview, progress and error. */
function QrScannerView({ id, label, video, status, ready, progress, error, onStartCamera, onStopCamera, onPick, onStartOver }: ViewProps) {
  const err = typeof error === 'string' ? { name: 'QrScanError', message: error, hints: [] } : (error ?? undefined)
  return (
    <section className="qr-scanner" aria-label={label}>
      <div className="actions">
        {status.kind === 'camera' ? (
          <button type="button" onClick={onStopCamera}>
            Stop camera
          </button>
        ) : (
          <button type="button" onClick={onStartCamera}>
            Scan with the camera
          </button>
        )}
        <input id={id} className="visually-hidden" type="file" accept="image/*" onChange={(e) => { onPick(e.target.files?.[0]); e.target.value = '' }} />
        <label htmlFor={id} className="file-pick">
          Pick an image of the code
        </label>
        {(progress || error) && (
          <button type="button" onClick={onStartOver}>
            Start over
          </button>
        )}
      </div>
      <p role="status" className="hint">
        {ready ? 'QR reader ready: it keeps working if this device goes offline.' : 'Loading the QR reader…'}
      </p>
      <video ref={video} muted playsInline hidden={status.kind !== 'camera'} className="qr-video" aria-label="Camera preview" style={{ maxWidth: '100%' }} />
      {progress && (
        <p role="status">
          {progress.complete
            ? `Read: ${progress.type} (${progress.expected === 1 ? 'one code' : `${progress.expected} parts`}).`
            : `Reading ${progress.type}: ${progress.received} of ${progress.expected} parts (${progress.parts} frames scanned).`}
        </p>
      )}
      {status.kind === 'reading' && <p role="status">Reading the image…</p>}
      <ErrorNotice error={err} />
    </section>
  )
}

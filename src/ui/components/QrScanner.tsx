import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import * as Ur from '../../core/Ur'
import * as Outcome from '../../core/Outcome'
import { readQr, warmUpQr } from '../../workers/qrClient'

export interface Scanned {
  type: string
  cbor: Uint8Array
}

type Status = { kind: 'idle' } | { kind: 'camera' } | { kind: 'reading' } | { kind: 'done'; type: string }

/** Longest side of a camera frame sent to the reader (a 640×480 frame reads in ~10–40 ms). */
const FRAME = 640

/**
 * Scans a Uniform Resource of one of `types` from the camera (getUserMedia) or a picked image;
 * the QR reader runs in a worker. Parts of a multi-part code are collected in any order with
 * progress shown; a code that is not one of `types` (or not a UR at all) is refused with a
 * message and never used. Calls `onScanned` once, when the message is complete.
 */
export function QrScanner({ types, label, onScanned }: { types: readonly string[]; label: string; onScanned: (s: Scanned) => void }) {
  const id = useId()
  const video = useRef<HTMLVideoElement>(null)
  const stream = useRef<MediaStream | null>(null)
  const decoder = useRef<Ur.Decoder>(Ur.decoder({ types }))
  const alive = useRef(true)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [progress, setProgress] = useState<Ur.Progress | undefined>()
  const [error, setError] = useState<ErrorInfo | string | null>(null)
  const [ready, setReady] = useState(false)
  const done = useRef(false)

  const stopCamera = useCallback(() => {
    for (const t of stream.current?.getTracks() ?? []) t.stop()
    stream.current = null
    if (video.current) video.current.srcObject = null
  }, [])

  useEffect(() => {
    alive.current = true
    // The reader loads now, while the page may still be online (an offline device keeps it).
    void warmUpQr().then((r) => {
      if (!alive.current) return
      if (r.ok) setReady(true)
      else if (!Outcome.isCancelled(r.error)) setError(r.error)
    })
    return () => {
      alive.current = false
      stopCamera()
    }
  }, [stopCamera])

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
            stopCamera()
            setStatus({ kind: 'done', type: r.type })
            onScanned(r)
          }
        } catch (e) {
          const info = e as { shortMessage?: string; hints?: readonly string[]; name?: string; message?: string }
          setError({ name: info.name ?? 'Error', message: info.shortMessage ?? info.message ?? 'Unreadable code.', hints: [...(info.hints ?? [])] })
        }
      }
    },
    [onScanned, stopCamera],
  )

  const reset = () => {
    decoder.current = Ur.decoder({ types })
    done.current = false
    setProgress(undefined)
    setError(null)
    setStatus({ kind: 'idle' })
  }

  const startCamera = async () => {
    reset()
    setError(null)
    let s: MediaStream
    try {
      s = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1280 } }, audio: false })
    } catch (e) {
      setError(`The camera is not available (${e instanceof Error ? e.name : 'refused'}). Allow the camera for this page, or pick an image of the code instead.`)
      return
    }
    if (!alive.current) return s.getTracks().forEach((t) => t.stop())
    stream.current = s
    const v = video.current!
    v.srcObject = s
    await v.play().catch(() => undefined)
    setStatus({ kind: 'camera' })
    const canvas = document.createElement('canvas')
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const loop = async () => {
      while (alive.current && stream.current === s && !done.current) {
        if (v.videoWidth > 0) {
          const scale = Math.min(1, FRAME / Math.max(v.videoWidth, v.videoHeight))
          canvas.width = Math.round(v.videoWidth * scale)
          canvas.height = Math.round(v.videoHeight * scale)
          ctx.drawImage(v, 0, 0, canvas.width, canvas.height)
          const img = ctx.getImageData(0, 0, canvas.width, canvas.height)
          const r = await readQr({ kind: 'pixels', data: img.data, width: img.width, height: img.height })
          if (r.ok) take(r.value)
          else if (!Outcome.isCancelled(r.error)) setError(r.error)
        }
        await new Promise((res) => setTimeout(res, 50))
      }
    }
    void loop()
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
    take(r.value)
    if (!done.current) setStatus({ kind: 'idle' })
  }

  const err = typeof error === 'string' ? { message: error, hints: [] as string[] } : error
  return (
    <section className="qr-scanner" aria-label={label}>
      <div className="actions">
        {status.kind === 'camera' ? (
          <button type="button" onClick={() => { stopCamera(); setStatus({ kind: 'idle' }) }}>
            Stop camera
          </button>
        ) : (
          <button type="button" onClick={() => void startCamera()}>
            Scan with the camera
          </button>
        )}
        <label htmlFor={id} className="file-pick">
          Pick an image of the code
        </label>
        <input id={id} type="file" accept="image/*" onChange={(e) => { void pick(e.target.files?.[0]); e.target.value = '' }} />
        {(progress || error) && (
          <button type="button" onClick={() => { stopCamera(); reset() }}>
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
      {err && (
        <div className="notice notice-error" role="alert">
          <strong>{err.message}</strong>
          {err.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
    </section>
  )
}

import { useEffect, useState } from 'react'

/** Loads the QR drawing code ahead of use (a page that may go offline before it shows a code). */
export function preloadQrImages(): Promise<unknown> {
  return import('../../core/qr/KeyQr')
}

/** Frames per second of an animated (multi-part) code: slow enough for phone cameras. */
export const QR_FPS = 4

/**
 * A Uniform Resource as a QR code: one static code, or the parts in turn at a fixed frame
 * rate with a frame counter (fountain-coded parts: a scanner may start at any frame). Codes
 * are drawn upper-case, which QR's alphanumeric mode packs best.
 */
export function AnimatedQr({ parts, label, fps = QR_FPS }: { parts: readonly string[]; label: string; fps?: number }) {
  const [frame, setFrame] = useState(0)
  const [paused, setPaused] = useState(false)
  const [urls, setUrls] = useState<string[]>([])
  useEffect(() => {
    let alive = true
    setFrame(0)
    // The QR drawing code loads with the first code to show.
    void import('../../core/qr/KeyQr').then((KeyQr) => alive && setUrls(parts.map((p) => KeyQr.dataUrl(p.toUpperCase()))))
    return () => {
      alive = false
    }
  }, [parts])
  useEffect(() => {
    if (urls.length < 2 || paused) return
    const t = setInterval(() => setFrame((f) => (f + 1) % urls.length), 1000 / fps)
    return () => clearInterval(t)
  }, [urls, fps, paused])
  if (urls.length === 0) return null
  const i = Math.min(frame, urls.length - 1)
  return (
    <figure className="qr-animated" aria-label={label}>
      <img src={urls[i]} alt={urls.length > 1 ? `${label}: frame ${i + 1} of ${urls.length}` : label} width={360} height={360} className="qr" style={{ maxWidth: '100%', height: 'auto' }} />
      {urls.length > 1 && (
        <figcaption>
          Frame {i + 1} of {urls.length} · {fps} per second{' '}
          <button type="button" onClick={() => setPaused((p) => !p)}>
            {paused ? 'Resume' : 'Pause'}
          </button>
        </figcaption>
      )}
    </figure>
  )
}

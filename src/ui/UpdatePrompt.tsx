/**
 * The service worker (public/sw.js) for the regular build: registered once the page has
 * loaded and then gone quiet (never in the dev server, the offline file or a page opened from
 * disk), it makes the app work offline after the first visit. A new build's worker waits; this prompt offers it
 * ("A new version is available — Reload") and swaps only when asked.
 */
import { useEffect, useState } from 'react'
import { BASE, HASH_ROUTING } from './router'

function wanted(): boolean {
  return import.meta.env.PROD && !HASH_ROUTING && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && window.isSecureContext
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null
/** Registers the worker once the page is quiet (`./swRegister`, loaded then: it is on no route's first load). */
function register(): Promise<ServiceWorkerRegistration | null> {
  registration ??= import('./swRegister').then((m) => m.registerWhenQuiet(`${BASE}sw.js`, BASE)).catch(() => null) // no worker (a private window, a host that will not serve it): the app still runs online
  return registration
}

export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null)

  useEffect(() => {
    if (!wanted()) return
    let stop = false
    const cleanups: (() => void)[] = []
    void register().then((reg) => {
      if (!reg || stop) return
      // A worker waits while an older one controls the page (not on the first install).
      const offer = (w: ServiceWorker | null) => {
        if (w && navigator.serviceWorker.controller) setWaiting(w)
      }
      offer(reg.waiting)
      const onFound = () => {
        const w = reg.installing
        if (!w) return
        const onState = () => w.state === 'installed' && offer(reg.waiting ?? w)
        w.addEventListener('statechange', onState)
        cleanups.push(() => w.removeEventListener('statechange', onState))
      }
      reg.addEventListener('updatefound', onFound)
      cleanups.push(() => reg.removeEventListener('updatefound', onFound))
    })
    return () => {
      stop = true
      cleanups.forEach((c) => c())
    }
  }, [])

  if (!waiting) return null
  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
    waiting.postMessage({ type: 'skip-waiting' })
  }
  return (
    <div className="update-prompt" role="status">
      <span>A new version is available.</span>{' '}
      <button type="button" className="primary" onClick={reload}>
        Reload
      </button>{' '}
      <button type="button" onClick={() => setWaiting(null)}>
        Later
      </button>
    </div>
  )
}

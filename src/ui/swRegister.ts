/**
 * The service worker's registration, put off until the page is quiet (loaded by UpdatePrompt
 * on its own, so no route's first load carries it).
 */

/** What a person does to a page: each one puts the worker's install off again. */
const ACTS = ['keydown', 'pointerdown', 'paste', 'input', 'drop', 'wheel'] as const

/**
 * Resolves once the page has loaded and then seen no input from the person (a key, a click, a
 * paste, a drop) for `quiet` ms, in an idle moment. Installing the worker fetches and stores
 * every file of the build (about 500; some 800 ms of CPU across the browser's processes on a
 * 2-core machine), which must not take the cores from a person's first paste or first run on
 * a fresh page (#39: 1 MiB of call data set at once in a fresh /calldata-decode saw main-thread
 * tasks of 221 ms, each mostly waiting for a core while the worker precached).
 */
export function quietAfterLoad(quiet = 3000): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const done = () => {
      for (const a of ACTS) window.removeEventListener(a, again, true)
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 5000 })
      else resolve()
    }
    const again = () => {
      clearTimeout(timer)
      timer = setTimeout(done, quiet)
    }
    for (const a of ACTS) window.addEventListener(a, again, { capture: true, passive: true })
    if (document.readyState === 'complete') again()
    else window.addEventListener('load', again, { once: true })
  })
}

/** Registers the service worker at `url` for `scope` once the page is quiet ({@link quietAfterLoad}). */
export async function registerWhenQuiet(url: string, scope: string): Promise<ServiceWorkerRegistration> {
  await quietAfterLoad()
  return navigator.serviceWorker.register(url, { scope })
}

/**
 * Ether Workbench's service worker (hand-written). The build (vite.config.ts, `serviceWorker`)
 * replaces the two placeholders below with this build's version and the list of every file it
 * wrote (the app shell, every lazy chunk and worker, the manifest and icons), so a new build
 * is a new sw.js, which the browser installs beside the running one and the page offers with
 * "A new version is available — Reload" (never a silent swap: no skipWaiting until asked).
 *
 * - Navigations: network first (a new index.html when online), the cached app shell offline.
 * - Hashed assets (assets/…): cache first; they never change under one name.
 * - Nothing else is touched: JSON-RPC (POST, and a node is another origin), /devnet.json,
 *   anything outside this app's scope go straight to the network, never to the cache.
 */
const VERSION = '__EWB_VERSION__'
const PRECACHE = /* __EWB_PRECACHE__ */ []
const CACHE = `ether-workbench-${VERSION}`
const SCOPE = new URL('./', self.location.href)
const SHELL = new URL('index.html', SCOPE).href

/** Parallel fetches while precaching: a few at a time, not the whole build at once (#39). */
const AT_ONCE = 4

/**
 * Every file of the build into this version's cache, `AT_ONCE` at a time (`cache.addAll` starts
 * all ~500 requests together, and storing them took both cores of a 2-core machine from the
 * page for most of a second). All or nothing, as `addAll`: on any failure the cache is
 * dropped and the install fails.
 */
async function precache() {
  const cache = await caches.open(CACHE)
  const queue = PRECACHE.map((f) => new URL(f, SCOPE).href)
  const next = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const res = await fetch(new Request(url, { cache: 'reload' }))
      if (!res.ok) throw new Error(`precache ${url}: ${res.status}`)
      await cache.put(url, res)
    }
  }
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, next))
  } catch (e) {
    queue.length = 0
    await caches.delete(CACHE)
    throw e
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ether-workbench-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting()
})

self.addEventListener('fetch', (event) => {
  const req = event.request
  if (req.method !== 'GET') return
  const url = new URL(req.url)
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return
  if (req.mode === 'navigate') {
    event.respondWith(fetch(req).catch(() => caches.open(CACHE).then((c) => c.match(SHELL)).then((r) => r || Response.error())))
    return
  }
  const path = url.pathname.slice(SCOPE.pathname.length)
  if (!PRECACHE.includes(path)) return
  event.respondWith(caches.open(CACHE).then((c) => c.match(url.href).then((hit) => hit || fetch(req))))
})

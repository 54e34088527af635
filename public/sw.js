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

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE.map((f) => new Request(new URL(f, SCOPE).href, { cache: 'reload' })))))
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

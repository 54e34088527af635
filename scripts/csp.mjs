/**
 * The page's Content-Security-Policy, one source for the two places it is set:
 * - the production server (scripts/serve.mjs) sends it as a header, with frame-ancestors
 *   'none' and the devnet it serves named in connect-src;
 * - the build puts it in index.html as a meta tag (vite.config.ts), for hosts that send no
 *   header. A meta tag cannot carry frame-ancestors (browsers ignore it there), so a host
 *   that serves the file without the header cannot stop the page being framed.
 *
 * connect-src: the app ('self'), the devnet the server announces, any loopback node
 * (http/ws on 127.0.0.1 and localhost, any port: a local anvil or geth), and https:/wss: for a
 * custom node the person types in the page. A static policy cannot name a node chosen at run
 * time, so https: stays open here; the page narrows it as it starts with a second policy that
 * names only the chosen node (src/ui/connection/connectPolicy.ts, core/chain/ConnectPolicy):
 * both apply, the narrower wins. Plain http to a non-loopback host is blocked by both.
 *
 * The offline file (`offline`, vite.offline.config.ts) has its own, stricter policy: it is
 * opened from disk on a machine that should reach nothing, so it connects nowhere. Its
 * connect-src is `data:` alone (the vanity worker reads its inlined wasm from a data: URL;
 * a data: URL carries nothing out). It does not allow a node chosen in the page either: a
 * person who wants a node uses the online app, and the file says so instead of trying. Its
 * scripts are inline, so script-src names each by its SHA-256 (no 'unsafe-inline'); workers
 * start from blob: URLs; everything else is 'none'.
 *
 * `script` (#41): the header a script's response carries. It is a policy only where the script
 * starts a worker from its own URL, and the page never does that: it starts each worker from a
 * blob: URL that imports the script (src/ui/connection/connectPolicy.ts), so the worker inherits
 * the page's narrowed policy. A worker started straight from a script's URL (by code that
 * bypassed the page's Worker) gets this one, whose connect-src is the app's own origin alone:
 * it can reach no node and no other host. The service worker (sw.js) is such a worker and
 * fetches only from its own origin.
 *
 * @param {{ devnetUrl?: string | null, header?: boolean, offline?: boolean, script?: boolean, scriptHashes?: string[] }} [opts]
 * @returns {string}
 */
export function contentSecurityPolicy({ devnetUrl = null, header = false, offline = false, script = false, scriptHashes = [] } = {}) {
  if (offline) {
    return [
      "default-src 'none'",
      `script-src ${scriptHashes.join(' ')} 'wasm-unsafe-eval'`,
      "style-src 'unsafe-inline'",
      'img-src data: blob:',
      'connect-src data:',
      'worker-src blob:',
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "manifest-src 'none'",
    ].join('; ')
  }
  const connect = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*', 'ws://127.0.0.1:*', 'ws://localhost:*', 'https:', 'wss:']
  if (script) connect.splice(1)
  else if (devnetUrl) {
    const origin = new URL(devnetUrl).origin
    if (!connect.includes(origin)) connect.splice(1, 0, origin)
  }
  return [
    "default-src 'self'",
    // no inline script, no eval; WebAssembly compilation (hash-wasm, the secp256k1 engine) needs wasm-unsafe-eval
    "script-src 'self' 'wasm-unsafe-eval'",
    // React sets styles through the CSSOM (not blocked); 'unsafe-inline' covers style attributes of libraries
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // Trusted Types (#28): no string reaches an HTML or script sink; the one policy, 'default'
    // (src/ui/trustedTypes.ts), passes same-origin and blob: script URLs (workers, the service worker) only.
    "require-trusted-types-for 'script'",
    'trusted-types default',
    ...(header ? ["frame-ancestors 'none'"] : []),
  ].join('; ')
}

/**
 * The other security headers of the served app (#28):
 * - Cross-Origin-Opener-Policy: same-origin: a page that opens this one (or that it opens)
 *   gets no handle to its window.
 * - Permissions-Policy: only the camera, for the QR pages (qr-account, qr-sign scan a code),
 *   allowed to the app's own origin. A single-page app moves between routes without a new
 *   document, so the policy cannot be narrowed to the QR routes: `camera=(self)` on every
 *   page, and the camera is asked for only when a person starts a scan. Everything else the
 *   browser offers a page is turned off.
 * @returns {Record<string, string>}
 */
export function securityHeaders() {
  return {
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': [
      'camera=(self)',
      'microphone=()',
      'geolocation=()',
      'payment=()',
      'usb=()',
      'serial=()',
      'hid=()',
      'bluetooth=()',
      'midi=()',
      'display-capture=()',
      'accelerometer=()',
      'gyroscope=()',
      'magnetometer=()',
      'publickey-credentials-get=()',
      'browsing-topics=()',
    ].join(', '),
  }
}

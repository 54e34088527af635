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
 * time, so https: stays open: the policy stops scripts and plain-http hosts, not a request to
 * an https host. Plain http to a non-loopback host is blocked.
 *
 * @param {{ devnetUrl?: string | null, header?: boolean }} [opts]
 * @returns {string}
 */
export function contentSecurityPolicy({ devnetUrl = null, header = false } = {}) {
  const connect = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*', 'ws://127.0.0.1:*', 'ws://localhost:*', 'https:', 'wss:']
  if (devnetUrl) {
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
    ...(header ? ["frame-ancestors 'none'"] : []),
  ].join('; ')
}

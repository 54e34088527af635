/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import type { Kernel } from './scripts/vanity-wasm'
import { gzipSync } from 'node:zlib'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Rollup } from 'vite'
import { pngIcon, svgIcon } from './scripts/icons.mjs'

type OutputBundle = Rollup.OutputBundle
type OutputChunk = Rollup.OutputChunk
import { contentSecurityPolicy } from './scripts/csp.mjs'

/**
 * The production page's Content-Security-Policy as a meta tag (scripts/csp.mjs: no inline
 * script, connect-src limited to the app, loopback nodes and https/wss; frame-ancestors is only
 * in the server's header, as browsers ignore it in a meta tag).
 */
const CSP = contentSecurityPolicy()

const csp = {
  name: 'workbench-csp',
  apply: 'build' as const,
  transformIndexHtml: (html: string) =>
    html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`),
}

/**
 * The vanity and CREATE2-salt search loops, compiled from AssemblyScript (src/wasm/vanity)
 * when the app is built or served: `import url from 'virtual:vanity-wasm/create2'` gives the
 * URL of the .wasm (an emitted asset in the build, a data: URL in the dev server and in the
 * single-file offline build, `inline`).
 */
export function vanityWasm({ inline = false }: { inline?: boolean } = {}) {
  const PREFIX = 'virtual:vanity-wasm/'
  let serve = inline
  return {
    name: 'vanity-wasm',
    configResolved(c: { command: string }) {
      serve = inline || c.command === 'serve'
    },
    resolveId: (id: string) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    async load(this: { emitFile(f: { type: 'asset'; name: string; source: Uint8Array }): string }, id: string) {
      if (!id.startsWith(`\0${PREFIX}`)) return null
      const kernel = id.slice(PREFIX.length + 1) as Kernel
      if (kernel !== 'create2' && kernel !== 'vanity') throw new Error(`unknown wasm kernel ${kernel}`)
      // Loaded only when a worker imports a loop (not for every use of this config, e.g. by vitest).
      const { compileKernel } = (await import('./scripts/vanity-wasm.ts' as string)) as typeof import('./scripts/vanity-wasm')
      const binary = await compileKernel(kernel)
      if (serve) return `export default ${JSON.stringify(`data:application/wasm;base64,${Buffer.from(binary).toString('base64')}`)}`
      const ref = this.emitFile({ type: 'asset', name: `vanity-${kernel}.wasm`, source: binary })
      return `export default import.meta.ROLLUP_FILE_URL_${ref}`
    },
  }
}

/**
 * No library in the bundle may name a CDN to fetch from. zxing-wasm's default `locateFile`
 * builds `https://fastly.jsdelivr.net/npm/zxing-wasm@…/dist/…` for its .wasm; the QR worker
 * overrides it with this build's own asset, and this rewrites the default to a relative path,
 * so no path through the library can build a request to that host. Any chunk (page or
 * worker) that still names a CDN host fails the build.
 */
const CDN_HOSTS = /\b(?:fastly\.jsdelivr\.net|cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|cdn\.skypack\.dev)\b/
export function noLibraryCdn() {
  return {
    name: 'workbench-no-library-cdn',
    transform(code: string, id: string) {
      if (!id.includes('zxing-wasm') || !code.includes('jsdelivr')) return null
      return { code: code.replace(/https:\/\/fastly\.jsdelivr\.net\/npm\/zxing-wasm@[\d.]+\/dist\//g, './'), map: null }
    },
    renderChunk(code: string, chunk: { fileName: string }) {
      const m = CDN_HOSTS.exec(code)
      if (m) throw new Error(`${chunk.fileName} names a CDN host (${m[0]}): the app fetches only from its own origin and the chosen node`)
      return null
    },
  }
}

/**
 * The installable app: the icons (drawn by scripts/icons.mjs, no binary committed), and the
 * service worker (public/sw.js) stamped with this build's version and the list of every file
 * the build wrote, so it can precache the app shell and every lazy chunk and worker.
 */
function installable(): Plugin {
  return {
    name: 'workbench-installable',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      if (!Object.values(bundle).some((c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith('/index.html'))) return // a worker's bundle
      this.emitFile({ type: 'asset', fileName: 'icon-192.png', source: pngIcon(192) })
      this.emitFile({ type: 'asset', fileName: 'icon-512.png', source: pngIcon(512) })
      this.emitFile({ type: 'asset', fileName: 'icon.svg', source: svgIcon })
    },
    writeBundle(options, bundle: OutputBundle) {
      const dir = options.dir
      if (!dir || !bundle['index.html']) return
      const publicFiles = readdirSync('public').filter((f) => f !== 'sw.js')
      const files = [...new Set([...Object.keys(bundle), ...publicFiles])].filter((f) => f !== 'sw.js' && !f.endsWith('.map')).sort()
      const hash = createHash('sha256')
      for (const f of files) hash.update(f).update('\0').update(readFileSync(join(dir, f))).update('\0')
      const version = hash.digest('hex').slice(0, 16)
      const swFile = join(dir, 'sw.js')
      const sw = readFileSync(swFile, 'utf8')
      if (!sw.includes("'__EWB_VERSION__'") || !sw.includes('/* __EWB_PRECACHE__ */ []')) this.error('public/sw.js lost its build placeholders')
      writeFileSync(swFile, sw.replace("'__EWB_VERSION__'", JSON.stringify(version)).replace('/* __EWB_PRECACHE__ */ []', JSON.stringify(files)))
    },
  }
}

/**
 * Per-route JavaScript budgets, gzipped, checked on every production build (they replace a
 * raised chunk-size warning): the first screen (the entry and what it imports statically),
 * and each tool route (the first screen plus the tool's chunk, its custom page and their
 * static imports). A route over its budget fails the build, naming what it loads. Worker
 * bundles are not counted here (they load only when work starts).
 */
export const FIRST_SCREEN_BUDGET = 150 * 1024
// 210 KB until #22/#23 moved every page onto one runner, forms from meta and the new result view (+~1.5 KB on every route).
// +2 KB in #27: the find-block and safe-message metas and hex-bytes' cast modes on the first screen (+1.1 KB; /simulate had 0.2 KB left).
// +3 KB in #25/#27/#28: eight new tools' metas (about 0.6 KB each) and the node URL policy in the badge, on every route.
// +1.5 KB on every route in #28: the page's own connect-src (ui/connection/connectPolicy.ts, core/chain/ConnectPolicy), in force before any request.
// +2 KB in #27: the /user-operation meta (about 1.5 KB: a form that builds a user operation field by field, two examples).
// +1 KB in #27 (wt-router): the metas of /da-estimate and /b2e-payload.
// +1 KB in #29: a large value set in one input event or dropped as a file, result rows drawn in two frames.
// +1.5 KB on every tool route: the tool page (form, fields, runner, result view) is its own chunk, so the home
// page's first screen is 10.8 KB lighter; split across two chunks the same code compresses a little less.
// +1 KB in session 9 (#29, #27): result rows drawn a screen at a time (ResultView's progressive
// allocation), the console's result kept in view, the table's shard loader.
export const ROUTE_BUDGET = 228 * 1024
/** Routes allowed more, and why. */
export const ROUTE_BUDGETS: Record<string, number> = {
  // The BIP-39 wordlists and BIP-32 on the main thread (the form checks the phrase as it is typed).
  // (+5 KB in #23/#25/#27/#28: the derive hand-off, the public test keys' warning, eight new tools' metas on every route.)
  // (+1 KB in session 10: ResultColumns, every custom page's result beside its form or scrolled into view.)
  // (+1 KB in session 21: nested result rows fold under their struct, ResultView in the shared ToolRoute chunk; the split key's and the GPU miners' fields in the metas every route loads, #38.)
  // (+1 KB in #38: the /address-activity meta on every route.)
  mnemonic: 255 * 1024, // (+1 KB in session 22: one "Show as" per value type in the shared ResultView)
  'hd-derive': 255.5 * 1024, // (+0.5 KB in session 25: the chain list as one store for every row's explorer link, and Copy disabled when empty, in the shared ToolRoute chunk; measured 255.1 KB)
  'find-address': 255 * 1024,
  // scrypt and the keystore formats (the form checks the file before the worker starts).
  // (+2 KB in #22: the one page runner's error rule and splits, shared by every page.)
  // (+3 KB in #25 and #27: the metas of /disassemble, /opcodes, /storage-read, /find-block and /safe-message on every route;
  // +2 KB in #28: the public test keys' warning, the weak-KDF note, the randomness check, the paste bound.)
  // (+1 KB in #26: the verified-reads switch's state and marker in the badge and the page runner, on every route;
  // +1 KB in #27 (wt-router): the metas of /da-estimate and /b2e-payload.)
  // (+1 KB in #29: a large value set in one input event or dropped as a file, result rows in two frames, on every route.)
  // (−80 KB in session 9: BIP-39's wordlists and BIP-32 load only for a keystore that carries a phrase.)
  'keystore-decrypt': 205 * 1024,
  'keystore-encrypt': 205 * 1024,
  // Decode a raw transaction naming each malformed field, and its call with the offline table.
  broadcast: 228.5 * 1024, // (+1 KB in session 22: one "Show as" per value type in the shared ResultView; +2 KB in #27, wt-router: the metas of /da-estimate and /b2e-payload; +0.5 KB in #37: every result row's address, transaction and block on the explorer and addresses copied as shortName:0x…, in the shared ToolRoute chunk.)
  // Decodes the call with the offline table; a Universal Router call's commands opened (+5 KB in #27: core/abi/UniversalRouter).
  'tx-decode': 230 * 1024,
  // Verifies contract wallets' signatures too (ERC-1271 and ERC-6492 call data: the ABI coder).
  siwe: 228 * 1024,
  // The step debugger (#35): the workspace, PUSH operands, each stack word named by the opcode's arguments (core/bytecode/StackArgs),
  // amounts in units in the trace and events (TraceWords), explorer links in the shared ToolRoute chunk (#37);
  // +3.5 KB for the phone's pane tabs (react-tabs@6.1.1, the smallest accessible tabs measured: docs/ARCHITECTURE.md).
  // +0.5 KB in #39: the summary's "Replay path" row (which path the replay took, its round trips).
  debug: 236 * 1024, // (+1 KB in session 22: the hash field says what Debug sends, and a pasted hash offers the debugger; +0.5 KB in #37: rowExplorer and PrefixedCopy in the shared ToolRoute chunk.)
  // Reads a scanned ERC-4527 request (CBOR) and shows the signing tools' full audit view.
  'qr-sign': 236 * 1024, // (+1 KB in session 22: one "Show as" per value type and #37's row links in the shared ResultView; +1 KB in #38: ox's Transaction.fromRpc in the shared TxEnvelope chunk, for /block's root check; +1 KB in #38: the /address-activity meta on every route; measured 232.0 KB at c5c5c47, its edge: +1 KB of room; +0.5 KB in #29: result rows drawn a screen at a time, ResultView; +0.5 KB in #37: explorer links and EIP-3770 in result rows and list fields, in the shared ToolRoute chunk.)
  // Signs every sendable type, decodes the call and checks the warnings before confirming.
  // (+4.4 KB in #23: the confirmation draws the simulation's call trace, as /simulate does; +1.8 KB in #25: three new tools' metas.)
  'send-transaction': 252 * 1024, // (+1 KB in session 22: one "Show as" per value type; +1 KB in #38: ox's Transaction.fromRpc in the shared TxEnvelope chunk, the shared OpenLink; +1 KB in #38: the /address-activity meta on every route; +1.5 KB in #27: the router commands row and its Permit2 warning; +0.5 KB in #29: result rows drawn a screen at a time; +1 KB in #35/#37: hand-offs that run, an example's result shown on a live page, explorer links and EIP-3770 in the shared ToolRoute chunk.)
  // Signs with a keyring key and decodes the Safe's call data (MultiSend batches) as it is typed.
  // (+3 KB in #27: the threshold's finishing step, nested Safes; /safe-message shares its Safe module and signing.)
  // (+8 KB in #27 (wt-router): a Universal Router call in the Safe's data opened command by command.)
  'safe-tx': 245 * 1024, // (+1 KB in session 22: per-type "Show as" and row explorer links in the shared ResultView) // (+1 KB in #38: the shared OpenLink and /block's meta; +1 KB in session 21: the shared ToolRoute chunk's result folding and reveal following)
  'safe-message': 234 * 1024,
  // Its form checks a transaction's fields and the ABI as they are typed; block context overrides and a replay's place
  // parsed as typed, the summary's Debug hand-off (#24); +1.8 KB the metas of /storage-read, /disassemble and /opcodes (#25), +0.3 KB the result beside the form (#23).
  // +2 KB in #28 (the node URL policy with the badge, the randomness check in Key, the paste bound).
  simulate: 234.5 * 1024, // (+1.5 KB in #27: the da-estimate and b2e-payload metas; +1 KB in #29: Field and ResultView; +1 KB in session 10: it sat on its budget to the byte; a chain note's fallback, ResultView's JSON block.)
  // (All of the above +2 KB in #27 for the /user-operation meta, and +1.5 KB in #28 for the page's connect policy, on every route.)
  // ERC-4337 user operations: the three hash forms (EIP-712 for v0.8), ABI for handleOps and the account's call decoded,
  // EIP-7702 authorizations, signing with a keyring key, and the entry point's revert and event decoding for the simulation.
  'user-operation': 251.5 * 1024, // (+7 KB in #27: an account's call into a Universal Router opened command by command; +1 KB in session 9 as ROUTE_BUDGET.)
}

function routeBudgets(): Plugin {
  return {
    name: 'workbench-route-budgets',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk')
      if (!chunks.some((c) => c.isEntry && c.facadeModuleId?.endsWith('/index.html'))) return // a worker's bundle
      const byName = new Map(chunks.map((c) => [c.fileName, c]))
      const gz = new Map<string, number>()
      const sizeOf = (f: string) => {
        let n = gz.get(f)
        if (n === undefined) gz.set(f, (n = gzipSync(byName.get(f)!.code).length))
        return n
      }
      const closure = (roots: string[]) => {
        const seen = new Set<string>()
        const visit = (f: string) => {
          if (seen.has(f) || !byName.has(f)) return
          seen.add(f)
          for (const i of byName.get(f)!.imports) visit(i)
        }
        roots.forEach(visit)
        return seen
      }
      const total = (files: Set<string>) => [...files].reduce((a, f) => a + sizeOf(f), 0)
      const entry = chunks.find((c) => c.isEntry)!.fileName
      const first = closure([entry])
      const over: string[] = []
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
      if (total(first) > FIRST_SCREEN_BUDGET) over.push(`first screen: ${kb(total(first))} > ${kb(FIRST_SCREEN_BUDGET)}`)
      const routes: string[] = []
      for (const c of chunks) {
        const m = /\/src\/tools\/([a-z0-9-]+)\/index\.ts$/.exec(c.facadeModuleId ?? '')
        if (!m) continue
        const id = m[1]!
        const page = chunks.find((p) => p.facadeModuleId?.endsWith(`/src/ui/features/${id}/index.tsx`))
        const examples = chunks.find((p) => p.facadeModuleId?.endsWith(`/src/tools/${id}/examples.ts`))
        const files = closure([entry, c.fileName, ...(page ? [page.fileName] : []), ...(examples ? [examples.fileName] : [])])
        const size = total(files)
        const budget = ROUTE_BUDGETS[id] ?? ROUTE_BUDGET
        routes.push(`${id} ${kb(size)}`)
        // ROUTE_DETAIL=<tool id>: every file of that route beyond the first screen, largest first.
        if (process.env.ROUTE_DETAIL === id) this.info(`/${id} beyond the first screen: ${[...files].filter((f) => !first.has(f)).sort((a, b) => sizeOf(b) - sizeOf(a)).map((f) => `${f} ${kb(sizeOf(f))}`).join(', ')}`)
        if (size > budget) over.push(`/${id}: ${kb(size)} > ${kb(budget)} (${[...files].filter((f) => !first.has(f)).sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 4).map((f) => `${f} ${kb(sizeOf(f))}`).join(', ')})`)
      }
      if (process.env.ROUTE_SIZES) this.info(`route JS (gzipped): first screen ${kb(total(first))}; ${routes.sort().join('; ')}`)
      if (over.length) this.error(`JavaScript over budget (gzipped):\n  ${over.join('\n  ')}`)
    },
  }
}

export default defineConfig({
  plugins: [react(), csp, vanityWasm(), noLibraryCdn(), routeBudgets(), installable()],
  // Relative URLs: the same build works at a host's root or under any sub-path (/tools/ewb/).
  base: './',
  // evmole's browser entry awaits its .wasm at the top level, which regroups the shared chunks;
  // the page loads it through an entry without (src/core/abi/evmoleBrowser.ts). Tests keep Node's entry.
  resolve: { alias: process.env.VITEST ? [] : [{ find: /^evmole$/, replacement: join(import.meta.dirname, 'src/core/abi/evmoleBrowser.ts') }] },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  worker: { format: 'es', plugins: () => [vanityWasm(), noLibraryCdn()] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'threads',
    // Vitest's default in a run is one worker fewer than the cores: one worker on a 2-core CI
    // machine. Most files wait on anvil, cast or solc rather than compute, so two take turns well.
    maxWorkers: 2,
  },
})

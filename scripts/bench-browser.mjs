#!/usr/bin/env node
/**
 * `npm run bench:browser`: what a person feels, measured in Chromium through the UI of the
 * production build (dist/), each scenario beside a baseline timed in the same run in Node
 * (native crypto scrypt / SHA3-256 in Node; for the HD derivation, ethers v5 in the same page).
 *
 * For each scenario it prints the wall time (click → result shown), the longest main-thread
 * task (PerformanceObserver 'longtask', installed before any page script runs; and, from a
 * Chromium trace, the CPU time of the longest task: what the thread ran, without its waits
 * for a core on a busy machine), and the
 * JavaScript the route loads: on opening it, and in all during the scenario (workers
 * included), raw and gzipped.
 *
 * Usage: npm run bench:browser [-- --only hash,hd] [--routes paste,input,drop,typing] [--json out.json] [--no-build]
 * No assertion here: it prints figures. Nothing in the test suite is timed.
 */
import { spawn, spawnSync } from 'node:child_process'
import { createCipheriv, createHash, randomBytes, randomFillSync, scryptSync } from 'node:crypto'
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer as createNetServer } from 'node:net'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { ethers } from 'ethers'
import { serveDist } from './serve.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const argv = process.argv.slice(2)
const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
// The production build is made first (`--no-build`: use dist/ as it is).
if (!argv.includes('--no-build')) {
  const b = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' })
  if (b.status !== 0) process.exit(b.status ?? 1)
}
if (!existsSync(join(dist, 'index.html'))) {
  console.error('No production build in dist/: run `npm run build` first.')
  process.exit(1)
}
const only = arg('--only')?.split(',')
const jsonOut = arg('--json')
/**
 * `--reps N` (default 3): the scenarios with a baseline run N times, each browser run right
 * after a baseline run, and the medians are compared: on a machine shared with other work the
 * load changes from second to second, and a baseline timed once, apart, makes a false ratio.
 */
const REPS = Math.max(1, Number(arg('--reps') ?? 3))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
/** `--profile`: also record a CPU profile of the page's main thread over each measured step and print where the time went. */
const profiling = argv.includes('--profile')

const PHRASE = 'test test test test test test test test test test test junk'
const MiB = 1024 * 1024

const ms = (t) => `${Math.round(t).toLocaleString('en-US')} ms`
const kb = (b) => `${(b / 1024).toFixed(0)} KB`
const now = () => performance.now()

// ---------------------------------------------------------------- baselines (Node)

function baselineScrypt() {
  const t0 = now()
  scryptSync('pw', randomBytes(32), 32, { N: 2 ** 18, r: 8, p: 1, maxmem: 512 * MiB })
  return now() - t0
}

/**
 * The page's hashes over `bytes`, natively, one after the other: the sum of their times. Node
 * has no Keccak-256: SHA3-256 (the same permutation and rate) stands in for it.
 */
const FIVE = ['sha3-256' /* Keccak-256 */, 'sha3-256', 'sha256', 'sha512', 'ripemd160']
function baselineHashes(bytes, algs) {
  let sum = 0
  for (const alg of algs) {
    const t0 = now()
    createHash(alg).update(bytes).digest()
    sum += now() - t0
  }
  return sum
}

/** ethers v5's browser bundle, evaluated in the bench's page for the HD baseline (by DevTools, as the bench's own code: the page's CSP does not apply). */
const ETHERS_UMD = readFileSync(join(root, 'node_modules', 'ethers', 'dist', 'ethers.umd.min.js'), 'utf8')

/**
 * The HD baseline, in the same Chromium page as the run it is compared with (#39): ethers v5
 * deriving the same `n` addresses as a competent user writes it, the account-level parent
 * once (`HDNode.fromMnemonic(p).derivePath("m/44'/60'/0'/0")`), then `derivePath(String(i))`
 * per child, the phrase's seed included in the time. A first, untimed pass of 20 children
 * warms ethers' code and elliptic's tables (the fastest fair use of the library).
 */
async function baselineHdInPage(page, n) {
  await page.evaluate(`${ETHERS_UMD}\n;window.__ethers5 = ethers;`)
  return page.evaluate(
    ({ n, phrase }) => {
      const e = window.__ethers5
      const once = (count) => {
        const t0 = performance.now()
        const parent = e.utils.HDNode.fromMnemonic(phrase).derivePath("m/44'/60'/0'/0")
        const addresses = []
        for (let i = 0; i < count; i++) addresses.push(parent.derivePath(String(i)).address)
        return { time: performance.now() - t0, addresses }
      }
      once(20)
      return once(n)
    },
    { n, phrase: PHRASE },
  )
}

/** A file of `size` random bytes (crypto) in a fresh temporary folder: the kind of file a person picks. */
function randomFile(size, name) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-browser-'))
  const path = join(dir, name)
  const fd = openSync(path, 'w')
  const chunk = Buffer.allocUnsafe(16 * MiB)
  for (let at = 0; at < size; at += chunk.length) writeSync(fd, randomFillSync(chunk), 0, Math.min(chunk.length, size - at))
  closeSync(fd)
  return { path, dir }
}

const OPENSSL = spawnSync('openssl', ['dgst', '-sha3-256', '/dev/null'], { stdio: 'ignore' }).status === 0
/**
 * The native tool a person would otherwise run on the file: `openssl dgst -sha3-256 <file>`,
 * the whole process, reading the file itself (SHA3-256 has Keccak-256's permutation and rate,
 * only the padding differs: the same cost). Without openssl: Node's native SHA3-256 streaming
 * the file.
 */
async function baselineFileSha3(path) {
  if (!OPENSSL) return baselineFileHashes(path, ['sha3-256'])
  const t0 = now()
  const r = spawnSync('openssl', ['dgst', '-sha3-256', path], { stdio: ['ignore', 'pipe', 'pipe'] })
  if (r.status !== 0) throw new Error(`openssl dgst failed: ${r.stderr}`)
  return now() - t0
}
const FILE_SHA3_NAME = OPENSSL ? 'openssl dgst -sha3-256' : 'Node SHA3-256, streamed'

/** Node's native hashes, each streaming the file from disk one after the other: the sum of their times. */
async function baselineFileHashes(path, algs) {
  let sum = 0
  for (const alg of algs) {
    const t0 = now()
    const h = createHash(alg)
    for await (const c of createReadStream(path, { highWaterMark: 4 * MiB })) h.update(c)
    h.digest()
    sum += now() - t0
  }
  return sum
}

/** A V3 keystore with geth's standard scrypt (N=2^18, r=8, p=1), made with Node's crypto and ethers' Keccak. */
function makeKeystore(password) {
  const key = randomBytes(32)
  const salt = randomBytes(32)
  const iv = randomBytes(16)
  const dk = scryptSync(Buffer.from(password), salt, 32, { N: 2 ** 18, r: 8, p: 1, maxmem: 512 * MiB })
  const c = createCipheriv('aes-128-ctr', dk.subarray(0, 16), iv)
  const ciphertext = Buffer.concat([c.update(key), c.final()])
  const mac = ethers.utils.keccak256(Buffer.concat([dk.subarray(16, 32), ciphertext])).slice(2)
  const address = new ethers.Wallet(key).address
  const json = {
    address: address.slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: iv.toString('hex') },
      ciphertext: ciphertext.toString('hex'),
      kdf: 'scrypt',
      kdfparams: { dklen: 32, n: 2 ** 18, p: 1, r: 8, salt: salt.toString('hex') },
      mac,
    },
    id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
    version: 3,
  }
  return { text: JSON.stringify(json), address }
}

/** `n` functions in human-readable form, each with a few parameters. */
function bigAbi(n) {
  const types = ['address', 'uint256', 'bytes32', 'bool', 'string', 'uint8[]', '(address,uint256)']
  const lines = []
  for (let i = 0; i < n; i++) {
    const params = [0, 1, 2].map((k) => `${types[(i + k) % types.length]} a${k}`).join(', ')
    lines.push(`function f${i}(${params}) external returns (uint256)`)
  }
  return lines.join('\n')
}

/** About `bytes` of call data: an ERC-20 transfer-shaped selector with a long bytes tail, ABI-encoded by ethers. */
function bigCalldata(bytes) {
  const iface = new ethers.utils.Interface(['function upload(address to, bytes payload)'])
  const payload = new Uint8Array(bytes - 4 - 96)
  for (let i = 0; i < payload.length; i++) payload[i] = (i * 7) & 0xff
  return iface.encodeFunctionData('upload', ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', payload])
}

// ---------------------------------------------------------------- browser

const LONGTASKS = `
  window.__longtasks = [];
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration }) })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
`

// A real devnet for the page's connection, as in the e2e server (otherwise the page's probe of it is an error).
const rpcPort = await new Promise((res) => {
  const s = createNetServer()
  s.listen(0, '127.0.0.1', () => {
    const p = s.address().port
    s.close(() => res(p))
  })
})
const anvil = spawn(join(root, 'node_modules', '.bin', 'anvil'), ['--host', '127.0.0.1', '--port', String(rpcPort), '--silent'], { stdio: 'ignore' })
const rpcUrl = `http://127.0.0.1:${rpcPort}`
for (let i = 0; i < 300; i++) {
  try {
    if ((await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })).ok) break
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 100))
}
const server = await serveDist({ root: dist, port: 0, devnet: { rpcUrl, chainId: 31337 } })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'],
})

/** A fresh context (cold cache) recording every script and WebAssembly response. */
async function open(route) {
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await context.addInitScript(LONGTASKS)
  const scripts = new Map()
  const errors = []
  const record = async (r) => {
    const url = r.url()
    if (!/\.(m?js|wasm)(\?|$)/.test(url) || scripts.has(url)) return
    try {
      const body = await r.body()
      scripts.set(url, { raw: body.length, gz: gzipSync(body).length })
    } catch {
      /* a response that went away */
    }
  }
  context.on('response', (r) => void record(r))
  const page = await context.newPage()
  page.on('worker', (w) => w.on('console', () => {}))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(`${server.url}/${route}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.waitForFunction(() => !document.querySelector('[role=status]')?.textContent?.includes('Loading'))
  await page.waitForLoadState('networkidle')
  const atOpen = total(scripts)
  return { context, page, scripts, errors, atOpen }
}

function total(scripts) {
  let raw = 0
  let gz = 0
  for (const s of scripts.values()) {
    raw += s.raw
    gz += s.gz
  }
  return { raw, gz, files: scripts.size }
}

async function resetLongTasks(page, profile = true) {
  await page.evaluate(() => {
    window.__longtasks = []
  })
  if (profiling && profile) await startProfile(page)
  await startTrace(page)
}

/** CDP sessions of the pages being profiled (`--profile`). */
const cdpOf = new WeakMap()
async function startProfile(page) {
  let cdp = cdpOf.get(page)
  if (!cdp) {
    cdp = await page.context().newCDPSession(page)
    cdpOf.set(page, cdp)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  } else await cdp.send('Profiler.stop').catch(() => {})
  await cdp.send('Profiler.start')
}

/** Prints the functions with the most self time on the page's main thread since `startProfile` (`--profile`). */
async function printProfile(page, title) {
  const cdp = cdpOf.get(page)
  if (!cdp) return
  const { profile } = await cdp.send('Profiler.stop')
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map()
  profile.samples.forEach((id, i) => {
    const f = byId.get(id).callFrame
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  const top = [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 15)
  console.log(`    profile of "${title}", self time on the main thread:`)
  for (const [k, t] of top) console.log(`      ${ms(t).padStart(9)}  ${k}`)
}
/** Puts `text` on the clipboard, for a real paste (Ctrl+V) as a person makes one; false when the page cannot write it. */
async function toClipboard(page, locator, text) {
  await locator.focus()
  return page.evaluate(async (t) => {
    try {
      await navigator.clipboard.writeText(t)
      return true
    } catch {
      return false
    }
  }, text)
}

/** Pastes what `toClipboard` put there into the focused box (or, without a clipboard, fills the box: Playwright types it in). */
async function paste(page, locator, text, onClipboard) {
  if (onClipboard) await page.keyboard.press('Control+V')
  else await locator.fill(text)
}

/**
 * Event → shown, timed in the page: the timestamp of the event that starts it (a click, a
 * paste, an input, a drop: the first one after arming, seen on the document in its capture
 * phase) to the first frame after the DOM shows the result, seen by a MutationObserver.
 * Playwright's waits poll at growing intervals (up to 500 ms apart), which would add up to
 * half a second that no person sees. `kind` 'address': an output contains `text`; 'exact':
 * an output is `text`; 'hash': a run started (Run disabled or a progress bar), then ended with
 * an output equal to `text`; 'rows': the table of derived addresses holds `text` rows and the
 * run has ended.
 */
async function armClickToShown(page, kind, text, on = 'click') {
  await page.evaluate(
    ({ kind, text, on }) => {
      let startAt
      let started = false
      window.__shown = new Promise((resolve) => {
        document.addEventListener(on, (e) => (startAt = e.timeStamp), { capture: true, once: true })
        const outputs = () => [...document.querySelectorAll('output')]
        const busy = () => !!document.querySelector('form[aria-label] button.primary:disabled, progress')
        const check = () => {
          if (startAt === undefined) return
          if (kind === 'address') {
            if (!outputs().some((o) => o.textContent?.includes(text))) return
          } else if (kind === 'exact') {
            if (!outputs().some((o) => o.textContent === text)) return
          } else if (kind === 'rows') {
            const rows = Number(document.querySelector('[aria-label="Derived addresses"]')?.getAttribute('data-rows') ?? 0)
            if (rows < text || busy()) return
          } else {
            const b = busy()
            if (b) started = true
            if (!started || b || !outputs().some((o) => o.textContent === text)) return
          }
          obs.disconnect()
          requestAnimationFrame(() => resolve(performance.now() - startAt))
        }
        const obs = new MutationObserver(check)
        obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
      })
    },
    { kind, text, on },
  )
}
/** Waits, without polling, for what {@link armClickToShown} measures (a poll's queries would take the main thread, and a core, from the work being timed). */
const clickToShown = (page) => page.evaluate(() => Promise.race([window.__shown, new Promise((_, reject) => setTimeout(() => reject(new Error('no result shown within 5 minutes')), 300_000))]))

/**
 * The longest task's CPU time on the page's main thread, from a Chromium trace (`tdur` of each
 * top-level task: the time the thread ran, whatever else the machine was doing). On a machine
 * shared with other work the long-task wall time counts the waits for a core; this does not.
 * A trace runs between {@link resetLongTasks} and {@link longest}.
 */
let tracing = false
async function startTrace(page) {
  if (tracing) await browser.stopTracing().catch(() => {})
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', ...(process.env.BENCH_TRACE_DIR ? ['disabled-by-default-devtools.timeline.stack', 'blink', 'v8.execute'] : [])] })
  tracing = true
}
async function longestCpu() {
  if (!tracing) return undefined
  tracing = false
  const buf = await browser.stopTracing()
  if (process.env.BENCH_TRACE_DIR) writeFileSync(join(process.env.BENCH_TRACE_DIR, `trace-${Date.now()}.json`), buf)
  const { traceEvents } = JSON.parse(buf.toString('utf8'))
  const main = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  let max = 0
  let top
  for (const e of traceEvents)
    if (e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`) && e.tdur && e.tdur / 1000 > max) {
      max = e.tdur / 1000
      top = e
    }
  if (profiling && top) {
    // What the longest task did: the trace events inside it on its thread, by name (CPU time, nested ones counted in each).
    const by = new Map()
    for (const e of traceEvents)
      if (e !== top && e.ph === 'X' && e.pid === top.pid && e.tid === top.tid && e.ts >= top.ts && e.ts + (e.dur ?? 0) <= top.ts + top.dur && e.tdur) by.set(e.name, (by.get(e.name) ?? 0) + e.tdur / 1000)
    console.log(`    the longest task (${ms(max)} CPU): ${[...by].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`)
  }
  return max
}

/** The longest main-thread task since {@link resetLongTasks} (wall time), and its trace's longest task CPU time into `lastCpu`. */
let lastCpu
const longest = async (page) => {
  const wall = await page.evaluate(() => Math.max(0, ...window.__longtasks.map((t) => t.duration)))
  const cpu = await longestCpu()
  if (cpu !== undefined) lastCpu = Math.max(lastCpu ?? 0, cpu)
  return wall
}
/** The CPU time of the longest tasks measured since the last call (undefined when none was traced). */
const takeCpu = () => {
  const c = lastCpu
  lastCpu = undefined
  return c
}
const settle = (page, msec = 500) => page.waitForTimeout(msec)

const rows = []
function report(row) {
  const cpu = takeCpu()
  if (cpu !== undefined) row.longTaskCpu = cpu
  rows.push(row)
  const b = row.baseline ? `${ms(row.baseline)} (${row.baselineName})` : '—'
  const ratio = row.baseline && row.time ? (row.time / row.baseline).toFixed(2) : '—'
  console.log(
    [
      row.name.padEnd(46),
      (row.time ? ms(row.time) : '—').padStart(10),
      b.padStart(34),
      ratio.padStart(6),
      ms(row.longTask).padStart(10),
      (row.longTaskCpu !== undefined ? ms(row.longTaskCpu) : '—').padStart(9),
      `${kb(row.jsOpen.gz)} / ${kb(row.jsAll.gz)} gz`.padStart(20),
      `${kb(row.jsAll.raw)} raw`.padStart(12),
      row.errors.length ? `  console errors: ${row.errors.join(' | ').slice(0, 200)}` : '',
    ].join(' '),
  )
}

const scenarios = {
  /**
   * 1 MiB of call data arriving by every route a person has: a clipboard paste (Ctrl+V), one
   * input event carrying the whole value (the box's value set, then `input`, as an extension or
   * a script does), a dropped file, and then
   * typing (a signature, key by key, with the megabyte in the form: each key decodes it again).
   * Each route on a fresh page: event → the decoded selector shown, and the longest main-thread
   * task from the event to a second after.
   */
  async calldata() {
    const data = bigCalldata(MiB)
    const selector = data.slice(0, 10)
    const shown = async (s) => {
      const time = await clickToShown(s.page)
      await settle(s.page, 1000)
      return time
    }
    const row = async (s, name, time) => {
      report({ name, time, longTask: await longest(s.page), jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
    }
    const routes = {
      async paste(s, box) {
        const clip = await toClipboard(s.page, box, data)
        await resetLongTasks(s.page)
        await armClickToShown(s.page, 'exact', selector, clip ? 'paste' : 'beforeinput')
        await paste(s.page, box, data, clip)
        const time = await shown(s)
        await printProfile(s.page, 'paste 1 MiB of call data')
        await row(s, `1 MiB call data, fresh page: ${clip ? 'paste (Ctrl+V)' : 'fill'} → decoded`, time)
      },
      async input(s, box) {
        await box.focus()
        await resetLongTasks(s.page)
        await armClickToShown(s.page, 'exact', selector, 'input')
        await box.evaluate((el) => {
          Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(el, window.__data)
          el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }))
        })
        const time = await shown(s)
        await printProfile(s.page, 'one input event of 1 MiB')
        await row(s, '1 MiB call data, fresh page: one input event → decoded', time)
      },
      async drop(s, box) {
        const dataTransfer = await s.page.evaluateHandle(() => {
          const dt = new DataTransfer()
          dt.items.add(new File([window.__data], 'calldata.txt', { type: 'text/plain' }))
          return dt
        })
        await resetLongTasks(s.page)
        await armClickToShown(s.page, 'exact', selector, 'drop')
        await box.dispatchEvent('drop', { dataTransfer })
        const time = await shown(s)
        await printProfile(s.page, 'drop a 1 MiB file')
        await row(s, '1 MiB call data, fresh page: a dropped file → decoded', time)
      },
      async typing(s, box) {
        const clip = await toClipboard(s.page, box, data)
        await armClickToShown(s.page, 'exact', selector, clip ? 'paste' : 'beforeinput')
        await paste(s.page, box, data, clip)
        await shown(s)
        const sig = s.page.getByLabel('Signature (optional)')
        await sig.focus()
        const keys = 'upload(address,bytes)'
        const perKey = []
        if (profiling) await startProfile(s.page)
        for (const ch of keys) {
          await resetLongTasks(s.page, false)
          await s.page.keyboard.type(ch)
          await settle(s.page, 120)
          perKey.push(await longest(s.page))
        }
        // Decoded by the signature typed (a plain DOM check, after the keys: see the paste's wait).
        await s.page.waitForFunction((k) => [...document.querySelectorAll('output')].some((o) => o.textContent?.startsWith(k)), 'upload(', { timeout: 60_000, polling: 250 })
        await settle(s.page, 1000)
        perKey.push(await longest(s.page))
        await printProfile(s.page, `typing ${keys.length} keys with 1 MiB of call data held`)
        report({ name: `  then typing a signature (${keys.length} keys), longest`, longTask: Math.max(...perKey), jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
      },
    }
    const chosen = arg('--routes')?.split(',')
    for (const [name, go] of Object.entries(routes)) {
      if (chosen && !chosen.includes(name)) continue
      const s = await open('calldata-decode')
      try {
        // The text is in the page first (as the clipboard's is): the DevTools message carrying a
        // megabyte would otherwise be timed as a task of the page.
        await s.page.evaluate((d) => (window.__data = d), data)
        await go(s, s.page.getByLabel('Call data', { exact: true }))
      } catch (e) {
        console.log(`calldata ${name}: failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`)
        if (tracing) await browser.stopTracing().catch(() => {})
        tracing = false
      } finally {
        await s.context.close()
      }
    }
  },

  async keystore() {
    const pw = 'bench pässword'
    const ks = makeKeystore(pw)
    const bases = []
    const times = []
    let longTask = 0
    let last
    for (let i = 0; i < REPS; i++) {
      bases.push(baselineScrypt())
      const s = await open('keystore-decrypt')
      await s.page.getByLabel('Keystore JSON').fill(ks.text)
      await s.page.getByLabel('Password').fill(pw)
      await s.page.waitForTimeout(300)
      await resetLongTasks(s.page)
      await armClickToShown(s.page, 'address', ks.address)
      await s.page.getByRole('button', { name: 'Decrypt' }).click()
      // Timed by the page itself; then checked the way a test would (role and name).
      times.push(await clickToShown(s.page))
      await s.page.getByRole('status', { name: 'Address', exact: true }).filter({ hasText: ks.address }).waitFor({ timeout: 120_000 })
      longTask = Math.max(longTask, await longest(s.page))
      await printProfile(s.page, 'keystore decrypt')
      last = s
      await s.context.close()
    }
    report({ name: `keystore decrypt scrypt 2^18, click → address (median of ${REPS})`, time: median(times), baseline: median(bases), baselineName: 'Node scrypt', longTask, jsOpen: last.atOpen, jsAll: total(last.scripts), errors: last.errors })
  },

  /**
   * Hashes of a file of 256 MiB of random bytes on disk, picked through the page's file input
   * (Playwright hands Chromium the path, as the picker does), Run clicked: click → the hash
   * shown, timed by the page; beside `openssl dgst -sha3-256` on the same file (each side reads
   * it from the system's file cache, warmed first). Then all five hashes, beside Node's native
   * hashes streaming the file. The floors: the same Keccak over the same bytes as a `File` in
   * memory, in the page, and hash-wasm alone in a bare worker (`floor`).
   */
  async hash() {
    const size = 256 * MiB
    const { path, dir } = randomFile(size, 'random.bin')
    try {
      const bytes = readFileSync(path)
      const expected = ethers.utils.keccak256(bytes)
      await baselineFileSha3(path) // the file cache, warmed for both sides
      const s = await open('hash')
      await s.page.locator('input[type=file]').setInputFiles(path)
      await s.page.getByText(`random.bin: ${size.toLocaleString('en-US')} bytes`).waitFor()
      await settle(s.page, 300)
      // Whether the workers could share the file's bytes (SharedArrayBuffer needs cross-origin isolation).
      const isolated = await s.page.evaluate(() => ({ isolated: globalThis.crossOriginIsolated === true, sab: typeof SharedArrayBuffer === 'function' }))
      console.log(`    hash page: crossOriginIsolated ${isolated.isolated}, SharedArrayBuffer ${isolated.sab ? 'available' : 'unavailable'}`)
      const choose = s.page.getByRole('group', { name: 'Hashes to compute' })
      const run = s.page.getByRole('button', { name: 'Run' })
      const runOnce = async (name, baselineOf, baselineName) => {
        const bases = []
        const times = []
        let longTask = 0
        for (let i = 0; i < REPS; i++) {
          bases.push(await baselineOf())
          await resetLongTasks(s.page)
          await armClickToShown(s.page, 'hash', expected)
          await run.click()
          // Timed by the page itself (started, then finished: the result of an earlier run shows the
          // same hash); then checked the way a test would (role and name).
          times.push(await clickToShown(s.page))
          await s.page.getByRole('status', { name: 'Keccak-256', exact: true }).filter({ hasText: expected }).waitFor({ timeout: 300_000 })
          longTask = Math.max(longTask, await longest(s.page))
          await printProfile(s.page, name)
          await settle(s.page, 300)
        }
        report({ name: `${name} (median of ${REPS})`, time: median(times), baseline: median(bases), baselineName, longTask, jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
      }
      const choice = async (ids) => {
        for (const box of await choose.getByRole('checkbox').all()) await box.setChecked(ids === 'all' || ids.includes(await box.getAttribute('name')))
      }
      await choice(['keccak256'])
      await runOnce('Keccak-256, 256 MiB file on disk, click → hash', () => baselineFileSha3(path), FILE_SHA3_NAME)
      await choice('all')
      await runOnce('all five hashes, the same file', () => baselineFileHashes(path, FIVE), 'Node sum of five, streamed')
      // The floor in the page: the same Keccak over the same bytes as a File in memory (no disk), beside Node's SHA3-256 over them in memory.
      await choice(['keccak256'])
      const dataTransfer = await s.page.evaluateHandle(async () => {
        const dt = new DataTransfer()
        const picked = document.querySelector('input[type=file]').files[0]
        dt.items.add(new File([await picked.arrayBuffer()], 'random.bin'))
        return dt
      })
      await s.page.locator('.dropzone').dispatchEvent('drop', { dataTransfer })
      await settle(s.page, 300)
      await runOnce('  floor: the same bytes as a File in memory', () => baselineHashes(bytes, ['sha3-256']), 'Node SHA3-256 in memory')
      await s.context.close()
      await scenarios.floor(path, expected)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },

  /**
   * The floor under the keystore and Keccak rows: the same library calls (hash-wasm's scrypt;
   * its Keccak-256 over a 256 MiB file read through the byte stream, as the page reads it) in
   * a bare worker of a blank page in this Chromium, with no app around them: over bytes in
   * memory and (from the hash scenario) over the file on disk, picked through a file input. The
   * distance from a page row to its floor is what the app adds; from the floor to the baseline,
   * what WebAssembly in this browser costs against native code.
   */
  async floor(diskPath, diskExpected) {
    const files = { '/keccak.js': 'keccak.umd.min.js', '/scrypt.js': 'scrypt.umd.min.js' }
    const worker = `importScripts('keccak.js', 'scrypt.js')
onmessage = async ({ data }) => {
  const t0 = performance.now()
  if (data.kind === 'scrypt') {
    await hashwasm.scrypt({ password: new TextEncoder().encode('pw'), salt: crypto.getRandomValues(new Uint8Array(32)), costFactor: 2 ** 18, blockSize: 8, parallelism: 1, hashLength: 32, outputType: 'binary' })
    return postMessage({ ms: performance.now() - t0 })
  }
  const h = (await hashwasm.createKeccak(256)).init()
  const reader = data.file.stream().getReader({ mode: 'byob' })
  let spare = new ArrayBuffer(16 << 20)
  let pending = reader.read(new Uint8Array(new ArrayBuffer(16 << 20)))
  for (;;) {
    const { done, value } = await pending
    if (done) break
    pending = reader.read(new Uint8Array(spare))
    h.update(value)
    spare = value.buffer
  }
  postMessage({ ms: performance.now() - t0, hash: '0x' + h.digest('hex') })
}`
    const page = `<!doctype html><title>floor</title><input type="file" id="f"><script>
window.floor = (kind, fromDisk) => new Promise((resolve) => {
  const w = new Worker('worker.js')
  // Readied first (scripts loaded, WebAssembly compiled), as the page's waiting worker is.
  const p = new Uint8Array(16 << 20)
  const file = fromDisk ? document.getElementById('f').files[0] : new File(Array.from({ length: 16 }, () => p), 'big.bin')
  w.onmessage = (e) => { w.terminate(); resolve(e.data) }
  setTimeout(() => w.postMessage({ kind, file }), 300)
})
</script>`
    const { createServer } = await import('node:http')
    const bare = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname
      const body = path === '/' ? page : path === '/worker.js' ? worker : files[path] ? readFileSync(join(root, 'node_modules', 'hash-wasm', 'dist', files[path])) : undefined
      if (body === undefined) return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': path === '/' ? 'text/html' : 'text/javascript' }).end(body)
    })
    await new Promise((r) => bare.listen(0, '127.0.0.1', r))
    const context = await browser.newContext()
    const tab = await context.newPage()
    await tab.goto(`http://127.0.0.1:${bare.address().port}/`)
    // The baseline's bytes prepared as the hash scenario's are: allocated once and written (a
    // fresh zeroed allocation would add the system's page faults to the native time).
    const zeros = Buffer.alloc(256 * MiB, 1).fill(0)
    const zerosExpected = ethers.utils.keccak256(zeros)
    if (typeof diskPath === 'string') await tab.locator('#f').setInputFiles(diskPath)
    const none = { raw: 0, gz: 0, files: 0 }
    const floors = [
      ['scrypt', false, undefined, 'floor: hash-wasm scrypt 2^18 in a bare worker', baselineScrypt, 'Node scrypt'],
      ['keccak', false, zerosExpected, 'floor: hash-wasm Keccak-256, 256 MiB in memory, bare worker', () => baselineHashes(zeros, ['sha3-256']), 'Node SHA3-256 in memory'],
    ]
    if (typeof diskPath === 'string') floors.push(['keccak', true, diskExpected, '  floor: the same over the file on disk, bare worker', () => baselineFileSha3(diskPath), FILE_SHA3_NAME])
    try {
      for (const [kind, fromDisk, expected, name, baselineOf, baselineName] of floors) {
        const bases = []
        const times = []
        for (let i = 0; i < REPS; i++) {
          bases.push(await baselineOf())
          const out = await tab.evaluate(([k, d]) => window.floor(k, d), [kind, fromDisk])
          if (out.hash !== undefined && out.hash !== expected) throw new Error(`floor Keccak-256 ${out.hash} is not ethers' ${expected}`)
          times.push(out.ms)
        }
        report({ name: `${name} (median of ${REPS})`, time: median(times), baseline: median(bases), baselineName, longTask: 0, jsOpen: none, jsAll: none, errors: [] })
      }
    } finally {
      await context.close()
      bare.close()
    }
  },

  /**
   * 1,000 addresses from the test phrase, each run on a fresh page: Derive clicked → the table
   * holds all 1,000 rows and the run has ended (timed by the page), beside ethers v5 deriving the
   * same 1,000 in the same page as a competent user writes it (the parent m/44'/60'/0'/0 once,
   * then each child: `baselineHdInPage`, #39); then every address of the table (its CSV)
   * checked against that baseline's.
   */
  async hd() {
    const n = 1000
    const bases = []
    const times = []
    let longTask = 0
    let stallScroll = 0
    let last
    let jsOf
    for (let i = 0; i < REPS; i++) {
      const s = await open('hd-derive')
      await s.page.getByLabel('Recovery phrase or xprv').fill(PHRASE)
      await s.page.getByLabel('How many').fill(String(n))
      await settle(s.page, 700)
      await resetLongTasks(s.page)
      await armClickToShown(s.page, 'rows', n)
      await s.page.getByRole('button', { name: 'Derive' }).click()
      times.push(await clickToShown(s.page))
      longTask = Math.max(longTask, await longest(s.page))
      await printProfile(s.page, 'derive')
      // The baseline in this same page, after the run (its workers idle by now), and after the
      // service worker (registered once the page has been quiet for 3 s) has installed: its
      // precaching would otherwise take a core from the baseline.
      await settle(s.page, 300)
      await s.page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 30_000))]))
      await settle(s.page, 300)
      const base = await baselineHdInPage(s.page, n)
      bases.push(base.time)
      last = base.addresses[n - 1]
      // The whole table, checked: every address of its CSV against ethers v5's, and the last row where a person scrolls to it.
      const csv = s.page.getByRole('link', { name: /Download CSV/ })
      const [download] = await Promise.all([s.page.waitForEvent('download'), csv.click()])
      const text = readFileSync(await download.path(), 'utf8')
      const got = text.trim().split('\n').slice(1).map((l) => l.split(',')[2])
      if (got.length !== n || got.some((a, k) => a !== base.addresses[k])) throw new Error(`the table's ${got.length} addresses are not ethers v5's ${n}`)
      if (i === 0) {
        await s.page.evaluate(() => {
          const sc = document.querySelector('.table-scroll')
          if (sc) sc.scrollTop = sc.scrollHeight
        })
        await s.page.getByRole('status', { name: `Address m/44'/60'/0'/0/${n - 1}`, exact: true }).filter({ hasText: last }).waitFor({ timeout: 60_000 })
        // Scroll the whole table through, a screen at a time.
        await resetLongTasks(s.page)
        await s.page.evaluate(async () => {
          const sc = document.querySelector('.table-scroll')
          const el = sc && sc.scrollHeight > sc.clientHeight + 10 ? sc : document.scrollingElement
          for (let y = 0; y <= el.scrollHeight; y += 600) {
            el.scrollTop = y
            await new Promise((r) => requestAnimationFrame(() => r()))
          }
        })
        stallScroll = await longest(s.page)
      }
      jsOf = { atOpen: s.atOpen, all: total(s.scripts), errors: s.errors }
      await s.context.close()
    }
    report({ name: `derive ${n} addresses, click → all ${n} rows (median of ${REPS})`, time: median(times), baseline: median(bases), baselineName: 'ethers v5 parent-once, same page', longTask, jsOpen: jsOf.atOpen, jsAll: jsOf.all, errors: jsOf.errors })
    report({ name: `  scroll the ${n} rows through`, longTask: stallScroll, jsOpen: jsOf.atOpen, jsAll: jsOf.all, errors: [] })
  },

  async abi() {
    const abi = bigAbi(800)
    const s = await open('abi-encode')
    const box = s.page.getByLabel('ABI', { exact: true })
    const clip = await toClipboard(s.page, box, abi)
    await resetLongTasks(s.page)
    await paste(s.page, box, abi, clip)
    await settle(s.page, 1500)
    const pasteTask = await longest(s.page)
    await printProfile(s.page, 'paste a large ABI')
    await resetLongTasks(s.page)
    await box.focus()
    await s.page.keyboard.press('End')
    await s.page.keyboard.press('Control+End')
    const keys = '\nfunction extra(uint256 x)'
    const perKey = []
    if (profiling) await startProfile(s.page)
    for (const ch of keys) {
      await resetLongTasks(s.page, false)
      await s.page.keyboard.type(ch)
      await settle(s.page, 150)
      perKey.push(await longest(s.page))
    }
    await settle(s.page, 500)
    await printProfile(s.page, `typing ${keys.length} keys into the large ABI`)
    report({ name: `large ABI (800 functions): ${clip ? 'paste' : 'fill'}`, longTask: pasteTask, jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
    report({ name: `  then typing (${keys.length} keys): longest per key`, longTask: Math.max(...perKey), jsOpen: s.atOpen, jsAll: total(s.scripts), errors: [] })
    await s.context.close()
  },

  /**
   * The debugger on a trace of about 1,000,000 steps (#24): a loop of 100,000 rounds that writes
   * memory each round, called in /debug; once recorded (in the worker), moves by keyboard and to
   * typed steps across the whole trace, the longest main-thread task over all moves (goal ≤ 50 ms).
   */
  async debug() {
    // PUSH3 100000; loop: JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH1 0 MSTORE DUP1 PUSH1 4 JUMPI; STOP: 10 steps a round
    const code = '0x620186a05b600190038060005280600457' + '00'
    const at = '0x00000000000000000000000000000000000b0b0b'
    const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [at, code] }) })
    const s = await open(`debug?mode=call&from=${from}&to=${at}&data=0x`)
    const t0 = now()
    await s.page.getByRole('button', { name: 'Debug', exact: true }).click()
    const steps = s.page.getByRole('region', { name: 'Result' }).getByRole('status', { name: 'Steps', exact: true })
    await steps.waitFor({ timeout: 600_000 })
    const recorded = now() - t0
    const stepCount = Number((await steps.textContent()).replace(/[^0-9]/g, ''))
    await settle(s.page, 1000)
    await resetLongTasks(s.page)
    const debuggerRegion = s.page.getByRole('region', { name: 'Debugger' })
    await debuggerRegion.focus()
    let count = 0
    const stepShown = s.page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Step', exact: true })
    const expectStep = (n) => stepShown.filter({ hasText: new RegExp(`^${n}$`) }).waitFor({ timeout: 60_000 })
    await s.page.keyboard.press('End')
    await expectStep(stepCount - 1)
    await s.page.keyboard.press('Home')
    await expectStep(0)
    count += 2
    const box = s.page.getByRole('textbox', { name: 'Go to step' })
    for (const target of [Math.floor(stepCount / 2), stepCount - 2, 12_345, Math.floor(stepCount * 0.9), 1, stepCount - 1]) {
      await box.fill(String(target))
      await box.press('Enter')
      await expectStep(target)
      count++
    }
    await debuggerRegion.focus()
    for (let i = 0; i < 10; i++) await s.page.keyboard.press('k')
    await expectStep(stepCount - 11)
    count += 10
    await settle(s.page, 500)
    report({ name: `debugger, ${stepCount.toLocaleString('en-US')} steps: ${count} moves (recorded in ${ms(recorded)})`, longTask: await longest(s.page), jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
    await s.context.close()
  },

  async routes() {
    for (const route of ['', 'units', 'tx-decode', 'result-decode', 'contract-read', 'mnemonic', 'find-address']) {
      const s = await open(route)
      await settle(s.page, 300)
      report({ name: `open /${route}`, longTask: await longest(s.page), jsOpen: s.atOpen, jsAll: total(s.scripts), errors: s.errors })
      await s.context.close()
    }
  },
}

console.log(`bench:browser on ${server.url}, Chromium ${browser.version()}, ${(await import('node:os')).cpus().length} cores`)
console.log(
  [
    'work, in the page'.padEnd(46),
    'time'.padStart(10),
    'baseline, same run'.padStart(34),
    'ratio'.padStart(6),
    'long task'.padStart(10),
    'its CPU'.padStart(9),
    'JS open / all'.padStart(20),
    'all'.padStart(12),
  ].join(' '),
)
try {
  for (const [name, run] of Object.entries(scenarios)) {
    if (only && !only.includes(name)) continue
    // The hash scenario runs the floors (with its file on disk beside them).
    if (name === 'floor' && (!only || only.includes('hash'))) continue
    try {
      await run()
    } catch (e) {
      console.log(`${name}: failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`)
    }
  }
} finally {
  await browser.close()
  await server.close()
  anvil.kill('SIGTERM')
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2))

/**
 * Test support shared by every suite: the official vectors folder, Foundry's `cast` as an
 * independent implementation, and a real `anvil` node on a free loopback port.
 */
import { createHash } from 'node:crypto'
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../src/core/Errors'
import { withDefaults } from '../src/tools/define'
import type { Example, RawInput, RunContext, Tool, ToolEntry, ToolResult } from '../src/tools/types'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** `../shared/vectors` beside the repo (or $VECTORS_DIR). Tests read vectors in place. */
export const vectorsDir = process.env.VECTORS_DIR ?? resolve(repoRoot, '..', 'shared', 'vectors')
export const haveVectors = existsSync(vectorsDir)

/** The path of a vector file, relative to the vectors folder. */
export function vectorPath(rel: string): string {
  return join(vectorsDir, rel)
}

export function readVector<T = unknown>(rel: string): T {
  return JSON.parse(readFileSync(vectorPath(rel), 'utf8')) as T
}

export function readVectorText(rel: string): string {
  return readFileSync(vectorPath(rel), 'utf8')
}

/** Tests per describeVectors block (`<file> > <block>`), recorded by `npm test` when the vectors are present. */
export const vectorCountsFile = join(repoRoot, 'test', 'vector-counts.json')

function vectorCount(name: string): number {
  const file = relative(repoRoot, expect.getState().testPath ?? '')
  try {
    const counts = JSON.parse(readFileSync(vectorCountsFile, 'utf8')) as Record<string, number>
    return Math.max(1, counts[`${file} > ${name}`] ?? 1)
  } catch {
    return 1
  }
}

/**
 * A describe block over official vectors. Where the vectors folder is absent its body is never
 * run (it would read the files): instead, as many tests as the block holds with the vectors
 * (test/vector-counts.json, kept by `npm test`; 1 when unknown) are reported as skipped.
 */
export function describeVectors(name: string, body: () => void): void {
  if (haveVectors) describe(name, body)
  else {
    const n = vectorCount(name)
    describe(name, () => {
      for (let k = 1; k <= n; k++) it.skip(`needs the official vectors in ${vectorsDir} (${k}/${n})`, () => {})
    })
  }
}

/**
 * The platform binary that @foundry-rs/<tool> ships, called directly: the npm wrapper in
 * node_modules/.bin starts a Node process per call (~20x the CPU of cast itself).
 */
function foundryBin(tool: 'cast' | 'anvil'): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const direct = join(repoRoot, 'node_modules', '@foundry-rs', `${tool}-${process.platform}-${arch}`, 'bin', tool)
  return existsSync(direct) ? direct : join(repoRoot, 'node_modules', '.bin', tool)
}
const castBin = foundryBin('cast')
const anvilBin = foundryBin('anvil')

/** True when the cast binary is installed (it is a dev dependency: absent means a broken install). */
export const haveCast = existsSync(castBin)

/**
 * Runs Foundry's `cast` and returns its trimmed stdout; throws with stderr on failure, so a
 * test that compares against cast fails (never passes silently) when cast fails.
 */
export function cast(args: readonly string[], opts: { input?: string } = {}): string {
  try {
    return execFileSync(castBin, args as string[], {
      encoding: 'utf8',
      input: opts.input,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' },
      timeout: 60_000,
    }).trim()
  } catch (e) {
    const err = e as { stderr?: string; message: string }
    throw new Error(`cast ${args.join(' ')} failed: ${err.stderr?.trim() || err.message}`)
  }
}

const execFileAsync = promisify(execFile)

/**
 * Runs one line a tool offers as "As cast" (`cast …`, shell-quoted) through /bin/sh, with the
 * `cast` it names being this install's: the shell's own word splitting and quote removal, not
 * ours, decide what cast is given. Returns trimmed stdout; throws with stderr.
 */
export async function runCastLine(line: string): Promise<string> {
  if (!line.startsWith('cast ')) throw new Error(`not a cast command: ${line}`)
  try {
    const { stdout } = await execFileAsync('/bin/sh', ['-c', `"$CAST" ${line.slice(5)}`], {
      encoding: 'utf8',
      env: { ...process.env, CAST: castBin, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' },
      timeout: 60_000,
    })
    return stdout.trim()
  } catch (e) {
    const err = e as { stderr?: string; message: string }
    throw new Error(`${line} failed: ${err.stderr?.trim() || err.message}`)
  }
}

/** Async `cast`, for running many invocations concurrently. */
export async function castAsync(args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync(castBin, args as string[], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' },
    timeout: 60_000,
  })
  return stdout.trim()
}

/**
 * `cast` where the test expects cast to refuse some inputs: resolves to its stdout, or to ''
 * when cast ran and refused (exited non-zero or printed nothing). Anything else (cast not
 * installed, killed by the timeout, not started) rejects, so the test fails instead of
 * silently losing its comparison.
 */
export async function castOrRefusal(args: readonly string[]): Promise<string> {
  try {
    return await castAsync(args)
  } catch (e) {
    const err = e as { code?: unknown; killed?: boolean; signal?: unknown; message: string }
    if (typeof err.code === 'number' && !err.killed && !err.signal) return ''
    throw new Error(`cast ${args.join(' ')} could not run: ${err.message}`, { cause: e })
  }
}

/**
 * The seed of this test file's randomness: $TEST_SEED when set (to replay a run), else a
 * fresh one. src/test-setup.ts prints it, hands it to fast-check (fc.configureGlobal) and
 * seeds `crypto.getRandomValues` with it, so every random test of a file can be replayed
 * with `TEST_SEED=<seed> npx vitest run <file>`.
 */
export const testSeed: number = (() => {
  const env = process.env.TEST_SEED
  if (env !== undefined && env !== '') {
    const n = Number(env)
    if (!Number.isSafeInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`TEST_SEED must be an integer from 0 to 2^32 - 1, got ${env}`)
    return n
  }
  return Math.floor(Math.random() * 0x1_0000_0000)
})()

/**
 * Makes this test file's randomness replayable from {@link testSeed} and prints the seed
 * (called once per file by src/test-setup.ts): fast-check runs with that seed,
 * `crypto.getRandomValues` (used by tests and by the code under test: Mnemonic.generate,
 * Key.random, keystore salts) gives a SHA-256 counter stream of it, and Math.random a
 * mulberry32 stream. Tests only: the app never runs this.
 */
export function seedRandomness(): void {
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: testSeed })
  const original = crypto.getRandomValues.bind(crypto)
  let counter = 0
  const seeded = <T extends ArrayBufferView | null>(view: T): T => {
    original(view as never) // the platform's own checks: integer typed array, at most 65,536 bytes
    const v = view as ArrayBufferView
    const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
    for (let off = 0; off < bytes.length; off += 32) {
      const block = createHash('sha256').update(`${testSeed}:${counter++}`).digest()
      bytes.set(block.subarray(0, Math.min(32, bytes.length - off)), off)
    }
    return view
  }
  // Marked so that the app's randomness check (src/core/keys/Randomness.ts) accepts this non-native stream.
  Object.defineProperty(seeded, Symbol.for('ether-workbench.seeded-for-tests'), { value: true })
  Object.defineProperty(crypto, 'getRandomValues', { value: seeded, configurable: true, writable: true })
  // Math.random too (some tests pick sizes with it; the app never uses it): mulberry32.
  let m = testSeed >>> 0
  Math.random = () => {
    m = (m + 0x6d2b79f5) >>> 0
    let t = m
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  console.log(`random seed ${testSeed} (fast-check, crypto.getRandomValues, Math.random); replay with TEST_SEED=${testSeed}`)
}

function describeThrown(e: unknown): string {
  if (e instanceof Error) return `${e.constructor.name} ${e.name}: ${e.message}`
  return `a non-error value ${String(e)}`
}

/**
 * For property tests over parsers: runs `fn` and returns its value, or undefined when it
 * threw a core error (a BaseError, whose name matches `name` when given). Any other
 * exception (a TypeError, a RangeError, a library's own error) is rethrown as a test
 * failure: bad input must get a domain error, never a crash.
 */
export function expectDomainErrorOrValue<T>(fn: () => T, name?: RegExp): T | undefined {
  let value: T
  try {
    value = fn()
  } catch (e) {
    expectDomainError(e, name)
    return undefined
  }
  return value
}

/** Fails unless `e` is a core error (BaseError), whose name matches `name` when given. */
export function expectDomainError(e: unknown, name?: RegExp): asserts e is BaseError {
  if (!(e instanceof BaseError)) throw new Error(`expected a value or a core error (BaseError), got ${describeThrown(e)}`, { cause: e })
  if (name && !name.test(e.name)) throw new Error(`expected a core error named ${name}, got ${e.name}: ${e.message}`, { cause: e })
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', rej)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => res(port))
    })
  })
}

export interface Anvil {
  url: string
  port: number
  process: ChildProcess
  stop: () => Promise<void>
}

/** Starts a real anvil on a free loopback port; resolves when it answers JSON-RPC. */
export async function startAnvil(extraArgs: string[] = []): Promise<Anvil> {
  const port = await freePort()
  const child = spawn(anvilBin, ['--host', '127.0.0.1', '--port', String(port), '--silent', ...extraArgs], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (r.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('anvil did not start within 30 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    port,
    process: child,
    stop: () =>
      new Promise<void>((res) => {
        if (child.exitCode !== null) return res()
        child.once('exit', () => res())
        child.kill('SIGTERM')
      }),
  }
}

let rpcId = 1
/** A JSON-RPC call to `url`: the node's reply as it came, result or error. */
export async function nodeReply<T = any>(url: string, method: string, params: unknown[] = []): Promise<{ result?: T; error?: { code?: number; message: string; data?: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }) })
  return (await r.json()) as { result?: T; error?: { code?: number; message: string; data?: string } }
}

/** A JSON-RPC call to `url` that throws the node's error message, prefixed by the method. */
export async function nodeRpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const j = await nodeReply<T>(url, method, params)
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}

/** A receipt as the node sends it (the fields the tests read; the rest as they came). */
export interface NodeReceipt {
  transactionHash: `0x${string}`
  status: `0x${string}`
  gasUsed: `0x${string}`
  blockNumber: `0x${string}`
  transactionIndex: `0x${string}`
  contractAddress: `0x${string}`
  from: `0x${string}`
  logs: { address: `0x${string}`; topics: `0x${string}`[]; data: `0x${string}` }[]
  [k: string]: any
}

/** The receipt of transaction `h` on the node at `url`, polled every 20 ms (at most 10 s). */
export async function minedAt(url: string, h: string): Promise<NodeReceipt> {
  for (let i = 0; i < 500; i++) {
    const r = await nodeRpc<NodeReceipt | null>(url, 'eth_getTransactionReceipt', [h])
    if (r) return r
    await new Promise((res) => setTimeout(res, 20))
  }
  throw new Error(`not mined: ${h}`)
}

/**
 * Runs `sends` (each sends one transaction and gives its hash) with automine off, mines them in
 * one block, turns automine back on and waits for every receipt: several transactions in one
 * block on the node at `url`.
 */
export async function inOneBlock<H extends string>(url: string, sends: (() => Promise<H>)[]): Promise<H[]> {
  await nodeRpc(url, 'evm_setAutomine', [false])
  const hashes: H[] = []
  try {
    for (const s of sends) hashes.push(await s())
    await nodeRpc(url, 'evm_mine', [])
  } finally {
    await nodeRpc(url, 'evm_setAutomine', [true])
  }
  for (const h of hashes) await minedAt(url, h)
  return hashes
}

/** Sends `tx` (eth_sendTransaction, an unlocked sender) to the node at `url` and waits for its receipt. */
export async function sentAt(url: string, tx: Record<string, unknown>): Promise<NodeReceipt> {
  return minedAt(url, await nodeRpc<string>(url, 'eth_sendTransaction', [tx]))
}

/** A whole number from 0 to n - 1 from Math.random (seeded per file by {@link seedRandomness}). */
export const randomInt = (n: number): number => Math.floor(Math.random() * n)

/** `bytes` random bytes as 0x-hex, from {@link randomInt}. */
export const randomHex = (bytes: number): string => `0x${Array.from({ length: bytes }, () => randomInt(256).toString(16).padStart(2, '0')).join('')}`

/** anvil's default test accounts (from its well-known test mnemonic). Test-only keys. */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const

/**
 * The rows of a tool's result by label, as src/tools/examples.test.ts reads them: a row of a
 * titled section as "<title> / <label>", and under its bare label too where no earlier row has it.
 */
export function resultRows(result: ToolResult): Map<string, string> {
  const m = new Map<string, string>()
  for (const s of result.sections) for (const r of s.rows) m.set(s.title ? `${s.title} / ${r.label}` : r.label, r.value)
  for (const s of result.sections) for (const r of s.rows) if (!m.has(r.label)) m.set(r.label, r.value)
  return m
}

/**
 * Runs a tool as the page runs it (registry → parse with the field defaults → run) and returns
 * its rows ({@link resultRows}). `ctx` adds the node (`rpc`, `rpcUrl`) or `fetch` for tools that
 * use them. A parse failure throws with the field errors, so the test fails at its input.
 */
export async function runTool(id: string, raw: RawInput, ctx: Partial<RunContext> = {}): Promise<Map<string, string>> {
  return (await runToolResult(id, raw, ctx)).rows
}

/** {@link runTool}, with the whole result beside its rows (for tests that read sections or check what the result holds). */
export async function runToolResult(id: string, raw: RawInput, ctx: Partial<RunContext> = {}): Promise<{ result: ToolResult; rows: Map<string, string> }> {
  const { findTool } = await import('../src/tools/registry') // lazily: most suites never run a tool
  const entry = findTool(id)
  if (!entry) throw new Error(`no tool ${id}`)
  const tool = (await entry.load()).default
  const parsed = tool.parse(withDefaults(tool, raw))
  if (!parsed.ok) throw new Error(`${id} did not parse ${JSON.stringify(raw)}: ${JSON.stringify(parsed.errors)}`)
  const result = await tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, ...ctx })
  return { result, rows: resultRows(result) }
}

let exampleModules: Record<string, { examples: readonly Example[] }> | undefined

/**
 * A tool's worked examples (`src/tools/<id>/examples.ts`, which the page loads with the tool), at
 * once. Vitest only: the glob is Vite's (the e2e specs, which import this file too, load a
 * tool's examples through its registry entry instead).
 */
export function examplesOf(id: string): readonly Example[] {
  exampleModules ??= import.meta.glob<{ examples: readonly Example[] }>('../src/tools/*/examples.ts', { eager: true })
  const m = exampleModules[`../src/tools/${id}/examples.ts`]
  if (!m) throw new Error(`no examples module for ${id}`)
  return m.examples
}

/**
 * For a `network` tool whose worked examples need no node (src/tools/examples.test.ts skips
 * network tools): one test per example, in the calling describe block, that parses its inputs,
 * runs the tool with no node, and expects every row the example names with exactly that value
 * (and that it names at least one).
 */
export function itRunsExamplesWithoutNode(entry: ToolEntry): void {
  it.each(examplesOf(entry.meta.id).map((ex) => [ex.title, ex] as const))('%s', async (_t, ex) => {
    expect(Object.keys(ex.expect ?? {}).length, 'the example names the rows it expects').toBeGreaterThan(0)
    await runExampleOffline((await entry.load()).default, ex)
  })
}

/**
 * Runs worked example `ex` with `tool` and no node (its inputs parsed with the field defaults
 * filled), expects every row the example names with exactly that value ({@link resultRows}),
 * and gives the result and its rows for the caller's own checks.
 */
export async function runExampleOffline(tool: Tool<any>, ex: Example): Promise<{ result: ToolResult; rows: Map<string, string> }> {
  const parsed = tool.parse(withDefaults(tool, ex.inputs))
  if (!parsed.ok) throw new Error(`example did not parse: ${JSON.stringify(parsed.errors)}`)
  const result = await tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {} })
  const rows = resultRows(result)
  for (const [label, value] of Object.entries(ex.expect ?? {})) expect(rows.get(label), label).toBe(value)
  return { result, rows }
}

/**
 * For a `network` tool that still runs live and works offline by default: a test named `title`
 * that its meta says live and its field `field` defaults to `value` (the offline choice), then
 * its worked examples run with no node ({@link itRunsExamplesWithoutNode}).
 */
export function itStaysLiveOffline(entry: ToolEntry, title: string, field: string, value: string): void {
  it(title, () => {
    expect(entry.meta.live).toBe(true)
    expect(entry.meta.fields.find((f) => f.name === field)?.default).toBe(value)
  })
  itRunsExamplesWithoutNode(entry)
}

/**
 * Test support shared by every suite: the official vectors folder, Foundry's `cast` as an
 * independent implementation, and a real `anvil` node on a free loopback port.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, it } from 'vitest'

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

/**
 * A describe block over official vectors. Where the vectors folder is absent its body is never
 * run (it would read the files): one placeholder test is reported as skipped instead.
 */
export function describeVectors(name: string, body: () => void): void {
  if (haveVectors) describe(name, body)
  else describe(name, () => it.skip(`needs the official vectors in ${vectorsDir}`, () => {}))
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

/** Runs Foundry's `cast` and returns its trimmed stdout; throws with stderr on failure. */
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

/** Async `cast`, for running many invocations concurrently. */
export async function castAsync(args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync(castBin, args as string[], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FOUNDRY_DISABLE_NIGHTLY_WARNING: '1' },
    timeout: 60_000,
  })
  return stdout.trim()
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

/** anvil's default test accounts (from its well-known test mnemonic). Test-only keys. */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const

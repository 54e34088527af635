/**
 * The local chain of the benches that need one (simulate, verified, witness, debug): an anvil
 * started on a free loopback port (the platform binary, as test/support.ts runs it; killed when
 * the bench process exits and never keeping the run alive), a JSON-RPC `rpc` to it, and `send`,
 * which sends from anvil's first account and polls for the receipt. test/support.ts has the
 * same for the tests, but it imports vitest, so the benches keep theirs here.
 *
 * @example
 * ```ts
 * const node = await startAnvil()
 * const receipt = await node.send({ data: bytecode })
 * await node.rpc('eth_getBlockByNumber', ['latest', false])
 * ```
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
/** A foundry tool's binary: the platform package's, else node_modules/.bin's. */
export const foundryBin = (tool: 'anvil' | 'cast') => [join(root, 'node_modules', '@foundry-rs', `${tool}-linux-amd64`, 'bin', tool), join(root, 'node_modules', '.bin', tool)].find(existsSync)!

/** anvil's first account (funded, unlocked). */
export const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as const

export interface Node {
  url: string
  rpc: <T = any>(method: string, params?: unknown[]) => Promise<T>
  /** Sends from anvil's first account (gas 5,000,000 unless given) and waits for the receipt. */
  send: (tx: Record<string, string>) => Promise<any>
  /** The anvil process, for its CPU time. */
  child: ChildProcess
}

export function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port
      s.close(() => res(p))
    })
  })
}

/** A fresh anvil on a free loopback port, answering once this resolves (killed when the bench process exits). */
export async function startAnvil(args: string[] = []): Promise<Node> {
  const port = await freePort()
  const child = spawn(foundryBin('anvil'), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: 'ignore' })
  // the node must not keep the run alive once every suite has printed (it is killed on exit)
  child.unref()
  process.on('exit', () => child.kill('SIGTERM'))
  const url = `http://127.0.0.1:${port}`
  let id = 1
  const rpc = async <T = any>(method: string, params: unknown[] = []): Promise<T> => {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
    const j = (await r.json()) as { result?: T; error?: { message: string } }
    if (j.error) throw new Error(`${method}: ${j.error.message}`)
    return j.result as T
  }
  for (let i = 0; ; i++) {
    try {
      await rpc('eth_chainId')
      break
    } catch (e) {
      if (i > 300) throw e
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const send = async (tx: Record<string, string>) => {
    const h = await rpc<string>('eth_sendTransaction', [{ from: FROM, gas: '0x4c4b40', ...tx }])
    for (let i = 0; i < 400; i++) {
      const r = await rpc('eth_getTransactionReceipt', [h])
      if (r) return r
      await new Promise((res) => setTimeout(res, 25))
    }
    throw new Error(`not mined: ${h}`)
  }
  return { url, rpc, send, child }
}

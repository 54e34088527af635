/**
 * The chains and the delaying proxy of bench/debug.bench.ts: anvil nodes started on free loopback
 * ports (the platform binary, as test/support.ts runs it), the bench contract compiled with solc,
 * and a loopback HTTP proxy that holds every request `delayMs` before passing it on and counts
 * requests, JSON-RPC calls and round trips (a round trip: a period in which requests are in
 * flight; requests sent while another is in flight share it).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { compile } from '../test/chain/solc'

const root = join(import.meta.dirname, '..')
const bin = (tool: 'anvil' | 'cast') => [join(root, 'node_modules', '@foundry-rs', `${tool}-linux-amd64`, 'bin', tool), join(root, 'node_modules', '.bin', tool)].find(existsSync)!
export const castBin = bin('cast')

export const WORK_SOL = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
contract Work {
    uint256 public s;
    // a hash chain in the scratch space: memory stays three words, its contents change every round
    function chain(uint256 n) external returns (bytes32 h) {
        for (uint256 i = 0; i < n; i++) {
            assembly { mstore(0, h) mstore(32, i) h := keccak256(0, 64) }
        }
        s = uint256(h);
    }
    // arithmetic only
    function spin(uint256 n) external returns (uint256 a) {
        unchecked { for (uint256 i = 0; i < n; i++) a = a * 31 + (i ^ (a >> 3)); }
        s = a;
    }
}
`
export const work = () => compile(WORK_SOL).Work!

export interface Node {
  url: string
  rpc: <T = any>(method: string, params?: unknown[]) => Promise<T>
  /** Sends from anvil's first account and waits for the receipt. */
  send: (tx: Record<string, string>) => Promise<any>
  /** The anvil process, for its CPU time. */
  child: ChildProcess
}

export const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

export function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port
      s.close(() => res(p))
    })
  })
}

/** A fresh anvil on a free loopback port (killed when the bench process exits). */
export async function startAnvil(args: string[] = []): Promise<Node> {
  const port = await freePort()
  const child = spawn(bin('anvil'), ['--host', '127.0.0.1', '--port', String(port), '--silent', ...args], { stdio: 'ignore' })
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

export interface Proxy {
  url: string
  /** Counts from now on. */
  reset: () => void
  counts: () => { roundTrips: number; requests: number; calls: number }
}

/** A loopback proxy to `target` that holds each request `delayMs` (the node's round trip) before passing it on. */
export async function delayProxy(target: string, delayMs: number): Promise<Proxy> {
  let roundTrips = 0
  let requests = 0
  let calls = 0
  let inFlight = 0
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (inFlight++ === 0) roundTrips++
      requests++
      const body = Buffer.concat(chunks)
      try {
        const j = JSON.parse(body.toString('utf8')) as unknown
        calls += Array.isArray(j) ? j.length : 1
      } catch {
        calls++
      }
      setTimeout(() => {
        fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
          .then(async (r) => {
            const out = Buffer.from(await r.arrayBuffer())
            res.writeHead(r.status, { 'content-type': 'application/json', 'content-length': out.length })
            res.end(out)
          })
          .catch((e: unknown) => {
            res.writeHead(502)
            res.end(String(e))
          })
          .finally(() => inFlight--)
      }, delayMs)
    })
  })
  server.unref()
  const port = await freePort()
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', () => res()))
  return {
    url: `http://127.0.0.1:${port}`,
    reset: () => (roundTrips = requests = calls = 0),
    counts: () => ({ roundTrips, requests, calls }),
  }
}

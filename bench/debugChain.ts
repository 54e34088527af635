/**
 * The contract and the delaying proxy of bench/debug.bench.ts (its anvil nodes: bench/anvilKit.ts):
 * the bench contract compiled with solc, cast's binary, and a loopback HTTP proxy that holds every request `delayMs` before passing it on and counts
 * requests, JSON-RPC calls and round trips (a round trip: a period in which requests are in
 * flight; requests sent while another is in flight share it).
 */
import { createServer as createHttpServer } from 'node:http'
import { compile } from '../test/chain/solc'
import { foundryBin, freePort } from './anvilKit'

export const castBin = foundryBin('cast')

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

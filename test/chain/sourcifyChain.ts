/**
 * The chain of a verified-source test (#36), started once per file: a fresh anvil, the fixtures of
 * sourcifyServer.ts deployed on it, and the local Sourcify serving their solc outputs; stopped
 * after the file. `ready` runs once all three are up (a file keeps what it uses and does its own
 * setup there). `ctx` is a tool's run context on that anvil whose fetch records each URL it is
 * given in `asked`. Kept apart from sourcifyServer.ts, which e2e specs import outside Vitest.
 *
 * @example
 * ```ts
 * let fx: Fixtures
 * useSourcifyChain((c) => void (fx = c.fx))
 * ```
 */
import { afterAll, beforeAll } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import type { RunContext } from '../../src/tools/types'
import { startAnvil, type Anvil } from '../support'
import { deployFixtures, startSourcifyServer, type Fixtures, type SourcifyServer } from './sourcifyServer'

export interface SourcifyChain {
  anvil: Anvil
  fx: Fixtures
  server: SourcifyServer
  /** A tool's run context on the anvil; its fetch (Node's) pushes each URL to `asked`. */
  ctx: RunContext
}

export function useSourcifyChain(ready: (c: SourcifyChain) => void | Promise<void> = () => {}, asked: string[] = []): void {
  let chain: Partial<SourcifyChain> = {}
  beforeAll(async () => {
    const anvil = (chain.anvil = await startAnvil())
    const fx = (chain.fx = await deployFixtures(anvil.url))
    const server = (chain.server = await startSourcifyServer(fx))
    const counted = ((url: string, init: RequestInit) => (asked.push(url), fetch(url, init))) as unknown as RunContext['fetch']
    const ctx: RunContext = { signal: new AbortController().signal, progress: () => {}, rpc: Rpc.http(anvil.url), rpcUrl: anvil.url, fetch: counted }
    chain = { anvil, fx, server, ctx }
    await ready(chain as SourcifyChain)
  }, 120_000)
  afterAll(async () => {
    await chain.server?.close()
    await chain.anvil?.stop()
  })
}

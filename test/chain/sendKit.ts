/**
 * Shared by the sending tests on anvil (test/chain/sending.test.ts, src/core/tx/TxPending.test.ts,
 * TxFill.test.ts, TxWarnings.test.ts): test keys, a round-trip counter, and the automining chain
 * with the Store contract behind a fault proxy.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { BaseError } from '../../src/core/Errors'
import * as Key from '../../src/core/keys/Key'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import { startAnvil, type Anvil } from '../support'
import { startProxy, type Proxy } from '../fault-server'
import { STORE_INIT } from './contracts'

// anvil's well-known test mnemonic ("test test … junk"), accounts 2 to 6 (test-only keys).
export const KEYS = [
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
] as const
export const addr = (k: string) => Key.toAddress(Key.parse(k))
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * Counts round trips: requests are held and released in waves; a wave is every request the
 * code sent while nothing was in flight. Ten reads in a row are ten waves; ten at once, one.
 */
export function waves(inner: Rpc.Eip1193Like) {
  const queue: (() => void)[] = []
  const rpc: Rpc.Eip1193Like = { request: (args) => new Promise((res, rej) => queue.push(() => void inner.request(args).then(res, rej))) }
  async function count<T>(p: Promise<T>): Promise<{ value: T; waves: number; requests: number }> {
    let done = false
    let n = 0
    let requests = 0
    const settled = p.then(
      (v) => ((done = true), v),
      (e: unknown) => {
        done = true
        throw e
      },
    )
    settled.catch(() => {})
    while (!done) {
      await new Promise((r) => setTimeout(r, 25))
      if (!queue.length) continue
      n++
      const batch = queue.splice(0)
      requests += batch.length
      batch.forEach((f) => f())
    }
    return { value: await settled, waves: n, requests }
  }
  return { rpc, count }
}

export async function errorOf(p: Promise<unknown>): Promise<BaseError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(BaseError)
    return e as BaseError
  }
  throw new Error('expected a failure')
}

/** What {@link useStoreChain} gives its tests (set in its beforeAll). */
export interface StoreChain {
  anvil: Anvil
  /** The node itself. */
  direct: Rpc.Transport
  /** The fault proxy in front of it (test/fault-server.ts). */
  proxy: Proxy
  /** The node through the proxy, with a 2 s timeout. */
  via: Rpc.Transport
  /** The Store contract, deployed by KEYS[0]. */
  store: `0x${string}`
}

/** A fresh automining anvil with the Store contract, reached directly and through a fault proxy; registers the file's beforeAll/afterAll. */
export function useStoreChain(): StoreChain {
  const chain = {} as StoreChain
  beforeAll(async () => {
    chain.anvil = await startAnvil()
    chain.direct = Rpc.http(chain.anvil.url)
    chain.proxy = await startProxy(chain.anvil.url)
    chain.via = Rpc.http(chain.proxy.url, { timeoutMs: 2000 })
    const p = await TxSend.prepare(chain.direct, { chainId: 31337, from: addr(KEYS[0]), to: null, value: 0n, data: STORE_INIT as `0x${string}` })
    const hash = await TxSend.signAndSend(chain.direct, p, KEYS[0])
    chain.store = (await TxSend.waitForReceipt(chain.direct, hash, { pollMs: 50 })).contractAddress as `0x${string}`
  })
  afterAll(async () => {
    await chain.proxy?.close()
    await chain.anvil?.stop()
  })
  return chain
}

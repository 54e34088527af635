/**
 * Shared by the sending tests on anvil (test/chain/sending.test.ts, src/core/tx/TxPending.test.ts,
 * TxFill.test.ts, TxWarnings.test.ts): test keys, and a round-trip counter.
 */
import { expect } from 'vitest'
import { BaseError } from '../../src/core/Errors'
import * as Key from '../../src/core/keys/Key'
import type * as Rpc from '../../src/core/chain/Rpc'

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

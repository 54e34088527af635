/**
 * /simulate's chained call after a replay by the prestate path (#39), on anvil: the seeded
 * session knows only what its transaction touched, so the engine replays the block in full
 * before chaining. Two writes to a store contract in one block (slot 1 first, then slot 2); the
 * second is replayed (prestate path), then a call chained on it writes slot 1 again: its "before"
 * is the first transaction's value, as after the block's earlier transactions, not the parent's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as SimRpc from '../../src/core/sim/SimRpc'
import { simulate, type Holder } from '../../src/tools/simulate/engine'
import type { Input } from '../../src/tools/simulate/input'
import { deployKit } from './blockKit'
import { nodeRpc, startAnvil, type Anvil } from '../support'

let anvil: Anvil
const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const word = (v: bigint) => v.toString(16).padStart(64, '0')
const slot1 = `0x${word(1n)}`

beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

it('a call chained after a prestate replay sees the block\'s earlier transactions (the block is replayed first)', async () => {
  const { store } = await deployKit(rpc)
  const [from] = await rpc<Hex[]>('eth_accounts')
  await rpc('evm_setAutomine', [false])
  const nonce = Number(BigInt(await rpc<string>('eth_getTransactionCount', [from, 'latest'])))
  const send = (n: number, s: bigint, v: bigint) => rpc<Hex>('eth_sendTransaction', [{ from, to: store, nonce: `0x${n.toString(16)}`, gas: '0x20000', data: `0x${word(s)}${word(v)}` }])
  await send(nonce, 1n, 5n)
  const second = await send(nonce + 1, 2n, 7n)
  await rpc('evm_mine', [])
  await rpc('evm_setAutomine', [true])
  const holder: Holder = {}
  const client = () => SimRpc.create(SimRpc.httpTransport(anvil.url))
  const replayed = await simulate(client(), { mode: 'hash', hash: second, steps: false } as Input, holder)
  expect(replayed.result.replayed?.path?.kind).toBe('prestate')
  const chained = await simulate(client(), { mode: 'call', from, to: store, data: `0x${word(1n)}${word(9n)}`, steps: false, chain: true } as Input, holder)
  expect(chained.result.chainedIndex).toBe(2)
  expect(chained.result.diff.storage[store]?.[slot1]).toEqual({ before: `0x${word(5n)}`, after: `0x${word(9n)}` })
}, 120_000)

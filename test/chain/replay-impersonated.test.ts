/**
 * A mined transaction sent by an impersonated account (anvil_impersonateAccount: the node
 * mines it with a signature that recovers to no one) replays by hash: the sender is the one
 * the node names, the result equals the receipt, and the replay says the sender was taken from
 * the node, not recovered. Needs anvil.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import { minedAt, nodeRpc, startAnvil, type Anvil } from '../support'

let anvil: Anvil
const ok = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const mined = (h: Hex) => minedAt(anvil.url, h)

beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(() => anvil?.stop())

it('replays a transaction an impersonated account sent, from the sender the node names', async () => {
  const who = '0x00000000000000000000000000000000000dead1' as Hex
  const to = '0x000000000000000000000000000000000000bEEF' as Hex
  await ok('anvil_setBalance', [who, '0xde0b6b3a7640000'])
  await ok('anvil_impersonateAccount', [who])
  const hash = await ok<Hex>('eth_sendTransaction', [{ from: who, to, value: '0x1234', gas: '0x5208' }])
  const receipt = await mined(hash)
  expect(receipt.from.toLowerCase()).toBe(who)
  const rpc = SimRpc.create(SimRpc.httpTransport(anvil.url))
  const { result } = await Simulation.replay(rpc, hash)
  expect(result.status).toBe(receipt.status === '0x1' ? 'success' : 'reverted')
  expect(BigInt(result.gasUsed)).toBe(BigInt(receipt.gasUsed))
  expect(result.from.toLowerCase()).toBe(who)
  expect(result.replayed?.senderFromNode).toBe(true)
}, 60_000)

it('a properly signed transaction keeps its recovered sender', async () => {
  const [a0] = await ok<Hex[]>('eth_accounts')
  const hash = await ok<Hex>('eth_sendTransaction', [{ from: a0, to: '0x000000000000000000000000000000000000bEEF', value: '0x1', gas: '0x5208' }])
  await mined(hash)
  const rpc = SimRpc.create(SimRpc.httpTransport(anvil.url))
  const { result } = await Simulation.replay(rpc, hash)
  expect(result.status).toBe('success')
  expect(result.from.toLowerCase()).toBe(a0!.toLowerCase())
  expect(result.replayed?.senderFromNode).toBeUndefined()
}, 60_000)

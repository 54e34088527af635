/**
 * Bundle against a real anvil (started by useSimChain, test/chain/sim/chain.ts): five calls
 * whose results depend on their order (an approval, a transferFrom under it, a transfer from the
 * same balance, a counter, an ether transfer), run in the page's EVM on one state, in two orders;
 * each step's status, gas used, return data and logs equal anvil's own `eth_simulateV1` for the
 * same order (asked here, independently of Bundle), the node's token balances agree with the
 * bundle's total, and the two orders give different results.
 */
import { describe, expect, it } from 'vitest'
import { decodeFunctionResult, type Abi, type Hex } from 'viem'
import * as Bundle from './Bundle'
import * as BundleInput from './BundleInput'
import * as SimRpc from './SimRpc'
import { A0, A1, OTHER } from '../../../test/chain/sim/contracts'
import { art, c, client, data, rpc, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

/** anvil's eth_simulateV1 for these calls, in this order, with these gas limits: one block, on `tag`. */
async function nodeSimulate(calls: Bundle.Call[], gas: string[], tag: string) {
  const blocks = await rpc<any[]>('eth_simulateV1', [
    { blockStateCalls: [{ calls: calls.map((x, i) => ({ from: x.from, to: x.to, input: x.data ?? '0x', value: `0x${(x.value ?? 0n).toString(16)}`, gas: `0x${BigInt(gas[i]!).toString(16)}` })) }] },
    tag,
  ])
  return (blocks[0].calls as any[]).map((x) => ({
    status: x.status === '0x1' ? 'success' : 'reverted',
    gasUsed: BigInt(x.gasUsed).toString(),
    returnData: (x.returnData as string).toLowerCase(),
    logs: (x.logs as any[]).map((l) => ({ address: l.address.toLowerCase(), topics: l.topics.map((t: string) => t.toLowerCase()), data: l.data.toLowerCase() })),
  }))
}

const mine = (s: Bundle.Outcome['steps'][number]) => ({ status: s.result.status, gasUsed: BigInt(s.result.gasUsed).toString(), returnData: s.result.returnData.toLowerCase(), logs: s.result.logs.map((l) => ({ address: l.address.toLowerCase(), topics: l.topics.map((t) => t.toLowerCase()), data: l.data.toLowerCase() })) })

describe('Bundle against anvil', () => {
  it('five calls in two orders: every step equals eth_simulateV1 for the same order, and the orders differ', async () => {
    const tag = await rpc<Hex>('eth_blockNumber')
    const calls: Bundle.Call[] = [
      { from: A1, to: c.token!, data: data('Token', 'approve', [A0, 8_000n]) },
      { from: A0, to: c.token!, data: data('Token', 'transferFrom', [A1, OTHER, 7_000n]) },
      { from: A1, to: c.token!, data: data('Token', 'transfer', [A0, 5_000n]) },
      { from: A0, to: c.leaf!, data: data('Leaf', 'poke', [3n]) },
      { from: A0, to: OTHER, value: 10n ** 15n },
    ]
    // the third call moved up one place, then once more: first
    const reordered = BundleInput.move(BundleInput.move(calls, 2, -1), 1, -1)
    expect(reordered.map((x) => calls.indexOf(x))).toEqual([2, 0, 1, 3, 4])
    const results: ReturnType<typeof mine>[][] = []
    for (const order of [calls, reordered]) {
      const out = await Bundle.run(client(), order, tag, { compare: true })
      const node = await nodeSimulate(order, out.gasLimits, tag)
      const here = out.steps.map(mine)
      expect(here).toEqual(node)
      expect(out.comparison).toMatchObject({ available: true, agrees: true })
      results.push(here)
      // the bundle's total token changes: the node's own balances after its simulation of the same order
      const balances = await rpc<any[]>('eth_simulateV1', [
        { blockStateCalls: [{ calls: simulateCalls(order, out.gasLimits) }, { calls: [A0, A1, OTHER].map((a) => ({ from: A0, to: c.token, input: data('Token', 'balanceOf', [a]) })) }] },
        tag,
      ])
      const before = await Promise.all([A0, A1, OTHER].map((a) => rpc<Hex>('eth_call', [{ to: c.token, data: data('Token', 'balanceOf', [a]) }, tag])))
      const after = (balances[1].calls as any[]).map((x) => x.returnData as Hex)
      const net = (who: string) => out.total.tokens.filter((t) => t.kind === 'transfer').reduce((s, t) => s + (t.to === who ? BigInt(t.amount!) : 0n) - (t.from === who ? BigInt(t.amount!) : 0n), 0n)
      ;[A0, A1, OTHER].forEach((a, i) => expect(net(a), `token change of ${a}`).toBe(dec(after[i]!) - dec(before[i]!)))
    }
    // the orders give different results: the transfer succeeds first and fails third; the transferFrom the other way
    expect(results[0]!.map((r) => r.status)).toEqual(['success', 'success', 'reverted', 'success', 'success'])
    expect(results[1]!.map((r) => r.status)).toEqual(['success', 'success', 'reverted', 'success', 'success'])
    expect(results[0]![2]!.returnData).not.toBe('0x')
    expect(results[0]![1]).not.toEqual(results[1]![2])
  }, 120_000)

  it('a node without eth_simulateV1: the page\'s results stand, and it says the node did not answer', async () => {
    const inner = client()
    const refusing: SimRpc.Transport = {
      url: inner.transport.url,
      send: async (calls, signal) => {
        const replies = await inner.transport.send(calls.map((x) => (x.method === 'eth_simulateV1' ? { method: 'eth_nonexistent', params: [] } : x)), signal)
        return replies
      },
    }
    const out = await Bundle.run(SimRpc.create(refusing), [{ from: A0, to: c.leaf!, data: data('Leaf', 'poke', [1n]) }], 'latest', { compare: true })
    expect(out.steps[0]!.result.status).toBe('success')
    expect(out.comparison).toMatchObject({ available: false, method: 'eth_simulateV1' })
    // the node's own eth_call says the same return value
    const x = await rpc<Hex>('eth_call', [{ from: A0, to: c.leaf, data: data('Leaf', 'poke', [1n]) }, 'latest'])
    expect(decodeFunctionResult({ abi: art.Leaf!.abi as Abi, functionName: 'poke', data: out.steps[0]!.result.returnData })).toBe(decodeFunctionResult({ abi: art.Leaf!.abi as Abi, functionName: 'poke', data: x }))
  }, 60_000)
})

const dec = (h: Hex) => BigInt(h)
const simulateCalls = (order: Bundle.Call[], gas: string[]) => order.map((x, i) => ({ from: x.from, to: x.to, input: x.data ?? '0x', value: `0x${(x.value ?? 0n).toString(16)}`, gas: `0x${BigInt(gas[i]!).toString(16)}` }))

/**
 * FeeHistory against anvil: base fees, fullness and tip percentiles as the node's eth_feeHistory
 * gives them after blocks with different tips. The chain is test/chain/traceKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import * as FeeHistory from './FeeHistory'
import type * as Rpc from './Rpc'
import { OTHER } from '../../../test/chain/sim/contracts'
import { q, rpc, send, useTraceChain } from '../../../test/chain/traceKit'

useTraceChain()

describe('FeeHistory against anvil', () => {
  it('reads base fees, fullness and tip percentiles as eth_feeHistory gives them, with the next block\'s base fee last', async () => {
    // blocks with different tips: 1, 2 and 3 gwei
    for (const tip of [1n, 2n, 3n]) await send(OTHER, '0x', 1n, 21_000n, { maxPriorityFeePerGas: q(tip * 10n ** 9n), maxFeePerGas: q(100n * 10n ** 9n) })
    const latest = BigInt(await rpc<string>('eth_blockNumber'))
    const node = await rpc<{ oldestBlock: string; baseFeePerGas: string[]; gasUsedRatio: number[]; reward: string[][] }>('eth_feeHistory', ['0x5', 'latest', [10, 50, 90]])
    const transport: Rpc.Eip1193Like = { request: async ({ method, params }) => rpc(method, params as unknown[]) }
    const h = await FeeHistory.read(transport, { blocks: 5 })
    expect(h.percentiles).toEqual([10, 50, 90])
    expect(h.points).toHaveLength(node.baseFeePerGas.length)
    expect(h.points.map((p) => p.baseFee)).toEqual(node.baseFeePerGas.map(BigInt))
    expect(h.points.filter((p) => !p.next).map((p) => p.rewards)).toEqual(node.reward.map((r) => r.map(BigInt)))
    expect(h.points.filter((p) => !p.next).map((p) => p.gasUsedRatio)).toEqual(node.gasUsedRatio)
    expect(h.points.at(-1)!.next).toBe(true)
    expect(h.points.at(-1)!.block).toBe(latest + 1n)
    expect(h.points.at(-2)!.block).toBe(latest)
    // the last three blocks' tips: each block's one transaction paid 1, 2 and 3 gwei
    expect(h.points.slice(-4, -1).map((p) => p.rewards[1])).toEqual([1n, 2n, 3n].map((g) => g * 10n ** 9n))
    const s = FeeHistory.summary(h)
    expect(s).toMatch(new RegExp(`^Blocks ${latest - 4n} to ${latest}: base fee `))
    expect(s).toContain(`next block ${FeeHistory.gwei(h.points.at(-1)!.baseFee)}`)
    expect(s).toContain('tip at the 50th percentile')
    expect(FeeHistory.gwei(875_000_000n)).toBe('0.875 gwei')
    expect(FeeHistory.gwei(12_345_000_000n)).toBe('12.3 gwei')
    expect(FeeHistory.gwei(3n * 10n ** 9n)).toBe('3 gwei')
  })

  it('refuses a malformed answer', () => {
    expect(() => FeeHistory.fromResponse({ oldestBlock: '0x1', baseFeePerGas: ['0x1', 'zz'], gasUsedRatio: [0.5], reward: [['0x1']] }, [50])).toThrow()
    expect(() => FeeHistory.fromResponse({ oldestBlock: '0x1', baseFeePerGas: ['0x1', '0x2'], gasUsedRatio: [0.5], reward: [['0x1', '0x2']] }, [50])).toThrow()
  })
})

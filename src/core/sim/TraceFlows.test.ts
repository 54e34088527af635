/**
 * TraceFlows on replayed devnet transactions, held to anvil: the gas boxes' totals to its
 * callTracer and the receipt, the rows to the boxes, and where value moved to the balances the
 * node reports before and after (ether by eth_getBalance, tokens by balanceOf; the sender pays
 * gas too, so its ether is not compared). The chain is test/chain/traceKit.ts. Needs anvil.
 */
import fc from 'fast-check'
import { utils } from 'ethers'
import { describe, expect, it } from 'vitest'
import { getAddress, type Hex } from 'viem'
import * as TraceFlows from './TraceFlows'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { c, data, flat, q, replayed, rpc, useTraceChain } from '../../../test/chain/traceKit'

useTraceChain()

const walk = (n: TraceFlows.GasNode): TraceFlows.GasNode[] => [n, ...n.children.flatMap(walk)]

describe('TraceFlows against anvil', () => {
  it('gas boxes: each box\'s gas is its callTracer frame\'s (the top: the receipt\'s), its own part is its gas less its calls\', the rows follow the boxes', async () => {
    for (const [to, input, value] of [
      [c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n],
      [c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n],
      [OTHER, '0x', 5n],
    ] as [Hex, Hex, bigint][]) {
      const { receipt, report, trace } = await replayed(to, input, value, 300_000n)
      const tree = TraceFlows.gasTree(report)
      const boxes = walk(tree)
      const frames = flat(trace)
      expect(boxes.map((b) => b.gas)).toEqual(frames.map((f, i) => (i === 0 ? BigInt(receipt.gasUsed) : BigInt(f.gasUsed))))
      expect(boxes.map((b) => b.failed)).toEqual(frames.map((f) => !!f.error))
      for (const b of boxes) {
        const own = b.gas - b.children.reduce((s, k) => s + k.gas, 0n)
        expect(b.self).toBe(own > 0n ? own : 0n)
      }
      expect(TraceFlows.gasTotal(tree)).toBe(boxes.reduce((s, b) => s + b.self, 0n))
      const rows = TraceFlows.gasRows(tree)
      expect(rows.map((r) => [r.id, r.gas, r.self, r.failed])).toEqual(boxes.map((b) => [b.id, b.gas, b.self, b.failed]))
      expect(rows[0]!.depth).toBe(0)
      expect(rows[0]!.share).toBe(100)
    }
  })

  it('value flows: each net change equals the node\'s balance change across the block (ether and the token)', async () => {
    const { receipt, report } = await replayed(c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 250n)
    const after = q(BigInt(receipt.blockNumber))
    const before = q(BigInt(receipt.blockNumber) - 1n)
    const flows = TraceFlows.valueFlows(report)
    const eth = flows.find((f) => f.asset === 'ETH')!
    const token = flows.find((f) => f.asset === getAddress(c.token!))!
    expect(eth.net.length).toBeGreaterThan(1)
    expect(token.net.length).toBe(2)
    for (const { address, delta } of eth.net) {
      if (address === getAddress(A0)) continue
      const b = await Promise.all([before, after].map((t) => rpc<Hex>('eth_getBalance', [address, t])))
      expect(delta, `ether of ${address}`).toBe(BigInt(b[1]!) - BigInt(b[0]!))
    }
    for (const { address, delta } of token.net) {
      const input = data('Token', 'balanceOf', [address])
      const b = await Promise.all([before, after].map((t) => rpc<Hex>('eth_call', [{ to: c.token, data: input }, t])))
      expect(delta, `token of ${address}`).toBe(BigInt(b[1]!) - BigInt(b[0]!))
    }
    // each flow's net is its transfers summed per address (an address whose ether came and went: 0)
    for (const f of flows) {
      const sum = new Map<string, bigint>()
      for (const t of f.transfers) {
        sum.set(t.from, (sum.get(t.from) ?? 0n) - t.amount)
        sum.set(t.to, (sum.get(t.to) ?? 0n) + t.amount)
      }
      expect(Object.fromEntries(f.net.map((n) => [n.address, n.delta]))).toEqual(Object.fromEntries(sum))
    }
  })
})

describe('the value-flow picture\'s bands (pairs)', () => {
  const trim = (x: string) => (x.includes('.') ? x.replace(/0+$/, '').replace(/\.$/, '') : x)
  it('one band per payer → payee, its transfers summed and written as ethers formatUnits writes the sum (random flows)', () => {
    const who = ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40), '0x' + '3'.repeat(40)]
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: fc.constantFrom(...who), to: fc.constantFrom(...who), amount: fc.bigInt({ min: 1n, max: 2n ** 200n }) }), { minLength: 1, maxLength: 20 }),
        fc.constantFrom(0, 6, 18),
        fc.boolean(),
        (ts, decimals, isEth) => {
          const symbol = isEth ? 'ETH' : 'TOK'
          const d = isEth ? 18 : decimals
          const flow: TraceFlows.AssetFlow = { asset: isEth ? 'ETH' : who[0]!, label: symbol, transfers: ts.map((t) => ({ ...t, text: `t${t.amount}` })), net: [], unit: { decimals: d, symbol } }
          const got = TraceFlows.pairs(flow)
          const keys = [...new Set(ts.map((t) => `${t.from}>${t.to}`))]
          expect(got.map((p) => `${p.from}>${p.to}`)).toEqual(keys)
          for (const p of got) {
            const mine = ts.filter((t) => t.from === p.from && t.to === p.to)
            const sum = mine.reduce((a, t) => a + t.amount, 0n)
            expect(p.amount).toBe(sum)
            expect(p.count).toBe(mine.length)
            // one transfer keeps its own words; a sum is written in the asset's unit
            expect(p.text).toBe(mine.length === 1 ? `t${sum}` : `${trim(utils.formatUnits(sum, d))} ${symbol}`)
          }
        },
      ),
    )
  })

  it('without a unit to sum in (NFT ids), a band joins its transfers\' words', () => {
    const [a, b] = ['0x' + 'a'.repeat(40), '0x' + 'b'.repeat(40)]
    const flow: TraceFlows.AssetFlow = { asset: 'nft', label: 'NFT', transfers: [{ from: a, to: b, amount: 1n, text: '#7' }, { from: a, to: b, amount: 1n, text: '#9' }], net: [] }
    expect(TraceFlows.pairs(flow)).toEqual([{ from: a, to: b, amount: 2n, count: 2, text: '#7 + #9' }])
  })
})

/**
 * TraceView on replayed devnet transactions: their lines (and the gas boxes and value flows of
 * TraceFlows drawn from the same report) held to anvil's own callTracer and receipt. The chain
 * is test/chain/traceKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import { getAddress } from 'viem'
import * as TraceFlows from './TraceFlows'
import * as TraceView from './TraceView'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { c, data, flat, replayed, rpc, send, useTraceChain } from '../../../test/chain/traceKit'
import { creditOf, delegateContracts, deployData, multicallDeposits } from '../../../test/chain/delegateValue'

useTraceChain()

describe('TraceView on replayed devnet transactions', () => {
  it('a plain ether transfer: one line, the transaction\'s gas (not 0) on the top frame, checksummed addresses, one ETH flow', async () => {
    const { receipt, report, trace } = await replayed(OTHER, '0x', 12_345n, 21_000n)
    expect(BigInt(trace.gasUsed)).toBe(BigInt(receipt.gasUsed))
    const lines = TraceView.lines(report)
    expect(lines).toHaveLength(flat(trace).length)
    expect(lines[0]!.gasUsed).toBe(21_000n)
    expect(lines[0]!.to).toBe(getAddress(OTHER))
    expect(lines[0]!.from).toBe(getAddress(A0))
    expect(lines[0]!.text).toBe(`CALL ${getAddress(OTHER).slice(0, 8)}…${getAddress(OTHER).slice(-6)} · 0.000000000000012345 ETH · 21,000 gas`)
    const gas = TraceFlows.gasTree(report)
    expect(gas.gas).toBe(BigInt(receipt.gasUsed))
    expect(TraceFlows.gasTotal(gas)).toBe(BigInt(receipt.gasUsed))
    expect(TraceFlows.valueFlows(report)).toEqual([{ asset: 'ETH', label: 'ETH', transfers: [{ from: getAddress(A0), to: getAddress(OTHER), amount: 12_345n, text: '0.000000000000012345 ETH' }], net: [{ address: getAddress(A0), delta: -12_345n }, { address: getAddress(OTHER), delta: 12_345n }], unit: { decimals: 18, symbol: 'ETH' } }])
  })

  it('the orchestrator: one line per callTracer frame with its type, checksummed contract and gas; caught reverts marked as caught; the gas boxes add up to the receipt; ether and token flows as the frames and logs say', async () => {
    const { receipt, report, trace } = await replayed(c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n)
    const nodeFrames = flat(trace)
    const lines = TraceView.lines(report)
    expect(lines.length).toBe(nodeFrames.length)
    expect(lines.length).toBeGreaterThan(8)
    lines.forEach((l, i) => {
      const n = nodeFrames[i]!
      expect(l.type).toBe(n.type)
      if (n.to) expect(l.to).toBe(getAddress(n.to))
      // anvil's root gasUsed is the block's cumulative gas: the receipt's is the transaction's
      expect(l.gasUsed).toBe(i === 0 ? BigInt(receipt.gasUsed) : BigInt(n.gasUsed))
      expect(l.failed).toBe(!!n.error)
      expect(l.text).toMatch(/^[A-Z0-9]+ /)
      expect(l.text).not.toMatch(/0x[0-9a-f]{6}[a-f][0-9a-f]*…/) // never lower-case hex letters in an address prefix
    })
    expect(lines[0]!.fn).toBe('run')
    expect(lines[0]!.args.map((a) => a.value)).toEqual([getAddress(c.leaf!), getAddress(c.proxy!), getAddress(c.token!), getAddress(OTHER)])
    // the three caught reverts: marked as caught, with their reasons; no frame is the failure's origin
    const caught = lines.filter((l) => l.caught)
    expect(caught.map((l) => l.reason)).toEqual(nodeFrames.filter((n) => n.error).map((n) => n.revertReason ?? expect.any(String)))
    expect(caught[0]!.reason).toBe('leaf boom')
    expect(caught[0]!.text).toMatch(/ · reverted, caught by the caller: leaf boom$/)
    expect(lines.some((l) => l.revertOrigin)).toBe(false)
    // gas: the boxes' own parts add up to the receipt's gas used
    const gas = TraceFlows.gasTree(report)
    expect(gas.gas).toBe(BigInt(receipt.gasUsed))
    expect(TraceFlows.gasTotal(gas)).toBe(BigInt(receipt.gasUsed))
    const rows = TraceFlows.gasRows(gas)
    expect(rows).toHaveLength(nodeFrames.length)
    expect(rows[0]!.share).toBe(100)
    // ether: every frame with value that did not revert (callTracer's CALL, CREATE2, SELFDESTRUCT with value)
    const flows = TraceFlows.valueFlows(report)
    const eth = flows.find((f) => f.asset === 'ETH')!
    const moved = nodeFrames.filter((n) => n.value && BigInt(n.value) > 0n && !n.error && ['CALL', 'CREATE', 'CREATE2', 'SELFDESTRUCT'].includes(n.type))
    expect(eth.transfers.map((t) => [t.from, t.to, t.amount])).toEqual(moved.map((n) => [getAddress(n.from), getAddress(n.to!), BigInt(n.value!)]))
    // the token transfer of 5 from the orchestrator to OTHER, from the receipt's Transfer log
    const token = flows.find((f) => f.asset === getAddress(c.token!))!
    expect(token.transfers).toEqual([{ from: getAddress(c.orch!), to: getAddress(OTHER), amount: 5n, text: '5 token units' }])
    const logs = receipt.logs.filter((l: { address: string }) => l.address.toLowerCase() === c.token!.toLowerCase())
    expect(logs).toHaveLength(1)
  })

  it('a revert deep in the tree: the frame where it started is marked once with its reason; its callers fail without the mark', async () => {
    const { receipt, report, trace } = await replayed(c.delegate!, data('Delegate', 'ping', [c.token, OTHER]), 0n, 300_000n)
    expect(receipt.status).toBe('0x0')
    const nodeFrames = flat(trace)
    const lines = TraceView.lines(report)
    expect(lines).toHaveLength(nodeFrames.length)
    const marked = lines.filter((l) => l.revertOrigin)
    expect(marked).toHaveLength(1)
    expect(marked[0]!.id).toBe('0')
    expect(marked[0]!.reason).toBe(nodeFrames[1]!.revertReason)
    expect(marked[0]!.reason).toBe('balance')
    expect(marked[0]!.text).toMatch(/^CALL 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6} transfer\(to: 0x[0-9a-fA-F]{6}…[0-9a-fA-F]{6}, v: 1\) · [\d,]+ gas · reverted: balance$/)
    expect(lines[0]!.failed).toBe(true)
    expect(lines[0]!.text).not.toMatch(/reverted/)
    expect(TraceView.revertOrigin(report)?.id).toBe('0')
    expect(TraceFlows.gasTree(report).gas).toBe(BigInt(receipt.gasUsed))
    // nothing moved: a reverted transaction's transfers are undone
    expect(TraceFlows.valueFlows(report)).toEqual([])
  })

  it('a revert in the top frame itself: the top frame is marked; the call before it is undone', async () => {
    const { report, trace } = await replayed(c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n)
    const lines = TraceView.lines(report)
    expect(lines).toHaveLength(flat(trace).length)
    expect(lines[0]!.revertOrigin).toBe(true)
    expect(lines[0]!.reason).toBe('outer fail')
    expect(lines[1]!.undone).toBe(true)
    expect(lines[1]!.revertOrigin).toBe(false)
  })

  it('a DELEGATECALL runs with its caller\'s msg.value: each delegate frame carries it as inherited (equal to anvil\'s callTracer value), moves none, and names the proxy it runs as and the code it runs', async () => {
    const dv = delegateContracts()
    const book = (await send(undefined, deployData(dv), 0n, 5_000_000n)).contractAddress as `0x${string}`
    const proxy = (await send(undefined, deployData(dv, book), 0n, 5_000_000n)).contractAddress as `0x${string}`
    const value = 1_500_000_000_000_000_000n
    const { receipt, report, trace } = await replayed(proxy, multicallDeposits(dv, 2), value)
    expect(receipt.status).toBe('0x1')
    // the reuse the trace must show: paid once, credited twice (the book read back through the proxy)
    expect(BigInt(await rpc<string>('eth_call', [{ to: proxy, data: creditOf(dv, A0) }, 'latest']))).toBe(2n * value)
    const nodeFrames = flat(trace)
    const lines = TraceView.lines(report, { names: { [book.toLowerCase()]: 'DepositBook', [proxy.toLowerCase()]: 'BookProxy' } })
    expect(lines).toHaveLength(nodeFrames.length)
    // the proxy into multicall, then per deposit: multicall into the proxy's code, the proxy into deposit
    const delegates = lines.filter((l) => l.type === 'DELEGATECALL')
    expect(delegates).toHaveLength(5)
    const short = (a: string) => `${getAddress(a).slice(0, 8)}…${getAddress(a).slice(-6)}`
    lines.forEach((l, i) => {
      const n = nodeFrames[i]!
      expect(l.type).toBe(n.type)
      if (n.type !== 'DELEGATECALL') {
        expect(l.inheritedValue).toBeUndefined()
        expect(l.context).toBeUndefined()
        return
      }
      // anvil's callTracer gives a DELEGATECALL the value its code runs with, `from` the account it runs as, `to` the code
      expect(n.value).toBeDefined()
      expect(l.inheritedValue).toBe(BigInt(n.value!))
      expect(l.inheritedValue).toBe(value)
      expect(l.value).toBe(0n)
      expect(l.context).toBe(getAddress(n.from))
      expect(l.context).toBe(getAddress(proxy))
      expect(l.contextName).toBe('BookProxy')
      expect(l.to).toBe(getAddress(n.to!))
      expect(l.text).toContain(' · value 1.5 ETH (inherited from caller) · ')
      expect(l.text).toContain(short(n.to!))
    })
    expect(lines[0]!.value).toBe(value)
    expect(lines[0]!.text).not.toContain('inherited')
    // no ether moved but the payment to the proxy
    expect(TraceFlows.valueFlows(report).find((f) => f.asset === 'ETH')!.transfers.map((t) => [t.from, t.to, t.amount])).toEqual([[getAddress(A0), getAddress(proxy), value]])
    // the gas table names both accounts of a delegate frame: the proxy it runs as, the code it runs
    const rows = TraceFlows.gasRows(TraceFlows.gasTree(report, { names: { [book.toLowerCase()]: 'DepositBook', [proxy.toLowerCase()]: 'BookProxy' } }))
    expect(rows).toHaveLength(nodeFrames.length)
    rows.forEach((r, i) => {
      const n = nodeFrames[i]!
      if (n.type !== 'DELEGATECALL') return expect(r.label).not.toContain(' running ')
      expect(r.label).toMatch(new RegExp(`^BookProxy running ${getAddress(n.to!) === getAddress(book) ? 'DepositBook' : 'BookProxy'}\\b`))
    })
    // without names, the addresses
    const bare = TraceFlows.gasRows(TraceFlows.gasTree(report))
    const first = nodeFrames.findIndex((n) => n.type === 'DELEGATECALL')
    const six = (a: string) => `${getAddress(a).slice(0, 6)}…${getAddress(a).slice(-4)}`
    expect(bare[first]!.label.startsWith(`${six(proxy)} running ${six(book)}`)).toBe(true)
  })
})

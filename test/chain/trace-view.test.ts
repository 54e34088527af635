/**
 * core/sim/TraceView and core/chain/FeeHistory against a real anvil: transactions of the simulator's
 * test contracts are mined, replayed in the page's EVM (Simulation.replay), and their lines,
 * gas boxes and value flows are held to anvil's own callTracer and receipt; the fee history
 * to the node's eth_feeHistory after blocks with different tips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeDeployData, encodeFunctionData, getAddress, type Abi, type Hex } from 'viem'
import * as FeeHistory from '../../src/core/chain/FeeHistory'
import * as Rpc from '../../src/core/chain/Rpc'
import * as SimReport from '../../src/core/sim/SimReport'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import * as TraceFlows from '../../src/core/sim/TraceFlows'
import * as TraceView from '../../src/core/sim/TraceView'
import { startAnvil, type Anvil } from '../support'
import { A0, compile, OTHER, type Artifacts } from './sim/contracts'

let anvil: Anvil
let art: Artifacts
let id = 1
async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
const q = (n: bigint) => `0x${n.toString(16)}`
const c: Record<string, Hex> = {}
const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: art[name]!.abi, functionName: fn, args })
async function mined(h: Hex) {
  for (let i = 0; i < 200; i++) {
    const r = await rpc<any>('eth_getTransactionReceipt', [h])
    if (r) return r
    await new Promise((res) => setTimeout(res, 20))
  }
  throw new Error(`not mined: ${h}`)
}
const send = async (to: Hex | undefined, input: Hex, value = 0n, gas = 3_000_000n, extra: Record<string, string> = {}) =>
  mined(await rpc<Hex>('eth_sendTransaction', [{ from: A0, ...(to ? { to } : {}), data: input, value: q(value), gas: q(gas), ...extra }]))
const deploy = async (name: string, args: unknown[] = []) => (await send(undefined, encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never), 0n, 5_000_000n)).contractAddress as Hex

interface NodeFrame {
  type: string
  from: string
  to?: string
  value?: string
  gasUsed: string
  error?: string
  revertReason?: string
  calls?: NodeFrame[]
}
const flat = (f: NodeFrame): NodeFrame[] => [f, ...(f.calls ?? []).flatMap(flat)]

/** Mines the transaction, replays it in the page's EVM and returns the report with anvil's trace and receipt. */
async function replayed(to: Hex, input: Hex, value = 0n, gas = 3_000_000n) {
  const receipt = await send(to, input, value, gas)
  const abis = Object.values(art).map((a) => a.abi as never)
  const { result } = await Simulation.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash)
  const report = await SimReport.build(result, { abis })
  const trace = await rpc<NodeFrame>('debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }])
  return { receipt, report, trace }
}

beforeAll(async () => {
  art = compile()
  anvil = await startAnvil()
  c.leaf = await deploy('Leaf')
  c.logic = await deploy('Logic')
  c.proxy = await deploy('Proxy', [c.logic])
  c.token = await deploy('Token', [10n ** 24n])
  c.orch = await deploy('Orchestrator')
  c.delegate = await deploy('Delegate')
  await send(c.token, data('Token', 'transfer', [c.orch, 10_000n]))
}, 120_000)

afterAll(async () => {
  await anvil?.stop()
})

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
    expect(TraceFlows.valueFlows(report)).toEqual([{ asset: 'ETH', label: 'ETH', transfers: [{ from: getAddress(A0), to: getAddress(OTHER), amount: 12_345n, text: '0.000000000000012345 ETH' }], net: [{ address: getAddress(A0), delta: -12_345n }, { address: getAddress(OTHER), delta: 12_345n }] }])
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
})

describe('words for jargon', () => {
  it('hardforks and node reads in plain words', () => {
    expect(TraceView.hardforkText('bpo1')).toBe('Osaka rules with the blob limits of BPO1 (blob-parameter-only upgrade 1)')
    expect(TraceView.hardforkText('prague')).toBe('Prague (Pectra) rules')
    expect(TraceView.readsText({ requests: 20, roundTrips: 2 })).toBe('20 values read from the node in 2 batches')
    expect(TraceView.readsText({ requests: 1, roundTrips: 1 })).toBe('1 value read from the node in 1 batch')
  })
})

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

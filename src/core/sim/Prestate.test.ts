/**
 * The prestate path (#39) against a real anvil: 20 random transactions of a mixed block
 * (test/chain/blockKit.ts: transfers, storage writes, reverts, nested value calls, creations),
 * each replayed by the prestate path and by the full replay of the block's earlier transactions;
 * both give the same call trace and receipt fields, and those agree with anvil's own callTracer
 * and receipt. Then the fallbacks: a node that refuses the tracer, a node whose prestate is
 * wrong, and verified mode (which keeps the proven path unless the prestate is asked for by name).
 * The seed is printed by the test setup (TEST_SEED replays it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as Prestate from './Prestate'
import * as SimRpc from './SimRpc'
import * as Simulation from './Simulation'
import { mixedBlock, type MixedBlock } from '../../../test/chain/blockKit'
import { diffTree, norm } from '../../../test/chain/sim/chain'
import { nodeRpc, randomInt, startAnvil, testSeed, type Anvil } from '../../../test/support'

let anvil: Anvil
let mixed: MixedBlock
/** The block's transactions in block order (anvil orders what was sent by fee and sender). */
let hashes: Hex[]
const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const COUNT = 60

/** A transport over anvil that changes the answers of some calls (`edit` returns the reply to give). */
function tampered(edit: (call: SimRpc.Call, reply: SimRpc.Reply) => SimRpc.Reply, extra: Partial<SimRpc.Transport> = {}): SimRpc.Client {
  const inner = SimRpc.httpTransport(anvil.url)
  return SimRpc.create({ url: inner.url, ...extra, send: async (calls, signal) => (await inner.send(calls, signal)).map((r, i) => edit(calls[i]!, r)) })
}
const isPrestate = (c: SimRpc.Call) => c.method === 'debug_traceTransaction' && (c.params[1] as { tracer?: string }).tracer === 'prestateTracer'

beforeAll(async () => {
  anvil = await startAnvil()
  mixed = await mixedBlock(rpc, COUNT)
  hashes = (await rpc<{ transactions: Hex[] }>('eth_getBlockByNumber', [`0x${mixed.number.toString(16)}`, false])).transactions
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('Prestate: the prestate path against the full replay and anvil', () => {
  it(`20 random transactions of a ${COUNT}-transaction mixed block: same call trace and receipt fields both ways, and as anvil's own (seed ${testSeed})`, async () => {
    const picks = new Set<number>()
    while (picks.size < 20) picks.add(randomInt(COUNT))
    const kinds = new Set<string>()
    for (const i of [...picks].sort((a, b) => a - b)) {
      const hash = hashes[i]!
      const fast = await Simulation.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), hash)
      const full = await Simulation.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), hash, { prestate: 'never' })
      expect(fast.result.replayed?.path?.kind, `${i} ${hash}: ${fast.result.replayed?.path?.note}`).toBe('prestate')
      expect(fast.result.replayed?.path?.roundTrips).toBeLessThanOrEqual(5)
      expect(full.result.replayed?.path).toMatchObject({ kind: 'replay', note: 'the prestate path was not asked for' })
      expect(fast.result.replayed).toMatchObject({ hash, index: i, earlierTxs: i })
      // a seeded session knows only what the transaction touched: marked, so a chained call replays the block first
      expect([fast.session.prestateOf, full.session.prestateOf]).toEqual([hash, undefined])
      const [receipt, trace] = await Promise.all([
        rpc<any>('eth_getTransactionReceipt', [hash]),
        rpc<any>('debug_traceTransaction', [hash, { tracer: 'callTracer', tracerConfig: { withLog: true } }]),
      ])
      trace.gasUsed = receipt.gasUsed // anvil 1.7.1: the root's gasUsed is the block's cumulative gas
      if (trace.error) delete trace.logs // anvil keeps a reverted root's logs; geth (and we) do not
      for (const [name, r] of [['prestate', fast.result], ['full replay', full.result]] as const) {
        // a failed creation: anvil (like geth) names no `to`, the page names the address it would have had (as before #39)
        const ours = trace.type === 'CREATE' && trace.error ? { ...r.trace, to: undefined } : r.trace
        expect(diffTree(norm(trace), norm(ours), 'root'), `${name} ${i} ${hash}`).toEqual([])
        expect({ status: r.status === 'success' ? '0x1' : '0x0', gasUsed: BigInt(r.gasUsed), logs: r.logs, created: r.createdAddress }).toEqual({
          status: receipt.status,
          gasUsed: BigInt(receipt.gasUsed),
          logs: receipt.logs.map((l: any) => ({ address: l.address.toLowerCase(), topics: l.topics, data: l.data })),
          created: receipt.contractAddress?.toLowerCase() ?? undefined,
        })
      }
      expect(norm(fast.result.trace)).toEqual(norm(full.result.trace))
      expect(fast.result.diff).toEqual(full.result.diff)
      kinds.add(`${trace.type}${trace.error ? ' reverted' : ''}${trace.calls?.length ? ' nested' : ''}`)
    }
    expect(kinds.size, [...kinds].join(', ')).toBeGreaterThan(1)
  }, 240_000)

  it('a node that refuses the prestate tracer: the block is replayed, and the result says why', async () => {
    const refusing = tampered((c, r) => (isPrestate(c) ? { error: { code: -32601, message: 'Method not found' } } : r))
    const { result } = await Simulation.replay(refusing, hashes[COUNT - 1]!)
    expect(result.replayed?.path).toMatchObject({ kind: 'replay', note: 'the node did not answer debug_traceTransaction with the prestate tracer' })
    expect(result.replayed?.earlierTxs).toBe(COUNT - 1)
  }, 60_000)

  it('a provider that throws for the tracer (a wallet) fails no replay: the lookup is asked again without it', async () => {
    const inner = SimRpc.httpTransport(anvil.url)
    const wallet = SimRpc.create({ url: 'the wallet', send: (calls, signal) => (calls.some(isPrestate) ? Promise.reject(new SimRpc.NoBatchError('the wallet', 'no debug namespace')) : inner.send(calls, signal)) })
    const { result } = await Simulation.replay(wallet, hashes[5]!)
    expect(result.replayed?.path?.kind).toBe('replay')
    expect(result.replayed?.path?.note).toMatch(/^the node refused the prestate tracer/)
  }, 60_000)

  it("a node whose prestate is wrong: the re-execution disagrees with its receipt, and the block is replayed (the node's word is not taken)", async () => {
    const hash = hashes[COUNT - 1]!
    const tx = await rpc<{ from: string }>('eth_getTransactionByHash', [hash])
    const lying = tampered((c, r) => {
      if (!isPrestate(c) || 'error' in r || (c.params[1] as { tracerConfig?: unknown }).tracerConfig) return r
      const pre = structuredClone(r.result) as Prestate.State
      const from = Object.keys(pre).find((a) => a.toLowerCase() === tx.from.toLowerCase())!
      pre[from]!.balance = '0x1' // the sender cannot pay: our run fails where the node's succeeded
      return { result: pre }
    })
    const { result } = await Simulation.replay(lying, hash)
    expect(result.replayed?.path?.kind).toBe('replay')
    expect(result.replayed?.path?.note).toMatch(/did not (reproduce|run)/)
    const receipt = await rpc<any>('eth_getTransactionReceipt', [hash])
    expect(BigInt(result.gasUsed)).toBe(BigInt(receipt.gasUsed))
  }, 60_000)

  it('verified reads keep the proven path by default and say why; the prestate path only when asked by name', async () => {
    const proving = () => tampered((_, r) => r, { proves: true })
    const hash = hashes[3]!
    const kept = await Simulation.replay(proving(), hash)
    expect(kept.result.replayed?.path).toMatchObject({ kind: 'replay', note: Simulation.PRESTATE_UNPROVEN })
    const asked = await Simulation.replay(proving(), hash, { prestate: 'always' })
    expect(asked.result.replayed?.path?.kind).toBe('prestate')
  }, 60_000)

  it('answers the tracer cannot seed from are named', () => {
    expect(Prestate.unusable({})).toMatch(/prestate tracer/)
    expect(Prestate.unusable({ prestate: {}, diff: { pre: {}, post: {} } })).toBe('the node gave no receipt')
    expect(Prestate.unusable({ prestate: {}, diff: { pre: {}, post: {} }, receipt: { gasUsed: '0x0', logs: [] } })).toBeUndefined()
    expect(Prestate.calls('0x01' as Hex).map((c) => c.method)).toEqual(['debug_traceTransaction', 'debug_traceTransaction', 'eth_getTransactionReceipt'])
  })
})

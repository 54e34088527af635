/**
 * BlockWhole: the frame, value, contract and slot readings of a trace on hand-made frames; then
 * a block of 120 transactions of seven kinds on a real anvil (test/chain/blockKit.ts): each row's
 * status and gas used equal the node's struct-logger trace of the block (`failed`, and its `gas`,
 * which anvil gives cumulated over the block), its frame count the callTracer's and the count
 * its kind must have (a nested relay → relay → store call: 3), its slots the store's own slot.
 * A node without `debug_traceBlockByNumber` is traced per transaction with the same rows; one
 * without either tracer gives the receipts' rows and says which methods it refused; one without
 * `eth_getBlockReceipts` is asked per transaction. A tampered listing is refused, never shown.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { mixedBlock, type MixedBlock } from '../../../test/chain/blockKit'
import { anvil, rpc, useAnvil } from '../../../test/chain/nodeKit'
import * as BlockWhole from './BlockWhole'
import * as Rpc from './Rpc'

useAnvil()

const FRAMES_OF_KIND = [1, 1, 1, 3, 1, 1, 2]

describe('BlockWhole readings', () => {
  const nested: BlockWhole.Frame = {
    type: 'CALL', to: '0xaa', value: '0x5', input: '0x01',
    calls: [
      { type: 'CALL', to: '0xbb', value: '0x2', input: '0x', calls: [] },
      { type: 'CALL', to: '0xcc', value: '0x7', input: '0x02', error: 'execution reverted', calls: [{ type: 'CALL', to: '0xdd', value: '0x9', input: '0x' }] },
      { type: 'DELEGATECALL', to: '0xee', input: '0x' },
      { type: 'CREATE2', to: '0xff', value: '0x0', input: '0x6000' },
    ],
  }
  it('counts frames, value moved outside failed frames, and the contracts whose code ran', () => {
    expect(BlockWhole.countFrames(nested)).toBe(6)
    expect(BlockWhole.valueMoved(nested)).toBe(7n)
    expect(BlockWhole.valueMoved({ ...nested, error: 'out of gas' })).toBe(0n)
    expect(BlockWhole.contractsTouched(nested)).toEqual(['0xaa', '0xcc', '0xee', '0xff'])
    expect(BlockWhole.contractsTouched({ type: 'CALL', to: '0xAB', input: '0x' })).toEqual([])
  })
  it('reads the slots a prestate diff changed, a cleared slot included', () => {
    const k = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
    const diff = { pre: { '0xAA': { storage: { [k(1)]: k(5), [k(2)]: k(6) } } }, post: { '0xAA': { storage: { [k(1)]: k(7) } }, '0xbb': { storage: { [k(3)]: k(1) } } } }
    expect(BlockWhole.slotsWritten(diff)).toEqual([{ address: '0xaa', slot: k(1) }, { address: '0xaa', slot: k(2) }, { address: '0xbb', slot: k(3) }])
  })
})

/** The node at `url` through a provider that refuses `methods` as a node without them does. */
const refusing = (methods: string[]): Rpc.Eip1193Like => {
  const inner = Rpc.http(anvil.url)
  return { request: async (a) => (methods.includes(a.method) ? Promise.reject({ code: -32601, message: `the method ${a.method} does not exist/is not available` }) : inner.request(a)) }
}

describe('BlockWhole on anvil', () => {
  let block: MixedBlock
  let whole: BlockWhole.Whole
  beforeAll(async () => {
    block = await mixedBlock(rpc, 120)
    whole = await BlockWhole.load(Rpc.http(anvil.url), String(block.number))
  }, 120_000)

  it('each row equals the node\'s own traces of the block, and its kind\'s frame count', async () => {
    const n = `0x${block.number.toString(16)}`
    const logs = await rpc<{ txHash: string; result: { gas: number; failed: boolean } }[]>('debug_traceBlockByNumber', [n, { disableStack: true, disableMemory: true, disableStorage: true }])
    const calls = await rpc<{ txHash: string; result: object }[]>('debug_traceBlockByNumber', [n, { tracer: 'callTracer' }])
    expect(whole.rows).toHaveLength(120)
    expect(whole.engine).toEqual({ calls: 'debug_traceBlockByNumber', slots: 'debug_traceBlockByNumber' })
    expect(whole.checked.transactions).toBe(120)
    const kind = new Map(block.hashes.map((h, i) => [h.toLowerCase(), i % 7]))
    whole.rows.forEach((r, i) => {
      expect(r.hash).toBe(logs[i]!.txHash.toLowerCase())
      expect(r.status, `row ${i}`).toBe(logs[i]!.result.failed ? 'reverted' : 'success')
      expect(r.gasUsed, `row ${i}`).toBe(BigInt(logs[i]!.result.gas - (i ? logs[i - 1]!.result.gas : 0)))
      // frames counted here as the JSON's frame objects, and as the kind of transaction must have
      expect(r.frames, `row ${i}`).toBe(JSON.stringify(calls[i]!.result).split('"type":').length - 1)
      expect(r.frames, `row ${i}`).toBe(FRAMES_OF_KIND[kind.get(r.hash)!])
      expect(r.disagreement).toBeUndefined()
    })
    const byKind = (k: number) => whole.rows.filter((r) => kind.get(r.hash) === k)
    expect(byKind(2).every((r) => r.status === 'reverted') && byKind(5).every((r) => r.status === 'reverted')).toBe(true)
    expect(byKind(4).every((r) => r.created !== null && r.contracts!.includes(r.created))).toBe(true)
    for (const r of byKind(3)) expect([r.contracts, r.slots!.map((s) => s.address)]).toEqual([[block.contracts.relay, block.contracts.store].sort(), [block.contracts.store]])
    for (const r of byKind(0)) expect([r.contracts, r.slots]).toEqual([[], []])
    for (const r of byKind(6)) expect(r.value).toBe(3n)
  })

  it('falls back to debug_traceTransaction, then to the receipts alone, saying so; and to receipts one by one', async () => {
    const perTx = await BlockWhole.load(refusing(['debug_traceBlockByNumber', 'eth_getBlockReceipts']), String(block.number))
    expect(perTx.engine).toEqual({ calls: 'debug_traceTransaction', slots: 'debug_traceTransaction' })
    expect(perTx.receiptsFrom).toBe('eth_getTransactionReceipt')
    expect(perTx.rows).toEqual(whole.rows)
    expect(perTx.refusals.join('\n')).toMatch(/eth_getBlockReceipts: .*does not exist/)
    // a block trace too large for one answer: a transaction at a time
    const inner = Rpc.http(anvil.url)
    const tooLarge: Rpc.Eip1193Like = { request: async (a) => (a.method === 'debug_traceBlockByNumber' ? Promise.reject(new Rpc.ResponseTooLargeError({ method: a.method }, 40 * 2 ** 20, 32 * 2 ** 20)) : inner.request(a)) }
    const split = await BlockWhole.load(tooLarge, String(block.number))
    expect([split.engine.calls, split.rows]).toEqual(['debug_traceTransaction', whole.rows])
    expect(split.refusals.join('\n')).toMatch(/debug_traceBlockByNumber \(call trace\): .*too large/)
    const none = await BlockWhole.load(refusing(['debug_traceBlockByNumber', 'debug_traceTransaction']), String(block.number))
    expect(none.engine).toEqual({ calls: 'none', slots: 'none' })
    expect(none.rows.map((r) => [r.status, r.gasUsed, r.frames, r.slots])).toEqual(whole.rows.map((r) => [r.status, r.gasUsed, null, null]))
    expect(none.refusals).toHaveLength(4)
  })

  it('stops when cancelled, and refuses a listing the header does not commit to', async () => {
    const signal = { aborted: false }
    const progress: string[] = []
    const run = BlockWhole.load(refusing(['debug_traceBlockByNumber']), String(block.number), { signal, progress: (_f, label) => (progress.push(label ?? ''), label?.startsWith('Tracing transaction 3 ') && (signal.aborted = true)) })
    await expect(run).rejects.toMatchObject({ name: 'BlockWhole.CancelledError' })
    expect(progress.filter((p) => /^Tracing transaction 3 of 120 \((call trace|state diff)\)$/.test(p)).length).toBeGreaterThan(0)
    expect(progress.some((p) => p.startsWith('Tracing transaction 5 '))).toBe(false)
    const inner = Rpc.http(anvil.url)
    const dropping: Rpc.Eip1193Like = { request: async (a) => { const r = await inner.request(a); if (a.method === 'eth_getBlockReceipts') (r as unknown[]).splice(7, 1); return r } }
    await expect(BlockWhole.load(dropping, String(block.number))).rejects.toMatchObject({ name: 'BlockRoots.RootMismatchError', root: 'receipts' })
  })
})

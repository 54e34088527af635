import { ethers } from 'ethers'
import fc from 'fast-check'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue } from '../../../test/support'
import * as Abi from '../abi/Abi'
import * as AddressActivity from './AddressActivity'
import * as Rpc from './Rpc'

const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const B = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const H = `0x${'ab'.repeat(32)}`

// Entries in the trace format of OpenEthereum's trace module docs (Erigon, Reth and Nethermind answer the same shape).
const CALL = { action: { callType: 'delegatecall', from: B, gas: '0x1', input: '0xa9059cbb0000', to: A, value: '0xde0b6b3a7640000' }, blockHash: H, blockNumber: 12, result: { gasUsed: '0x1', output: '0x' }, subtraces: 0, traceAddress: [0, 2], transactionHash: H, transactionPosition: 3, type: 'call', error: 'Reverted' }
const CREATE = { action: { from: B, gas: '0x1', init: '0x6080', value: '0x0', creationMethod: 'create2' }, blockNumber: '0xd', result: { address: A, code: '0x', gasUsed: '0x1' }, traceAddress: [], transactionHash: H, transactionPosition: 0, type: 'create' }
const SUICIDE = { action: { address: A, refundAddress: B, balance: '0x5' }, blockNumber: 14, result: null, traceAddress: [1], transactionHash: H, transactionPosition: 1, type: 'suicide' }
const REWARD = { action: { author: A, rewardType: 'block', value: '0x1bc16d674ec80000' }, blockNumber: 15, result: null, traceAddress: [], transactionHash: null, transactionPosition: null, type: 'reward' }

describe('AddressActivity: trace_filter entries as rows', () => {
  it('reads calls, creations, self-destructs and rewards', () => {
    expect(AddressActivity.parseTrace(CALL, 0)).toEqual({ blockNumber: 12, transactionHash: H, transactionPosition: 3, traceAddress: [0, 2], kind: 'delegatecall', from: B, to: A, value: 10n ** 18n, selector: '0xa9059cbb', error: 'Reverted' })
    expect(AddressActivity.parseTrace(CREATE, 0)).toMatchObject({ blockNumber: 13, kind: 'create2', to: A, selector: null, error: null })
    expect(AddressActivity.parseTrace(SUICIDE, 0)).toMatchObject({ kind: 'selfdestruct', from: A, to: B, value: 5n })
    expect(AddressActivity.parseTrace(REWARD, 0)).toMatchObject({ kind: 'reward', to: A, transactionHash: null, transactionPosition: null, value: 2n * 10n ** 18n })
  })
  it('anything else is a domain error, never a crash', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expectDomainErrorOrValue(() => AddressActivity.parseTrace(v, 0))
        expectDomainErrorOrValue(() => AddressActivity.parseTrace({ ...CALL, action: v }, 0))
        expectDomainErrorOrValue(() => AddressActivity.parseTrace({ ...CALL, type: v, traceAddress: v }, 0))
      }),
      { numRuns: 300 },
    )
  })
  it('says when a node lacks the method, in the words nodes use', () => {
    expect(AddressActivity.isMethodMissing(new Rpc.NodeError({}, -32601, 'the method trace_filter does not exist/is not available'))).toBe(true)
    expect(AddressActivity.isMethodMissing(new Rpc.NodeError({}, -32000, 'Method not found'))).toBe(true)
    expect(AddressActivity.isMethodMissing(new Rpc.NodeError({}, -32005, 'block range too large'))).toBe(false)
    expect(AddressActivity.isMethodMissing(new Error('the method trace_filter does not exist'))).toBe(false)
  })
})

describe('AddressActivity: names and CSV', () => {
  it('names a selector by the ABI given first, then the table; ethers v5 agrees on the selector', () => {
    const abi = Abi.parse('function transfer(address to, uint256 amount) returns (bool)')
    const sel = new ethers.utils.Interface(['function transfer(address,uint256)']).getSighash('transfer')
    expect(AddressActivity.functionName(sel, abi, undefined)).toEqual({ name: 'transfer(address,uint256)', by: 'abi' })
    const table = { lookup: () => [{ human: 'function a()', item: Abi.parse('function a()')[0]!, sources: [] }, { human: 'function b()', item: Abi.parse('function b()')[0]!, sources: [] }] }
    expect(AddressActivity.functionName('0x12345678', undefined, table as never)).toEqual({ name: 'a() (or 1 other)', by: 'table' })
    expect(AddressActivity.functionName(null, abi, table as never)).toBeUndefined()
  })
  it('writes one line per row that a CSV reader reads back', () => {
    const rows = [CALL, CREATE, SUICIDE, REWARD].map(AddressActivity.parseTrace)
    const csv = AddressActivity.toCsv(rows, ['transfer(address,uint256) "x", y'])
    const back = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data
    expect(back).toHaveLength(4)
    expect(back[0]).toMatchObject({ blockNumber: '12', traceAddress: '0.2', depth: '2', callType: 'delegatecall', from: B, to: A, valueEther: '1', selector: '0xa9059cbb', function: 'transfer(address,uint256) "x", y', error: 'Reverted' })
    expect(back[3]).toMatchObject({ transactionHash: '', transactionPosition: '', traceAddress: 'top', callType: 'reward', valueEther: '2' })
  })
  it('counts typed in a field: whole numbers in bounds, else a domain error', () => {
    expect(AddressActivity.parseCount(' 200 ', 'Page size', 1, 10_000)).toBe(200)
    expect(() => AddressActivity.parseCount('0', 'Page size', 1, 10)).toThrow(AddressActivity.InvalidCountError)
    fc.assert(fc.property(fc.string(), (s) => void expectDomainErrorOrValue(() => AddressActivity.parseCount(s, 'x', 1, 100))), { numRuns: 300 })
  })
})

describe('AddressActivity.query: engines', () => {
  const fake = (answer: (method: string, params: unknown[]) => unknown): Rpc.Eip1193Like => ({
    request: async ({ method, params }) => {
      const v = answer(method, (params ?? []) as unknown[])
      if (v instanceof Error) throw v
      return v
    },
  })
  const missing = (m: string) => new Rpc.NodeError({ method: m }, -32601, `the method ${m} does not exist/is not available`)
  const q: AddressActivity.Query = { addresses: [A], match: 'any', fromBlock: 0, toBlock: 20 }

  it('falls back to Otterscan where trace_filter is missing, reading its newest-first pages oldest first', async () => {
    const tx = (block: number, i: number) => ({ hash: `0x${block.toString(16).padStart(2, '0')}${i.toString(16).padStart(62, '0')}`, blockNumber: `0x${block.toString(16)}`, transactionIndex: `0x${i}`, from: B, to: A, value: '0x1', input: '0xa9059cbb' })
    const pages: Record<number, { txs: unknown[]; firstPage: boolean }> = { 0: { txs: [tx(5, 0), tx(3, 1), tx(3, 0)], firstPage: false }, 5: { txs: [tx(30, 0), tx(9, 0)], firstPage: true } }
    const rpc = fake((m, p) => (m === 'trace_filter' ? missing(m) : m === 'ots_searchTransactionsAfter' ? { ...pages[p[1] as number]!, receipts: [], lastPage: false } : null))
    const r = await AddressActivity.query(rpc, q)
    expect(r.engine).toBe('ots')
    expect(r.rows.map((x) => `${x.blockNumber}.${x.transactionPosition}`)).toEqual(['3.0', '3.1', '5.0', '9.0'])
    await expect(AddressActivity.query(rpc, { ...q, match: 'from' })).rejects.toMatchObject({ name: 'AddressActivity.OtsMatchError', field: 'match' })
  })
  it('refuses an empty address list and a reversed range at their fields', async () => {
    const rpc = fake(() => [])
    await expect(AddressActivity.query(rpc, { ...q, addresses: [] })).rejects.toMatchObject({ field: 'addresses' })
    await expect(AddressActivity.query(rpc, { ...q, fromBlock: 9, toBlock: 3 })).rejects.toMatchObject({ field: 'fromBlock' })
  })
})

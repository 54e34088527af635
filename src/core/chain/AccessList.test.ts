/**
 * AccessList without a node: the list a node returns is checked and lower-cased, its EIP-2930
 * intrinsic gas, and `create` asks eth_createAccessList then eth_estimateGas with and without
 * the list (a recording fake node). Against `cast access-list` on anvil: test/chain/accessList.test.ts.
 */
import { describe, expect, it } from 'vitest'
import * as AccessList from './AccessList'

const A = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'
const K0 = `0x${'00'.repeat(32)}` as const

describe('AccessList', () => {
  it('parses a node list, lower-casing addresses; rejects a short key', () => {
    expect(AccessList.parseList([{ address: A, storageKeys: [K0] }])).toEqual([{ address: A.toLowerCase(), storageKeys: [K0] }])
    expect(() => AccessList.parseList([{ address: A, storageKeys: ['0x01'] }])).toThrow(/key 0/)
  })
  it('call data: whitespace dropped, empty is 0x, odd digits refused at the field', () => {
    expect(AccessList.parseData(' 0x6D4C e63c ')).toBe('0x6d4ce63c')
    expect(AccessList.parseData('')).toBe('0x')
    expect(() => AccessList.parseData('0x123')).toThrow(expect.objectContaining({ field: 'data' }))
  })
  it('intrinsic gas is 2400 per address and 1900 per key (EIP-2930)', () => {
    expect(AccessList.intrinsicGas([{ address: A, storageKeys: [K0, K0] }, { address: A, storageKeys: [] }])).toBe(2400n * 2n + 1900n * 2n)
  })
  it('create: the list, then estimates with and without it at the same block', async () => {
    const calls: [string, unknown[]][] = []
    const rpc = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        calls.push([method, params ?? []])
        if (method === 'eth_createAccessList') return { accessList: [{ address: A, storageKeys: [K0] }], gasUsed: '0x6000' }
        return (params![0] as { accessList?: unknown }).accessList ? '0x5000' : '0x5100'
      },
    }
    const r = await AccessList.create(rpc, { to: A, data: '0x6d4ce63c', block: '0x5' })
    expect(r).toMatchObject({ gasUsed: 0x6000n, gasWithout: 0x5100n, gasWith: 0x5000n, saved: 0x100n })
    // The only entry is the recipient's (warm anyway): the trimmed list is empty, estimated too.
    expect(r.trimmed).toEqual({ list: [], gas: 0x5000n, saved: 0x100n })
    expect(calls.map((c) => [c[0], c[1][1]])).toEqual([['eth_createAccessList', '0x5'], ['eth_estimateGas', '0x5'], ['eth_estimateGas', '0x5'], ['eth_estimateGas', '0x5']])
    await AccessList.create(rpc, { to: '0x0000000000000000000000000000000000000001', data: '0x' })
    expect(calls.length).toBe(4 + 3) // nothing to trim: no third estimate
  })
  it('a call the node reports failing is an error, not a list', async () => {
    const rpc = { request: async () => ({ accessList: [], gasUsed: '0x0', error: 'execution reverted' }) }
    await expect(AccessList.create(rpc, { to: A, data: '0x' })).rejects.toMatchObject({ name: 'AccessList.CallFailsError' })
  })
})

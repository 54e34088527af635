import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as SignatureTable from './SignatureTable'

// A module of its own, so that no other test has loaded shards before these run.
describe('the offline signature table, split by the first hex digit', () => {
  it('a lookup of known selectors loads only their shards, and finds them', async () => {
    expect(SignatureTable.loadedShards()).toEqual([])
    const transfer = ethers.utils.id('transfer(address,uint256)').slice(0, 10) // 0xa9059cbb
    const table = await SignatureTable.load('function', { keys: [transfer] })
    expect(SignatureTable.loadedShards()).toEqual(['function.10'])
    expect(table.lookup('function', transfer.toUpperCase().replace('0X', '0x')).map((m) => m.human)).toContain('function transfer(address to, uint256 value) returns (bool)')
    // A key in a shard not loaded finds nothing (it is not guessed at).
    const approve = ethers.utils.id('approve(address,uint256)').slice(0, 10) // 0x095ea7b3
    expect(table.lookup('function', approve)).toEqual([])
    const both = await SignatureTable.load(['function', 'event'], { keys: [approve, ethers.utils.id('Transfer(address,address,uint256)')] })
    expect(SignatureTable.loadedShards()).toEqual(['event.0', 'event.13', 'function.0', 'function.10', 'function.13'])
    expect(both.lookup('function', approve)[0]!.human).toContain('approve(')
    expect(both.lookup('event', ethers.utils.id('Transfer(address,address,uint256)')).length).toBeGreaterThan(0)
  })

  it('shardOf: the first hex digit, -1 for what is not hex', () => {
    expect(SignatureTable.shardOf('0xa9059cbb')).toBe(10)
    expect(SignatureTable.shardOf('0XF0')).toBe(15)
    expect(SignatureTable.shardOf('0x')).toBe(-1)
    expect(SignatureTable.shardOf('note')).toBe(-1)
  })
})

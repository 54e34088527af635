import { describe, expect, it } from 'vitest'
import * as ChainBlocks from './ChainBlocks'

describe('ChainBlocks: parsing what nodes send', () => {
  it('parses a receipt, and rejects malformed ones', () => {
    const r = {
      status: '0x1', blockNumber: '0x5', blockHash: `0x${'ab'.repeat(32)}`, gasUsed: '0x5208', cumulativeGasUsed: '0x5208', effectiveGasPrice: '0x3b9aca00', contractAddress: null,
      logs: [{ address: `0x${'11'.repeat(20)}`, topics: [`0x${'22'.repeat(32)}`], data: '0x', logIndex: '0x0' }],
    }
    expect(ChainBlocks.parseReceipt(r)).toMatchObject({ status: 'success', blockNumber: 5, gasUsed: 21000n, effectiveGasPrice: 1_000_000_000n, contractAddress: null })
    expect(() => ChainBlocks.parseReceipt({ ...r, status: '0x2' })).toThrow(/receipt status 2 is out of range/)
    expect(() => ChainBlocks.parseReceipt({ ...r, logs: [{ ...r.logs[0], topics: Array(5).fill(`0x${'22'.repeat(32)}`) }] })).toThrow(/topics has 5 items; at most 4/)
    expect(() => ChainBlocks.parseReceipt({ ...r, blockHash: '0x12' })).toThrow(/should be 32 bytes/)
  })

  it('parses hashes and block references typed by a person', () => {
    expect(ChainBlocks.parseBlockRef(`0x${'AB'.repeat(32)}`)).toEqual({ hash: `0x${'ab'.repeat(32)}` })
    expect(ChainBlocks.parseBlockRef('100')).toEqual({ tag: '0x64' })
    expect(() => ChainBlocks.parseTxHash('0x1234')).toThrow(/64 hex digits; this has 4/)
    expect(() => ChainBlocks.parseTxHash('hello')).toThrow(/is not a transaction hash/)
  })
})

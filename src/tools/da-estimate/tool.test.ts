/** /da-estimate's worked example (no node), the L1 fee when the four prices are given, and bad input at the field. */
import { describe, expect, it } from 'vitest'
import { itRunsExamplesWithoutNode, resultRows } from '../../../test/support'
import { withDefaults } from '../define'
import * as OpDataFee from '../../core/tx/OpDataFee'
import tool from './index'
import meta from './meta'

describe('da-estimate examples, no node', () => {
  itRunsExamplesWithoutNode({ meta, load: async () => ({ default: tool }) } as never)
})

describe('da-estimate', () => {
  it("prices a transaction with GasPriceOracle's formula when the four prices are given", async () => {
    const p = tool.parse(withDefaults(meta, { mode: 'tx', tx: `0x${'00'.repeat(300)}`, l1BaseFee: '20000000000', blobBaseFee: '1', baseFeeScalar: '1368', blobBaseFeeScalar: '810949' }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const rows = resultRows(await tool.run(p.value, { signal: new AbortController().signal, progress: () => {} }))
    const fee = OpDataFee.l1Fee(100_000_000n, { l1BaseFee: 20_000_000_000n, blobBaseFee: 1n, baseFeeScalar: 1368n, blobBaseFeeScalar: 810949n })
    expect(fee).toBe(43776000081n) // 1e8 × (1368 × 2e10 × 16 + 810949) / 1e12
    expect(rows.get('L1 fee')).toBe('0.000000043776000081 ether')
  })
  it('refuses bad input at its field', () => {
    const a = tool.parse(withDefaults(meta, { mode: 'tx', tx: '0xzz' }))
    expect(!a.ok && a.errors.tx).toMatch(/not hex/)
    const b = tool.parse(withDefaults(meta, { mode: 'tx', tx: '0x00', l1BaseFee: '5' }))
    expect(!b.ok && b.errors.blobBaseFee).toMatch(/all four prices/)
    const c = tool.parse(withDefaults(meta, { mode: 'block', block: 'yesterday' }))
    expect(c.ok).toBe(false)
  })
  it('a block without a node says so', async () => {
    const p = tool.parse(withDefaults(meta, { mode: 'block', block: 'latest' }))
    if (!p.ok) throw new Error('parse')
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ name: 'Rpc.NotConnectedError' })
  })
})

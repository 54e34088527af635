/** /access-list without a node: bad input at its field, and no node for a run. The example runs on the devnet (test/chain/examples.test.ts); the list against cast: test/chain/accessList.test.ts. */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'
import meta from './meta'

const TO = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'

describe('access-list: input', () => {
  it('bad call data, recipient and block are refused at their fields', () => {
    const p = tool.parse(withDefaults(meta, { to: TO.toLowerCase().replace('6e', 'zz'), data: '0x123', block: 'yesterday' }))
    expect(p.ok).toBe(false)
    if (!p.ok) {
      expect(p.errors.data).toMatch(/even number of hex digits/)
      expect(p.errors.to).toBeTruthy()
      expect(p.errors.block).toBeTruthy()
    }
  })
  it('empty data is 0x, the block defaults to latest, value in ether', () => {
    const p = tool.parse(withDefaults(meta, { to: TO, data: '', value: '0.5' }))
    expect(p.ok && p.value).toMatchObject({ data: '0x', block: 'latest', value: 500000000000000000n, from: undefined })
  })
  it('a run without a node says so', async () => {
    const p = tool.parse(withDefaults(meta, { to: TO, data: '0x6d4ce63c' }))
    if (!p.ok) throw new Error('parse')
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ name: 'Rpc.NotConnectedError' })
  })
})

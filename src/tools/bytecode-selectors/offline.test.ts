/**
 * bytecode-selectors became a `network` tool for reading an address's code from the node, so
 * src/tools/examples.test.ts no longer runs its examples: they run here, with no node, where
 * pasted code needs none (the address mode is tested against anvil in test/chain).
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import { tools } from '../groups/calldata'
import { itStaysLiveOffline } from '../../../test/support'

describe('bytecode-selectors offline', () => {
  const entry = tools.find((t) => t.meta.id === 'bytecode-selectors')!
  itStaysLiveOffline(entry, 'is live and reads pasted code by default', 'source', 'code')
  it('the address mode says which address is wrong, at the address field', async () => {
    const tool = (await entry.load()).default
    const parsed = tool.parse(withDefaults(tool, { source: 'address', address: '0x1234' }))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(Object.keys(parsed.errors)).toEqual(['address'])
  })
})

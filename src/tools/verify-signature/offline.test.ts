/**
 * verify-signature and siwe became `network` tools for their opt-in chain check (contract
 * accounts), so src/tools/examples.test.ts no longer runs their examples: they run here, with
 * no node, where their behaviour is unchanged; and the chain check without a node says so.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import { tools } from '../groups/signing'
import { examplesOf, itStaysLiveOffline } from '../../../test/support'

const never = { signal: new AbortController().signal, progress: () => {} }

describe.each(['verify-signature', 'siwe'])('%s offline', (id) => {
  const entry = tools.find((t) => t.meta.id === id)!
  itStaysLiveOffline(entry, 'is live (runs on every change, as before) and its chain check is off by default', 'onchain', 'false')
  it('the chain check without a node is an error at its checkbox', async () => {
    const tool = (await entry.load()).default
    const ex = examplesOf(entry.meta.id)[0]!
    const parsed = tool.parse(withDefaults(tool, { ...ex.inputs, onchain: 'true' }))
    if (!parsed.ok) throw new Error(`did not parse: ${JSON.stringify(parsed.errors)}`)
    await expect(tool.run(parsed.value, never)).rejects.toMatchObject({ field: 'onchain' })
  })
})

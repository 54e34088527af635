/** /find-block's worked examples (no node: the converter; values from GNU date) and bad input at the field. */
import { describe, expect, it } from 'vitest'
import { itRunsExamplesWithoutNode } from '../../../test/support'
import { withDefaults } from '../define'
import tool from './index'
import meta from './meta'

describe('find-block examples, no node', () => {
  itRunsExamplesWithoutNode({ meta, load: async () => ({ default: tool }) } as never)
})

describe('find-block: bad input at the field; no node for a search', () => {
  it('a bad time is refused at the time field', () => {
    const p = tool.parse(withDefaults(meta, { time: 'soon' }))
    expect(p.ok).toBe(false)
    if (!p.ok) expect(p.errors.time).toMatch(/neither seconds nor a date/)
  })
  it('a search without a node says so', async () => {
    const p = tool.parse(withDefaults(meta, { time: '1700000000' }))
    if (!p.ok) throw new Error('parse')
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ name: 'Rpc.NotConnectedError' })
  })
})

import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

describe('block: parse', () => {
  it('accepts tags, numbers and hashes; names the rest', () => {
    for (const ok of ['', 'latest', 'finalized', '12', '0xc', `0x${'ab'.repeat(32)}`]) expect(tool.parse(withDefaults(tool, { block: ok })).ok, ok).toBe(true)
    const p = tool.parse({ block: 'yesterday' })
    expect(!p.ok && p.errors.block).toMatch(/is not a block/)
  })
  it('asks for every transaction only when ticked (off at first)', () => {
    const at = (raw: Record<string, string>) => { const p = tool.parse(withDefaults(tool, raw)); return p.ok && p.value.whole }
    expect([at({ block: '1' }), at({ block: '1', whole: 'true' })]).toEqual([false, true])
  })
})

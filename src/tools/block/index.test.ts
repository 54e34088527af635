import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

describe('block: parse', () => {
  it('accepts tags, numbers and hashes; names the rest', () => {
    for (const ok of ['', 'latest', 'finalized', '12', '0xc', `0x${'ab'.repeat(32)}`]) expect(tool.parse(withDefaults(tool, { block: ok })).ok, ok).toBe(true)
    const p = tool.parse({ block: 'yesterday' })
    expect(!p.ok && p.errors.block).toMatch(/is not a block/)
  })
})

import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('transaction: parse', () => {
  it('names a bad hash or ABI', () => {
    expect(errors({ hash: '0x12' }).hash).toMatch(/64 hex digits; this has 2/)
    expect(errors({ hash: `0x${'ab'.repeat(32)}`, abi: '[1' }).abi).toMatch(/The ABI looks like JSON but does not parse/)
    expect(tool.parse(withDefaults(tool, { hash: `0x${'AB'.repeat(32)}` })).ok).toBe(true)
  })
})

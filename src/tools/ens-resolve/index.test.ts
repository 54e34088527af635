import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('ens-resolve: parse', () => {
  it('tells names from addresses and names bad input', () => {
    const p = tool.parse(withDefaults(tool, { query: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }))
    expect(p.ok && p.value.query.kind).toBe('address')
    expect(errors({ query: '' }).query).toMatch(/Enter an ENS name/)
    expect(errors({ query: '0x1234' }).query).toMatch(/40 hex digits/)
    expect(errors({ query: 'a b.eth' }).query).toMatch(/is not a valid ENS name/)
  })
})

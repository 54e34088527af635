import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import vanity from '../vanity'
import create2Salt from '.'

const fieldNames = (t: typeof vanity | typeof create2Salt) => t.fields.map((f) => f.name)

describe('vanity and create2-salt parse', () => {
  it('never throw on any raw input: a value or messages at fields (property)', () => {
    for (const tool of [vanity, create2Salt]) {
      const names = fieldNames(tool)
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('mine', 'check', 'true', 'zeros', 'both', 'contains', 'createx', 'immutable', 'custom', 'create'))), (raw) => {
          const p = tool.parse(raw)
          if (!p.ok) for (const [k, v] of Object.entries(p.errors)) expect(names.includes(k) && typeof v === 'string' && v.length > 0, `${k}: ${v}`).toBe(true)
        }),
      )
    }
  })
  it('put each problem at its field', () => {
    const c = create2Salt.parse({ action: 'mine', convention: 'createx', caller: '0x1234', crossChain: 'true', chainId: 'x', initCode: '0x60', prefix: 'zz' })
    expect(c.ok).toBe(false)
    if (!c.ok) {
      expect(c.errors.chainId).toMatch(/chain id/)
      expect(c.errors.caller).toBeTruthy()
      expect(c.errors.prefix).toMatch(/not a hex digit/)
    }
    const v = vanity.parse({ action: 'check', mode: 'zeros', zeroBytes: '25', key: '0x12' })
    expect(v.ok).toBe(false)
    if (!v.ok) {
      expect(v.errors.zeroBytes).toMatch(/1 to 20/)
      expect(v.errors.key).toBeTruthy()
      expect(v.errors.key).not.toContain('0x12')
    }
  })
})

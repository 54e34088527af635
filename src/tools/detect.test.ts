import { describe, expect, it } from 'vitest'
import { detect, RULES } from './detect'
import { findTool } from './registry'

describe('input detection', () => {
  it.each(RULES.map((r) => [r.tool, r.field, r.what] as const))('rule %s.%s (%s) names a registered tool and one of its fields', (tool, field) => {
    const entry = findTool(tool)
    expect(entry, `tool ${tool}`).toBeDefined()
    expect(entry!.meta.fields.map((f) => f.name)).toContain(field)
  })

  const top = (t: string) => detect(t)[0]?.tool
  it('recognises the values people paste', () => {
    expect(top('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('address')
    expect(top('0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa960450000000000000000000000000000000000000000000000000de0b6b3a7640000')).toBe('calldata-decode')
    expect(top(`0x${'ab'.repeat(65)}`)).toBe('signature-inspect')
    expect(top('transfer(address,uint256)')).toBe('selector')
    expect(top('vitalik.eth')).toBe('namehash')
    expect(top('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about')).toBe('mnemonic')
    expect(top('{"version":3,"crypto":{"cipher":"aes-128-ctr"}}')).toBe('keystore-decrypt')
    expect(top('2**256 - 1')).toBe('bignum')
    expect(detect('')).toEqual([])
  })
})

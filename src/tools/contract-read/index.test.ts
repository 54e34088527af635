import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}
const good = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', abi: 'function balanceOf(address) view returns (uint256)', function: '', args: '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]' }

describe('contract-read: parse', () => {
  it('picks the only function and parses its arguments', () => {
    const p = tool.parse(withDefaults(tool, good))
    expect(p.ok).toBe(true)
  })
  it('reports each problem at its own field, once', () => {
    expect(errors({ ...good, address: '' }).address).toMatch(/Enter an address/)
    const bad = errors({ ...good, abi: 'function (' })
    expect(bad.abi).toMatch(/not a valid signature/)
    expect(bad.function).toBeUndefined()
    expect(errors({ ...good, function: 'transfer' }).function).toMatch(/No function "transfer"/)
    expect(errors({ ...good, args: '[]' }).args).toMatch(/Expected 1 value \(address\), got 0/)
    expect(errors({ ...good, block: 'yesterday' }).block).toMatch(/is not a block/)
    expect(errors({ ...good, from: '0x12' }).from).toMatch(/40 hex digits/)
  })
})

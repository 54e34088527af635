import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('account: parse', () => {
  it('names bad addresses, blocks and slots', () => {
    expect(errors({ address: '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }).address).toMatch(/Checksum mismatch.*0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/)
    expect(errors({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', block: '-5' }).block).toMatch(/is not a block/)
    expect(errors({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', slots: '0\nzz' }).slots).toMatch(/"zz" is not a slot number/)
    expect(errors({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', slots: Array(65).fill('1').join('\n') }).slots).toMatch(/at most 64/)
  })
  it('says when no node is connected', async () => {
    const p = tool.parse(withDefaults(tool, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }))
    if (!p.ok) throw new Error('parse')
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ name: 'Rpc.NotConnectedError' })
  })
})

import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('broadcast: parse', () => {
  it('names a bad transaction or chain id', () => {
    expect(errors({ raw: '' }).raw).toMatch(/0x-prefixed hex bytes/)
    expect(errors({ raw: '0x02c0' }).raw).toMatch(/Not a signed transaction: it does not decode as a legacy, 0x01, 0x02, 0x03 or 0x04 transaction/)
    // a truncated transaction (the example without its last byte): our decoder's words, never the library's
    const cut = tool.examples[0]!.inputs.raw!.slice(0, -2)
    expect(errors({ raw: cut }).raw).toMatch(/Not a signed transaction: it does not decode/)
    expect(errors({ raw: cut }).raw).not.toMatch(/Position|out of bounds|`/)
    expect(errors({ raw: tool.examples[0]!.inputs.raw!, chainId: 'x' }).chainId).toMatch(/is not a chain id/)
  })
  it('checks the expected chain before sending', async () => {
    const p = tool.parse(withDefaults(tool, { raw: tool.examples[0]!.inputs.raw!, chainId: '1' }))
    if (!p.ok) throw new Error('parse')
    const calls: string[] = []
    const rpc = { request: async ({ method }: { method: string }) => (calls.push(method), '0x7a69') }
    await expect(tool.run(p.value, { signal: { aborted: false }, progress: () => {}, rpc })).rejects.toMatchObject({ name: 'Rpc.ChainMismatchError' })
    expect(calls).not.toContain('eth_sendRawTransaction')
  })
})

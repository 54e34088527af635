import { describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import { ANVIL_KEYS, castAsync, examplesOf } from '../../../test/support'
import type { BaseError } from '../../core/Errors'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('broadcast: parse', () => {
  it('names a bad transaction or chain id', () => {
    expect(errors({ raw: '' }).raw).toMatch(/0x-prefixed hex bytes/)
    expect(errors({ raw: '0x02c' }).raw).toMatch(/0x-prefixed hex bytes \(even length\)/)
    expect(errors({ raw: examplesOf(tool.id)[0]!.inputs.raw!, chainId: 'x' }).chainId).toMatch(/is not a chain id/)
  })
  it('refuses a malformed transaction at the field, naming the envelope or the field, before any request', async () => {
    const calls: string[] = []
    const rpc = { request: async ({ method }: { method: string }) => (calls.push(method), '0x7a69') }
    const runError = async (raw: string) => {
      const p = tool.parse(withDefaults(tool, { raw }))
      if (!p.ok) throw new Error(JSON.stringify(p.errors))
      try {
        await tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc })
        return 'sent'
      } catch (e) {
        return `${(e as BaseError).field}: ${(e as BaseError).shortMessage}`
      }
    }
    const example = examplesOf(tool.id)[0]!.inputs.raw!
    // the example without its last byte: our decoder's words, never the library's
    const cut = await runError(example.slice(0, -2))
    expect(cut).toMatch(/^raw: The envelope of an? (legacy|EIP-\d+) transaction is malformed \(byte \d+ of the raw bytes\): Truncated RLP/)
    expect(cut).not.toMatch(/Position|out of bounds|`/)
    expect(await runError('0x02c0')).toBe('raw: The envelope of an EIP-1559 transaction has 9 (unsigned) or 12 fields; this one has 0.')
    // an EIP-1559 transaction (cast mktx) with a 33-byte nonce, re-encoded with ethers v5's RLP
    const valid = await castAsync(['mktx', '--private-key', ANVIL_KEYS[0]!, '--chain', '1', '--nonce', '7', '--gas-limit', '21000', '--gas-price', '3gwei', '--priority-gas-price', '1gwei', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'])
    const items = ethers.utils.RLP.decode(`0x${valid.slice(4)}`) as string[]
    items[1] = `0x01${'00'.repeat(32)}`
    expect(await runError(`0x02${ethers.utils.RLP.encode(items).slice(2)}`)).toBe('raw: The nonce (field 1 of an EIP-1559 transaction) is 33 bytes; at most 8 (64-bit).')
    expect(calls).toEqual([])
  })
  it('checks the expected chain before sending', async () => {
    const p = tool.parse(withDefaults(tool, { raw: examplesOf(tool.id)[0]!.inputs.raw!, chainId: '1' }))
    if (!p.ok) throw new Error('parse')
    const calls: string[] = []
    const rpc = { request: async ({ method }: { method: string }) => (calls.push(method), '0x7a69') }
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc })).rejects.toMatchObject({ name: 'Rpc.ChainMismatchError' })
    expect(calls).not.toContain('eth_sendRawTransaction')
  })
})

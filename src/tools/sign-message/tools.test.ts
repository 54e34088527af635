/**
 * The signing tools as the form uses them: bad input gets an error at the right field,
 * secrets never reach an `open` link or an error message, and results are plain data.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import { tools } from '../groups/signing'
import type { Tool, ToolResult } from '../types'
import { examplesOf } from '../../../test/support'

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const never = { signal: new AbortController().signal, progress: () => {} }

async function load(id: string): Promise<Tool<any>> {
  return (await tools.find((t) => t.meta.id === id)!.load()).default
}

async function outcome(id: string, inputs: Record<string, string>): Promise<{ errors?: Record<string, string>; result?: ToolResult; thrown?: { name: string; message: string; field?: string } }> {
  const tool = await load(id)
  const parsed = tool.parse(withDefaults(tool, inputs))
  if (!parsed.ok) return { errors: parsed.errors }
  try {
    return { result: await tool.run(parsed.value, never) }
  } catch (e) {
    return { thrown: { name: (e as Error).name, message: (e as Error).message, field: (e as { field?: string }).field } }
  }
}

describe('signing tools: bad input at the right field', () => {
  it.each([
    ['sign-message', { privateKey: '0x1234', message: 'hi' }, 'privateKey', /64/],
    ['sign-message', { privateKey: KEY, mode: 'digest', message: '0x' + 'ab'.repeat(32) }, 'message', /confirmation/],
    ['sign-message', { privateKey: KEY, mode: 'digest', message: '0x1234', confirmRaw: 'true' }, 'message', /32 bytes/],
    ['sign-message', { privateKey: KEY, mode: 'hex', message: '0x123' }, 'message', /hex/],
    ['sign-typed-data', { typedData: '{"types": {}}' }, 'typedData', /primaryType/],
    ['verify-signature', { message: 'hi', signature: '0x1234' }, 'signature', /expected 65/],
    ['verify-signature', { message: 'hi', signature: '0x' + '11'.repeat(64) + '1b', expected: '0x12' }, 'expected', /40 hex digits/],
    ['signature-inspect', { signature: '0x' + '11'.repeat(64) + '05' }, 'signature', /v = 5/],
    ['signature-inspect', { r: '1', s: 'zz', v: '27' }, 's', /not a whole number/],
    ['signature-inspect', { signature: '0x' + '11'.repeat(65), digest: '0x12' }, 'digest', /32 bytes/],
    ['siwe', { message: ' ' }, 'message', /Enter a SIWE message/],
    ['authorization', { chainId: '1', address: '0x1234', nonce: '0' }, 'address', /40 hex digits/],
    ['authorization', { chainId: '1', address: '0x1234567890123456789012345678901234567890', nonce: String(2n ** 64n) }, 'nonce', /64 bits/],
    ['authorization', { action: 'recover', signed: '0x8100' }, 'signed', /Non-canonical/],
    ['tx-build', { type: 'eip1559', gas: '21000', maxFeePerGas: '1.0000000001' }, 'maxFeePerGas', /Too many decimals for gwei/],
    ['tx-build', { type: 'legacy', gas: '21000', gasPrice: '1', value: 'lots' }, 'value', /Unexpected character/],
    ['tx-build', { type: 'eip1559', gas: '21000', maxFeePerGas: '1', accessList: '[{"address": "0x12"}]' }, 'accessList', /Access list entry 1: its "address" is not an address/],
    ['tx-build', { type: 'eip4844', gas: '21000', maxFeePerGas: '1', maxFeePerBlobGas: '1', blobVersionedHashes: '0x01' }, 'blobVersionedHashes', /Blob hash 1/],
    ['tx-build', { type: 'eip1559', gas: '21000', maxFeePerGas: '1', privateKey: 'nope' }, 'privateKey', /hex/],
    ['tx-decode', { raw: '0x', chainId: 'x' }, 'chainId', /whole number/],
    ['rlp', { mode: 'encode', input: '[1, {}]' }, 'input', /RLP holds only/],
    ['rlp', { mode: 'decode', input: '0x83aabb' }, 'input', /Truncated/],
  ] as const)('%s: %j -> %s', async (id, inputs, field, message) => {
    const o = await outcome(id, inputs)
    expect(o.errors, JSON.stringify(o)).toBeDefined()
    expect(o.errors![field]).toMatch(message)
  })

  it.each([
    ['tx-build', { type: 'eip1559', to: '0x1234567890123456789012345678901234567890', gas: '21000', maxFeePerGas: '1', maxPriorityFeePerGas: '2' }, /priority|tip/i],
    ['tx-build', { type: 'eip7702', to: '0x1234567890123456789012345678901234567890', gas: '21000', maxFeePerGas: '1' }, /authorization/],
    ['tx-decode', { raw: '0xc6008080808080' }, /The nonce \(field 0 of a legacy transaction\) has a leading zero byte/],
    ['tx-decode', { raw: '0x05c0' }, /type byte 0x05 is not a known transaction type/],
  ] as const)('%s: %j fails in run with an error that names the problem, on a form field', async (id, inputs, message) => {
    const o = await outcome(id, inputs)
    expect(o.thrown, JSON.stringify(o)).toBeDefined()
    expect(o.thrown!.message).toMatch(message)
    expect((await load(id)).fields.map((f) => f.name)).toContain(o.thrown!.field)
  })
})

describe('siwe: malformed messages still list their fields, with the problem on its field', () => {
  it('flags a bad chain id and a non-checksummed address', async () => {
    const text = 'example.com wants you to sign in with your Ethereum account:\n0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2\n\n\nURI: https://example.com\nVersion: 1\nChain ID: ?\nNonce: 12345678\nIssued At: 2021-09-30T16:25:24Z'
    const o = await outcome('siwe', { message: text })
    const rows = o.result!.sections.flatMap((s) => s.rows)
    expect(rows.find((r) => r.label === 'Verdict')?.value).toMatch(/^Refuse/)
    const address = rows.find((r) => r.label === 'Address')!
    expect(address.tone).toBe('error')
    expect(address.note).toMatch(/EIP-55/)
    expect(rows.find((r) => r.label === 'Chain ID')?.value).toBe('?')
    expect(rows.find((r) => r.label === 'Nonce')?.value).toBe('12345678')
  })
})

describe('signing tools: secrets', () => {
  it('never put a private key in an open link, a non-secret row, or an error', async () => {
    const runs: [string, Record<string, string>][] = [
      ['sign-message', { privateKey: KEY, message: 'hello' }],
      ['sign-message', { privateKey: KEY, mode: 'digest', message: '0x' + 'ab'.repeat(32), confirmRaw: 'true' }],
      ['sign-typed-data', { privateKey: KEY, typedData: examplesOf('sign-typed-data')[0]!.inputs.typedData! }],
      ['authorization', { privateKey: KEY, chainId: '0', address: '0x1234567890123456789012345678901234567890', nonce: '0' }],
      ['tx-build', { privateKey: KEY, type: 'eip1559', gas: '21000', maxFeePerGas: '1', to: '0x1234567890123456789012345678901234567890' }],
    ]
    for (const [id, inputs] of runs) {
      const o = await outcome(id, inputs)
      expect(o.result, id).toBeDefined()
      const text = JSON.stringify(o.result)
      expect(text, id).not.toContain(KEY.slice(2))
      expect(structuredClone(o.result)).toEqual(o.result)
    }
    const bad = await outcome('sign-message', { privateKey: KEY.slice(0, -1), message: 'x' })
    expect(JSON.stringify(bad)).not.toContain(KEY.slice(2, -1))
  })

  it('declares every key field secret', async () => {
    for (const t of tools) for (const f of t.meta.fields) if (/key/i.test(f.name)) expect(f.secret, `${t.meta.id}.${f.name}`).toBe(true)
  })

  it('warns when an authorization is valid on every chain', async () => {
    const o = await outcome('authorization', { chainId: '0', address: '0x1234567890123456789012345678901234567890', nonce: '0' })
    expect(o.result?.notes?.[0]?.text).toMatch(/EVERY chain/)
  })
})

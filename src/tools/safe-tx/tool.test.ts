/**
 * /safe-tx as the form uses it, offline (no node): its worked examples (a network tool's
 * examples do not run in src/tools/examples.test.ts), and bad input at the right field.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'
import meta from './meta'
import { examplesOf, runExampleOffline } from '../../../test/support'

const never = { signal: new AbortController().signal, progress: () => {} }

describe('safe-tx examples, offline', () => {
  it.each(examplesOf(meta.id).map((ex) => [ex.title, ex] as const))('%s', async (_t, ex) => {
    const { result } = await runExampleOffline(tool, ex)
    expect(() => structuredClone(result)).not.toThrow()
    // The example transaction adds an owner: the warning is shown.
    expect(result.notes?.some((n) => n.tone === 'error' && n.text.startsWith('addOwnerWithThreshold'))).toBe(true)
    expect(JSON.stringify(result)).not.toContain('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  })
})

const OFF = { readChain: 'false', safe: '0x111CEEee040739fD91D29C34C33E6B3E112F2177', chainId: '1', version: '1.3.0', to: '0x1111111111111111111111111111111111111111', nonce: '0' }

describe('safe-tx: bad input at the field', () => {
  it.each([
    [{ ...OFF, version: 'auto' }, 'version', /Choose the Safe version/],
    [{ ...OFF, chainId: '' }, 'chainId', /Enter the chain id/],
    [{ ...OFF, nonce: '' }, 'nonce', /Enter the nonce/],
    [{ ...OFF, safe: '0x12' }, 'safe', /An address has 40 hex digits; this has 2/],
    [{ ...OFF, to: '' }, 'to', /Enter an address/],
    [{ ...OFF, source: 'json', json: '{"to": 1' }, 'json', /Not valid JSON/],
    [{ ...OFF, source: 'json', json: '{"to":"0x1111111111111111111111111111111111111111"}' }, 'json', /no nonce/],
    [{ ...OFF, version: '1.0.0', signForm: 'eth_sign', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' }, 'signForm', /does not accept eth_sign/],
    [{ ...OFF, signForm: 'eip712', privateKey: '0x12' }, 'privateKey', /64/],
  ] as const)('%o → %s', (inputs, field, msg) => {
    const parsed = tool.parse(withDefaults(meta, inputs))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors[field]).toMatch(msg)
  })

  it('a pasted signature that is not one is an error at the signatures field', async () => {
    const parsed = tool.parse(withDefaults(meta, { ...OFF, signatures: '0x1234' }))
    if (!parsed.ok) throw new Error('should parse')
    await expect(tool.run(parsed.value, never)).rejects.toMatchObject({ field: 'signatures', name: 'Safe.InvalidSignatureError' })
  })

  it('reading the chain without a connection says how to work offline', async () => {
    const parsed = tool.parse(withDefaults(meta, { ...OFF, readChain: 'true' }))
    if (!parsed.ok) throw new Error('should parse')
    await expect(tool.run(parsed.value, never)).rejects.toMatchObject({ field: 'readChain', name: 'Safe.NotConnectedError' })
  })
})

describe('safe-tx: a mistyped checksum never reaches a signature (issue #18)', () => {
  // The checksummed forms come from ethers v5 getAddress; one letter's case is flipped.
  const good = ethers.utils.getAddress('0x111ceeee040739fd91d29c34c33e6b3e112f2177')
  const i = [...good].findIndex((c, k) => k > 1 && /[a-f]/i.test(c))
  const flipped = `${good.slice(0, i)}${good[i] === good[i]!.toUpperCase() ? good[i]!.toLowerCase() : good[i]!.toUpperCase()}${good.slice(i + 1)}`
  it.each(['safe', 'to', 'gasToken', 'refundReceiver'])('%s: a wrong mixed case is refused at the field, all-lowercase is accepted', (field) => {
    const base = { readChain: 'false', safe: good, chainId: '1', version: '1.3.0', to: good, nonce: '0' }
    const bad = tool.parse(withDefaults(meta, { ...base, [field]: flipped }))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors[field]).toMatch(/checksum/i)
    expect(tool.parse(withDefaults(meta, { ...base, [field]: good.toLowerCase() })).ok).toBe(true)
  })
})

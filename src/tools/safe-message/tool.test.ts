/**
 * /safe-message offline: its worked examples (a network tool's examples do not run in
 * src/tools/examples.test.ts; values from ethers v5, see meta.ts) and bad input at the field.
 * On a node: test/chain/safeMessage.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'
import meta from './meta'
import { examplesOf, runExampleOffline } from '../../../test/support'

describe('safe-message examples, offline', () => {
  it.each(examplesOf(meta.id).map((ex) => [ex.title, ex] as const))('%s', async (_t, ex) => {
    const { result } = await runExampleOffline(tool, ex)
    expect(JSON.stringify(result)).not.toContain('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  })
})

describe('safe-message: bad input at the field', () => {
  const OFF = { readChain: 'false', safe: '0x111CEEee040739fD91D29C34C33E6B3E112F2177', chainId: '1', version: '1.4.1', message: 'hi' }
  it.each([
    [{ ...OFF, version: 'auto' }, 'version', /Choose the Safe version/],
    [{ ...OFF, chainId: '' }, 'chainId', /Enter the chain id/],
    [{ ...OFF, safe: '0x12' }, 'safe', /./],
    [{ ...OFF, kind: 'bytes', message: '0xabc' }, 'message', /not hex/],
    [{ ...OFF, kind: 'typed', message: '{' }, 'message', /not valid JSON/],
    [{ ...OFF, signForm: 'eip712', privateKey: '0x12' }, 'privateKey', /./],
  ])('%j → %s', (inputs, field, re) => {
    const parsed = tool.parse(withDefaults(meta, inputs))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors[field]).toMatch(re)
  })
})

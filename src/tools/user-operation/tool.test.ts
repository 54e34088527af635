/**
 * /user-operation as the form uses it, offline (no node): its worked examples (a network tool's
 * examples do not run in src/tools/examples.test.ts; their values come from the deployed
 * EntryPoint contracts and cast, see examples.ts), the account call decoded, and bad input at
 * the right field. The chain comparison is test/chain/userOperation.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'
import meta from './meta'
import { MORE } from './moreExamples'
import { examplesOf, resultRows as rowsOf, runExampleOffline } from '../../../test/support'

const never = { signal: new AbortController().signal, progress: () => {} }

async function run(inputs: Record<string, string>) {
  const parsed = tool.parse(withDefaults(meta, inputs))
  if (!parsed.ok) throw new Error(`did not parse: ${JSON.stringify(parsed.errors)}`)
  return tool.run(parsed.value, never)
}

describe('user-operation examples, offline', () => {
  it.each([...examplesOf(meta.id), ...MORE].map((ex) => [ex.title, ex] as const))('%s', async (_t, ex) => {
    expect(Object.keys(ex.expect ?? {}).length).toBeGreaterThan(0)
    const { result, rows } = await runExampleOffline(tool, ex)
    expect(() => structuredClone(result)).not.toThrow()
    expect(JSON.stringify(result)).not.toContain('ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    // Every example's call is SimpleAccount execute to 0x…dEaD with 0.01 ether.
    expect(rows.get('Account call / function')).toBe('function execute(address dest, uint256 value, bytes func)')
    expect(rows.get('call 1')).toBe('CALL 0x000000000000000000000000000000000000dEaD  value 10000000000000000\n0x')
  })

  it('a signed op (signature in the JSON) names who signed it', async () => {
    const ex = MORE.find((e) => e.title.includes('EIP-191'))!
    const signed = JSON.parse(ex.inputs.json!) as Record<string, string>
    signed.signature = ex.expect!.Signature!
    const rows = rowsOf(await run({ ...ex.inputs, json: JSON.stringify(signed), sign: 'none', privateKey: '' }))
    expect(rows.get('Signature recovers to')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })
})

const OFF = { readChain: 'false', chainId: '1', source: 'json', version: '0.7' }

describe('user-operation: bad input at the field', () => {
  it.each([
    [{ ...OFF, json: '' }, 'json', /Paste the user operation JSON/],
    [{ ...OFF, json: '{"sender": "0x12"}' }, 'json', /"sender" is not an address/],
    [{ ...OFF, json: '{"sender": "0x0000000000000000000000000000000000000001", "nonce": 0, "callData": "0x"}' }, 'json', /"preVerificationGas" is missing/],
    [{ ...OFF, chainId: '', json: '{}' }, 'chainId', /Enter the chain id/],
    [{ ...OFF, version: '0.6', json: '{"sender": "0x0000000000000000000000000000000000000001", "nonce": 0, "callData": "0x", "accountGasLimits": "0x00", "gasFees": "0x00", "preVerificationGas": 1}' }, 'json', /accountGasLimits is 1 bytes/],
    [{ ...OFF, sign: 'account', privateKey: 'nope', json: '{}' }, 'privateKey', /./],
    [{ ...OFF, version: '0.8', eip7702: 'sign', json: '{}' }, 'delegate', /Enter the delegate/],
  ])('%j → %s', (inputs, field, message) => {
    const parsed = tool.parse(withDefaults(meta, inputs))
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.errors[field], JSON.stringify(parsed.errors)).toMatch(message)
  })

  it('v0.8 with the 0x7702 marker and no delegate offline: says what is missing', async () => {
    const ex = examplesOf(meta.id)[1]!
    await expect(run({ ...ex.inputs, delegate: '' })).rejects.toThrow(/EIP-7702 account/)
  })
})

describe('user-operation: built field by field', () => {
  it('the fields give the op (and hash) the pasted JSON gives', async () => {
    const ex = examplesOf(meta.id)[0]!
    const j = JSON.parse(ex.inputs.json!) as Record<string, string>
    const fields = { readChain: 'false', chainId: '1', version: '0.7', source: 'fields', sender: '0xB1B3C1e0aA1ff4Ab1EC0d61e1E8a5f4Ab87a1C5e', nonce: '5', callData: j.callData!, callGasLimit: '100000', verificationGasLimit: '500000', preVerificationGas: '50000', maxFeePerGas: '2000000000', maxPriorityFeePerGas: '1000000000', paymaster: j.paymaster!, paymasterVerificationGasLimit: '100000', paymasterPostOpGasLimit: '50000', paymasterData: '0x1234' }
    const parsed = tool.parse(withDefaults(meta, fields))
    // The sender typed with a wrong checksum is refused at its field, the lower-case one passes.
    expect(parsed.ok ? '' : parsed.errors.sender).toMatch(/checksum/i)
    const rows = rowsOf(await run({ ...fields, sender: j.sender! }))
    expect(rows.get('userOpHash')).toBe(ex.expect!.userOpHash)
  })

  it('v0.8: a pasted signed authorization supplies the delegate, and its authority must be the sender', async () => {
    const ex = examplesOf(meta.id)[1]!
    // anvil key #0's authorization for the delegate on chain 1, nonce 0 (Authorization is held to cast wallet sign-auth in its own tests).
    const { sign } = await import('../../core/tx/Authorization')
    const auth = sign({ chainId: 1n, address: '0xe6Cae83BdE06E4c305530e199D7217f42808555B', nonce: 0n }, '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const { toJson } = await import('../../core/tx/Authorization')
    const rows = rowsOf(await run({ ...ex.inputs, delegate: '', eip7702: 'paste', authorization: toJson(auth) }))
    expect(rows.get('userOpHash')).toBe(ex.expect!.userOpHash)
    expect(rows.get('Authority')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    expect(rows.get('EIP-7702 delegate')).toBe('0xe6Cae83BdE06E4c305530e199D7217f42808555B')
  })
})

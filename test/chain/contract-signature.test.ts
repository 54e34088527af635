/**
 * The contract-signature oracle: on a real anvil (Prague, for EIP-7702), our
 * ContractSignature.verify against viem's `verifyHash` for an EOA, a deployed ERC-1271 wallet,
 * a counterfactual wallet with an ERC-6492 wrapped signature (nothing may get deployed), and
 * EIP-7702 delegated EOAs (a delegate with ERC-1271 and one without), with valid and
 * wrong-key signatures; and the path that decided. Test contracts: test/fixtures/wallets.
 * This file: the verify-signature and siwe tools on the same paths; ContractSignature itself is
 * tested beside it (src/core/sign/ContractSignature.test.ts).
 */
import { AbiFunction, ContractAddress, Hash, Hex } from 'ox'
import { verifyMessage } from 'viem/actions'
import { describe, expect, it } from 'vitest'
import * as ContractSignature from '../../src/core/sign/ContractSignature'
import * as Signing from '../../src/core/sign/Signing'
import { withDefaults } from '../../src/tools/define'
import { tools as signingTools } from '../../src/tools/groups/signing'
import { deploy, type H } from './safeKit'
import { account, anvil, bytes, client, delegateNo1271, deployFn, deployer, factory, provider, rpc, sign, useWalletChain, walletInit } from './walletKit'

useWalletChain()

describe('verify-signature and siwe use the same paths when the chain check is ticked', () => {
  const ctx = () => ({ signal: new AbortController().signal, progress: () => {}, rpc: provider, rpcUrl: anvil.url })
  async function runTool(id: string, inputs: Record<string, string>) {
    const entry = signingTools.find((t) => t.meta.id === id)!
    const tool = (await entry.load()).default
    const parsed = tool.parse(withDefaults(tool, inputs))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const res = await tool.run(parsed.value, ctx())
    return new Map(res.sections.flatMap((s) => s.rows.map((r) => [r.label, r.value] as const)))
  }

  it('verify-signature: an ERC-1271 wallet, a counterfactual one, and a wrong key, as viem verifyMessage says', async () => {
    const owner = account()
    const other = account()
    const wallet = await deploy(rpc, deployer, walletInit(owner.address))
    const message = 'Ether Workbench contract wallet'
    const digest = Signing.hashMessage(Signing.messageBytes(message, 'text')) as H
    for (const [key, expected] of [[owner.key, true], [other.key, false]] as const) {
      const signature = sign(key, digest)
      expect(await verifyMessage(client, { address: wallet, message, signature })).toBe(expected)
      const rows = await runTool('verify-signature', { message, signature, expected: wallet, onchain: 'true' })
      expect(rows.get('Result')).toBe(expected ? 'Valid: signed by the expected address (EIP-191 personal message)' : 'INVALID: the expected signer does not accept this signature')
      expect(rows.get('Decided by')).toBe(ContractSignature.PATH_LABELS.erc1271)
    }
    // Counterfactual (ERC-6492).
    const salt = bytes(32)
    const predicted = ContractAddress.fromCreate2({ from: factory, salt, bytecodeHash: Hash.keccak256(walletInit(owner.address)) }) as H
    const wrapped = ContractSignature.wrap6492({ factory, factoryData: AbiFunction.encodeData(deployFn, [owner.address, salt]) as H, signature: sign(owner.key, digest) })
    expect(await verifyMessage(client, { address: predicted, message, signature: wrapped })).toBe(true)
    const rows = await runTool('verify-signature', { message, signature: wrapped, expected: predicted, onchain: 'true' })
    expect(rows.get('Result')).toBe('Valid: signed by the expected address (EIP-191 personal message)')
    expect(rows.get('Decided by')).toBe(ContractSignature.PATH_LABELS.erc6492)
    // Offline behaviour is unchanged: the same contract signature, unticked, recovers the owner's key, not the wallet.
    const off = await runTool('verify-signature', { message, signature: sign(owner.key, digest), expected: wallet })
    expect(off.get('Result')).toBe('INVALID: no mode recovers the expected address')
  })

  it('verify-signature: an EIP-7702 account whose delegate lacks ERC-1271 shows the disagreement', async () => {
    const a = account()
    await rpc('anvil_setCode', [a.address, Hex.concat('0xef0100', delegateNo1271)])
    const message = 'signed by a delegated EOA'
    const signature = sign(a.key, Signing.hashMessage(Signing.messageBytes(message, 'text')) as H)
    expect(await verifyMessage(client, { address: a.address, message, signature })).toBe(true)
    const rows = await runTool('verify-signature', { message, signature, expected: a.address, onchain: 'true' })
    expect(rows.get('Result')).toBe('Valid: signed by the expected address (EIP-191 personal message)')
    expect(rows.get('Decided by')).toBe(ContractSignature.PATH_LABELS['eip7702-ecdsa'])
    expect(rows.get('Account')).toBe('EIP-7702 delegated EOA')
    expect(rows.get('Disagreement')).toMatch(/does not accept it/)
  })

  it('siwe: a login by a contract wallet', async () => {
    const owner = account()
    const wallet = await deploy(rpc, deployer, walletInit(owner.address))
    const text = [
      'example.com wants you to sign in with your Ethereum account:',
      wallet,
      '',
      'Sign in with a contract wallet',
      '',
      'URI: https://example.com/login',
      'Version: 1',
      'Chain ID: 31337',
      'Nonce: 32891756',
      'Issued At: 2021-09-30T16:25:24Z',
    ].join('\n')
    const signature = sign(owner.key, Signing.hashMessage(Signing.messageBytes(text, 'text')) as H)
    expect(await verifyMessage(client, { address: wallet, message: text, signature })).toBe(true)
    const rows = await runTool('siwe', { message: text, signature, onchain: 'true' })
    expect(rows.get('Signature')).toBe(`Valid: signed by ${wallet}`)
    expect(rows.get('Decided by')).toBe(ContractSignature.PATH_LABELS.erc1271)
  })
})

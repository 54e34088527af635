/**
 * The contract-signature oracle: on a real anvil (Prague, for EIP-7702), our
 * ContractSignature.verify against viem's `verifyHash` for an EOA, a deployed ERC-1271 wallet,
 * a counterfactual wallet with an ERC-6492 wrapped signature (nothing may get deployed), and
 * EIP-7702 delegated EOAs (a delegate with ERC-1271 and one without), with valid and
 * wrong-key signatures; and the path that decided. Test contracts: test/fixtures/wallets.
 * Needs anvil (@foundry-rs/anvil), started here. The verify-signature and siwe tools on the same
 * paths: test/chain/contract-signature.test.ts.
 */
import { AbiFunction, ContractAddress, Hash, Hex } from 'ox'
import { erc6492SignatureValidatorByteCode } from 'viem'
import { verifyHash } from 'viem/actions'
import { describe, expect, it } from 'vitest'
import * as ContractSignature from './ContractSignature'
import * as Safe from './Safe'
import { SAFE_VERSIONS, ZERO, call, createSafe, deploy, deploySafeContracts, fn, send, type H } from '../../../test/chain/safeKit'
import { account, bytes, client, delegate, delegateNo1271, deployFn, deployer, factory, provider, rpc, sign, useWalletChain, walletInit } from '../../../test/chain/walletKit'

useWalletChain()

async function both(signer: H, hash: H, signature: H) {
  const ours = await ContractSignature.verify(provider, { signer, hash, signature })
  const viems = await verifyHash(client, { address: signer, hash, signature })
  return { ours, viems }
}

const ROUNDS = 4

describe('ContractSignature.verify agrees with viem verifyHash (real anvil)', () => {
  it('the validator bytecode is viem\'s', () => {
    expect(ContractSignature.UNIVERSAL_VALIDATOR).toBe(erc6492SignatureValidatorByteCode)
  })

  it('an EOA: ECDSA decides', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const a = account()
      const other = account()
      const hash = bytes(32)
      for (const [sig, expected] of [[sign(a.key, hash), true], [sign(other.key, hash), false]] as const) {
        const { ours, viems } = await both(a.address, hash, sig)
        expect([ours.valid, viems]).toEqual([expected, expected])
        expect(ours.path).toBe('ecdsa')
      }
    }
  })

  it('a deployed ERC-1271 wallet: ERC-1271 decides', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const owner = account()
      const other = account()
      const wallet = await deploy(rpc, deployer, walletInit(owner.address))
      const hash = bytes(32)
      for (const [sig, expected] of [[sign(owner.key, hash), true], [sign(other.key, hash), false]] as const) {
        const { ours, viems } = await both(wallet, hash, sig)
        expect([ours.valid, viems]).toEqual([expected, expected])
        expect(ours).toMatchObject({ path: 'erc1271', account: 'contract' })
      }
    }
  })

  it('a counterfactual wallet with an ERC-6492 wrapped signature: nothing gets deployed', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const owner = account()
      const other = account()
      const salt = bytes(32)
      const predicted = ContractAddress.fromCreate2({ from: factory, salt, bytecodeHash: Hash.keccak256(walletInit(owner.address)) }) as H
      const factoryData = AbiFunction.encodeData(deployFn, [owner.address, salt]) as H
      const hash = bytes(32)
      for (const [inner, expected] of [[sign(owner.key, hash), true], [sign(other.key, hash), false]] as const) {
        const wrapped = ContractSignature.wrap6492({ factory, factoryData, signature: inner })
        expect(ContractSignature.unwrap6492(wrapped)).toEqual({ factory, factoryData, signature: inner })
        const { ours, viems } = await both(predicted, hash, wrapped)
        expect([ours.valid, viems]).toEqual([expected, expected])
        expect(ours).toMatchObject({ path: 'erc6492', account: 'counterfactual' })
        // The raw signature against the undeployed address: neither accepts it.
        if (expected) {
          const raw = await both(predicted, hash, inner)
          expect([raw.ours.valid, raw.viems]).toEqual([false, false])
        }
      }
      expect(await rpc<H>('eth_getCode', [predicted, 'latest'])).toBe('0x')
    }
  })

  it('a 6492 wrapper whose factory call fails gets a clear error', async () => {
    const owner = account()
    const hash = bytes(32)
    const bad = ContractSignature.wrap6492({ factory, factoryData: '0xdeadbeef', signature: sign(owner.key, hash) })
    await expect(ContractSignature.verify(provider, { signer: account().address, hash, signature: bad })).rejects.toMatchObject({ name: 'ContractSignature.FactoryCallError', field: 'signature' })
    const nowhere = ContractSignature.wrap6492({ factory: account().address, factoryData: '0x', signature: sign(owner.key, hash) })
    await expect(ContractSignature.verify(provider, { signer: account().address, hash, signature: nowhere })).rejects.toMatchObject({ name: 'ContractSignature.FactoryCallError' })
  })

  it('EIP-7702 delegated EOAs: both checks, the decider, and the disagreement explained', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const a = account()
      const other = account()
      const with1271 = i % 2 === 0
      await rpc('anvil_setCode', [a.address, Hex.concat('0xef0100', with1271 ? delegate : delegateNo1271)])
      const hash = bytes(32)
      for (const [sig, expected] of [[sign(a.key, hash), true], [sign(other.key, hash), false]] as const) {
        const { ours, viems } = await both(a.address, hash, sig)
        expect([ours.valid, viems]).toEqual([expected, expected])
        expect(ours.account).toBe('eip7702')
        expect(ours.delegate?.toLowerCase()).toBe((with1271 ? delegate : delegateNo1271).toLowerCase())
        expect(ours.ecdsa?.valid).toBe(expected)
        if (with1271) {
          expect(ours.erc1271?.valid).toBe(expected)
          expect(ours.disagreement).toBeUndefined()
          if (expected) expect(ours.path).toBe('eip7702-erc1271')
        } else {
          expect(ours.erc1271?.valid).toBe(false)
          expect(ours.path).toBe('eip7702-ecdsa')
          if (expected) expect(ours.disagreement).toMatch(/does not accept it/)
        }
      }
    }
  })
})

describe('a Safe with an ERC-1271 contract owner (v = 0 signature), every version', () => {
  for (const version of SAFE_VERSIONS) {
    it(`Safe ${version}: execTransaction with a contract signature and an EOA signature`, async () => {
      const eoa = [account(), account()]
      const walletOwner = account()
      const wallet = await deploy(rpc, deployer, walletInit(walletOwner.address))
      const d = await deploySafeContracts(rpc, deployer, version)
      const safe = await createSafe(rpc, deployer, d, [eoa[0]!.address, eoa[1]!.address, wallet], 2n, 1n)
      const chainId = BigInt(await rpc<H>('eth_chainId'))
      const tx: Safe.SafeTx = { to: account().address, value: 0n, data: bytes(20), operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 0n }
      const { safeTxHash } = Safe.hashes({ version: Safe.parseVersion(version), chainId, safe, tx })
      // Our Wallet1271 accepts its owner's ECDSA signature of the safeTxHash (1.5.0 passes the hash;
      // older versions pass the 66-byte preimage, whose keccak256 is the safeTxHash).
      const k = Math.floor(Math.random() * 2)
      const signatures = Safe.combine([Safe.signEip712(eoa[k]!.key, safeTxHash), Safe.contractSignature(wallet, sign(walletOwner.key, safeTxHash))])
      const r = await send(rpc, { from: deployer, to: safe, data: Safe.execTransactionData(tx, signatures), gas: Hex.fromNumber(3_000_000) })
      expect(r.status).toBe('0x1')
      expect(await call<bigint>(rpc, safe, fn(d.safeAbi, 'nonce'))).toBe(1n)
    })
  }
})


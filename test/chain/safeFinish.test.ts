/**
 * /safe-tx's finishing step (#27) on a real anvil with the published Safe contracts: an owner
 * who signs in the page on a Safe whose threshold their signature (with any pasted ones) meets
 * gets the combined signatures and the execTransaction call data at once, and that call data
 * executes (receipt status 1, value arrived, nonce + 1). 1-of-1 and 2-of-3, Safe 1.3.0 and 1.4.1,
 * threshold read from the chain or typed offline; below the threshold no call data is shown.
 */
import { Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import * as Safe from '../../src/core/sign/Safe'
import { useOwnerChain } from './ownerChain'
import { ZERO, bytes, createSafe, deploySafeContracts, fn, call, ownerOf, send, type H } from './safeKit'

const chain = useOwnerChain('safe finishing step', ' (keys from crypto.getRandomValues)')
const runTool = (inputs: Record<string, string>) => chain.runTool('safe-tx', inputs)

async function executes(safe: H, data: string | undefined, to: H, value: bigint, d: Awaited<ReturnType<typeof deploySafeContracts>>) {
  expect(data, 'execTransaction call data shown').toMatch(/^0x6a761202/)
  const before = await call<bigint>(chain.rpc, safe, fn(d.safeAbi, 'nonce'))
  const r = await send(chain.rpc, { from: chain.deployer, to: safe, data, gas: Hex.fromNumber(1_000_000) })
  expect(r.status).toBe('0x1')
  expect(BigInt(await chain.rpc<H>('eth_getBalance', [to, 'latest']))).toBe(value)
  expect(await call<bigint>(chain.rpc, safe, fn(d.safeAbi, 'nonce'))).toBe(before + 1n)
}

describe('/safe-tx: signing in the page completes the threshold', () => {
  for (const version of ['1.3.0', '1.4.1'] as const) {
    it(`Safe ${version}, 1 of 1: the page's own signature gives execTransaction call data that executes`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const key = bytes(32)
      const safe = await createSafe(chain.rpc, chain.deployer, d, [ownerOf(key)], 1n, BigInt(Date.now()))
      await chain.rpc('anvil_setBalance', [safe, '0xde0b6b3a7640000'])
      const to = Address.checksum(bytes(20)) as H
      const { result, rows } = await runTool({ safe, to, value: '4242', signForm: 'eip712', privateKey: key })
      expect(rows.get('Threshold')).toBe('1 of 1 required')
      expect(rows.get('signatures')).toBe(rows.get('Your signature'))
      expect(JSON.stringify(result)).not.toContain(key.slice(2))
      await executes(safe, rows.get('execTransaction call data'), to, 4242n, d)
    })

    it(`Safe ${version}, 2 of 3: one pasted signature plus the page's; offline with the threshold typed; below it no call data`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const keys = [0, 1, 2].map(() => bytes(32))
      const owners = keys.map(ownerOf)
      const safe = await createSafe(chain.rpc, chain.deployer, d, owners, 2n, BigInt(Date.now()))
      await chain.rpc('anvil_setBalance', [safe, '0xde0b6b3a7640000'])
      const to = Address.checksum(bytes(20)) as H
      const tx: Safe.SafeTx = { to, value: 777n, data: '0x', operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 0n }
      const { safeTxHash } = Safe.hashes({ version, chainId: chain.chainId, safe, tx })
      expect(safeTxHash).toBe(await Safe.contractTxHash(chain.provider, safe, tx))

      // Only the page's signature: the threshold is not met, no call data.
      const alone = await runTool({ safe, to, value: '777', signForm: 'eth_sign', privateKey: keys[1]! })
      expect(alone.rows.get('Threshold')).toBe('1 of 2 required')
      expect(alone.rows.has('execTransaction call data')).toBe(false)

      // Offline, threshold typed: the page's signature plus a pasted one.
      const pasted = Safe.signEip712(keys[2]!, safeTxHash).signature
      const off = await runTool({ readChain: 'false', safe, chainId: chain.chainId.toString(), version, to, value: '777', nonce: '0', threshold: '2', signForm: 'eth_sign', privateKey: keys[1]!, signatures: pasted })
      expect(off.rows.get('Threshold')).toBe('2 of 2 required')
      // Sorted by owner address, as the Safe requires.
      const signers = [owners[1]!, owners[2]!].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
      const sigs = off.rows.get('signatures')!
      expect(Safe.parseOwnerSignatures(sigs, safeTxHash, version).map((s) => s.owner)).toEqual(signers)
      await executes(safe, off.rows.get('execTransaction call data'), to, 777n, d)
    })
  }
})

describe('nested Safes: a Safe owned by another Safe (approveHash through the inner Safe)', () => {
  for (const version of ['1.3.0', '1.4.1'] as const) {
    it(`Safe ${version}: the inner approval's hash = its getTransactionHash, it executes, then the outer executes`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const [kA, kB] = [bytes(32), bytes(32)]
      const nested = await createSafe(chain.rpc, chain.deployer, d, [ownerOf(kA)], 1n, BigInt(Date.now()))
      const outer = await createSafe(chain.rpc, chain.deployer, d, [nested, ownerOf(kB)], 2n, BigInt(Date.now()) + 1n)
      await chain.rpc('anvil_setBalance', [outer, '0xde0b6b3a7640000'])
      const to = Address.checksum(bytes(20)) as H
      const tx: Safe.SafeTx = { to, value: 99n, data: '0x', operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 0n }
      const outerHash = Safe.hashes({ version, chainId: chain.chainId, safe: outer, tx }).safeTxHash
      const n = Safe.nestedApproval({ outerSafe: outer, outerSafeTxHash: outerHash, nestedSafe: nested, version, chainId: chain.chainId, nonce: 0n })
      expect(n.hashes.safeTxHash).toBe(await Safe.contractTxHash(chain.provider, nested, n.tx))
      // The nested Safe's owner signs the inner hash; the inner transaction approves the outer hash.
      const inner = Safe.execTransactionData(n.tx, Safe.combine([Safe.signEip712(kA, n.hashes.safeTxHash)]))
      expect((await send(chain.rpc, { from: chain.deployer, to: nested, data: inner, gas: Hex.fromNumber(1_000_000) })).status).toBe('0x1')
      const approved = await call<bigint>(chain.rpc, outer, fn(d.safeAbi, 'approvedHashes'), [nested, outerHash])
      expect(approved).toBe(1n)
      // The outer Safe: the nested Safe's approved-hash signature and the EOA owner's.
      await executes(outer, Safe.execTransactionData(tx, Safe.combine([n.outerSignature, Safe.signEip712(kB, outerHash)])), to, 99n, d)
    })
  }
})

describe('/safe-tx with a nested Safe, through the tool', () => {
  it('Safe 1.4.1: the inner hashes shown equal getTransactionHash; after the inner approval, the pasted approved-hash plus the page signature execute', async () => {
    const version = '1.4.1'
    const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
    const [kA, kB] = [bytes(32), bytes(32)]
    const nested = await createSafe(chain.rpc, chain.deployer, d, [ownerOf(kA)], 1n, BigInt(Date.now()) + 7n)
    const outer = await createSafe(chain.rpc, chain.deployer, d, [nested, ownerOf(kB)], 2n, BigInt(Date.now()) + 8n)
    await chain.rpc('anvil_setBalance', [outer, '0xde0b6b3a7640000'])
    const to = Address.checksum(bytes(20)) as H
    const first = await runTool({ safe: outer, to, value: '5', nestedSafe: nested })
    const tx: Safe.SafeTx = { to, value: 5n, data: '0x', operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 0n }
    const n = Safe.nestedApproval({ outerSafe: outer, outerSafeTxHash: Safe.hashes({ version, chainId: chain.chainId, safe: outer, tx }).safeTxHash, nestedSafe: nested, version, chainId: chain.chainId, nonce: 0n })
    expect(first.rows.get('Inner safeTxHash')).toBe(await Safe.contractTxHash(chain.provider, nested, n.tx))
    // The nested Safe's owner executes the approval (the inner transaction).
    const inner = Safe.execTransactionData(n.tx, Safe.combine([Safe.signEip712(kA, n.hashes.safeTxHash)]))
    expect((await send(chain.rpc, { from: chain.deployer, to: nested, data: inner, gas: Hex.fromNumber(1_000_000) })).status).toBe('0x1')
    const { rows } = await runTool({ safe: outer, to, value: '5', nestedSafe: nested, signForm: 'eip712', privateKey: kB, signatures: first.rows.get('Outer signature of the nested Safe')! })
    expect(rows.get('Threshold')).toBe('2 of 2 required')
    await executes(outer, rows.get('execTransaction call data'), to, 5n, d)
  })
})

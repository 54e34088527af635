/**
 * ProofVerify without a node: which hardfork's header fields a block carries, bounds on proof
 * answers (too many nodes, too deep, too big, too many slots) refused before any hashing, and
 * malformed answers refused with a message. Honest and tampered proofs from a real anvil:
 * test/chain/proof-verify.test.ts.
 */
import { describe, expect, it } from 'vitest'
import * as ProofVerify from './ProofVerify'

const header: ProofVerify.VerifiedHeader = { number: 1n, hash: `0x${'11'.repeat(32)}`, stateRoot: `0x${'22'.repeat(32)}`, hardfork: 'prague', anchor: 'node' }
const addr = '0x' + 'ab'.repeat(20)
const proof = (over: Record<string, unknown> = {}) => ({
  address: addr, balance: '0x1', nonce: '0x0', codeHash: ProofVerify.EMPTY_CODE_HASH, storageHash: ProofVerify.EMPTY_TRIE_ROOT,
  accountProof: ['0x' + 'c0'.repeat(40)], storageProof: [], ...over,
})

describe('ProofVerify', () => {
  it('picks the hardfork whose header fields the block carries', () => {
    expect(ProofVerify.headerHardfork({ requestsHash: '0x' })).toBe('prague')
    expect(ProofVerify.headerHardfork({ parentBeaconBlockRoot: '0x' })).toBe('cancun')
    expect(ProofVerify.headerHardfork({ withdrawalsRoot: '0x' })).toBe('shanghai')
    expect(ProofVerify.headerHardfork({ baseFeePerGas: '0x1', difficulty: '0x0' })).toBe('paris')
    expect(ProofVerify.headerHardfork({ baseFeePerGas: '0x1', difficulty: '0x2' })).toBe('london')
    expect(ProofVerify.headerHardfork({ difficulty: '0x2' })).toBe('berlin')
  })

  it('refuses a proof deeper than a 32-byte-key trie can be', async () => {
    const deep = proof({ accountProof: Array.from({ length: ProofVerify.LIMITS.maxDepth + 1 }, () => '0x' + 'c0'.repeat(40)) })
    await expect(ProofVerify.verifyProof(header, deep, addr)).rejects.toThrow(/has 66 nodes; the limit is at most 65/)
  })

  it('refuses an oversized node, too many slots, and too many bytes in all', async () => {
    await expect(ProofVerify.verifyProof(header, proof({ accountProof: ['0x' + '00'.repeat(1025)] }), addr)).rejects.toThrow(/node 0 is 1025 bytes/)
    const many = Array.from({ length: ProofVerify.LIMITS.maxSlots + 1 }, (_, i) => '0x' + i.toString(16))
    await expect(ProofVerify.verifyProof(header, proof(), addr, many)).rejects.toThrow(/1001 slots/)
    const big = Array.from({ length: 65 }, () => '0x' + '00'.repeat(1000))
    const slots = Array.from({ length: 70 }, (_, i) => '0x' + (i + 1).toString(16))
    const sp = slots.map((k) => ({ key: k, value: '0x0', proof: big }))
    await expect(ProofVerify.verifyProof(header, proof({ storageProof: sp }), addr, slots)).rejects.toThrow(/bytes of proof nodes/)
  })

  it('refuses a proof node that does not hash to the state root, naming the account', async () => {
    await expect(ProofVerify.verifyProof(header, proof(), addr)).rejects.toThrow(new RegExp(`account proof of ${addr} does not verify`))
    await expect(ProofVerify.verifyProof(header, proof({ accountProof: [] }), addr)).rejects.toThrow(/the proof is empty/)
  })

  it('refuses malformed answers with a message', async () => {
    await expect(ProofVerify.verifyProof(header, proof({ address: '0x' + 'cd'.repeat(20) }), addr)).rejects.toThrow(/address of/)
    await expect(ProofVerify.verifyProof(header, proof({ balance: 'lots' }), addr)).rejects.toThrow(/hex quantity/)
    await expect(ProofVerify.verifyProof(header, proof(), addr, ['0x1'])).rejects.toThrow(/no proof for this slot/)
    expect(() => ProofVerify.verifyHeader({ hash: '0x12' })).toThrow(/32 bytes/)
    expect(() => ProofVerify.verifyHeader({ hash: `0x${'00'.repeat(32)}`, number: 'x' })).toThrow(/block header that cannot be read/)
  })
})

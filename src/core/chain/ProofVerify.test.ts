/**
 * ProofVerify without a node: which hardfork's header fields a block carries, bounds on proof
 * answers (too many nodes, too deep, too big, too many slots) refused before any hashing, and
 * malformed answers refused with a message; and the batch's shared node store (proofs built
 * here by @ethereumjs/mpt's own trie, an independent source): honest proofs verify, and one
 * answer's changed, left-out or added node is refused for that answer, naming it, even when
 * another answer of the batch holds the honest node; a node no answer holds is refused, never
 * read as absence. Honest and tampered proofs from a real anvil: test/chain/proof-verify.test.ts.
 */
import { createMerkleProof, createMPT } from '@ethereumjs/mpt'
import { bytesToHex, createAccount, hexToBytes } from '@ethereumjs/util'
import { Rlp } from 'ox'
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

type Hex = `0x${string}`
/** A state trie of `n` accounts (each with one storage slot) built by the library, and an answer for any address. */
async function state(n: number) {
  const accounts = Array.from({ length: n }, (_, i) => ({ address: `0x${(0x1000 + i * 7919).toString(16).padStart(40, '0')}` as Hex, slot: `0x${(i + 1).toString(16).padStart(64, '0')}` as Hex, value: BigInt(i + 5) }))
  const trie = await createMPT({ useKeyHashing: true })
  const storage = new Map<string, Awaited<ReturnType<typeof createMPT>>>()
  for (const [i, a] of accounts.entries()) {
    const st = await createMPT({ useKeyHashing: true })
    await st.put(hexToBytes(a.slot), Rlp.fromHex(`0x${a.value.toString(16).padStart(2, '0')}`, { as: 'Bytes' }))
    storage.set(a.address, st)
    await trie.put(hexToBytes(a.address), createAccount({ nonce: BigInt(i), balance: 10n ** 18n + BigInt(i), storageRoot: st.root() }).serialize())
  }
  const hdr: ProofVerify.VerifiedHeader = { ...header, stateRoot: bytesToHex(trie.root()) }
  const answer = async (address: Hex, slots: Hex[] = []) => {
    const a = accounts.find((x) => x.address === address)
    const i = a ? accounts.indexOf(a) : -1
    const st = storage.get(address)
    return {
      address,
      balance: a ? `0x${(10n ** 18n + BigInt(i)).toString(16)}` : '0x0',
      nonce: `0x${Math.max(i, 0).toString(16)}`,
      codeHash: ProofVerify.EMPTY_CODE_HASH,
      storageHash: st ? bytesToHex(st.root()) : ProofVerify.EMPTY_TRIE_ROOT,
      accountProof: (await createMerkleProof(trie, hexToBytes(address))).map((x) => bytesToHex(x)),
      storageProof: await Promise.all(slots.map(async (k) => ({ key: k, value: `0x${(a?.slot === k ? a.value : 0n).toString(16)}`, proof: st ? (await createMerkleProof(st, hexToBytes(k))).map((x) => bytesToHex(x)) : [] }))),
    }
  }
  return { accounts, hdr, answer }
}
const flip = (h: string) => `${h.slice(0, -2)}${(parseInt(h.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')}` as Hex

describe('ProofVerify.verifyProofs: one node store for a batch', () => {
  it('verifies a batch of honest proofs (present accounts with slots, an absent one) to the values the trie holds', async () => {
    const s = await state(40)
    const absent = `0x${'77'.repeat(20)}` as Hex
    const answers = [...(await Promise.all(s.accounts.map(async (a) => ({ raw: await s.answer(a.address, [a.slot]), address: a.address, slots: [a.slot] })))), { raw: await s.answer(absent), address: absent }]
    const out = await ProofVerify.verifyProofs(s.hdr, answers)
    expect(out.map((a) => a.balance)).toEqual([...s.accounts.map((_, i) => 10n ** 18n + BigInt(i)), 0n])
    expect(out.slice(0, 40).map((a) => BigInt(a.storage[0]!.value))).toEqual(s.accounts.map((a) => a.value))
    expect(out[40]!.storageRoot).toBe(ProofVerify.EMPTY_TRIE_ROOT)
  })

  it('refuses one answer’s changed node, naming that account, though another answer holds the honest node', async () => {
    const s = await state(40)
    const [a, b] = [s.accounts[3]!, s.accounts[17]!]
    const honestB = await s.answer(b.address, [b.slot])
    let shared = 0
    for (let k = 0; k < honestB.accountProof.length; k++) {
      const rawA = await s.answer(a.address, [a.slot])
      if (!honestB.accountProof.includes(rawA.accountProof[k]!)) continue // the nodes b's proof holds too: the root, at least
      shared++
      rawA.accountProof[k] = flip(rawA.accountProof[k]!)
      await expect(ProofVerify.verifyProofs(s.hdr, [{ raw: honestB, address: b.address, slots: [b.slot] }, { raw: rawA, address: a.address, slots: [a.slot] }])).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
    }
    expect(shared).toBeGreaterThanOrEqual(1)
    const rawA = await s.answer(a.address, [a.slot])
    rawA.storageProof[0]!.proof[0] = flip(rawA.storageProof[0]!.proof[0]!)
    await expect(ProofVerify.verifyProofs(s.hdr, [{ raw: honestB, address: b.address, slots: [b.slot] }, { raw: rawA, address: a.address, slots: [a.slot] }])).rejects.toThrow(new RegExp(`proof of ${a.address} slot ${a.slot} does not verify`))
  })

  it('refuses a node left out (even one another answer holds) or added, and never reads a missing node as absence', async () => {
    const s = await state(40)
    const [a, b] = [s.accounts[5]!, s.accounts[9]!]
    const honestB = { raw: await s.answer(b.address), address: b.address }
    // the root left out of a's proof: b's proof holds it, the walk would succeed, a's proof is not the path
    const noRoot = await s.answer(a.address)
    noRoot.accountProof.shift()
    await expect(ProofVerify.verifyProofs(s.hdr, [honestB, { raw: noRoot, address: a.address }])).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
    // the leaf left out, claimed absent (balance 0): no answer holds it, refused as missing, not read as absence
    const noLeaf = { ...(await s.answer(a.address)), balance: '0x0', nonce: '0x0', storageHash: ProofVerify.EMPTY_TRIE_ROOT }
    noLeaf.accountProof.pop()
    await expect(ProofVerify.verifyProofs(s.hdr, [honestB, { raw: noLeaf, address: a.address }])).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
    // another account's leaf added at the end
    const extra = await s.answer(a.address)
    extra.accountProof.push(honestB.raw.accountProof.at(-1)!)
    await expect(ProofVerify.verifyProofs(s.hdr, [honestB, { raw: extra, address: a.address }])).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
    // b's proof passed off as a's (the same nodes, a's address): the walk for a's key takes another path
    await expect(ProofVerify.verifyProofs(s.hdr, [honestB, { raw: { ...honestB.raw, address: a.address }, address: a.address }])).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
    // a changed balance with an honest proof: the value proven is the trie's
    await expect(ProofVerify.verifyProofs(s.hdr, [honestB, { raw: { ...(await s.answer(a.address)), balance: '0x1' }, address: a.address }])).rejects.toThrow(/balance of .* is not what its proof/)
  })
})

describe('ProofVerify.unusedNode: every proof node accounted for by the walk (issue #41)', () => {
  /** A trie with raw (unhashed) keys, so short nodes occur and are inlined in their parents; its walk for `key`, and its proof by the library (inlined nodes listed). */
  async function walk(key: Uint8Array) {
    const trie = await createMPT({})
    for (const k of ['0x0100', '0x0101', '0x0102', '0x01ff', '0x0200', '0x03'] as const) await trie.put(hexToBytes(k), hexToBytes('0x0a'))
    for (let i = 0; i < 20; i++) await trie.put(hexToBytes(`0x04${i.toString(16).padStart(2, '0')}${'ab'.repeat(20)}`), hexToBytes(`0x${'cd'.repeat(32)}`))
    const { stack } = await trie.findPath(key, true)
    const walked = stack.map((n) => n.serialize())
    const library = await createMerkleProof(trie, key) // @ethereumjs/mpt's style: every node on the path, inlined ones too
    return { walked, library }
  }
  const short = (b: Uint8Array[]) => b.filter((n, i) => i > 0 && n.length < 32)

  it('accepts both proof styles (inlined nodes listed, as @ethereumjs/mpt does, or left out, as geth does) and refuses any node added, moved or left out', async () => {
    const { walked, library } = await walk(hexToBytes('0x0101'))
    expect(short(walked).length).toBeGreaterThan(0) // the path goes through inlined nodes
    expect(library.map(bytesToHex)).toEqual(walked.map(bytesToHex))
    const geth = library.filter((n, i) => i === 0 || n.length >= 32)
    expect(geth.length).toBeLessThan(library.length)
    for (const [style, proof] of [['library', library], ['geth', geth]] as const) {
      expect(ProofVerify.unusedNode(walked, proof), style).toBeNull()
      const inlined = short(walked)[0]!
      const cases: [string, Uint8Array[]][] = [
        ['a short node appended', [...proof, hexToBytes('0xc0')]],
        ['an inlined node of the path listed twice at the end', [...proof, inlined, inlined]],
        ['an inlined node of the path put before the root', [inlined, ...proof]],
        ['a short node put first', [hexToBytes('0x80'), ...proof]],
        ['a short node inserted after the root', [proof[0]!, hexToBytes('0xc3822001'), ...proof.slice(1)]],
        ['the root duplicated', [proof[0]!, ...proof]],
        ['the root left out', proof.slice(1)],
        ['the list reversed', [...proof].reverse()],
      ]
      for (const [what, bad] of cases) expect(`${style}: ${what}: ${ProofVerify.unusedNode(walked, bad)}`).toMatch(/: (node \d+|the proof ends)/)
    }
  })

  it('refuses a short node added to a proof of a hashed-key trie (what a node sends), which the walk never reaches', async () => {
    const s = await state(8)
    const a = s.accounts[2]!
    const raw = await s.answer(a.address, [a.slot])
    await expect(ProofVerify.verifyProofs(s.hdr, [{ raw, address: a.address, slots: [a.slot] }])).resolves.toHaveLength(1)
    for (const extra of ['0xc0', '0x80', `0xde${'80'.repeat(30)}`]) {
      await expect(ProofVerify.verifyProofs(s.hdr, [{ raw: { ...raw, accountProof: [...raw.accountProof, extra] }, address: a.address, slots: [a.slot] }])).rejects.toThrow(/account proof .* does not verify: node \d+ of \d+ is not on the path to the key \(an added node, a short one\)/)
      const sp = [{ ...raw.storageProof[0]!, proof: [raw.storageProof[0]!.proof[0]!, extra, ...raw.storageProof[0]!.proof.slice(1)] }]
      await expect(ProofVerify.verifyProofs(s.hdr, [{ raw: { ...raw, storageProof: sp }, address: a.address, slots: [a.slot] }])).rejects.toThrow(/storage proof .* does not verify/)
    }
  })
})

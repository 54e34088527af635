import { secp256k1 } from '@noble/curves/secp256k1.js'
import { keccak_256 } from '@noble/hashes/sha3.js'
import { HARDENED_OFFSET, HDKey } from '@scure/bip32'
import fc from 'fast-check'
import { ethers } from 'ethers'
import { Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as Hd from './Hd'
import * as Key from './Key'
import * as Mnemonic from './Mnemonic'

const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

describeVectors('BIP-32 published vectors', () => {
  const data = readVector<{ vectors: { vector: number; seed?: string; chains?: { path: string; xpub: string; xprv: string }[]; invalid?: { key: string; reason: string }[] }[] }>(
    'bip32/bip32-test-vectors.json',
  )

  it('vectors 1-4: every chain derives to the listed xprv and xpub', () => {
    let n = 0
    for (const v of data.vectors.filter((v) => v.chains)) {
      const root = Hd.fromSeed(Hex.toBytes(`0x${v.seed}`))
      for (const c of v.chains!) {
        const node = Hd.derive(root, c.path)
        expect(node.privateExtendedKey, `${v.vector} ${c.path}`).toBe(c.xprv)
        expect(node.publicExtendedKey, `${v.vector} ${c.path}`).toBe(c.xpub)
        n++
      }
    }
    expect(n).toBeGreaterThan(15)
  })

  it('vector 1: watch-only derivation from an xpub matches the private derivation', () => {
    const v = data.vectors[0]!
    const chain = v.chains!.find((c) => c.path === "m/0'/1")!
    const next = v.chains!.find((c) => c.path === "m/0'/1/2'")!
    const fromXpub = Hd.fromExtendedKey(chain.xpub)
    expect(fromXpub.privateKey).toBeFalsy()
    const watch = Hd.range(fromXpub, Hd.parseTemplate('i'), 0, 5)
    const full = Hd.range(Hd.fromExtendedKey(chain.xprv), Hd.parseTemplate('i'), 0, 5)
    expect(watch.map((a) => a.address)).toEqual(full.map((a) => a.address))
    expect(() => Hd.derive(fromXpub, "2'")).toThrow(Hd.HardenedFromPublicError)
    expect(Hd.fromExtendedKey(next.xprv).depth).toBe(3)
  })

  it('vector 5: every invalid extended key is refused with a core error', () => {
    const bad = data.vectors.find((v) => v.invalid)!.invalid!
    expect(bad.length).toBe(16)
    for (const { key } of bad) expect(() => Hd.fromExtendedKey(key), key).toThrow(Hd.InvalidExtendedKeyError)
  })
})

describe('Hd against cast and ethers', () => {
  it('every preset, random phrases, passphrases and indexes: wallet address of wallet private-key', async () => {
    const cases = Array.from({ length: 9 }, (_, k) => {
      const phrase = Mnemonic.generate(k % 2 ? 24 : 12)
      const preset = Hd.PRESET_IDS[k % 3]!
      const i = crypto.getRandomValues(new Uint32Array(1))[0]! % 500
      return { phrase, passphrase: k % 4 === 1 ? 'correct horse' : '', preset, i }
    })
    await Promise.all(
      cases.map(async ({ phrase, passphrase, preset, i }) => {
        const root = Hd.fromSeed(Mnemonic.toSeed(phrase, passphrase))
        const [a] = Hd.range(root, Hd.template(preset), i, 1)
        const args = ['wallet', 'private-key', '--mnemonic', phrase, '--mnemonic-derivation-path', a!.path]
        if (passphrase) args.push('--mnemonic-passphrase', passphrase)
        expect(a!.privateKey).toBe(await castAsync(args))
        expect(a!.address).toBe(Key.toAddress(a!.privateKey as Key.PrivateKey))
      }),
    )
  }, 60_000)

  it('wallet derive: the first accounts of a phrase', async () => {
    const out = await castAsync(['wallet', 'derive', TEST_MNEMONIC, '--accounts', '5'])
    const theirs = [...out.matchAll(/Address:\s+(0x[0-9a-fA-F]{40})/g)].map((m) => m[1])
    const ours = Hd.range(Hd.fromSeed(Mnemonic.toSeed(TEST_MNEMONIC)), Hd.template('metamask'), 0, 5).map((a) => a.address)
    expect(ours).toEqual(theirs)
  }, 60_000)

  it('ranges equal ethers v5 HDNode for every preset', () => {
    const phrase = Mnemonic.generate(12)
    const root = Hd.fromSeed(Mnemonic.toSeed(phrase))
    const node = ethers.utils.HDNode.fromMnemonic(phrase)
    for (const id of Hd.PRESET_IDS) {
      const rows = Hd.range(root, Hd.template(id), 3, 4)
      for (const r of rows) {
        const e = node.derivePath(r.path)
        expect(r.address).toBe(e.address)
        expect(r.publicKey).toBe(e.publicKey)
        expect(r.privateKey).toBe(e.privateKey)
      }
    }
  })
})

describe('Hd', () => {
  const root = Hd.fromSeed(Mnemonic.toSeed(TEST_MNEMONIC))

  it("account xpub of m/44'/60'/0'/0 derives the same addresses watch-only", () => {
    const info = Hd.rootInfo(root)
    const watch = Hd.range(Hd.fromExtendedKey(info.chainXpub), Hd.parseTemplate('i'), 0, 3)
    const acct = Hd.range(Hd.fromExtendedKey(info.accountXpub), Hd.parseTemplate('0/i'), 0, 3)
    const full = Hd.range(root, Hd.template('metamask'), 0, 3)
    expect(watch.map((a) => a.address)).toEqual(full.map((a) => a.address))
    expect(acct.map((a) => a.address)).toEqual(full.map((a) => a.address))
    expect(watch[0]!.privateKey).toBeUndefined()
    expect(info.rootXprv).toBe(root.privateExtendedKey)
  })

  it('find: locates an address on each preset, and says when it is not there', () => {
    const templates = Hd.PRESET_IDS.map((id) => ({ id, template: Hd.template(id) }))
    for (const id of Hd.PRESET_IDS) {
      const [a] = Hd.range(root, Hd.template(id), 7, 1)
      const found = Hd.find(root, a!.address.toLowerCase(), templates, 10)
      expect(found?.path).toBe(a!.path)
      // The same account may sit at index 0 of several presets (m/44'/60'/0'/0/0).
      if (id !== 'metamask') expect(found?.preset).toBe(id)
    }
    let calls = 0
    expect(Hd.find(root, '0x' + '11'.repeat(20), templates, 5, { onProgress: () => calls++ })).toBeUndefined()
    expect(calls).toBeGreaterThan(0)
  })

  it('path templates: parse and print round-trip (property)', () => {
    const comp = fc.record({ n: fc.integer({ min: 0, max: 2 ** 31 - 1 }), h: fc.boolean() })
    fc.assert(
      fc.property(fc.array(comp, { minLength: 1, maxLength: 8 }), fc.nat(7), fc.nat(1000), (cs, at, i) => {
        const parts = cs.map((c) => `${c.n}${c.h ? "'" : ''}`)
        const k = at % parts.length
        parts[k] = `i${cs[k]!.h ? 'h' : ''}`
        const t = Hd.parseTemplate(`m/${parts.join('/')}`)
        expect(t.variableAt).toBe(k)
        expect(Hd.parseTemplate(t.text)).toEqual(t)
        const p = Hd.pathOf(t, i)
        expect(Hd.parseTemplate(p).variableAt).toBe(-1)
      }),
    )
  })

  it('bad input: paths, ranges and keys get clear errors', () => {
    const fail = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        return e as Error
      }
      throw new Error('no error')
    }
    expect(fail(() => Hd.parseTemplate('')).name).toBe('Hd.InvalidPathError')
    expect(fail(() => Hd.parseTemplate("m/44'/x/0")).message).toMatch(/Level 2, "x"/)
    expect(fail(() => Hd.parseTemplate('m/i/i')).message).toMatch(/more than one i/)
    expect(fail(() => Hd.parseTemplate('m/2147483648')).message).toMatch(/not below 2\^31/)
    expect(fail(() => Hd.parseTemplate('m/' + '0/'.repeat(40) + '0')).name).toBe('Hd.InvalidPathError')
    expect(fail(() => Hd.range(root, Hd.template('metamask'), 0, 5000)).name).toBe('Hd.InvalidRangeError')
    expect(fail(() => Hd.range(root, Hd.template('metamask'), -1, 5)).name).toBe('Hd.InvalidRangeError')
    expect(fail(() => Hd.fromExtendedKey('xpub123')).name).toBe('Hd.InvalidExtendedKeyError')
    expect(fail(() => Hd.fromExtendedKey('')).name).toBe('Hd.InvalidExtendedKeyError')
    const xpub = Hd.rootInfo(root).chainXpub
    expect(fail(() => Hd.range(Hd.fromExtendedKey(xpub), Hd.parseTemplate("i'"), 0, 2)).name).toBe('Hd.HardenedFromPublicError')
    expect(fail(() => Hd.range(Hd.fromExtendedKey(xpub), Hd.template('metamask'), 0, 2)).name).toBe('Hd.InvalidPathError')
    expect(fail(() => Hd.find(root, '0x00', [], 100_000)).name).toBe('Hd.InvalidRangeError')
  })
})

describeVectors('BIP-32 vectors through the fast range path (JavaScript, then WebAssembly)', () => {
  const data = readVector<{ vectors: { vector: number; seed?: string; chains?: { path: string; xpub: string; xprv: string }[] }[] }>('bip32/bip32-test-vectors.json')
  /** Each chain's last level becomes the index i; the row's keys must be the vector's, and watch-only from the parent xpub too. */
  function check(): number {
    let n = 0
    for (const v of data.vectors.filter((v) => v.chains)) {
      const root = Hd.fromSeed(Hex.toBytes(`0x${v.seed}`))
      for (const c of v.chains!) {
        const parts = c.path.split('/')
        if (parts.length < 2) continue
        const last = parts.pop()!
        const hardened = /['hH]$/.test(last)
        const t = Hd.parseTemplate([...parts, hardened ? "i'" : 'i'].join('/'))
        const row = Hd.range(root, t, Number(last.replace(/['hH]$/, '')), 1)[0]!
        const want = Hd.fromExtendedKey(c.xprv)
        expect(row.privateKey, c.path).toBe(Hex.fromBytes(want.privateKey!))
        expect(row.publicKey, c.path).toBe(Hex.fromBytes(want.publicKey!))
        expect(row.address, c.path).toBe(Key.fromPublicKeyBytes(want.publicKey!).address)
        if (!hardened) {
          const parentXpub = Hd.derive(root, parts.join('/')).publicExtendedKey
          const watch = Hd.range(Hd.fromExtendedKey(parentXpub), Hd.parseTemplate('i'), Number(last), 1)[0]!
          expect(watch.publicKey, `watch-only ${c.path}`).toBe(row.publicKey)
          expect(watch.privateKey).toBeUndefined()
        }
        n++
      }
    }
    return n
  }

  it('JavaScript engine, then the WebAssembly engine after Hd.useWasm(); both equal ethers v5 on every preset', async () => {
    const phrase = Mnemonic.generate(12)
    const root = Hd.fromSeed(Mnemonic.toSeed(phrase))
    const before = Hd.PRESET_IDS.map((id) => Hd.range(root, Hd.template(id), 1000, 5))
    expect(check()).toBeGreaterThan(10)
    expect(await Hd.useWasm()).toBe(true)
    expect(check()).toBeGreaterThan(10)
    const after = Hd.PRESET_IDS.map((id) => Hd.range(root, Hd.template(id), 1000, 5))
    expect(after).toEqual(before)
    const node = ethers.utils.HDNode.fromMnemonic(phrase)
    for (const r of after.flat()) {
      const e = node.derivePath(r.path)
      expect([r.address, r.publicKey, r.privateKey]).toEqual([e.address, e.publicKey, e.privateKey])
    }
    const found = Hd.find(root, after[2]![3]!.address, Hd.PRESET_IDS.map((id) => ({ id, template: Hd.template(id) })), 10, { start: 1000 })
    expect(found?.path).toBe(after[2]![3]!.path)
  })

  it('slices split the indexes into contiguous parts covering each index once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Hd.MAX_SCAN }), fc.integer({ min: 1, max: 64 }), (count, parts) => {
        const s = Hd.slices(count, parts)
        expect(s.length).toBe(Math.min(count, parts))
        let next = 0
        for (const p of s) {
          expect(p.start).toBe(next)
          expect(p.count).toBeGreaterThan(0)
          next += p.count
        }
        expect(next).toBe(count)
      }),
    )
  })
})

/**
 * Hd's child derivation (liteChild: HMAC-SHA512, scalar addition, point multiplication by
 * ox's WebAssembly secp256k1 or point addition for xpubs) is our own code around the
 * libraries, kept for speed (5x @scure/bip32's deriveChild on "derive 1,000 addresses").
 * So it is checked against @scure/bip32 itself on 10,000 random paths per run: random seeds,
 * random prefixes and suffixes, hardened or not, random indexes up to 2^31 - 1, from a root
 * and watch-only from an xpub. The seed is printed by the test setup (TEST_SEED replays it).
 */
describe('differential: Hd.range against @scure/bip32 on 10,000 random paths', () => {
  const level = fc.record({ index: fc.integer({ min: 0, max: 2 ** 31 - 1 }), hardened: fc.boolean() })
  const text = (cs: { index: number; hardened: boolean }[]) => cs.map((c) => `${c.index}${c.hardened ? "'" : ''}`)
  const addressOf = (compressed: Uint8Array) => ethers.utils.getAddress(Hex.fromBytes(keccak_256(secp256k1.Point.fromBytes(compressed).toBytes(false).subarray(1)).subarray(12)))

  it('private derivation from a root: 160 templates x 50 indexes', async () => {
    expect(await Hd.useWasm()).toBe(true)
    let paths = 0
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 64 }),
        fc.array(level, { maxLength: 3 }),
        fc.boolean(),
        fc.array(level, { maxLength: 2 }),
        fc.integer({ min: 0, max: 2 ** 31 - 50 }),
        (seed, before, hardenedI, after, start) => {
          const root = Hd.fromSeed(seed)
          const t = Hd.parseTemplate(['m', ...text(before), `i${hardenedI ? "'" : ''}`, ...text(after)].join('/'))
          const ours = Hd.range(root, t, start, 50)
          const ref = HDKey.fromMasterSeed(seed)
          const parent = before.reduce((n, c) => n.deriveChild(c.index + (c.hardened ? HARDENED_OFFSET : 0)), ref)
          ours.forEach((a, k) => {
            const i = start + k
            const node = after.reduce((n, c) => n.deriveChild(c.index + (c.hardened ? HARDENED_OFFSET : 0)), parent.deriveChild(i + (hardenedI ? HARDENED_OFFSET : 0)))
            expect(a.path).toBe(`m/${[...text(before), `${i}${hardenedI ? "'" : ''}`, ...text(after)].join('/')}`)
            expect([a.privateKey, a.publicKey, a.address]).toEqual([Hex.fromBytes(node.privateKey!), Hex.fromBytes(node.publicKey!), addressOf(node.publicKey!)])
            paths++
          })
        },
      ),
      { numRuns: 160 },
    )
    expect(paths).toBe(8000)
  }, 600_000)

  it('watch-only derivation below an xpub: 40 templates x 50 indexes', () => {
    let paths = 0
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 64 }), fc.array(level, { maxLength: 3 }), fc.array(level.map((c) => c.index), { maxLength: 2 }), fc.integer({ min: 0, max: 2 ** 31 - 50 }), (seed, account, after, start) => {
        const acct = account.reduce((n, c) => n.deriveChild(c.index + (c.hardened ? HARDENED_OFFSET : 0)), HDKey.fromMasterSeed(seed))
        const xpub = Hd.fromExtendedKey(acct.publicExtendedKey)
        const t = Hd.parseTemplate(['i', ...after].join('/'))
        const ours = Hd.range(xpub, t, start, 50)
        const ref = HDKey.fromExtendedKey(acct.publicExtendedKey)
        ours.forEach((a, k) => {
          const node = after.reduce((n, c) => n.deriveChild(c), ref.deriveChild(start + k))
          expect(a.privateKey).toBeUndefined()
          expect([a.publicKey, a.address]).toEqual([Hex.fromBytes(node.publicKey!), addressOf(node.publicKey!)])
          paths++
        })
      }),
      { numRuns: 40 },
    )
    expect(paths).toBe(2000)
  }, 600_000)
})

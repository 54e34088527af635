import fc from 'fast-check'
import { ethers } from 'ethers'
import { Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector, readVectorText, testSeed } from '../../../test/support'
import * as Hd from './Hd'
import * as Mnemonic from './Mnemonic'

type Trezor = Record<string, [string, string, string, string][]>
const nfkd = (s: string) => s.normalize('NFKD')

describeVectors('BIP-39 published vectors', () => {
  it('our ten wordlists equal the official files, word for word', () => {
    for (const l of Mnemonic.LANGUAGES) {
      const official = readVectorText(`bip39/${l}.txt`).split('\n').filter(Boolean)
      expect(official.length, l).toBe(2048)
      expect([...Mnemonic.wordlist(l)], l).toEqual(official)
    }
  })

  const trezor = readVector<Trezor>('bip39/trezor-vectors.json')
  // russian and turkish use non-BIP wordlists (see the vectors README).
  it.each(Mnemonic.LANGUAGES.map((l) => [l] as const))('trezor vectors, %s: entropy <-> phrase, seed, root xprv', (l) => {
    const cases = trezor[l]!
    expect(cases.length).toBeGreaterThan(0)
    for (const [entropy, phrase, seed, xprv] of cases) {
      expect(nfkd(Mnemonic.fromEntropy(Hex.toBytes(`0x${entropy}`), l))).toBe(nfkd(phrase))
      const v = Mnemonic.validate(phrase, l)
      expect(Hex.fromBytes(v.entropy)).toBe(`0x${entropy}`)
      const s = Mnemonic.toSeed(phrase, 'TREZOR')
      expect(Hex.fromBytes(s)).toBe(`0x${seed}`)
      expect(Hd.fromSeed(s).privateExtendedKey).toBe(xprv)
    }
  })

  it.each(Mnemonic.LANGUAGES.map((l) => [l] as const))('trezor vectors, %s: the seed by WebCrypto PBKDF2 (toSeedAsync)', async (l) => {
    const cases = trezor[l]!
    expect(cases.length).toBeGreaterThan(0)
    for (const [, phrase, seed] of cases) expect(Hex.fromBytes(await Mnemonic.toSeedAsync(phrase, 'TREZOR'))).toBe(`0x${seed}`)
  })

  it('trezor vectors: auto-detects the language of every phrase', () => {
    for (const l of Mnemonic.LANGUAGES)
      for (const [, phrase] of trezor[l]!.slice(0, 6)) {
        const got = Mnemonic.validate(phrase).language
        // Simplified and Traditional Chinese share characters; the checksum may fit both.
        if (l.startsWith('chinese')) expect(got.startsWith('chinese')).toBe(true)
        else expect(got).toBe(l)
      }
  })

  it('bip32JP Japanese vectors: NFC phrase and passphrase are NFKD-normalized (both seed paths)', async () => {
    const cases = readVector<{ entropy: string; mnemonic: string; passphrase: string; seed: string; bip32_xprv: string }[]>('bip39/japanese-vectors-bip32JP.json')
    expect(cases.length).toBe(24)
    for (const c of cases) {
      const v = Mnemonic.validate(c.mnemonic, 'japanese')
      expect(Hex.fromBytes(v.entropy)).toBe(`0x${c.entropy}`)
      const seed = Mnemonic.toSeed(c.mnemonic, c.passphrase)
      expect(Hex.fromBytes(seed)).toBe(`0x${c.seed}`)
      expect(Hex.fromBytes(await Mnemonic.toSeedAsync(c.mnemonic, c.passphrase))).toBe(`0x${c.seed}`)
      expect(Hd.fromSeed(seed).privateExtendedKey).toBe(c.bip32_xprv)
    }
  })
})

describe('Mnemonic against cast', () => {
  it('new-mnemonic --entropy makes the same phrase and first account', async () => {
    const entropies = [16, 20, 24, 28, 32, 16, 32].map((n) => crypto.getRandomValues(new Uint8Array(n)))
    await Promise.all(
      entropies.map(async (e) => {
        const out = await castAsync(['wallet', 'new-mnemonic', '--entropy', Hex.fromBytes(e)])
        const phrase = /Phrase:\n(.+)\n/.exec(out)![1]!.trim()
        expect(Mnemonic.fromEntropy(e)).toBe(phrase)
        const addr = /Address:\s+(0x[0-9a-fA-F]{40})/.exec(out)![1]
        const acct = Hd.range(Hd.fromSeed(Mnemonic.toSeed(phrase)), Hd.template('metamask'), 0, 1)[0]!
        expect(acct.address).toBe(addr)
      }),
    )
  }, 60_000)

  it('wallet private-key with random paths and passphrases', async () => {
    const cases = Array.from({ length: 10 }, (_, i) => {
      const phrase = Mnemonic.generate(Mnemonic.WORD_COUNTS[i % 5]!)
      // ASCII only: cast does not NFKD-normalize the passphrase (BIP-39 says to; see the ethers test below).
      const passphrase = i % 3 ? `pass ${i} TREZOR` : ''
      const [a, b, c] = crypto.getRandomValues(new Uint32Array(3)).map((x) => x % 1000)
      const path = [`m/44'/60'/${a}'/0/${b}`, `m/44'/60'/${a}'/${b}/${c}`, `m/44'/60'/0'/${a}`][i % 3]!
      return { phrase, passphrase, path }
    })
    await Promise.all(
      cases.map(async ({ phrase, passphrase, path }) => {
        const args = ['wallet', 'private-key', '--mnemonic', phrase, '--mnemonic-derivation-path', path]
        if (passphrase) args.push('--mnemonic-passphrase', passphrase)
        const node = Hd.derive(Hd.fromSeed(Mnemonic.toSeed(phrase, passphrase)), path)
        expect(Hex.fromBytes(node.privateKey!)).toBe(await castAsync(args))
      }),
    )
  }, 60_000)
})

describe('Mnemonic against ethers v5', () => {
  it('non-ASCII passphrases are NFKD-normalized, as ethers v5 does', () => {
    for (let i = 0; i < 4; i++) {
      const phrase = Mnemonic.generate(12)
      const passphrase = ['pass ünïcödé', 'Ｔｒｅｚｏｒ', '㍍ガバヴァぱばぐゞちぢ十人十色', 'e\u0301'][i]!
      const path = `m/44'/60'/0'/0/${i}`
      const ours = Hex.fromBytes(Hd.derive(Hd.fromSeed(Mnemonic.toSeed(phrase, passphrase)), path).privateKey!)
      expect(ours).toBe(ethers.utils.HDNode.fromMnemonic(phrase, passphrase).derivePath(path).privateKey)
    }
  })
})

describe('Mnemonic', () => {
  it('generates every length in every language, valid and random', () => {
    for (const l of Mnemonic.LANGUAGES)
      for (const n of Mnemonic.WORD_COUNTS) {
        const p = Mnemonic.generate(n, l)
        expect(Mnemonic.words(p).length).toBe(n)
        expect(Mnemonic.validate(p, l).phrase).toBe(p)
        expect(Mnemonic.generate(n, l)).not.toBe(p)
      }
    expect(Mnemonic.generate(12, 'japanese')).toContain('\u3000')
  })

  it('entropy -> phrase -> entropy round-trips (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(16, 20, 24, 28, 32), fc.constantFrom(...Mnemonic.LANGUAGES), fc.infiniteStream(fc.integer({ min: 0, max: 255 })), (n, l, s) => {
        const e = Uint8Array.from(s.take(n))
        const p = Mnemonic.fromEntropy(e, l)
        expect(Mnemonic.toEntropy(p, l)).toEqual(e)
        expect(Mnemonic.parseEntropy(Hex.fromBytes(e))).toEqual(e)
      }),
      { numRuns: 100 },
    )
  })

  it('valid last words: each completes a valid phrase, and no other word does', () => {
    for (const n of [11, 14, 17, 20, 23]) {
      const first = Mnemonic.words(Mnemonic.generate((n + 1) as Mnemonic.WordCount)).slice(0, n)
      const last = Mnemonic.validLastWords(first, 'english')
      expect(last.length).toBe(2 ** (11 - (n + 1) / 3))
      const set = new Set(last)
      for (const w of last) expect(Mnemonic.isValid([...first, w].join(' '), 'english'), w).toBe(true)
      // The whole list, for the shortest and the longest phrase.
      if (n === 11 || n === 23)
        for (const w of Mnemonic.wordlist('english')) expect(Mnemonic.isValid([...first, w].join(' '), 'english'), w).toBe(set.has(w))
    }
  })

  it('normalizes case, spacing and U+3000 separators', () => {
    const p = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
    expect(Mnemonic.validate(`  ABANDON\tabandon  abandon\nabandon abandon abandon abandon abandon abandon abandon abandon About `).phrase).toBe(p)
    expect(Mnemonic.toSeed(p.replace(/ /g, '\u3000'))).toEqual(Mnemonic.toSeed(p))
  })

  it('toSeedAsync (WebCrypto PBKDF2) equals ethers v5 on random phrases of every language and random Unicode passphrases', async () => {
    const cases = fc.sample(
      fc.record({ entropy: fc.uint8Array({ minLength: 16, maxLength: 16 }), language: fc.constantFrom(...Mnemonic.LANGUAGES), passphrase: fc.string({ unit: 'grapheme', maxLength: 40 }) }),
      { numRuns: 40, seed: testSeed },
    )
    for (const c of cases) {
      const phrase = Mnemonic.fromEntropy(c.entropy, c.language)
      const want = ethers.utils.mnemonicToSeed(phrase, c.passphrase)
      expect(Hex.fromBytes(await Mnemonic.toSeedAsync(phrase, c.passphrase)), `${c.language} ${JSON.stringify(c.passphrase)}`).toBe(want)
    }
    await expect(Mnemonic.toSeedAsync('abandon', 'x'.repeat(Mnemonic.MAX_PASSPHRASE_CHARS + 1))).rejects.toThrow(Mnemonic.PassphraseTooLongError)
  })

  const fail = (f: () => unknown) => {
    try {
      f()
    } catch (e) {
      return e as Error & { hints: string[] }
    }
    throw new Error('no error')
  }

  it('bad input: empty, word count, unknown word with suggestions, checksum, other language', () => {
    expect(fail(() => Mnemonic.validate('  ')).name).toBe('Mnemonic.EmptyPhraseError')
    const count = fail(() => Mnemonic.validate('abandon '.repeat(11)))
    expect(count.name).toBe('Mnemonic.WordCountError')
    expect(count.message).toMatch(/has 11 words.*12, 15, 18, 21 or 24/s)
    expect(count.message).toMatch(/last words/)
    const unknown = fail(() => Mnemonic.validate('abandon abandon abandon abandon abandon abandon abandon abandno abandon abandon abandon about', 'english'))
    expect(unknown.name).toBe('Mnemonic.UnknownWordError')
    expect(unknown.message).toMatch(/Word 8, "abandno"/)
    expect(unknown.hints[0]).toMatch(/"abandon"/)
    // A swap of neighbouring letters is one edit: "tset" is nearest to "test".
    const swapped = fail(() => Mnemonic.validate('test test test test test test test tset test test test junk'))
    expect(swapped.hints[0]).toMatch(/^Did you mean "test"/)
    const cs = fail(() => Mnemonic.validate('about abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon'))
    expect(cs.name).toBe('Mnemonic.ChecksumError')
    const spanish = Mnemonic.generate(12, 'spanish')
    const wrong = fail(() => Mnemonic.validate(spanish, 'english'))
    expect(wrong.name).toBe('Mnemonic.WrongLanguageError')
    expect(wrong.message).toMatch(/Spanish/)
    expect(fail(() => Mnemonic.validate('x'.repeat(5000))).name).toBe('Mnemonic.PhraseTooLongError')
    expect(fail(() => Mnemonic.parseEntropy('0x1234')).name).toBe('Mnemonic.InvalidEntropyError')
    expect(fail(() => Mnemonic.parseEntropy('zz')).name).toBe('Mnemonic.InvalidEntropyError')
    expect(fail(() => Mnemonic.validLastWords(['abandon'], 'english')).name).toBe('Mnemonic.WordCountError')
  })

  it('never throws anything but a core error on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...Mnemonic.wordlist('english').slice(0, 50)), fc.string({ maxLength: 12 })), { maxLength: 30 }), (ws) => {
        try {
          Mnemonic.validate(ws.join(' '))
        } catch (e) {
          expect((e as Error).name).toMatch(/^Mnemonic\./)
        }
      }),
      { numRuns: 200 },
    )
  })
})

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ethers } from 'ethers'
import * as ethers6 from 'ethers6'
import fc from 'fast-check'
import { Hex } from 'ox'
import { afterAll, describe, expect, it } from 'vitest'
import { cast, castAsync, describeVectors, expectDomainErrorOrValue, readVector, readVectorText } from '../../../test/support'
import * as Hd from './Hd'
import * as Key from './Key'
import * as Keystore from './Keystore'
import * as Bounds from './KeystoreBounds'
import * as Mnemonic from './Mnemonic'

const LIGHT10: Keystore.EncryptKdf = { kdf: 'scrypt', n: 1024, r: 8, p: 1 }
const fail = async (f: () => Promise<unknown>) => {
  try {
    await f()
  } catch (e) {
    return e as Error
  }
  throw new Error('no error')
}

type V = { json: object; password: string; priv: string }

describeVectors('keystore published vectors', () => {
  const expected = readVector<{ files: { file: string; password?: string; expected: string; address?: string; privateKey?: string; addressOfDecryptedKey?: string; decryptsTo?: string; declaredAddress?: string }[] }>(
    'keystore/geth/expected.json',
  )

  it("geth's test keystores: the loadable ones decrypt to their keys and addresses", async () => {
    const loadable = expected.files.filter((f) => f.expected.startsWith('loadable') && f.privateKey && !f.file.includes('/v1/'))
    expect(loadable.length).toBe(4)
    for (const f of loadable) {
      const r = await Keystore.decrypt(readVectorText(`keystore/${f.file}`), f.password!)
      expect(r.privateKey, f.file).toBe(f.privateKey)
      expect(r.address.toLowerCase()).toBe(f.address)
      expect(r.declaredAddress?.toLowerCase()).toBe(f.address)
    }
  })

  it("geth's broken files: no address still decrypts; the zero address is shown as declared; empty and garbage are refused", async () => {
    const noAddr = await Keystore.decrypt(readVectorText('keystore/geth/keystore/no-address'), 'foobar')
    expect(noAddr.privateKey).toBe(expected.files.find((f) => f.file.endsWith('no-address'))!.decryptsTo)
    expect(noAddr.declaredAddress).toBeUndefined()
    const zero = await Keystore.decrypt(readVectorText('keystore/geth/keystore/zero'), 'foobar')
    expect(zero.declaredAddress).toBe('0x0000000000000000000000000000000000000000')
    expect(zero.address.toLowerCase()).toBe(expected.files.find((f) => f.file.endsWith('zero'))!.addressOfDecryptedKey)
    expect((await fail(() => Keystore.decrypt(readVectorText('keystore/geth/keystore/empty'), 'foobar'))).name).toBe('Keystore.EmptyKeystoreError')
    const garbage = readFileSync(join(__dirname, '../../../../shared/vectors/keystore/geth/keystore/garbage'), 'latin1')
    expect((await fail(() => Keystore.decrypt(garbage, 'foobar'))).message).toMatch(/not JSON/)
    expect((await fail(() => Keystore.decrypt(readVectorText('keystore/geth/keystore/README'), 'foobar'))).name).toBe('Keystore.InvalidKeystoreError')
  })

  it('very light scrypt (N=2) with the empty password; a wrong password is a MAC mismatch', async () => {
    const text = readVectorText('keystore/geth/very-light-scrypt.json')
    expect((await Keystore.decrypt(text, '')).address).toBe('0x45DeA0FB0bBA44f4fcF290bbA71Fd57d7117Cbb8'.replace(/.*/, (a) => a))
    const e = await fail(() => Keystore.decrypt(text, 'x'))
    expect(e.name).toBe('Keystore.WrongPasswordError')
    expect(e.message).toMatch(/^Wrong password \(MAC mismatch\)/)
  })

  it("geth's v3 vectors: scrypt N=2^18 r=1 p=8 (beyond RFC 7914's r rule), PBKDF2, 31- and 30-byte keys", async () => {
    const v = readVector<Record<string, V>>('keystore/geth/v3_test_vector.json')
    for (const [name, c] of Object.entries(v)) {
      const r = await Keystore.decrypt(JSON.stringify(c.json), c.password)
      expect(r.privateKey, name).toBe(`0x${c.priv.padStart(64, '0')}`)
      if (c.priv.length < 64) expect(r.shortKey).toBe(c.priv.length / 2)
    }
  }, 30_000)

  it("geth's version 1 file (Crypto, AES-128-CBC, scrypt N=2^18)", async () => {
    const f = expected.files.find((f) => f.file.includes('/v1/'))!
    const r = await Keystore.decrypt(readVectorText(`keystore/${f.file}`), f.password!)
    expect(r.format).toBe('v1')
    expect(r.privateKey).toBe(f.privateKey)
    expect(r.address.toLowerCase()).toBe(f.address)
    // v1_test_vector.json holds the same file.
    const t = readVector<Record<string, V>>('keystore/geth/v1_test_vector.json').test1!
    expect(`0x${t.priv}`).toBe(f.privateKey)
  }, 30_000)

  it('ethereum/tests KeyStoreTests: PBKDF2, odd iv, evil nonce, MyCrypto (test2 duplicates the scrypt vector above)', async () => {
    const v = readVector<Record<string, V>>('keystore/ethereum-tests/basic_tests.json')
    for (const name of ['test1', 'python_generated_test_with_odd_iv', 'evilnonce', 'mycrypto']) {
      const c = v[name]!
      expect((await Keystore.decrypt(JSON.stringify(c.json), c.password)).privateKey, name).toBe(`0x${c.priv}`)
    }
  }, 30_000)

  it('Web3 Secret Storage page: PBKDF2 intermediates; the scrypt vector fails as its knownIssue says', async () => {
    const d = readVector<{ vectors: { name: string; password: string; expectedPrivateKey: string; keystore: object; intermediates: { derivedKey: string }; knownIssue?: unknown }[] }>(
      'keystore/web3-secret-storage.json',
    )
    const [pbkdf2, scrypt] = d.vectors
    const parsed = Keystore.parse(JSON.stringify(pbkdf2!.keystore))
    const dk = await Keystore.deriveKey(parsed.kdf, new TextEncoder().encode(pbkdf2!.password))
    expect(Hex.fromBytes(dk)).toBe(`0x${pbkdf2!.intermediates.derivedKey}`)
    expect((await Keystore.decrypt(JSON.stringify(pbkdf2!.keystore), pbkdf2!.password)).privateKey).toBe(`0x${pbkdf2!.expectedPrivateKey}`)
    expect(scrypt!.knownIssue).toBeDefined()
    expect((await fail(() => Keystore.decrypt(JSON.stringify(scrypt!.keystore), scrypt!.password))).name).toBe('Keystore.WrongPasswordError')
  }, 30_000)

  it('the pre-sale wallet decrypts to its address; a wrong password is refused', async () => {
    const p = readVector<{ wallet: object; password: string; expectedAddress: string }>('keystore/geth/presale-key.json')
    const r = await Keystore.decrypt(JSON.stringify(p.wallet), p.password)
    expect(r.format).toBe('presale')
    expect(r.address.toLowerCase()).toBe(p.expectedAddress)
    expect((await fail(() => Keystore.decrypt(JSON.stringify(p.wallet), 'bar'))).name).toBe('Keystore.WrongPasswordError')
  })

  it('the older "Crypto" key is read like "crypto" (MyEtherWallet-era files)', async () => {
    const text = readVectorText('keystore/geth/keystore/aaa').replace('"crypto"', '"Crypto"')
    expect((await Keystore.decrypt(`\uFEFF${text}\r\n`, 'foobar')).format).toBe('v3')
    const r = await Keystore.decrypt(text, 'foobar')
    expect(r.address.toLowerCase()).toBe('0xf466859ead1932d743d622cb74fc058882e8648a')
    expect(Keystore.parse(text).cryptoKey).toBe('Crypto')
  })
})

describe('Keystore against cast', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ks-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('cast decrypt-keystore opens keystores we encrypt (scrypt and PBKDF2)', async () => {
    const params: Keystore.EncryptKdf[] = [LIGHT10, { kdf: 'scrypt', n: 4096, r: 8, p: 2 }, { kdf: 'pbkdf2', c: 10000 }, LIGHT10]
    await Promise.all(
      params.map(async (p, i) => {
        const key = Key.random()
        const password = i === 3 ? 'pässwörd ✓' : `pw-${i}`
        const enc = await Keystore.encrypt(key, password, { params: p })
        writeFileSync(join(dir, enc.filename), enc.json)
        const out = await castAsync(['wallet', 'decrypt-keystore', '-k', dir, enc.filename, '--unsafe-password', password])
        expect(out).toMatch(new RegExp(`${key}$`))
      }),
    )
  }, 60_000)

  it('we open keystores cast creates (wallet new)', async () => {
    for (let i = 0; i < 2; i++) {
      const sub = mkdtempSync(join(dir, 'new-'))
      const out = cast(['wallet', 'new', sub, '--unsafe-password', `cast-${i}`])
      const file = /keystore file: (.+)\n/.exec(out)![1]!.trim()
      const addr = /Address:\s+(0x[0-9a-fA-F]{40})/.exec(out)![1]
      const r = await Keystore.decrypt(readFileSync(file, 'utf8'), `cast-${i}`)
      expect(r.address).toBe(addr)
    }
  }, 60_000)
})

describe('Keystore against ethers', () => {
  it('ethers v5 keystores with x-ethers: key, mnemonic and path', async () => {
    const phrase = Mnemonic.generate(12)
    const path = "m/44'/60'/0'/0/3"
    const w = ethers.Wallet.fromMnemonic(phrase, path)
    const json = await w.encrypt('ethers5', { scrypt: { N: 1024 } })
    const r = await Keystore.decrypt(json, 'ethers5')
    expect(r.privateKey).toBe(w.privateKey)
    expect(r.address).toBe(w.address)
    expect(r.mnemonic).toEqual({ phrase, path, matches: true })
    // And ethers v5 opens ours, mnemonic included.
    const ours = await Keystore.encrypt(r.privateKey, 'back', { params: LIGHT10, mnemonic: { phrase, path } })
    const back = await ethers.Wallet.fromEncryptedJson(ours.json, 'back')
    expect(back.privateKey).toBe(w.privateKey)
    expect(back.mnemonic.phrase).toBe(phrase)
    expect(back.mnemonic.path).toBe(path)
  }, 30_000)

  it('ethers v6 keystores with x-ethers, and ethers v6 opens ours', async () => {
    const phrase = Mnemonic.generate(24)
    const w = ethers6.HDNodeWallet.fromPhrase(phrase)
    const json = await ethers6.encryptKeystoreJson({ address: w.address, privateKey: w.privateKey, mnemonic: { entropy: w.mnemonic!.entropy, path: w.path!, locale: 'en' } }, 'ethers6', { scrypt: { N: 1024 } })
    const r = await Keystore.decrypt(json, 'ethers6')
    expect(r.privateKey).toBe(w.privateKey)
    expect(r.mnemonic?.phrase).toBe(phrase)
    expect(r.mnemonic?.matches).toBe(true)
    const ours = await Keystore.encrypt(Key.random(), 'pw', { params: { kdf: 'pbkdf2', c: 2048 } })
    const acct = await ethers6.decryptKeystoreJson(ours.json, 'pw')
    expect(acct.address).toBe(ours.address)
  }, 30_000)
})

describe('Keystore', () => {
  it('encrypt -> decrypt round-trips with any key, password and light parameters (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ maxLength: 40 }),
        fc.oneof(
          fc.record({ kdf: fc.constant('scrypt' as const), n: fc.constantFrom(2, 4, 16, 64), r: fc.integer({ min: 1, max: 8 }), p: fc.integer({ min: 1, max: 4 }) }),
          fc.record({ kdf: fc.constant('pbkdf2' as const), c: fc.integer({ min: 1, max: 50 }) }),
        ),
        async (bytes, password, params) => {
          const key = expectDomainErrorOrValue(() => Key.fromBytes(bytes), /^Key\./)
          if (key === undefined) return
          const enc = await Keystore.encrypt(key, password, { params })
          const dec = await Keystore.decrypt(enc.json, password)
          expect(dec.privateKey).toBe(key)
          expect(dec.address).toBe(enc.address)
          expect(dec.declaredAddress).toBe(enc.address)
          expect((await fail(() => Keystore.decrypt(enc.json, `${password}x`))).name).toBe('Keystore.WrongPasswordError')
        },
      ),
      { numRuns: 25 },
    )
  }, 60_000)

  it('writes what geth writes: field layout, UUID v4 id, file name', async () => {
    const key = Key.random()
    const date = new Date('2016-03-22T12:57:55.920Z')
    const enc = await Keystore.encrypt(key, 'pw', { params: LIGHT10, date })
    const ks = JSON.parse(enc.json)
    expect(Object.keys(ks)).toEqual(['address', 'crypto', 'id', 'version'])
    expect(ks.version).toBe(3)
    expect(ks.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(ks.crypto.kdfparams).toMatchObject({ dklen: 32, n: 1024, r: 8, p: 1 })
    expect(ks.crypto.kdfparams.salt).toMatch(/^[0-9a-f]{64}$/)
    expect(ks.crypto.cipherparams.iv).toMatch(/^[0-9a-f]{32}$/)
    // geth's name for the same instant: UTC--2016-03-22T12-57-55.920751759Z--<address>
    expect(enc.filename).toBe(`UTC--2016-03-22T12-57-55.920Z--${enc.address.slice(2).toLowerCase()}`)
    expect(Keystore.STANDARD).toEqual({ kdf: 'scrypt', n: 262144, r: 8, p: 1 })
  })

  it('change password: same parameters and id, new salt; the old password no longer works; a mnemonic is carried', async () => {
    const phrase = Mnemonic.generate(12)
    const path = "m/44'/60'/0'/0/0"
    const key = Hex.fromBytes(Hd.derive(Hd.fromSeed(Mnemonic.toSeed(phrase)), path).privateKey!) as Key.PrivateKey
    const first = await Keystore.encrypt(key, 'old', { params: { kdf: 'scrypt', n: 512, r: 4, p: 2 }, mnemonic: { phrase, path } })
    const seen: number[] = []
    const changed = await Keystore.changePassword(first.json, 'old', 'new', { onProgress: (f) => seen.push(f) })
    const a = JSON.parse(first.json)
    const b = JSON.parse(changed.json)
    expect(b.id).toBe(a.id)
    expect(b.crypto.kdfparams).toMatchObject({ n: 512, r: 4, p: 2 })
    expect(b.crypto.kdfparams.salt).not.toBe(a.crypto.kdfparams.salt)
    expect((await Keystore.decrypt(changed.json, 'new')).mnemonic).toEqual({ phrase, path, matches: true })
    expect((await fail(() => Keystore.decrypt(changed.json, 'old'))).name).toBe('Keystore.WrongPasswordError')
    expect(seen.at(-1)).toBe(1)
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true)
  })

  it('reports progress and stops when cancelled', async () => {
    const enc = await Keystore.encrypt(Key.random(), 'pw', { params: LIGHT10 })
    const labels: string[] = []
    await Keystore.decrypt(enc.json, 'pw', { onProgress: (_f, l) => labels.push(l) })
    expect(labels[0]).toMatch(/scrypt N=2\^10 r=8 p=1/)
    expect((await fail(() => Keystore.decrypt(enc.json, 'pw', { signal: { aborted: true } }))).name).toBe('Keystore.CancelledError')
  })

  describe('absurd and broken keystores are refused before any memory is taken', () => {
    const base = () => JSON.parse(readVectorTextSafe())
    function readVectorTextSafe() {
      return JSON.stringify({
        address: 'f466859ead1932d743d622cb74fc058882e8648a',
        crypto: {
          cipher: 'aes-128-ctr',
          ciphertext: 'cb664472deacb41a2e995fa7f96fe29ce744471deb8d146a0e43c7898c9ddd4d',
          cipherparams: { iv: 'dfd9ee70812add5f4b8f89d0811c9158' },
          kdf: 'scrypt',
          kdfparams: { dklen: 32, n: 8, p: 16, r: 8, salt: '0d6769bf016d45c479213990d6a08d938469c4adad8a02ce507b4a4e7b7739f1' },
          mac: 'bac9af994b15a45dd39669fc66f9aa8a3b9dd8c22cb16e4d8d7ea089d0f1a1a9',
        },
        id: '472e8b3d-afb6-45b5-8111-72c89895099a',
        version: 3,
      })
    }
    const cases: [string, (k: any) => void, RegExp][] = [
      ['N zero', (k) => (k.crypto.kdfparams.n = 0), /N must be a whole number of at least 2/],
      ['N not a power of two', (k) => (k.crypto.kdfparams.n = 262143), /power of two/],
      ['N = 2^40', (k) => (k.crypto.kdfparams.n = 2 ** 40), /beyond any real wallet/],
      ['memory 4 GiB', (k) => ((k.crypto.kdfparams.n = 2 ** 20), (k.crypto.kdfparams.r = 32)), /needs 4 GiB of memory/],
      ['work', (k) => ((k.crypto.kdfparams.n = 2 ** 20), (k.crypto.kdfparams.r = 8), (k.crypto.kdfparams.p = 16)), /work/],
      ['r huge', (k) => (k.crypto.kdfparams.r = 1e9), /r must be from 1 to 32/],
      ['p zero', (k) => (k.crypto.kdfparams.p = 0), /p must be from 1 to 16/],
      ['dklen 64', (k) => (k.crypto.kdfparams.dklen = 64), /dklen must be 32/],
      ['PBKDF2 c = 10^12', (k) => ((k.crypto.kdf = 'pbkdf2'), (k.crypto.kdfparams = { c: 1e12, dklen: 32, prf: 'hmac-sha256', salt: 'aa' })), /beyond any real wallet/],
      ['PBKDF2 sha512', (k) => ((k.crypto.kdf = 'pbkdf2'), (k.crypto.kdfparams = { c: 1, dklen: 32, prf: 'hmac-sha512', salt: 'aa' })), /prf "hmac-sha512" is not supported/],
      ['missing crypto', (k) => delete k.crypto, /no "crypto"/],
      ['missing mac', (k) => delete k.crypto.mac, /no "crypto.mac"/],
      ['missing n', (k) => delete k.crypto.kdfparams.n, /no "crypto.kdfparams.n"/],
      ['missing salt', (k) => delete k.crypto.kdfparams.salt, /no "crypto.kdfparams.salt"/],
      ['bad iv', (k) => (k.crypto.cipherparams.iv = 'zz'), /iv" must contain only hex digits/],
      ['short iv', (k) => (k.crypto.cipherparams.iv = 'aabb'), /iv" must be 16 bytes/],
      ['huge salt', (k) => (k.crypto.kdfparams.salt = 'ab'.repeat(10000)), /at most 256 are allowed/],
      ['unknown kdf', (k) => (k.crypto.kdf = 'argon2'), /"argon2" is not supported/],
      ['unknown cipher', (k) => (k.crypto.cipher = 'aes-256-gcm'), /Cipher "aes-256-gcm"/],
      ['version 4', (k) => (k.version = 4), /version 4 is not supported/],
      ['n as text', (k) => (k.crypto.kdfparams.n = 'lots'), /must be a whole number/],
    ]
    it.each(cases)('%s', async (_name, mutate, message) => {
      const k = base()
      mutate(k)
      const t0 = performance.now()
      const e = await fail(() => Keystore.decrypt(JSON.stringify(k), 'foobar'))
      expect(performance.now() - t0).toBeLessThan(200)
      expect(e.name).toMatch(/^(Keystore|KeystoreBounds)\./)
      expect(e.message).toMatch(message)
    })

    it('a huge file is refused by size', async () => {
      expect((await fail(() => Keystore.decrypt(' '.repeat(Bounds.MAX_JSON_CHARS + 1), 'x'))).message).toMatch(/characters long/)
    })

    it('encrypt refuses absurd parameters too', async () => {
      expect((await fail(() => Keystore.encrypt(Key.random(), 'pw', { params: { kdf: 'scrypt', n: 3, r: 8, p: 1 } }))).name).toBe('KeystoreBounds.AbsurdParamsError')
      expect((await fail(() => Keystore.encrypt(Key.random(), 'pw', { params: { kdf: 'pbkdf2', c: 0 } }))).name).toBe('KeystoreBounds.AbsurdParamsError')
    })

    it('arbitrary JSON never crashes, hangs or escapes as a non-core error (property)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (v) => {
          const e = await fail(async () => Keystore.decrypt(JSON.stringify(v), 'pw'))
          expect(e.name).toMatch(/^(Keystore|KeystoreBounds|Presale)\./)
        }),
        { numRuns: 200 },
      )
    })
  })

  it('every bound admits the parameters real wallets write', () => {
    for (const p of [
      { n: 2 ** 18, r: 8, p: 1 },
      { n: 2 ** 18, r: 1, p: 8 },
      { n: 2 ** 17, r: 8, p: 1 },
      { n: 2 ** 13, r: 8, p: 1 },
      { n: 2 ** 12, r: 8, p: 6 },
      { n: 2, r: 8, p: 1 },
      { n: 8, r: 8, p: 16 },
    ])
      expect(() => Bounds.checkScrypt({ ...p, dklen: 32 })).not.toThrow()
    for (const c of [1, 2000, 10240, 262144, 1_000_000]) expect(() => Bounds.checkPbkdf2({ c, dklen: 32 })).not.toThrow()
  })
})

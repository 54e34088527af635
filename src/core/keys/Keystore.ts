/**
 * Encrypted JSON keystores: Web3 Secret Storage v3 (geth, clef, cast, MyEtherWallet,
 * MyCrypto, ethers v5/v6 with the `x-ethers` mnemonic), geth's version 1 files (`Crypto`,
 * AES-128-CBC) and the pre-sale wallet (see `Presale`). Scrypt runs in WebAssembly
 * (hash-wasm), PBKDF2 in WebCrypto (see `KeystoreKdf`); every parameter is checked against `KeystoreBounds` before any
 * memory is taken.
 *
 * @example
 * ```ts
 * const r = await Keystore.decrypt(json, 'foobar')
 * r.address // '0xf466859eAD1932D743d622CB74FC058882E8648A'
 * const { json: out, filename } = await Keystore.encrypt(r.privateKey, 'new password')
 * ```
 */
import { cbc, ctr } from '@noble/ciphers/aes.js'
import { Address, Bytes, Hash, Hex } from 'ox'
import { BaseError, errorType } from '../Errors'
import * as Key from './Key'
import * as Bounds from './KeystoreBounds'
import * as Kdfs from './KeystoreKdf'
import * as Presale from './Presale'
import * as Randomness from './Randomness'

export type Kdf =
  | { name: 'scrypt'; n: number; r: number; p: number; dklen: number; salt: Uint8Array }
  | { name: 'pbkdf2'; c: number; dklen: number; prf: 'hmac-sha256'; salt: Uint8Array }

/** A checked Web3 Secret Storage file (version 3, or geth's version 1). */
export interface Parsed {
  format: 'v3' | 'v1'
  /** Which key held the crypto section: `crypto`, or `Crypto` as older tools wrote. */
  cryptoKey: 'crypto' | 'Crypto'
  cipher: 'aes-128-ctr' | 'aes-128-cbc'
  iv: Uint8Array
  ciphertext: Uint8Array
  mac: Uint8Array
  kdf: Kdf
  /** The address the file declares (checksummed), if any. */
  address?: string
  id?: string
  /** ethers' extension: the encrypted mnemonic entropy and its path. */
  xEthers?: { mnemonicCiphertext: Uint8Array; mnemonicCounter: Uint8Array; path?: string; locale?: string; client?: string }
}

export type Detected = { kind: 'keystore'; keystore: Parsed } | { kind: 'presale'; wallet: Presale.Wallet }

export interface Progress {
  onProgress?: (fraction: number, label: string) => void
  signal?: { readonly aborted: boolean }
}

export interface Decrypted {
  format: 'v3' | 'v1' | 'presale'
  privateKey: Key.PrivateKey
  /** Checksummed address of the decrypted key. */
  address: string
  /** The address the file declares, when it declares one. */
  declaredAddress?: string
  /** Short description of the KDF, e.g. "scrypt N=2^18 r=8 p=1". */
  kdf: string
  /** Decrypted key was shorter than 32 bytes (geth wrote such keys); it was left-padded. */
  shortKey?: number
  /** From ethers' x-ethers: the mnemonic and its path, and whether they derive this key. */
  mnemonic?: { phrase: string; path: string; matches: boolean }
  /** The password only matched after NFKC normalization (as ethers normalizes). */
  normalizedPassword?: boolean
  /** Why the key derivation is weaker than today's standard ({@link weakKdf}), when it is. */
  weakKdf?: string
}

/** Longest password accepted. */
export const MAX_PASSWORD_CHARS = 4096

// ---------------------------------------------------------------------------------------
// Parsing

/** Parses keystore text (JSON) into a checked structure, or says clearly what is wrong. */
export function detect(text: string): Detected {
  if (text.length > Bounds.MAX_JSON_CHARS) throw new InvalidKeystoreError(`The file is ${text.length} characters long; a keystore is under ${Bounds.MAX_JSON_CHARS}.`)
  // A byte-order mark (files saved by some Windows editors) is not part of the JSON.
  const t = text.replace(/^\uFEFF/, '').trim()
  if (t === '') throw new EmptyKeystoreError()
  let json: unknown
  try {
    json = JSON.parse(t)
  } catch {
    throw new InvalidKeystoreError('This is not JSON, so it is not a keystore file.', ['A keystore is a JSON file that starts with { and has a "crypto" section.'])
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new InvalidKeystoreError('The JSON is not an object, so it is not a keystore.', ['A keystore is a JSON object that starts with { and has a "crypto" section.'])
  if (Presale.isPresale(json)) return { kind: 'presale', wallet: Presale.parse(json as Record<string, unknown>) }
  return { kind: 'keystore', keystore: parseObject(json as Record<string, unknown>) }
}

/** Parses a Web3 Secret Storage keystore (v3 or v1). */
export function parse(text: string): Parsed {
  const d = detect(text)
  if (d.kind !== 'keystore') throw new InvalidKeystoreError('This is a pre-sale wallet, not a Web3 Secret Storage keystore.')
  return d.keystore
}

function obj(v: unknown, path: string): Record<string, unknown> {
  if (v === undefined) throw new MissingFieldError(path)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new InvalidFieldError(path, 'must be an object')
  return v as Record<string, unknown>
}

function hexField(v: unknown, path: string, opts: { bytes?: number; min?: number; max: number }): Uint8Array {
  if (v === undefined) throw new MissingFieldError(path)
  if (typeof v !== 'string') throw new InvalidFieldError(path, 'must be a hex string')
  const h = v.replace(/^0x/i, '')
  if (h.length > opts.max * 2 + 2) throw new InvalidFieldError(path, `is ${Math.ceil(h.length / 2)} bytes; at most ${opts.max} are allowed`)
  if (!/^[0-9a-fA-F]*$/.test(h)) throw new InvalidFieldError(path, 'must contain only hex digits')
  if (h.length % 2) throw new InvalidFieldError(path, 'has an odd number of hex digits')
  const b = Hex.toBytes(`0x${h}`)
  if (opts.bytes !== undefined && b.length !== opts.bytes) throw new InvalidFieldError(path, `must be ${opts.bytes} bytes, got ${b.length}`)
  if (b.length < (opts.min ?? 1)) throw new InvalidFieldError(path, `must be at least ${opts.min ?? 1} bytes`)
  if (b.length > opts.max) throw new InvalidFieldError(path, `is ${b.length} bytes; at most ${opts.max} are allowed`)
  return b
}

function num(v: unknown, path: string): number {
  if (v === undefined) throw new MissingFieldError(path)
  // Some tools wrote numbers as strings.
  const n = typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : v
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new InvalidFieldError(path, 'must be a whole number')
  return n
}

function parseObject(json: Record<string, unknown>): Parsed {
  const cryptoKey = json.crypto !== undefined ? 'crypto' : json.Crypto !== undefined ? 'Crypto' : undefined
  if (!cryptoKey) throw new MissingFieldError('crypto', ['A Web3 Secret Storage keystore has a "crypto" (or "Crypto") section.'])
  const c = obj(json[cryptoKey], cryptoKey)
  const versionRaw = json.version ?? c.version
  const version = versionRaw === undefined ? 3 : Number(versionRaw)
  const cipherName = c.cipher
  if (cipherName === undefined) throw new MissingFieldError(`${cryptoKey}.cipher`)
  let format: Parsed['format']
  if (version === 3 && cipherName === 'aes-128-ctr') format = 'v3'
  else if (version === 1 && cipherName === 'aes-128-cbc') format = 'v1'
  else if (version !== 1 && version !== 3) throw new UnsupportedError(`Keystore version ${String(versionRaw)} is not supported.`, ['Versions 3 (current) and 1 (old geth) are supported.'])
  else throw new UnsupportedError(`Cipher "${String(cipherName)}" is not supported for a version ${version} keystore.`, ['Version 3 uses aes-128-ctr; version 1 used aes-128-cbc.'])
  const cp = obj(c.cipherparams, `${cryptoKey}.cipherparams`)
  const iv = hexField(cp.iv, `${cryptoKey}.cipherparams.iv`, { bytes: 16, max: 16 })
  const ciphertext = hexField(c.ciphertext, `${cryptoKey}.ciphertext`, { max: Bounds.MAX_CIPHERTEXT_BYTES })
  if (format === 'v1' && ciphertext.length % 16) throw new InvalidFieldError(`${cryptoKey}.ciphertext`, 'must be whole 16-byte AES-CBC blocks')
  const mac = hexField(c.mac, `${cryptoKey}.mac`, { bytes: 32, max: 32 })
  const kdfName = c.kdf
  if (kdfName === undefined) throw new MissingFieldError(`${cryptoKey}.kdf`)
  const kp = obj(c.kdfparams, `${cryptoKey}.kdfparams`)
  const salt = hexField(kp.salt, `${cryptoKey}.kdfparams.salt`, { max: Bounds.MAX_SALT_BYTES, min: 1 })
  let kdf: Kdf
  if (kdfName === 'scrypt') {
    const p = { n: num(kp.n, `${cryptoKey}.kdfparams.n`), r: num(kp.r, `${cryptoKey}.kdfparams.r`), p: num(kp.p, `${cryptoKey}.kdfparams.p`), dklen: num(kp.dklen, `${cryptoKey}.kdfparams.dklen`) }
    Bounds.checkScrypt(p)
    kdf = { name: 'scrypt', ...p, salt }
  } else if (kdfName === 'pbkdf2') {
    if (kp.prf !== undefined && kp.prf !== 'hmac-sha256') throw new UnsupportedError(`PBKDF2 with prf "${String(kp.prf)}" is not supported.`, ['Keystores use hmac-sha256.'])
    const p = { c: num(kp.c, `${cryptoKey}.kdfparams.c`), dklen: num(kp.dklen, `${cryptoKey}.kdfparams.dklen`) }
    Bounds.checkPbkdf2(p)
    kdf = { name: 'pbkdf2', ...p, prf: 'hmac-sha256', salt }
  } else throw new UnsupportedError(`Key derivation "${String(kdfName)}" is not supported.`, ['Keystores use "scrypt" or "pbkdf2".'])

  const out: Parsed = { format, cryptoKey, cipher: format === 'v3' ? 'aes-128-ctr' : 'aes-128-cbc', iv, ciphertext, mac, kdf }
  if (typeof json.address === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(json.address))
    out.address = Address.checksum(`0x${json.address.replace(/^0x/i, '').toLowerCase()}`)
  if (typeof json.id === 'string') out.id = json.id.slice(0, 100)
  const x = json['x-ethers']
  if (x && typeof x === 'object' && !Array.isArray(x)) {
    const xe = x as Record<string, unknown>
    if (xe.mnemonicCiphertext !== undefined && xe.mnemonicCounter !== undefined) {
      out.xEthers = {
        mnemonicCiphertext: hexField(xe.mnemonicCiphertext, 'x-ethers.mnemonicCiphertext', { max: 32, min: 16 }),
        mnemonicCounter: hexField(xe.mnemonicCounter, 'x-ethers.mnemonicCounter', { bytes: 16, max: 16 }),
        ...(typeof xe.path === 'string' ? { path: xe.path.slice(0, 300) } : {}),
        ...(typeof xe.locale === 'string' ? { locale: xe.locale.slice(0, 20) } : {}),
        ...(typeof xe.client === 'string' ? { client: xe.client.slice(0, 100) } : {}),
      }
    }
  }
  return out
}

/** UTF-8 text of a keystore file's bytes (no DOM needed). */
export function decodeText(bytes: Uint8Array): string {
  return Bytes.toString(bytes)
}

/** The standard strengths (geth's and ethers' defaults): scrypt N = 2^18, PBKDF2 c = 262,144. */
export const STANDARD_SCRYPT_N = 2 ** 18
export const STANDARD_PBKDF2_C = 262_144

/**
 * Why a keystore's key derivation is weaker than the standard (scrypt N < 2^18, PBKDF2
 * c < 262,144), or undefined: each guess of the password then costs an attacker less.
 */
export function weakKdf(kdf: Kdf): string | undefined {
  if (kdf.name === 'scrypt' && kdf.n < STANDARD_SCRYPT_N)
    return `Weak key derivation: scrypt N=${describeKdf(kdf).split(' ')[1]!.slice(2)} is below the standard 2^18, so each password guess costs an attacker about ${Math.round(STANDARD_SCRYPT_N / kdf.n)}× less. Re-encrypt the key with the standard settings (keystore-encrypt) if it holds value.`
  if (kdf.name === 'pbkdf2' && kdf.c < STANDARD_PBKDF2_C)
    return `Weak key derivation: PBKDF2 c=${kdf.c} is below the standard 262,144, so each password guess costs an attacker about ${Math.round(STANDARD_PBKDF2_C / kdf.c)}× less. Re-encrypt the key with the standard settings (keystore-encrypt) if it holds value.`
  return undefined
}

/** "scrypt N=2^18 r=8 p=1 (256 MiB)" or "PBKDF2-SHA256 c=262144". */
export function describeKdf(kdf: Kdf): string {
  if (kdf.name === 'scrypt') {
    const l = Math.log2(kdf.n)
    return `scrypt N=${Number.isInteger(l) ? `2^${l}` : kdf.n} r=${kdf.r} p=${kdf.p} (${Bounds.formatBytes(Bounds.scryptMemory(kdf))})`
  }
  return `PBKDF2-HMAC-SHA256 c=${kdf.c}`
}

// ---------------------------------------------------------------------------------------
// Key derivation

/** Runs the keystore's KDF (scrypt in WebAssembly, PBKDF2 in WebCrypto). `dklen` may be 64 for ethers' mnemonic key. */
export async function deriveKey(kdf: Kdf, password: Uint8Array, dklen = 32): Promise<Uint8Array> {
  if (kdf.name === 'scrypt') {
    Bounds.checkScrypt({ ...kdf, dklen: 32 })
    return Kdfs.scrypt(password, kdf.salt, kdf, dklen)
  }
  Bounds.checkPbkdf2({ ...kdf, dklen: 32 })
  return Kdfs.pbkdf2Sha256(password, kdf.salt, kdf.c, dklen)
}

function macOf(dk: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  return Hash.keccak256(Bytes.concat(dk.subarray(16, 32), ciphertext))
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let d = 0
  for (let i = 0; i < a.length; i++) d |= a[i]! ^ b[i]!
  return d === 0
}

function checkAborted(signal?: { readonly aborted: boolean }): void {
  if (signal?.aborted) throw new CancelledError()
}

function checkPassword(password: string): void {
  if (password.length > MAX_PASSWORD_CHARS) throw new PasswordTooLongError()
}

// ---------------------------------------------------------------------------------------
// Decryption

/**
 * Decrypts a keystore (v3, v1) or pre-sale wallet given as JSON text.
 * Throws `Keystore.WrongPasswordError` ("wrong password (MAC mismatch)") on a wrong password.
 */
export async function decrypt(text: string | Detected, password: string, options: Progress = {}): Promise<Decrypted> {
  checkPassword(password)
  const { onProgress, signal } = options
  const d = typeof text === 'string' ? detect(text) : text
  if (d.kind === 'presale') {
    onProgress?.(0.05, 'pre-sale wallet: PBKDF2-SHA256, 2000 iterations')
    try {
      const r = await Presale.decrypt(d.wallet, password)
      onProgress?.(1, 'done')
      return { format: 'presale', ...r, declaredAddress: d.wallet.ethaddr, kdf: 'PBKDF2-HMAC-SHA256 c=2000 (pre-sale)', weakKdf: weakKdf({ name: 'pbkdf2', c: 2000, dklen: 16, prf: 'hmac-sha256', salt: new Uint8Array(1) }) }
    } catch (e) {
      if (e instanceof Presale.WrongPasswordError) throw new WrongPasswordError(true)
      throw e
    }
  }
  const ks = d.keystore
  const dklen = ks.xEthers ? 64 : 32
  const candidates = [password]
  if (password.normalize('NFKC') !== password) candidates.push(password.normalize('NFKC'))
  let dk: Uint8Array | undefined
  let normalized = false
  for (const [k, pw] of candidates.entries()) {
    checkAborted(signal)
    onProgress?.(0.02 + 0.45 * k, `${k ? 'retrying with the NFKC-normalized password: ' : 'deriving the key: '}${describeKdf(ks.kdf)}`)
    const key = await deriveKey(ks.kdf, Bytes.fromString(pw), dklen)
    checkAborted(signal)
    if (equal(macOf(key, ks.ciphertext), ks.mac)) {
      dk = key
      normalized = k > 0
      break
    }
  }
  if (!dk) throw new WrongPasswordError()
  onProgress?.(0.95, 'MAC verified; decrypting')
  let plain: Uint8Array
  if (ks.format === 'v3') plain = ctr(dk.subarray(0, 16), ks.iv).decrypt(ks.ciphertext)
  else {
    const aesKey = Hash.keccak256(dk.subarray(0, 16)).subarray(0, 16)
    try {
      plain = cbc(aesKey, ks.iv).decrypt(ks.ciphertext)
    } catch {
      throw new CorruptKeystoreError('The MAC matches but the AES-CBC padding is invalid.')
    }
  }
  let privateKey: Key.PrivateKey
  try {
    privateKey = Key.fromBytes(plain)
  } catch (e) {
    throw new CorruptKeystoreError(`The MAC matches but the decrypted data is not a valid private key (${(e as BaseError).shortMessage ?? 'invalid'}).`)
  }
  const address = Key.toAddress(privateKey)
  const out: Decrypted = { format: ks.format, privateKey, address, kdf: describeKdf(ks.kdf) }
  const weak = weakKdf(ks.kdf)
  if (weak) out.weakKdf = weak
  if (ks.address) out.declaredAddress = ks.address
  if (plain.length < 32) out.shortKey = plain.length
  if (normalized) out.normalizedPassword = true
  if (ks.xEthers && dk.length >= 64) {
    // BIP-39 and BIP-32 load only for a keystore that carries a phrase (the wordlists are 70 KB).
    const [Mnemonic, Hd] = await Promise.all([import('./Mnemonic'), import('./Hd')])
    const entropy = ctr(dk.subarray(32, 64), ks.xEthers.mnemonicCounter).decrypt(ks.xEthers.mnemonicCiphertext)
    try {
      const phrase = Mnemonic.fromEntropy(entropy, 'english')
      const path = ks.xEthers.path ?? "m/44'/60'/0'/0/0"
      let matches = false
      try {
        const node = Hd.derive(Hd.fromSeed(Mnemonic.toSeed(phrase)), path)
        matches = Hd.addressOf(node) === address
      } catch {
        matches = false
      }
      out.mnemonic = { phrase, path, matches }
    } catch {
      /* not a mnemonic we can read (ethers skips it too) */
    }
  }
  onProgress?.(1, 'done')
  return out
}

// ---------------------------------------------------------------------------------------
// Encryption

export type EncryptKdf = { kdf: 'scrypt'; n: number; r: number; p: number } | { kdf: 'pbkdf2'; c: number }

/** geth's standard (and our default): scrypt N=2^18, r=8, p=1 (256 MiB, about a second). */
export const STANDARD: EncryptKdf = { kdf: 'scrypt', n: 2 ** 18, r: 8, p: 1 }
/** geth's light settings: scrypt N=2^12, r=8, p=6. */
export const LIGHT: EncryptKdf = { kdf: 'scrypt', n: 2 ** 12, r: 8, p: 6 }
/** PBKDF2-HMAC-SHA256 with c=262144, as MyEtherWallet and the spec's example. */
export const PBKDF2: EncryptKdf = { kdf: 'pbkdf2', c: 262144 }

export interface EncryptOptions extends Progress {
  params?: EncryptKdf
  /** Fixed salt / iv / id (tests); random otherwise, from crypto.getRandomValues. */
  salt?: Uint8Array
  iv?: Uint8Array
  id?: string
  /** Carry an ethers mnemonic along (x-ethers), re-encrypted with the new key. */
  mnemonic?: { phrase: string; path: string }
  /** For the file name; now by default. */
  date?: Date
}

export interface Encrypted {
  /** The keystore object, as geth writes it. */
  keystore: Record<string, unknown>
  /** Its JSON text. */
  json: string
  /** The usual file name: UTC--<ISO time>--<address>. */
  filename: string
  address: string
}

function randomBytes(n: number): Uint8Array {
  return Randomness.bytes(n)
}

/** A random UUID v4 from crypto.getRandomValues. */
export function uuid(): string {
  const b = randomBytes(16)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Hex.fromBytes(b).slice(2)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** geth's key file name: `UTC--2016-03-22T12-57-55.920Z--7ef5a613…` (address lower-case, no 0x). */
export function filename(address: string, date: Date = new Date()): string {
  return `UTC--${date.toISOString().replace(/:/g, '-')}--${address.replace(/^0x/i, '').toLowerCase()}`
}

/** Encrypts a private key into a version 3 keystore. */
export async function encrypt(privateKey: Key.PrivateKey, password: string, options: EncryptOptions = {}): Promise<Encrypted> {
  checkPassword(password)
  const { params = STANDARD, onProgress, signal } = options
  const salt = options.salt ?? randomBytes(32)
  const iv = options.iv ?? randomBytes(16)
  const kdf: Kdf = params.kdf === 'scrypt' ? { name: 'scrypt', n: params.n, r: params.r, p: params.p, dklen: 32, salt } : { name: 'pbkdf2', c: params.c, dklen: 32, prf: 'hmac-sha256', salt }
  if (kdf.name === 'scrypt') Bounds.checkScrypt(kdf)
  else Bounds.checkPbkdf2(kdf)
  const address = Key.toAddress(privateKey)
  const entropy = options.mnemonic ? (await import('./Mnemonic')).validate(options.mnemonic.phrase, 'english').entropy : undefined
  checkAborted(signal)
  onProgress?.(0.02, `deriving the key: ${describeKdf(kdf)}`)
  const dk = await deriveKey(kdf, Bytes.fromString(password), entropy ? 64 : 32)
  checkAborted(signal)
  onProgress?.(0.95, 'encrypting')
  const ciphertext = ctr(dk.subarray(0, 16), iv).encrypt(Bytes.fromHex(privateKey))
  const mac = macOf(dk, ciphertext)
  const hex = (b: Uint8Array) => Hex.fromBytes(b).slice(2)
  const kdfparams =
    kdf.name === 'scrypt'
      ? { dklen: 32, n: kdf.n, p: kdf.p, r: kdf.r, salt: hex(salt) }
      : { c: kdf.c, dklen: 32, prf: 'hmac-sha256', salt: hex(salt) }
  const keystore: Record<string, unknown> = {
    address: address.slice(2).toLowerCase(),
    crypto: { cipher: 'aes-128-ctr', ciphertext: hex(ciphertext), cipherparams: { iv: hex(iv) }, kdf: kdf.name, kdfparams, mac: hex(mac) },
    id: options.id ?? uuid(),
    version: 3,
  }
  if (entropy && options.mnemonic) {
    const counter = randomBytes(16)
    keystore['x-ethers'] = {
      client: 'ether-workbench',
      path: options.mnemonic.path,
      locale: 'en',
      mnemonicCounter: hex(counter),
      mnemonicCiphertext: hex(ctr(dk.subarray(32, 64), counter).encrypt(entropy)),
      version: '0.1',
    }
  }
  onProgress?.(1, 'done')
  return { keystore, json: JSON.stringify(keystore), filename: filename(address, options.date), address }
}

/** The throwaway key {@link warm} encrypts (any valid key would do). */
const WARM_KEY: Key.PrivateKey = `0x${'11'.repeat(32)}`

/**
 * Readies this thread for a decryption: compiles hash-wasm's scrypt and SHA-256 WebAssembly
 * (cached for the thread's later calls), builds secp256k1's precomputed table and warms the
 * JIT, by encrypting and decrypting a throwaway key with scrypt N=2. For a worker that waits
 * for a person to press Decrypt, so the press only runs the real key derivation. Never needed
 * for a correct result; never throws.
 */
export async function warm(): Promise<void> {
  try {
    const { json } = await encrypt(WARM_KEY, '', { params: { kdf: 'scrypt', n: 2, r: 1, p: 1 } })
    await decrypt(json, '')
  } catch {
    /* a warm-up only: the run that follows reports any real failure */
  }
}

/** The most scrypt memory {@link prepare} readies ahead of Decrypt (geth's standard N=2^18, r=8). */
export const MAX_PREPARED_MEMORY = 256 * 1024 * 1024

/**
 * Readies this thread to decrypt `text` (no password needed): for a scrypt keystore, the
 * thread's kept scrypt memory is grown to what its N, r and p need and every page of it
 * touched (`KeystoreKdf.prepareScrypt`), so Decrypt only computes: about a sixth of a 2^18
 * derivation's time is the system handing out 256 MiB of fresh pages. Up to
 * {@link MAX_PREPARED_MEMORY}: a larger one grows its memory when Decrypt is pressed. Only where the thread
 * keeps its scrypt memory (`KeystoreKdf.keepScryptMemory`: the keystore workers). Never
 * throws: text that is not a keystore, or is out of bounds, prepares nothing.
 */
export async function prepare(text: string): Promise<void> {
  try {
    const d = detect(text)
    if (d.kind !== 'presale' && d.keystore.kdf.name === 'scrypt') {
      Bounds.checkScrypt({ ...d.keystore.kdf, dklen: 32 })
      // Held while the person types: up to geth's standard (256 MiB), not the 1 GiB the bounds allow.
      if (Bounds.scryptMemory(d.keystore.kdf) <= MAX_PREPARED_MEMORY) await Kdfs.prepareScrypt(d.keystore.kdf)
    }
  } catch {
    /* not a keystore (yet): the run reports it at the field */
  }
}

/** The encryption parameters a keystore uses (to keep them when changing its password). */
export function paramsOf(ks: Parsed): EncryptKdf {
  return ks.kdf.name === 'scrypt' ? { kdf: 'scrypt', n: ks.kdf.n, r: ks.kdf.r, p: ks.kdf.p } : { kdf: 'pbkdf2', c: ks.kdf.c }
}

/**
 * Changes a keystore's password: decrypts with the old one, encrypts with the new one
 * (same KDF parameters unless `params` is given; new salt and iv; same id; an ethers
 * mnemonic is carried over).
 */
export async function changePassword(text: string, oldPassword: string, newPassword: string, options: EncryptOptions = {}): Promise<Encrypted & { from: Decrypted }> {
  const d = detect(text)
  const half = (base: number) => (f: number, l: string) => options.onProgress?.(base + f / 2, l)
  const from = await decrypt(d, oldPassword, { onProgress: half(0), ...(options.signal ? { signal: options.signal } : {}) })
  const params = options.params ?? (d.kind === 'keystore' ? paramsOf(d.keystore) : STANDARD)
  const id = options.id ?? (d.kind === 'keystore' ? d.keystore.id : undefined)
  const enc = await encrypt(from.privateKey, newPassword, {
    ...options,
    params,
    ...(id ? { id } : {}),
    ...(from.mnemonic?.matches ? { mnemonic: { phrase: from.mnemonic.phrase, path: from.mnemonic.path } } : {}),
    onProgress: half(0.5),
  })
  return { ...enc, from }
}

// ---------------------------------------------------------------------------------------
// Errors

export class EmptyKeystoreError extends BaseError {
  constructor() {
    super('Keystore.EmptyKeystoreError', 'The keystore is empty.', { hints: ['Paste the JSON keystore or choose the UTC--… file.'] })
  }
}

export class InvalidKeystoreError extends errorType('Keystore.InvalidKeystoreError') {}

export class MissingFieldError extends BaseError {
  constructor(path: string, hints: string[] = []) {
    super('Keystore.MissingFieldError', `The keystore has no "${path}".`, { hints: hints.length ? hints : ['The file may be cut off or not a keystore; copy it again in full.'] })
  }
}

export class InvalidFieldError extends BaseError {
  constructor(path: string, what: string) {
    super('Keystore.InvalidFieldError', `The keystore's "${path}" ${what}.`, { hints: ['The file may have been edited or damaged; use the original file.'] })
  }
}

export class UnsupportedError extends errorType('Keystore.UnsupportedError') {}

export class WrongPasswordError extends BaseError {
  constructor(presale = false) {
    super('Keystore.WrongPasswordError', presale ? 'Wrong password (the pre-sale wallet does not decrypt to its address).' : 'Wrong password (MAC mismatch).', {
      hints: ['Check the password: case, keyboard layout, spaces at the ends.'],
    })
  }
}

export class CorruptKeystoreError extends errorType('Keystore.CorruptKeystoreError', ['The file is damaged; use another copy of it.']) {}

export class CancelledError extends BaseError {
  constructor() {
    super('Keystore.CancelledError', 'Cancelled.')
  }
}

export class PasswordTooLongError extends BaseError {
  constructor() {
    super('Keystore.PasswordTooLongError', `The password is longer than ${MAX_PASSWORD_CHARS} characters.`)
  }
}

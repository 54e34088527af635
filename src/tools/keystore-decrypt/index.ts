import { toErrorInfo } from '../../core/Errors'
import * as Key from '../../core/keys/Key'
import * as Keystore from '../../core/keys/Keystore'
import * as KeystoreKdf from '../../core/keys/KeystoreKdf'
import { defineTool, messageOf } from '../define'
import type { BlobLike, Parsed, RawInput, Row, Section, ToolResult } from '../types'
import meta from './meta'
import { keystoreSource, readSource, type KeystoreSource } from '../kit/keystoreSource'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'

interface Input {
  source: KeystoreSource
  password: string
}

export function parse(raw: RawInput, files?: Readonly<Record<string, BlobLike>>): Parsed<Input> {
  const errors: Record<string, string> = {}
  let source: KeystoreSource | undefined
  try {
    source = keystoreSource(raw.keystore ?? '', files?.keystoreFile)
  } catch (e) {
    errors[files?.keystoreFile ? 'keystoreFile' : 'keystore'] = messageOf(toErrorInfo(e))
  }
  const password = raw.password ?? ''
  if (password.length > Keystore.MAX_PASSWORD_CHARS) errors.password = `At most ${Keystore.MAX_PASSWORD_CHARS} characters.`
  return source && !Object.keys(errors).length ? { ok: true, value: { source, password } } : { ok: false, errors }
}

const FORMATS = { v3: 'Web3 Secret Storage v3', v1: 'geth version 1 (Crypto, AES-128-CBC)', presale: 'Ethereum pre-sale wallet (2014)' } as const

/** The result rows of a decrypted keystore (shared with the custom page). */
/** What the keystore-decrypt page reads from a result (structured-clone safe). */
export interface DecryptedData {
  address: string
  privateKey: string
}

export function decryptedResult(d: Keystore.Decrypted): ToolResult<DecryptedData> {
  const info = Key.info(d.privateKey)
  const account: Row[] = [
    { label: 'Address', value: d.address, open: { tool: 'address', inputs: { address: d.address }, label: 'Inspect address' } },
    { label: 'Private key', value: d.privateKey, secret: true },
    { label: 'Public key (uncompressed)', value: info.publicKey },
  ]
  const mismatch = d.declaredAddress !== undefined && d.declaredAddress !== d.address
  if (d.declaredAddress !== undefined)
    account.push({ label: 'Address in the file', value: d.declaredAddress, tone: mismatch ? 'warn' : 'ok', note: mismatch ? 'Differs from the decrypted key’s address: the file’s "address" field was edited or is a placeholder.' : 'Matches the decrypted key.' })
  const file: Row[] = [
    { label: 'Format', value: FORMATS[d.format], mono: false },
    { label: 'Key derivation', value: d.kdf, mono: false },
  ]
  if (d.shortKey) file.push({ label: 'Stored key length', value: `${d.shortKey} bytes`, mono: false, tone: 'warn', note: 'geth once wrote keys with leading zero bytes dropped; the key was left-padded to 32 bytes.' })
  const sections: Section[] = [{ title: 'Account', rows: account }, { title: 'File', rows: file }]
  if (d.mnemonic)
    sections.push({
      title: 'ethers mnemonic (x-ethers)',
      rows: [
        { label: 'Mnemonic', value: d.mnemonic.phrase, secret: true },
        { label: 'Path', value: d.mnemonic.path },
        { label: 'Mnemonic matches the key', value: d.mnemonic.matches ? 'yes' : 'no', mono: false, tone: d.mnemonic.matches ? 'ok' : 'warn' },
      ],
    })
  const notes: ToolResult['notes'] = []
  if (d.weakKdf) notes.push({ tone: 'warn', text: d.weakKdf })
  notes.push(...PublicTestKeys.notes({ keys: [d.privateKey] }))
  if (d.normalizedPassword) notes.push({ tone: 'info', text: 'The password matched after Unicode NFKC normalization (as ethers writes keystores).' })
  return { sections, ...(notes.length ? { notes } : {}), data: { address: d.address, privateKey: d.privateKey } }
}

/**
 * Progress as it is: the key derivation (scrypt or PBKDF2) is one WebAssembly call that
 * reports nothing until it returns, so it is shown as a step of unknown length (a negative
 * fraction: an indeterminate bar with the step's name), not as a bar stuck at 2%.
 */
export function honestProgress(progress: (fraction: number, label?: string) => void): (fraction: number, label: string) => void {
  return (fraction, label) => progress(/^(deriving the key|retrying with)/.test(label) ? -1 : fraction, label)
}

/**
 * In a worker (which loads this module ahead of a run): keep scrypt's memory between calls
 * and make the key derivation's WebAssembly and the curve ready now, so Decrypt runs only
 * the derivation. The worker ends with its run, and its memory with it.
 */
const inWorker = () => typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function'
if (inWorker()) {
  KeystoreKdf.keepScryptMemory()
  void Keystore.warm()
}

/** Readies the waiting worker for this keystore (its scrypt memory), from the keystore alone: never the password. */
export async function prepare(raw: RawInput, files?: Readonly<Record<string, BlobLike>>): Promise<void> {
  try {
    await Keystore.prepare(await readSource(keystoreSource(raw.keystore ?? '', files?.keystoreFile)))
  } catch {
    /* nothing to prepare: the run reports what is wrong */
  }
}

export default defineTool<Input, DecryptedData>(meta, {
  parse,
  run: async ({ source, password }, ctx) => {
    const text = await readSource(source)
    try {
      return decryptedResult(await Keystore.decrypt(text, password, { onProgress: honestProgress(ctx.progress), signal: ctx.signal }))
    } catch (e) {
      if (e instanceof Keystore.WrongPasswordError) throw e.at('password')
      if (e instanceof Keystore.CancelledError) throw e
      throw e instanceof Error && 'at' in e ? (e as Keystore.InvalidKeystoreError).at('file' in source ? 'keystoreFile' : 'keystore') : e
    }
  },
})

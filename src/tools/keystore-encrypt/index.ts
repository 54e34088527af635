import { toErrorInfo } from '../../core/Errors'
import * as Key from '../../core/keys/Key'
import * as Keystore from '../../core/keys/Keystore'
import * as Bounds from '../../core/keys/KeystoreBounds'
import { defineTool, messageOf } from '../define'
import type { BlobLike, Parsed, RawInput, ToolResult } from '../types'
import { keystoreSource, readSource, type KeystoreSource } from '../kit/keystoreSource'
import meta from './meta'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'

type Params = Keystore.EncryptKdf | 'keep'

interface Input {
  from: { key: Key.PrivateKey } | { keystore: KeystoreSource; oldPassword: string }
  password: string
  params: Params
}

const PRESETS: Record<string, Keystore.EncryptKdf> = {
  standard: Keystore.STANDARD,
  ethers: { kdf: 'scrypt', n: 2 ** 17, r: 8, p: 1 },
  light: Keystore.LIGHT,
  pbkdf2: Keystore.PBKDF2,
}

function int(v: string, name: string): number {
  const t = v.trim().replace(/_/g, '')
  const m = /^2\^(\d{1,2})$/.exec(t)
  if (m) return 2 ** Number(m[1])
  if (!/^\d{1,16}$/.test(t)) throw new Bounds.AbsurdParamsError(`${name} must be a whole number, got "${v.slice(0, 20)}".`, name)
  return Number(t)
}

function paramsOf(raw: RawInput): Params {
  const kdf = raw.kdf || 'auto'
  if (kdf === 'auto') return raw.source === 'keystore' ? 'keep' : Keystore.STANDARD
  if (PRESETS[kdf]) return PRESETS[kdf]
  if (kdf === 'custom-scrypt') {
    const p = { n: int(raw.n ?? '', 'n'), r: int(raw.r ?? '', 'r'), p: int(raw.p ?? '', 'p') }
    Bounds.checkScrypt({ ...p, dklen: 32 })
    return { kdf: 'scrypt', ...p }
  }
  if (kdf === 'custom-pbkdf2') {
    const c = int(raw.c ?? '', 'c')
    Bounds.checkPbkdf2({ c, dklen: 32 })
    return { kdf: 'pbkdf2', c }
  }
  throw new Bounds.AbsurdParamsError(`Unknown key derivation "${kdf}".`, 'kdf')
}

export function parse(raw: RawInput, files?: Readonly<Record<string, BlobLike>>): Parsed<Input> {
  const errors: Record<string, string> = {}
  const at = (field: string, f: () => void) => {
    try {
      f()
    } catch (e) {
      const info = toErrorInfo(e)
      const param = (e as { param?: string }).param
      errors[param && ['n', 'r', 'p', 'c'].includes(param) && raw.kdf?.startsWith('custom') ? param : field] = messageOf(info)
    }
  }
  let from: Input['from'] | undefined
  let params: Params | undefined
  if (raw.source === 'keystore') {
    at(files?.keystoreFile ? 'keystoreFile' : 'keystore', () => {
      from = { keystore: keystoreSource(raw.keystore ?? '', files?.keystoreFile), oldPassword: raw.oldPassword ?? '' }
    })
  } else at('privateKey', () => (from = { key: Key.parse(raw.privateKey ?? '') }))
  at('kdf', () => (params = paramsOf(raw)))
  const password = raw.password ?? ''
  if (password.length > Keystore.MAX_PASSWORD_CHARS) errors.password = `At most ${Keystore.MAX_PASSWORD_CHARS} characters.`
  if (Object.keys(errors).length || !from || !params) return { ok: false, errors }
  return { ok: true, value: { from, password, params } }
}

/** What the keystore-encrypt page reads from a result (structured-clone safe). */
export interface EncryptedData {
  address: string
  /** geth's UTC--<time>--<address> name. */
  filename: string
  json: string
}

function result(e: Keystore.Encrypted, kdf: string, changed: boolean, key?: string): ToolResult<EncryptedData> {
  return {
    data: { address: e.address, filename: e.filename, json: e.json },
    notes: [
      ...PublicTestKeys.notes({ keys: [key] }),
      { tone: 'info', text: 'Keep the file and its password apart. Anyone with both can spend from this address; without the password the file cannot be opened.' },
    ],
    sections: [
      {
        rows: [
          { label: 'Address', value: e.address, open: { tool: 'address', inputs: { address: e.address }, label: 'Inspect address' } },
          { label: 'File name', value: e.filename, note: 'geth’s naming: UTC--<time>--<address>. Keystore folders expect it.' },
          { label: 'Key derivation', value: kdf, mono: false },
          { label: 'Keystore JSON', value: e.json, secret: true, ...(changed ? { note: 'The same key under the new password; same id and parameters unless you chose others.' } : {}) },
        ],
      },
    ],
  }
}

export default defineTool<Input, EncryptedData>(meta, {
  parse,
  run: async ({ from, password, params }, ctx) => {
    const opts = { onProgress: ctx.progress, signal: ctx.signal }
    if ('key' in from) {
      const p = params === 'keep' ? Keystore.STANDARD : params
      const e = await Keystore.encrypt(from.key, password, { ...opts, params: p })
      return result(e, Keystore.describeKdf(Keystore.parse(e.json).kdf), false, from.key)
    }
    const text = await readSource(from.keystore)
    try {
      const e = await Keystore.changePassword(text, from.oldPassword, password, { ...opts, ...(params === 'keep' ? {} : { params }) })
      return result(e, Keystore.describeKdf(Keystore.parse(e.json).kdf), true)
    } catch (err) {
      if (err instanceof Keystore.WrongPasswordError) throw err.at('oldPassword')
      throw err
    }
  },
})

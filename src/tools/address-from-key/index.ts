import * as Key from '../../core/keys/Key'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import { defineTool, fieldParser } from '../define'
import type { Note, Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  publicKey: Key.FromPublicKey | null
  /** With the key itself (hex), to know a public test key. */
  privateKey: (Key.FromPublicKey & { key: string }) | null
}

export const parse = fieldParser<Input>({
  publicKey: (v, raw) => {
    if (v.trim() === '') {
      if ((raw.privateKey ?? '').trim() === '') throw new Key.NoKeyError()
      return null
    }
    return Key.fromPublicKeyText(v)
  },
  privateKey: (v) => {
    if (v.trim() === '') return null
    const k = Key.info(Key.parse(v))
    return { address: k.address, form: 'uncompressed', uncompressed: k.publicKey, compressed: k.publicKeyCompressed, key: k.privateKey }
  },
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ publicKey, privateKey }) => {
    const r = (privateKey ?? publicKey)!
    const rows: Row[] = [
      { label: 'Address', value: r.address, open: { tool: 'address', inputs: { address: r.address }, label: 'Check address' } },
      { label: 'Public key (uncompressed)', value: r.uncompressed, note: '0x04 || x || y (65 bytes)' },
      { label: 'Public key (compressed)', value: r.compressed, note: '0x02/0x03 || x (33 bytes)' },
      { label: 'Derived from', value: privateKey ? 'private key' : `public key (${r.form})`, mono: false, copy: false },
    ]
    const notes: Note[] = privateKey ? PublicTestKeys.notes({ keys: [privateKey.key] }) : []
    if (privateKey && publicKey) {
      const same = publicKey.address === privateKey.address
      rows.push({ label: 'Public key matches the private key', value: same ? 'yes' : 'no', tone: same ? 'ok' : 'error', mono: false, copy: false })
      if (!same) notes.push({ tone: 'warn', text: `The public key given belongs to ${publicKey.address}, not to this private key.` })
    }
    return { sections: [{ rows }], ...(notes.length ? { notes } : {}) }
  },
})

import * as Key from '../../core/keys/Key'
import { defineTool, fieldParser } from '../define'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'
import type { ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  /** Undefined: create a new key. */
  privateKey: Key.PrivateKey | undefined
}

export const parse = fieldParser<Input>({
  privateKey: (v) => (v.trim() === '' ? undefined : Key.parse(v)),
})

/** What the key page reads from a result (structured-clone safe). */
export interface KeyData {
  address: string
  privateKey: string
}

/** The result rows for a key (shared with the custom page). */
export function keyResult(info: Key.KeyInfo, created: boolean): ToolResult<KeyData> {
  return {
    data: { address: info.address, privateKey: info.privateKey },
    ...(created
      ? { notes: [{ tone: 'info' as const, text: 'A new key from crypto.getRandomValues. It exists only in this page: save it (or encrypt it into a keystore) before you leave.' }] }
      : PublicTestKeys.notes({ keys: [info.privateKey] }).length
        ? { notes: PublicTestKeys.notes({ keys: [info.privateKey] }) }
        : {}),
    sections: [
      {
        rows: [
          { label: 'Address', value: info.address, note: 'EIP-55 checksummed.', open: { tool: 'address', inputs: { address: info.address }, label: 'Inspect address' } },
          { label: 'Public key (uncompressed)', value: info.publicKey },
          { label: 'Public key (compressed)', value: info.publicKeyCompressed },
          { label: 'Private key', value: info.privateKey, secret: true },
        ],
      },
    ],
  }
}

export default defineTool<Input, KeyData>(meta, {
  parse,
  run: ({ privateKey }) => {
    const key = privateKey ?? Key.random()
    return keyResult(Key.info(key), privateKey === undefined)
  },
})

/** Keystore text from a textarea or a chosen file (read in `run`, size-checked first). */
import * as Keystore from '../../core/keys/Keystore'
import { MAX_JSON_CHARS } from '../../core/keys/KeystoreBounds'
import type { BlobLike } from '../types'

export type KeystoreSource = { text: string } | { file: BlobLike }

/** Checks what can be checked without reading a file; throws a core error otherwise. */
export function keystoreSource(text: string, file: BlobLike | undefined): KeystoreSource {
  if (file) {
    if (file.size > MAX_JSON_CHARS)
      throw new Keystore.InvalidKeystoreError(`The file is ${file.size.toLocaleString('en-US')} bytes; a keystore is under ${MAX_JSON_CHARS / 1024} KB.`, [
        'Choose the UTC--… key file itself, not a folder archive or a backup.',
      ])
    return { file }
  }
  Keystore.detect(text) // structural checks and bounds, at the field
  return { text }
}

export async function readSource(s: KeystoreSource): Promise<string> {
  if ('text' in s) return s.text
  const buf = await s.file.slice(0, MAX_JSON_CHARS + 1).arrayBuffer()
  return Keystore.decodeText(new Uint8Array(buf))
}

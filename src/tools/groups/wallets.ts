import type { ToolEntry } from '../types'
import keyMeta from '../key/meta'
import keystoreDecryptMeta from '../keystore-decrypt/meta'
import keystoreEncryptMeta from '../keystore-encrypt/meta'

/** The wallets tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: keyMeta, load: () => import('../key') },
  { meta: keystoreDecryptMeta, load: () => import('../keystore-decrypt') },
  { meta: keystoreEncryptMeta, load: () => import('../keystore-encrypt') },
]

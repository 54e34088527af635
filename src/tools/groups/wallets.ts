import type { ToolEntry } from '../types'
import keyMeta from '../key/meta'
import keystoreDecryptMeta from '../keystore-decrypt/meta'
import keystoreEncryptMeta from '../keystore-encrypt/meta'

/** The wallets tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: keyMeta, load: () => import('../key'), examples: () => import('../key/examples') },
  { meta: keystoreDecryptMeta, load: () => import('../keystore-decrypt'), examples: () => import('../keystore-decrypt/examples') },
  { meta: keystoreEncryptMeta, load: () => import('../keystore-encrypt'), examples: () => import('../keystore-encrypt/examples') },
]

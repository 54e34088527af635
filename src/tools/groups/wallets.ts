import type { ToolEntry } from '../types'
import { entry } from './entry'
import keyMeta from '../key/meta'
import keystoreDecryptMeta from '../keystore-decrypt/meta'
import keystoreEncryptMeta from '../keystore-encrypt/meta'

/** The wallets tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [keyMeta, keystoreDecryptMeta, keystoreEncryptMeta].map(entry)

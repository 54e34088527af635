import type { ToolEntry } from '../types'
import { entry } from './entry'
import addressMeta from '../address/meta'
import addressFromKeyMeta from '../address-from-key/meta'
import contractAddressMeta from '../contract-address/meta'
import create2SaltMeta from '../create2-salt/meta'
import vanityMeta from '../vanity/meta'

/** The addresses tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [addressMeta, addressFromKeyMeta, contractAddressMeta, vanityMeta, create2SaltMeta].map(entry)

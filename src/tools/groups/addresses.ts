import type { ToolEntry } from '../types'
import addressMeta from '../address/meta'
import addressFromKeyMeta from '../address-from-key/meta'
import contractAddressMeta from '../contract-address/meta'
import create2SaltMeta from '../create2-salt/meta'
import vanityMeta from '../vanity/meta'

/** The addresses tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: addressMeta, load: () => import('../address'), examples: () => import('../address/examples') },
  { meta: addressFromKeyMeta, load: () => import('../address-from-key'), examples: () => import('../address-from-key/examples') },
  { meta: contractAddressMeta, load: () => import('../contract-address'), examples: () => import('../contract-address/examples') },
  { meta: vanityMeta, load: () => import('../vanity'), examples: () => import('../vanity/examples') },
  { meta: create2SaltMeta, load: () => import('../create2-salt'), examples: () => import('../create2-salt/examples') },
]

import type { ToolEntry } from '../types'
import mnemonicMeta from '../mnemonic/meta'
import hdDeriveMeta from '../hd-derive/meta'
import findAddressMeta from '../find-address/meta'

/** The mnemonics tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: mnemonicMeta, load: () => import('../mnemonic'), examples: () => import('../mnemonic/examples') },
  { meta: hdDeriveMeta, load: () => import('../hd-derive'), examples: () => import('../hd-derive/examples') },
  { meta: findAddressMeta, load: () => import('../find-address'), examples: () => import('../find-address/examples') },
]

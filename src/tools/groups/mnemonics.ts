import type { ToolEntry } from '../types'
import mnemonicMeta from '../mnemonic/meta'
import hdDeriveMeta from '../hd-derive/meta'
import findAddressMeta from '../find-address/meta'

/** The mnemonics tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: mnemonicMeta, load: () => import('../mnemonic') },
  { meta: hdDeriveMeta, load: () => import('../hd-derive') },
  { meta: findAddressMeta, load: () => import('../find-address') },
]

import type { ToolEntry } from '../types'
import { entry } from './entry'
import mnemonicMeta from '../mnemonic/meta'
import hdDeriveMeta from '../hd-derive/meta'
import findAddressMeta from '../find-address/meta'

/** The mnemonics tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [mnemonicMeta, hdDeriveMeta, findAddressMeta].map(entry)

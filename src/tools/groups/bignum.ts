import type { ToolEntry } from '../types'
import { entry } from './entry'
import bignumMeta from '../bignum/meta'

/** The big-number tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [bignumMeta].map(entry)

import type { ToolEntry } from '../types'
import bignumMeta from '../bignum/meta'

/** The big-number tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [{ meta: bignumMeta, load: () => import('../bignum'), examples: () => import('../bignum/examples') }]

import type { ToolEntry } from '../types'
import hashMeta from '../hash/meta'
import messageHashMeta from '../message-hash/meta'
import selectorMeta from '../selector/meta'
import encodePackedMeta from '../encode-packed/meta'
import namehashMeta from '../namehash/meta'
import storageSlotMeta from '../storage-slot/meta'

/** The hashing tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: hashMeta, load: () => import('../hash'), examples: () => import('../hash/examples') },
  { meta: selectorMeta, load: () => import('../selector'), examples: () => import('../selector/examples') },
  { meta: encodePackedMeta, load: () => import('../encode-packed'), examples: () => import('../encode-packed/examples') },
  { meta: messageHashMeta, load: () => import('../message-hash'), examples: () => import('../message-hash/examples') },
  { meta: namehashMeta, load: () => import('../namehash'), examples: () => import('../namehash/examples') },
  { meta: storageSlotMeta, load: () => import('../storage-slot'), examples: () => import('../storage-slot/examples') },
]

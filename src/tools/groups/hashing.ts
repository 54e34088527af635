import type { ToolEntry } from '../types'
import { entry } from './entry'
import hashMeta from '../hash/meta'
import messageHashMeta from '../message-hash/meta'
import selectorMeta from '../selector/meta'
import encodePackedMeta from '../encode-packed/meta'
import namehashMeta from '../namehash/meta'
import storageSlotMeta from '../storage-slot/meta'

/** The hashing tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [hashMeta, selectorMeta, encodePackedMeta, messageHashMeta, namehashMeta, storageSlotMeta].map(entry)

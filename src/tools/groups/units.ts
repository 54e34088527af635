import type { ToolEntry } from '../types'
import { entry } from './entry'
import unitsMeta from '../units/meta'

/** The units tools, in catalogue order. Each entry: the tool's meta and lazy imports of the tool and its examples (`entry`). */
export const tools: ToolEntry[] = [unitsMeta].map(entry)

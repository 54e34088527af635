import type { ToolEntry } from '../types'
import unitsMeta from '../units/meta'

/** The units tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [{ meta: unitsMeta, load: () => import('../units'), examples: () => import('../units/examples') }]

import type { ToolEntry } from '../types'

/** The providers tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = []

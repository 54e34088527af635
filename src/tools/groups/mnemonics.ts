import type { ToolEntry } from '../types'

/** The mnemonics tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = []

/**
 * The one list of tools. Routes, the catalogue, the command palette, input detection
 * and worker dispatch all derive from it. Each capability keeps its own list in
 * `groups/<capability>.ts`; a test fails when a tool folder is missing from here.
 */
import { CAPABILITIES, type Capability, type ToolEntry, type ToolMeta } from './types'
import { tools as units } from './groups/units'
import { tools as bignum } from './groups/bignum'
import { tools as hashing } from './groups/hashing'
import { tools as addresses } from './groups/addresses'
import { tools as calldata } from './groups/calldata'
import { tools as signing } from './groups/signing'
import { tools as wallets } from './groups/wallets'
import { tools as mnemonics } from './groups/mnemonics'
import { tools as providers } from './groups/providers'

export const registry: readonly ToolEntry[] = [
  ...units,
  ...bignum,
  ...hashing,
  ...addresses,
  ...calldata,
  ...signing,
  ...wallets,
  ...mnemonics,
  ...providers,
]

const byId = new Map(registry.map((e) => [e.meta.id, e]))

export function findTool(id: string): ToolEntry | undefined {
  return byId.get(id)
}

export function toolsOf(capability: Capability): ToolMeta[] {
  return registry.filter((e) => e.meta.capability === capability).map((e) => e.meta)
}

export { CAPABILITIES }

/**
 * The offline signature table: selectors and event topics of widely deployed contracts
 * (OpenZeppelin, Uniswap v2/v3 and Universal Router, Safe, Aave v3, Chainlink, Optimism,
 * Multicall3, the ERC standards, viem's ABIs), built by
 * `scripts/build-signatures.mjs` from ABIs that npm packages ship. Every entry names the
 * sources it came from. No network here: the opt-in online lookup is in `SignatureLookup`.
 */
import { Abi as OxAbi } from 'ox'
import type * as Abi from './Abi'
import data from './data/signatures.json'

type Table = Record<string, [string, number[]][]>

const table = data as unknown as {
  sources: string[]
  functions: Table
  events: Table
  errors: Table
}

export interface Match {
  /** Human-readable signature with parameter names: `function transfer(address to, uint256 value) returns (bool)`. */
  human: string
  /** The ABI item parsed from it. */
  item: Abi.Item
  /** Where it came from: `@openzeppelin/contracts@5.7.0 build/contracts/ERC20.json`, ... */
  sources: string[]
}

export type Kind = 'function' | 'event' | 'error'

const parsed = new Map<string, Abi.Item>()

function itemOf(human: string): Abi.Item {
  let item = parsed.get(human)
  if (!item) {
    item = OxAbi.from([human] as never)[0] as Abi.Item
    parsed.set(human, item)
  }
  return item
}

function tableOf(kind: Kind): Table {
  return kind === 'function' ? table.functions : kind === 'event' ? table.events : table.errors
}

/**
 * Every known signature for a selector (functions, errors: 4 bytes) or topic (events: 32
 * bytes). Several signatures can share a selector; all are returned.
 *
 * @example
 * ```ts
 * SignatureTable.lookup('function', '0xa9059cbb')[0].human // 'function transfer(address to, uint256 value) returns (bool)'
 * ```
 */
export function lookup(kind: Kind, selector: string): Match[] {
  const key = selector.toLowerCase()
  const hits = tableOf(kind)[key]
  if (!hits) return []
  return hits.map(([human, src]) => ({ human, item: itemOf(human), sources: src.map((i) => table.sources[i] ?? '?') }))
}

/** Number of entries by kind. */
export function size(): Record<Kind, number> {
  const count = (t: Table) => Object.values(t).reduce((a, v) => a + v.length, 0)
  return { function: count(table.functions), event: count(table.events), error: count(table.errors) }
}

/** All sources the table was built from. */
export function sources(): readonly string[] {
  return table.sources
}

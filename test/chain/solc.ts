/**
 * Compiles small Solidity test contracts with solc-js (a dev dependency): the chain tests
 * deploy them on a real anvil. Results are cached per source text for the process.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export interface Compiled {
  /** Init code (0x-hex), without constructor arguments. */
  bytecode: `0x${string}`
  /** The JSON ABI. */
  abi: unknown[]
}

const cache = new Map<string, Record<string, Compiled>>()

/** Compiles `source` (one file) and returns every contract in it by name; throws on any error. */
export function compile(source: string): Record<string, Compiled> {
  const hit = cache.get(source)
  if (hit) return hit
  const solc = require('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'Test.sol': { content: source } },
    settings: { optimizer: { enabled: false }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const result: Record<string, Compiled> = {}
  for (const [name, c] of Object.entries(out.contracts['Test.sol'] ?? {})) result[name] = { bytecode: `0x${c.evm.bytecode.object}`, abi: c.abi }
  cache.set(source, result)
  return result
}

/**
 * The simulator's test contracts (SimTest.sol), compiled with solc-js 0.8.37 once per process
 * and cached on disk by source hash (the wasm compiler takes seconds).
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_KEYS } from '../../support'

export type Artifacts = Record<string, { abi: Abi; bytecode: Hex }>

const source = readFileSync(new URL('./SimTest.sol', import.meta.url), 'utf8')

export function compile(): Artifacts {
  const key = createHash('sha256').update(source).digest('hex').slice(0, 16)
  const dir = join(tmpdir(), 'ether-workbench-solc')
  const file = join(dir, `SimTest-${key}.json`)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Artifacts
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'SimTest.sol': { content: source } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'prague', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const res: Artifacts = {}
  for (const [n, c] of Object.entries(out.contracts['SimTest.sol']!)) res[n] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, JSON.stringify(res))
  return res
}

/** The anvil accounts the simulation tests send from (lower-case addresses, as traces print them), and a third address that only receives. */
export const acct0 = privateKeyToAccount(ANVIL_KEYS[0])
export const acct1 = privateKeyToAccount(ANVIL_KEYS[1])
export const A0 = acct0.address.toLowerCase() as Hex
export const A1 = acct1.address.toLowerCase() as Hex
export const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as Hex

/**
 * Deploys the call chain every simulator kit starts from (sim/chain.ts, traceKit.ts, debugKit.ts),
 * in this order and so at the same addresses: Leaf, Logic, a Proxy to Logic, Token (10^24 minted
 * to the deployer), Orchestrator. `deploy` is the kit's own (its node, its artifacts).
 */
export async function deployCallChain(c: Record<string, Hex>, deploy: (name: string, args?: unknown[]) => Promise<Hex>): Promise<void> {
  c.leaf = await deploy('Leaf')
  c.logic = await deploy('Logic')
  c.proxy = await deploy('Proxy', [c.logic])
  c.token = await deploy('Token', [10n ** 24n])
  c.orch = await deploy('Orchestrator')
}

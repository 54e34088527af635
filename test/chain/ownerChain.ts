/**
 * The start the contract-account oracles share (test/chain/safe.test.ts, safeFinish, safeMessage,
 * userOperation, accessList): a fresh anvil reached by raw JSON-RPC (safeKit's rpcOf) and by the
 * app's transport, its chain id and first unlocked account, the seed printed; and a tool run
 * against that node as the page runs it (test/support's runToolResult).
 */
import { afterAll, beforeAll } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import type { RawInput, ToolResult } from '../../src/tools/types'
import { runToolResult, startAnvil, testSeed, type Anvil } from '../support'
import { rpcOf, type H, type RpcFn } from './safeKit'

/** What {@link useOwnerChain} gives its tests (set in its beforeAll). */
export interface OwnerChain {
  anvil: Anvil
  /** Raw JSON-RPC to the node (safeKit). */
  rpc: RpcFn
  /** The node through the app's transport. */
  provider: Rpc.Transport
  chainId: bigint
  /** The node's first unlocked account. */
  deployer: H
  /** Runs tool `id` with `inputs` against this node: its result, and its rows by bare label (the last row of a label wins). */
  runTool(id: string, inputs: RawInput): Promise<{ result: ToolResult; rows: Map<string, string> }>
}

/**
 * Registers the file's beforeAll (anvil started with `anvilArgs`, then `${what}: seed <seed><detail>`
 * printed) and afterAll (anvil stopped). A file's own setup goes in a later beforeAll.
 */
export function useOwnerChain(what: string, detail = '', anvilArgs: string[] = []): OwnerChain {
  const chain = {
    async runTool(id, inputs) {
      const { result } = await runToolResult(id, inputs, { rpc: chain.provider, rpcUrl: chain.anvil.url })
      // by bare label, a later row of a label standing for an earlier one (the Threshold row of the finishing step, not the Safe's)
      return { result, rows: new Map(result.sections.flatMap((s) => s.rows.map((r) => [r.label, r.value] as const))) }
    },
  } as OwnerChain
  beforeAll(async () => {
    chain.anvil = await startAnvil(anvilArgs)
    chain.rpc = rpcOf(chain.anvil.url)
    chain.provider = Rpc.http(chain.anvil.url)
    chain.chainId = BigInt(await chain.rpc<H>('eth_chainId'))
    chain.deployer = (await chain.rpc<H[]>('eth_accounts'))[0]!
    console.log(`${what}: seed ${testSeed}${detail}`)
  })
  afterAll(async () => {
    await chain.anvil?.stop()
  })
  return chain
}

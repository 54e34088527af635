/**
 * The anvil chain of the trace views' tests (src/core/sim/TraceView.test.ts, TraceFlows,
 * src/core/chain/FeeHistory): the simulator's test contracts deployed; transactions are mined,
 * replayed in the page's EVM (Simulation.replay) and returned with anvil's own callTracer and receipt.
 */
import { afterAll, beforeAll } from 'vitest'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as SimReport from '../../src/core/sim/SimReport'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import { minedAt, nodeRpc, startAnvil, type Anvil } from '../support'
import { A0, compile, deployCallChain, type Artifacts } from './sim/contracts'

export let anvil: Anvil
export let art: Artifacts
export const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
export const q = (n: bigint) => `0x${n.toString(16)}`
export const c: Record<string, Hex> = {}
export const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: art[name]!.abi, functionName: fn, args })
export const mined = (h: Hex) => minedAt(anvil.url, h)
export const send = async (to: Hex | undefined, input: Hex, value = 0n, gas = 3_000_000n, extra: Record<string, string> = {}) =>
  mined(await rpc<Hex>('eth_sendTransaction', [{ from: A0, ...(to ? { to } : {}), data: input, value: q(value), gas: q(gas), ...extra }]))
export const deploy = async (name: string, args: unknown[] = []) => (await send(undefined, encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never), 0n, 5_000_000n)).contractAddress as Hex

export interface NodeFrame {
  type: string
  from: string
  to?: string
  value?: string
  gasUsed: string
  error?: string
  revertReason?: string
  calls?: NodeFrame[]
}
export const flat = (f: NodeFrame): NodeFrame[] => [f, ...(f.calls ?? []).flatMap(flat)]

/** Mines the transaction, replays it in the page's EVM and returns the report with anvil's trace and receipt. */
export async function replayed(to: Hex, input: Hex, value = 0n, gas = 3_000_000n) {
  const receipt = await send(to, input, value, gas)
  const abis = Object.values(art).map((a) => a.abi as never)
  const { result } = await Simulation.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash)
  const report = await SimReport.build(result, { abis })
  const trace = await rpc<NodeFrame>('debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }])
  return { receipt, report, trace }
}

/** Registers the test file's beforeAll (a fresh anvil with the simulator's test contracts deployed) and afterAll. */
export function useTraceChain(): void {
  beforeAll(async () => {
    art = compile()
    anvil = await startAnvil()
    await deployCallChain(c, deploy)
    c.delegate = await deploy('Delegate')
    await send(c.token, data('Token', 'transfer', [c.orch, 10_000n]))
  }, 120_000)

  afterAll(async () => {
    await anvil?.stop()
  })
}

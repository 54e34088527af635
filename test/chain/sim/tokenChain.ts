/**
 * The small anvil chain of the simulation's state tests (src/core/sim/SimState.test.ts,
 * Simulation.send.test.ts): a fresh anvil with SimTest.sol's Token (10^24 minted to A0, 10,000
 * of them sent on to A1, so a code A1 delegates to can move tokens) and, when asked, its
 * Delegate. `useTokenChain()` registers the file's beforeAll/afterAll; the bindings are live.
 */
import { afterAll, beforeAll } from 'vitest'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as SimRpc from '../../../src/core/sim/SimRpc'
import { minedAt, nodeRpc, startAnvil, type Anvil } from '../../support'
import { A0, A1, compile, type Artifacts } from './contracts'

export let anvil: Anvil
export let art: Artifacts
export let token: Hex
/** Set only by `useTokenChain({ withDelegate: true })`. */
export let delegate: Hex
export const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: art[name]!.abi as Abi, functionName: fn, args })
/** The simulation's client of the node at `url` (this chain's by default). */
export const client = (url = anvil.url) => SimRpc.create(SimRpc.httpTransport(url))

export function useTokenChain({ withDelegate = false } = {}): void {
  beforeAll(async () => {
    art = compile()
    anvil = await startAnvil()
    const deploy = async (name: string, args: unknown[] = []) =>
      (await minedAt(anvil.url, await nodeRpc<Hex>(anvil.url, 'eth_sendTransaction', [{ from: A0, data: encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never), gas: '0x4c4b40' }]))).contractAddress as Hex
    token = await deploy('Token', [10n ** 24n])
    if (withDelegate) delegate = await deploy('Delegate')
    // the authority holds tokens, so the delegated code's transfer succeeds
    await minedAt(anvil.url, await nodeRpc<Hex>(anvil.url, 'eth_sendTransaction', [{ from: A0, to: token, data: data('Token', 'transfer', [A1, 10_000n]) }]))
  }, 120_000)

  afterAll(async () => {
    await anvil?.stop()
  })
}

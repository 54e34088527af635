/**
 * Reads a cast or Etherscan user expects (issue 12, part B), against a real anvil on a free
 * loopback port: the revert reason of a mined failed transaction that is not first in its
 * block, … Values are checked against Foundry's `cast` on the same node, or against the test
 * contract's source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import * as ChainBlocks from '../../src/core/ChainBlocks'
import * as Rpc from '../../src/core/Rpc'
import * as SendTx from '../../src/core/SendTx'

let anvil: Anvil
let rpc: Rpc.Transport
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const castRpc = () => ['--rpc-url', anvil.url]

export const ONCE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Once {
  uint256 public x;
  function set(uint256 v) external { require(x == 0, "already set"); x = v; }
}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
})
afterAll(async () => {
  await anvil?.stop()
})

const send = (tx: Record<string, string>) => Rpc.request(rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
async function deploy(bytecode: `0x${string}`): Promise<`0x${string}`> {
  const h = await send({ from: A0, data: bytecode })
  const r = await SendTx.waitForReceipt(rpc, h, { timeoutMs: 10_000, pollMs: 50 })
  return r.contractAddress as `0x${string}`
}

/** A node like geth without the debug namespace (and, optionally, without eth_simulateV1): the same anvil, those methods refused as geth refuses them. */
function without(methods: string[]): Rpc.Eip1193Like {
  return {
    request: async (args) => {
      if (methods.includes(args.method)) throw new Rpc.NodeError({ method: args.method }, -32601, `the method ${args.method} does not exist/is not available`)
      return rpc.request(args)
    },
  }
}

describe('revert reason of a mined failed transaction', () => {
  let failed: `0x${string}`
  let block: number
  beforeAll(async () => {
    const once = await deploy(compile(ONCE_SOURCE).Once!.bytecode)
    const set = async (v: number) => (await castAsync(['calldata', 'set(uint256)', String(v)])) as `0x${string}`
    // automine off: two transactions in one block; the second fails only because the first set x
    await Rpc.request(rpc, 'evm_setAutomine', [false])
    try {
      const first = await send({ from: A0, to: once, data: await set(1), gas: '0x30000' })
      failed = await send({ from: A1, to: once, data: await set(2), gas: '0x30000' })
      await Rpc.request(rpc, 'evm_mine', [])
      expect((await SendTx.waitForReceipt(rpc, first, { timeoutMs: 10_000, pollMs: 50 })).status).toBe('success')
    } finally {
      await Rpc.request(rpc, 'evm_setAutomine', [true])
    }
    // cast sees it failed, in the same block as the first, second in it
    expect(await castAsync(['receipt', failed, 'status', ...castRpc()])).toMatch(/^(0|false)/)
    expect(await castAsync(['receipt', failed, 'transactionIndex', ...castRpc()])).toBe('1')
    block = Number(await castAsync(['receipt', failed, 'blockNumber', ...castRpc()]))
    // and alone on the parent state it does not revert: the naive replay finds nothing
    expect(await castAsync(['call', once, 'set(uint256)', '2', '--from', A1, '--block', String(block - 1), ...castRpc()])).toBe('0x')
  })

  it('is read from the node\'s trace when it offers debug_traceTransaction', async () => {
    const t = await ChainBlocks.transaction(rpc, failed)
    expect(t.receipt?.status).toBe('reverted')
    expect(t.revert?.text).toBe('Error("already set")')
    expect(t.revert?.data).toBe(await castAsync(['calldata', 'Error(string)', 'already set']))
    expect(t.revertHow).toMatchObject({ method: 'debug_traceTransaction', certainty: 'exact' })
  })

  it('is found by replaying the block\'s earlier transactions first when there is no trace', async () => {
    const t = await ChainBlocks.transaction(without(['debug_traceTransaction']), failed)
    expect(t.revert?.text).toBe('Error("already set")')
    expect(t.revert?.data).toBe(await castAsync(['calldata', 'Error(string)', 'already set']))
    expect(t.revertHow).toMatchObject({ method: 'eth_simulateV1', certainty: 'replayed' })
    expect(t.revertHow?.note).toContain(`before block ${block}: its 1 earlier transaction first`)
  })

  it('says it is approximate when only eth_call on the parent state is left', async () => {
    const t = await ChainBlocks.transaction(without(['debug_traceTransaction', 'eth_simulateV1']), failed)
    expect(t.revert).toBeNull()
    expect(t.revertHow).toMatchObject({ method: 'eth_call', certainty: 'approximate' })
    expect(t.revertHow?.note).toMatch(/earlier transactions were not replayed.*The replay did not revert/)
  })
})

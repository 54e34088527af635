/**
 * /simulate's block context overrides and a mined transaction replayed at another block or at
 * another position in its block (src/tools/simulate: its form parsed by input.ts, run by
 * engine.ts; /debug's recording through src/tools/debug), against anvil running the same
 * transactions: mined at the overridden timestamps (evm_setNextBlockTimestamp), and eth_call /
 * debug_traceCall on the states the replays name. A contract compiled here with solc. Needs anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as SimRpc from '../../src/core/sim/SimRpc'
import { record } from '../../src/tools/debug/engine'
import { parse as parseDebug } from '../../src/tools/debug/input'
import { simulate } from '../../src/tools/simulate/engine'
import { parse as parseSimulate } from '../../src/tools/simulate/input'
import { inOneBlock, minedAt, nodeReply, nodeRpc, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import { A0, A1 } from './sim/contracts'

const SOL = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
contract Gate {
    uint256 public deadline;
    bool public open;
    uint256 public taken;
    constructor(uint256 d) { deadline = d; }
    // passes up to the deadline, reverts after it
    function claim() external returns (uint256) { require(block.timestamp <= deadline, "expired"); taken += 1; return block.timestamp; }
    function setOpen() external { open = true; }
    // needs setOpen first: its outcome depends on a transaction before it
    function take() external returns (uint256) { require(open, "closed"); taken += 1; return taken; }
}
`

let anvil: Anvil
let abi: Abi
let gate: Hex
const rpc = <T = any>(method: string, params: unknown[] = []) => nodeReply<T>(anvil.url, method, params)
const ok = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const mined = (h: Hex) => minedAt(anvil.url, h)
const fn = (name: string) => encodeFunctionData({ abi, functionName: name, args: [] } as never)
const send = (from: Hex, data: Hex) => ok<Hex>('eth_sendTransaction', [{ from, to: gate, data, gas: '0x30d40' }])
const client = () => SimRpc.create(SimRpc.httpTransport(anvil.url))
const SIM_DEFAULTS = { from: A0, value: '', gas: '200000', block: 'latest', hash: '', raw: '', overrides: '', abi: '', steps: 'false', compare: 'false', chain: 'false', timestamp: '', number: '', baseFee: '', coinbase: '', prevrandao: '', blockGasLimit: '', atBlock: '', position: '' }
function simInput(fields: Record<string, string>) {
  const p = parseSimulate({ ...SIM_DEFAULTS, ...fields })
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  return p.value
}
const latest = async () => ok<{ number: Hex; timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])

beforeAll(async () => {
  const c = compile(SOL).Gate!
  abi = c.abi as Abi
  anvil = await startAnvil()
  const deadline = BigInt((await latest()).timestamp) + 10_000n
  const r = await mined(await ok<Hex>('eth_sendTransaction', [{ from: A0, data: encodeDeployData({ abi, bytecode: c.bytecode, args: [deadline] } as never), gas: '0x1e8480' }]))
  gate = r.contractAddress
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('/simulate with the block context overridden, against anvil mining at those timestamps', () => {
  it('a deadline: passes before and at it, reverts after it, as the same transaction mined at that timestamp does (status, gas used, output)', async () => {
    const deadline = BigInt(await ok<Hex>('eth_call', [{ to: gate, data: fn('deadline') }, 'latest']))
    for (const t of [deadline - 600n, deadline, deadline + 1n]) {
      const ours = await simulate(client(), simInput({ mode: 'call', to: gate, data: fn('claim'), timestamp: t.toString() }), {})
      // anvil: the same transaction mined in a block at timestamp t, then the chain put back
      const snap = await ok<Hex>('evm_snapshot')
      await ok('evm_setNextBlockTimestamp', [Number(t)])
      const h = await send(A0, fn('claim'))
      const receipt = await mined(h)
      const trace = await ok<{ output?: Hex; error?: string; revertReason?: string }>('debug_traceTransaction', [h, { tracer: 'callTracer' }])
      const block = await ok<{ timestamp: Hex }>('eth_getBlockByNumber', [receipt.blockNumber, false])
      await ok('evm_revert', [snap])
      expect(BigInt(block.timestamp)).toBe(t)
      const theirs = receipt.status === '0x1' ? 'success' : 'reverted'
      expect(ours.result.status, `timestamp ${t}`).toBe(theirs)
      expect(ours.result.status).toBe(t <= deadline ? 'success' : 'reverted')
      expect(BigInt(ours.result.gasUsed), `gas at ${t}`).toBe(BigInt(receipt.gasUsed))
      if (theirs === 'success') expect(ours.result.returnData).toBe(trace.output)
      else {
        expect(ours.result.revertReason).toBe('expired')
        expect(trace.revertReason ?? trace.error).toContain('expired')
      }
      expect(ours.result.overridden?.block).toEqual({ time: `0x${t.toString(16)}` })
    }
    // without the override, the latest block's timestamp is before the deadline
    const plain = await simulate(client(), simInput({ mode: 'call', to: gate, data: fn('claim') }), {})
    expect(plain.result.status).toBe('success')
    expect(plain.result.overridden).toBeUndefined()
  }, 120_000)

  it('every block context field is refused at its own field with what would be right', () => {
    const p = parseSimulate({ ...SIM_DEFAULTS, mode: 'call', to: A1, timestamp: 'soon', number: '-1', baseFee: 'cheap', coinbase: '0x12', prevrandao: '0x' + '1'.repeat(65), blockGasLimit: '1e9' })
    expect(p.ok).toBe(false)
    if (p.ok) return
    expect(Object.keys(p.errors).sort()).toEqual(['baseFee', 'blockGasLimit', 'coinbase', 'number', 'prevrandao', 'timestamp'])
    expect(p.errors.prevrandao).toMatch(/not a 32-byte value/)
    // a replay's fields are not read in call mode, nor the block context in hash mode
    const h = parseSimulate({ ...SIM_DEFAULTS, mode: 'hash', hash: `0x${'1'.repeat(64)}`, timestamp: 'soon' })
    expect(h.ok).toBe(true)
  })
})

describe('a mined transaction replayed at another position in its block or at another block', () => {
  it('take() after setOpen() in the same block: at position 0 it reverts as eth_call on the parent block does; at its own, and at the block after, it passes as anvil says', async () => {
    const [hOpen, hTake] = (await inOneBlock(anvil.url, [() => send(A0, fn('setOpen')), () => send(A1, fn('take'))])) as [Hex, Hex]
    const [rOpen, rTake] = [await mined(hOpen), await mined(hTake)]
    expect([rOpen.blockNumber, Number(rOpen.transactionIndex), Number(rTake.transactionIndex)]).toEqual([rTake.blockNumber, 0, 1])
    expect(rTake.status).toBe('0x1')
    const n = BigInt(rTake.blockNumber)
    const parent = `0x${(n - 1n).toString(16)}`
    const call = { from: A1, to: gate, data: fn('take'), gas: '0x30d40' }
    const atParent = await rpc<Hex>('eth_call', [call, parent])
    const atBlock = await rpc<Hex>('eth_call', [call, rTake.blockNumber])
    expect(atParent.error?.message).toContain('closed')
    expect(atBlock.result).toBe(`0x${'0'.repeat(63)}2`)

    const sim = (fields: Record<string, string>) => simulate(client(), simInput({ mode: 'hash', hash: hTake, ...fields }), {})
    const own = await sim({ compare: 'true' })
    expect(own.result.status).toBe('success')
    expect(own.result.returnData).toBe(`0x${'0'.repeat(63)}1`)
    expect(BigInt(own.result.gasUsed)).toBe(BigInt(rTake.gasUsed))
    expect(own.nodeTrace).toMatchObject({ available: true, agrees: true })
    // first in its block: setOpen has not run yet
    const first = await sim({ position: '0', compare: 'true' })
    expect(first.result.status).toBe('reverted')
    expect(first.result.revertReason).toBe('closed')
    expect(first.result.replayed).toMatchObject({ hash: hTake, index: 1, earlierTxs: 0, path: { kind: 'replay' } })
    expect(first.nodeTrace).toMatchObject({ available: false })
    expect((await sim({ position: '1' })).result.returnData).toBe(own.result.returnData)
    // at another block: the state after its own block (taken is 1 already), and after the parent (not open)
    const after = await sim({ atBlock: String(n), compare: 'true' })
    expect(after.result.status).toBe('success')
    expect(after.result.returnData).toBe(atBlock.result)
    expect(after.result.replayed).toEqual({ hash: hTake, index: 1, earlierTxs: 0, atBlock: String(n) })
    expect(after.nodeTrace).toMatchObject({ available: true, agrees: true })
    const before = await sim({ atBlock: String(n - 1n), compare: 'true' })
    expect(before.result.status).toBe('reverted')
    expect(before.result.revertReason).toBe('closed')
    expect(before.nodeTrace).toMatchObject({ available: true, agrees: true })

    // /debug records the same replays
    const dbg = async (fields: Record<string, string>) => {
      const p = parseDebug({ mode: 'hash', hash: hTake, atBlock: '', position: '', ...fields })
      if (!p.ok) throw new Error(JSON.stringify(p.errors))
      return (await record(client(), p.value)).result
    }
    expect((await dbg({ position: '0' })).revertReason).toBe('closed')
    expect((await dbg({ atBlock: String(n) })).returnData).toBe(atBlock.result)

    // both at once is refused at the field
    const both = parseSimulate({ ...SIM_DEFAULTS, mode: 'hash', hash: hTake, atBlock: '3', position: '0' })
    expect(both.ok).toBe(false)
    if (!both.ok) expect(both.errors.atBlock).toMatch(/not both/)
    const bad = parseDebug({ mode: 'hash', hash: hTake, position: 'first' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.position).toMatch(/not a position/)
  }, 120_000)
})

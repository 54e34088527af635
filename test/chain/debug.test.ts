/**
 * The debug tool's block context overrides (src/tools/debug: its form's fields parsed by input.ts,
 * recorded by engine.ts) against anvil's eth_call with the same block overrides. The step
 * recorder's own differential suite is src/core/debug/DebugTrace.test.ts; the chain is
 * test/chain/debugKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as DebugNav from '../../src/core/debug/DebugNav'
import * as DebugTrace from '../../src/core/debug/DebugTrace'
import * as GasProfile from '../../src/core/debug/GasProfile'
import * as BlockOverrides from '../../src/core/sim/BlockOverrides'
import { ethers } from 'ethers'
import * as SignatureTable from '../../src/core/abi/SignatureTable'
import { customError, record, summarise } from '../../src/tools/debug/engine'
import { toToolResult } from '../../src/tools/debug/rows'
import { parse as parseDebug } from '../../src/tools/debug/input'
import { icicle } from '../../src/ui/features/debug/gasChart'
import { A0, A1, OTHER } from './sim/contracts'
import { anvil, block, c, client, data, h32, mined, rpc, send, useDebugChain } from './debugKit'
import { nodeReply } from '../support'

useDebugChain()

describe('block context overrides, against anvil eth_call with the same block overrides', () => {
  const run = async (fields: Record<string, string>) => {
    const parsed = parseDebug({ mode: 'call', from: A0, to: c.dbg!, value: '', gas: '', block: 'latest', hash: '', blockOverrides: 'true', timestamp: '', number: '', baseFee: '', coinbase: '', prevrandao: '', blockGasLimit: '', ...fields })
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    return { input: parsed.value, ...(await record(client(), parsed.value)) }
  }
  const node = (data: Hex, o: BlockOverrides.Overrides) => nodeReply<Hex>(anvil.url, 'eth_call', [{ from: A0, to: c.dbg, data }, 'latest', {}, BlockOverrides.toRpc(o)])

  it('a deadline that passes at one timestamp and reverts at another, as anvil runs it at those timestamps', async () => {
    const latest = await rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])
    const deadline = BigInt(latest.timestamp) + 1000n
    for (const [t, ok] of [[deadline - 1n, true], [deadline, true], [deadline + 1n, false]] as const) {
      const d = data('Dbg', 'until', [deadline])
      const { result, recording } = await run({ data: d, timestamp: t.toString() })
      const theirs = await node(d, { timestamp: t })
      expect(result.status, `timestamp ${t}`).toBe(ok ? 'success' : 'reverted')
      expect(theirs.error === undefined, `anvil at timestamp ${t}`).toBe(ok)
      if (ok) expect(result.returnData).toBe(theirs.result)
      else {
        expect(result.revertReason).toBe('expired')
        expect(theirs.error!.message).toContain('expired')
        expect(DebugTrace.opName(recording, DebugNav.failureStep(recording)!)).toBe('REVERT')
      }
    }
  }, 60_000)

  it('timestamp, number, base fee, coinbase, prevrandao and gas limit: what the contract reads equals anvil\'s, on random values', async () => {
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    for (let k = 0; k < 8; k++) {
      const o: BlockOverrides.Overrides = {
        timestamp: 1_700_000_000n + rnd(1e8),
        number: 100n + rnd(1e6),
        baseFee: rnd(1e3) * 10n ** 9n,
        coinbase: `0x${rnd(2 ** 48).toString(16).padStart(40, '0')}`,
        prevrandao: `0x${rnd(2 ** 48).toString(16).padStart(64, '0')}`,
        gasLimit: 30_000_000n + rnd(1e6),
      }
      const d = data('Dbg', 'context')
      const { result } = await run({ data: d, timestamp: o.timestamp!.toString(), number: o.number!.toString(), baseFee: `${o.baseFee} wei`, coinbase: o.coinbase!, prevrandao: o.prevrandao!, blockGasLimit: o.gasLimit!.toString() })
      const theirs = await node(d, o)
      expect(result.returnData, JSON.stringify(BlockOverrides.toRpc(o))).toBe(theirs.result)
      expect(BigInt(result.block.number)).toBe(o.number)
    }
  }, 60_000)

  it('refuses a prevrandao that is not 32 bytes, at its field', () => {
    const p = parseDebug({ mode: 'call', from: A0, to: A1, blockOverrides: 'true', prevrandao: '0x' + '1'.repeat(66) })
    expect(p.ok).toBe(false)
    if (!p.ok) expect(p.errors.prevrandao).toMatch(/not a 32-byte value/)
  })
})

describe('the gas chart of /debug, against anvil\'s receipts and callTracer', () => {
  // GasProfile.test holds the profile to the callTracer; this holds what the page draws from it
  interface CallFrame { type: string; gasUsed: string; calls?: CallFrame[] }
  it('nested calls, a caught revert at the bottom, creates, a delegatecall proxy: the top box is the receipt\'s gas used, each box the callTracer\'s frame gas', async () => {
    const hashes = await block([
      () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n),
      () => send(A0, c.dbg!, data('Dbg', 'deep', [4n]), 0n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'make', [h32(9n), 3n]), 1n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'lock', [5n]), 0n, 1_000_000n),
    ])
    for (const h of hashes) {
      const [receipt, calls] = await Promise.all([rpc<{ gasUsed: Hex }>('eth_getTransactionReceipt', [h]), rpc<CallFrame>('debug_traceTransaction', [h, { tracer: 'callTracer' }])])
      const { result, recording } = await DebugTrace.replay(client(), h)
      const chart = icicle(GasProfile.fromRecording(recording, BigInt(result.gasUsed)))
      const used = Number(BigInt(receipt.gasUsed))
      // the root's gasUsed in anvil 1.7.1's callTracer is the block's cumulative gas: the receipt's is the root's
      const theirs: { level: number; gas: number }[] = []
      const walk = (f: CallFrame, level: number) => {
        if (f.type === 'SELFDESTRUCT') return
        theirs.push({ level, gas: level === 0 ? used : Number(BigInt(f.gasUsed)) })
        for (const k of f.calls ?? []) walk(k, level + 1)
      }
      walk(calls, 0)
      expect(theirs.length, h).toBeGreaterThan(2)
      expect(chart.total, h).toBe(used)
      expect(chart.drawn, h).toBe(used)
      expect([chart.boxes[0]!.x0, chart.boxes[0]!.x1, chart.boxes[0]!.value]).toEqual([0, 1, used])
      expect(chart.boxes.map((b) => ({ level: b.level, gas: b.value })), h).toEqual(theirs)
      for (const b of chart.boxes) expect((b.x1 - b.x0) * used, h).toBeCloseTo(b.value, 4)
    }
  }, 180_000)
})

describe('a custom error in the summary, named from the offline signature table', () => {
  // Runtime code that reverts with its own call data (CALLDATACOPY, REVERT): revert data chosen
  // by the test, encoded by ethers v5, so the table's decode is checked against an encoder not ours.
  const ECHO_REVERT_INIT = '0x66365f5f37365ffd5f5260076019f3' as Hex
  const summaryOf = async (to: Hex, d: Hex) => {
    const parsed = parseDebug({ mode: 'call', from: A0, to, value: '', gas: '', block: 'latest', hash: '', data: d })
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const { result, recording } = await record(client(), parsed.value)
    return { result, rows: toToolResult(summarise(result, recording, await customError(result))).sections[0]!.rows }
  }

  it('ERC20InsufficientBalance with its arguments; an unknown selector said as such; Error(string) left to the recorder', async () => {
    const echo = (await mined(await send(A0, undefined, ECHO_REVERT_INIT))).contractAddress as Hex
    expect(await rpc<Hex>('eth_getCode', [echo, 'latest'])).toBe('0x365f5f37365ffd')
    const who = ethers.Wallet.createRandom().address
    const [balance, needed] = [BigInt(1 + Math.floor(Math.random() * 1e9)), 10n ** 18n + 7n]
    const iface = new ethers.utils.Interface(['error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)'])
    const known = iface.encodeErrorResult('ERC20InsufficientBalance', [who, balance, needed]) as Hex
    const a = await summaryOf(echo, known)
    expect(a.result.status).toBe('reverted')
    expect(a.result.returnData).toBe(known)
    // the gas used reads grouped beside its digits (ethers v5's commify as the reference)
    const gas = a.rows.find((r) => r.label === 'Gas used')!
    expect([gas.value, gas.note]).toEqual([BigInt(a.result.gasUsed).toString(), `${ethers.utils.commify(gas.value)} gas, intrinsic cost and refund included (what a receipt says)`])
    const reason = a.rows.find((r) => r.label === 'Reason')!
    expect(reason.value).toBe(`ERC20InsufficientBalance(${who}, ${balance}, ${needed})`)
    expect(reason.note).toContain('ERC20InsufficientBalance(address,uint256,uint256), named from the offline signature table')

    const table = await SignatureTable.load('error')
    let unknown: Hex
    do unknown = `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(4))).toString('hex')}` as Hex
    while (table.lookup('error', unknown).length || ['0x08c379a0', '0x4e487b71'].includes(unknown))
    const b = await summaryOf(echo, `${unknown}${'00'.repeat(32)}` as Hex)
    const r2 = b.rows.find((r) => r.label === 'Reason')!
    expect(r2.value).toBe(`custom error ${unknown}`)
    expect(r2.note).toContain('not in the offline signature table')

    const c3 = await summaryOf(echo, `0x08c379a0${ethers.utils.defaultAbiCoder.encode(['string'], ['plain words']).slice(2)}` as Hex)
    expect(c3.rows.filter((r) => r.label === 'Reason').map((r) => r.value)).toEqual(['plain words'])
  }, 60_000)
})

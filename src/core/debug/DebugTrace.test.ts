/**
 * DebugTrace (the step recorder) against anvil's struct logger, at every step: fixed and random
 * mined transactions, EIP-7702 delegated accounts, a replay at another position in its block,
 * navigation over a recording, materialised steps and the bound. The chain and the comparison
 * (every step's pc, op, gas, gasCost, depth, stack, memory and storage; each frame's gas from
 * GasProfile against anvil's callTracer) are in test/chain/debugKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, encodeDeployData, http, type Abi, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import * as DebugNav from './DebugNav'
import * as DebugTrace from './DebugTrace'
import * as Simulation from '../sim/Simulation'
import { testSeed } from '../../../test/support'
import { A0, A1, acct1, OTHER } from '../../../test/chain/sim/contracts'
import { mix, setupMix } from '../../../test/chain/debugMix'
import { anvil, block, c, check, client, compareSteps, counts, cpu, data, dbg, deploy, h32, mined, rpc, send, useDebugChain, type StructLog } from '../../../test/chain/debugKit'

useDebugChain()

describe('DebugTrace.replay against anvil struct logs, at every step', () => {
  it('fixed cases: nested calls, DELEGATECALL proxies, caught and uncaught reverts, CREATE/CREATE2, precompiles, transient storage, memory copies', async () => {
    const cases: [string, () => Promise<Hex>][] = [
      ['orchestrator.run', () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n)],
      ['uncaught revert after a nested call', () => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n)],
      ['transient storage lock, re-entered', () => send(A0, c.dbg!, data('Dbg', 'lock', [5n]), 0n, 500_000n)],
      ['deep nested reverts, caught', () => send(A0, c.dbg!, data('Dbg', 'deep', [4n]), 0n, 1_000_000n)],
      ['CREATE2 and a reverting CREATE', () => send(A0, c.dbg!, data('Dbg', 'make', [h32(7n), 9n]), 3n, 1_000_000n)],
      ['memory, MCOPY and precompiles', () => send(A0, c.dbg!, data('Dbg', 'mem', [70n, '0x68656c6c6f20776f726c64']), 0n, 1_000_000n)],
      ['uncaught revert with reason', () => send(A0, c.dbg!, data('Dbg', 'boom', [3n]), 0n, 200_000n)],
      ['payable delegatecall proxy', () => send(A0, c.payProxy!, data('Misc', 'payIn', []), 77n, 200_000n)],
      ['precompiles (sha256, ecrecover, identity)', () => send(A0, c.misc!, data('Misc', 'pre', ['0x68656c6c6f']), 0n, 300_000n)],
      ['out of gas in a loop', () => send(A0, c.misc!, data('Misc', 'spin', []), 0n, 60_000n)],
      ['top-level create', () => send(A0, undefined, encodeDeployData({ abi: dbg.Box!.abi as Abi, bytecode: dbg.Box!.bytecode, args: [4n] } as never), 0n, 500_000n)],
      ['top-level create that reverts', () => send(A0, undefined, encodeDeployData({ abi: dbg.Box!.abi as Abi, bytecode: dbg.Box!.bytecode, args: [13n] } as never), 0n, 500_000n)],
    ]
    const hashes = await block(cases.map(([, f]) => f))
    for (let i = 0; i < hashes.length; i++) await check(hashes[i]!, cases[i]![0])
  }, 240_000)

  it('random transactions: at least 200 per run, in blocks of 1–4, every step compared', async () => {
    console.log(`DebugTrace.test random seed ${testSeed}`)
    const pick = <T,>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    await setupMix()
    const gens = mix(pick, rnd)
    Object.assign(counts, { steps: 0, frames: 0, txs: 0, ms: { anvil: 0, replay: 0, compare: 0 }, compareCpu: 0, json: { bytes: 0, parseCpu: 0 } })
    const t0 = performance.now()
    const cpu0 = cpu()
    let done = 0
    while (done < 200) {
      const n = 1 + Math.floor(Math.random() * 4)
      const hashes = await block(Array.from({ length: n }, () => pick(gens)))
      for (const h of hashes) await check(h, `random #${done++} (seed ${testSeed})`)
    }
    const s = (ms: number | undefined) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(1)} s`)
    const wall = Object.entries(counts.ms).map(([k, v]) => `${k} ${s(v)}`).join(', ')
    const cpu1 = cpu()
    console.log(`DebugTrace.test: ${counts.txs} transactions, ${counts.steps} steps compared with anvil's struct logs (${counts.pushes} PUSH operands with the word it pushed), ${counts.frames} frames' gas with its call tracer, in ${s(performance.now() - t0)} (wall: ${wall}, anvil and the replay overlapping; CPU: this process ${s(cpu1.node - cpu0.node)} (the comparison ${s(counts.compareCpu)}, parsing anvil's ${(counts.json.bytes / 2 ** 20).toFixed(0)} MiB of struct-log JSON ${s(counts.json.parseCpu)}), anvil ${s(cpu1.anvil === undefined ? undefined : cpu1.anvil - cpu0.anvil!)}) (seed ${testSeed})`)
    expect(done).toBeGreaterThanOrEqual(200)
    expect(counts.pushes).toBeGreaterThan(1000)
  }, 900_000)
})

describe('DebugTrace.replay of EIP-7702 delegated accounts, at every step', () => {
  it('the type-4 transaction that delegates and calls, then a call to the delegated account', async () => {
    c.delegate ??= await deploy('Delegate')
    const wallet = createWalletClient({ account: acct1, chain: foundry, transport: http(anvil.url) })
    const pub = createPublicClient({ chain: foundry, transport: http(anvil.url) })
    const nonce = await pub.getTransactionCount({ address: acct1.address })
    const auth = await wallet.signAuthorization({ contractAddress: c.delegate, nonce: nonce + 1 })
    const h1 = await wallet.sendTransaction({ authorizationList: [auth], to: acct1.address, data: data('Delegate', 'ping', [c.token, OTHER]), gas: 300_000n })
    await mined(h1)
    const r1 = await check(h1, '7702 set-code tx')
    expect(r1.frames[0]!.address).toBe(A1) // the EOA runs the delegate's code, in its own storage
    expect(r1.accesses.some((a) => a.kind === 'sstore')).toBe(true)
    const h2 = await send(A0, A1, data('Delegate', 'ping', [c.token, OTHER]), 0n, 300_000n)
    await mined(h2)
    await check(h2, 'call to a delegated EOA')
  }, 120_000)
})

describe('DebugTrace.replay at another position in its block', () => {
  it('first in its block: every step equal to anvil debug_traceCall of the same call on the parent block', async () => {
    const [h1, h2] = await block([
      () => send(A0, c.token!, data('Token', 'transfer', [A1, 50n]), 0n, 200_000n),
      () => send(A1, c.token!, data('Token', 'transfer', [OTHER, 30n]), 0n, 200_000n),
    ])
    const own = await check(h2!, 'own position')
    const tx = await rpc<any>('eth_getTransactionByHash', [h2])
    const parent = `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`
    const theirs = await rpc<{ structLogs: StructLog[]; failed: boolean }>('debug_traceCall', [{ from: tx.from, to: tx.to, data: tx.input, gas: tx.gas }, parent, { enableMemory: true, disableStorage: false }])
    const { result, recording } = await DebugTrace.replay(client(), h2!, { position: 0 })
    expect(compareSteps(theirs.structLogs, recording)).toEqual([])
    expect(result.status === 'reverted').toBe(theirs.failed)
    expect(result.replayed).toMatchObject({ hash: h2, index: 1, earlierTxs: 0, path: { kind: 'replay', note: 'at another position in its block: the node traces it only where it was mined' } })
    // without the transfer before it, A1's balance read differs
    const reads = (r: DebugTrace.Recording) => JSON.stringify(r.accesses.filter((a) => a.kind === 'sload').map((a) => String(a.value)))
    expect(reads(recording)).not.toBe(reads(own))
    // its own position, asked for, is the default replay
    const again = await DebugTrace.replay(client(), h2!, { position: 1 })
    expect(again.recording.steps).toBe(own.steps)
    expect(reads(again.recording)).toBe(reads(own))
    await expect(DebugTrace.replay(client(), h1!, { position: 2 })).rejects.toThrow(Simulation.PositionError)
  }, 120_000)
})

describe('DebugTrace: navigation, materialised steps and the bound', () => {
  it('steps over, into and out of calls, jumps to the revert, finds calls and storage ops, on a recorded transaction', async () => {
    const [h] = await block([() => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n)])
    const rec = await check(h!, 'navigation case')
    // the failure: the root's own REVERT ("outer fail"), after the nested poke returned
    const f = DebugNav.failureStep(rec)!
    expect(DebugTrace.opName(rec, f)).toBe('REVERT')
    expect(rec.depth[f]).toBe(1)
    expect(DebugNav.go(rec, 0, { to: 'revert' })).toBe(f)
    // the first CALL, step into: depth 2; step over: the next depth-1 step; out of the child: the same
    const call = DebugNav.go(rec, 0, { to: 'call' })
    expect(DebugTrace.opName(rec, call)).toBe('CALL')
    expect(rec.depth[call + 1]).toBe(2)
    const over = DebugNav.go(rec, call, { to: 'over' })
    expect(rec.depth[over]).toBe(1)
    expect(over).toBeGreaterThan(call + 1)
    expect(DebugNav.go(rec, call + 5, { to: 'out' })).toBe(over)
    expect(DebugNav.go(rec, call + 5, { to: 'out', back: true })).toBe(call)
    expect(DebugNav.go(rec, over, { to: 'over', back: true })).toBe(call)
    // SSTORE inside the child (Leaf.poke writes x)
    const ss = DebugNav.go(rec, 0, { to: 'sstore' })
    expect(DebugTrace.opName(rec, ss)).toBe('SSTORE')
    expect(DebugNav.go(rec, 0, { to: 'opcode', op: 'sstore' })).toBe(ss)
    expect(() => DebugNav.go(rec, 0, { to: 'opcode', op: 'BLOBHASH' })).toThrow(DebugNav.UnknownOpcodeError)
    const pc = rec.pc[ss]!
    expect(DebugNav.go(rec, ss, { to: 'pc', pc, back: true })).toBeLessThan(ss + 1)
    // a materialised step: full words, the call stack, storage written so far in the frame
    const v = DebugTrace.step(rec, ss + 1)
    expect(v.stack.every((w) => /^0x[0-9a-f]{64}$/.test(w))).toBe(true)
    expect(v.callStack.map((x) => x.type)).toEqual(['CALL', 'CALL'])
    expect(v.callStack[1]!.address).toBe(c.leaf)
    expect(v.storage.some((s) => s.kind === 'sstore')).toBe(true)
    // the memory write of an MSTORE is visible at the frame's next step and marked there
    const ms = DebugNav.go(rec, 0, { to: 'opcode', op: 'MSTORE' })
    const next = DebugNav.go(rec, ms, { to: 'over' })
    const w = DebugTrace.step(rec, next)
    expect(w.justWritten).toEqual({ offset: Number(BigInt(DebugTrace.step(rec, ms).stack.at(-1)!)), length: 32, step: ms })
    if (!w.writes) expect(DebugTrace.step(rec, DebugNav.go(rec, next, { to: 'over' })).justWritten?.step).toBe(ms) // still the frame's latest write
    expect(DebugTrace.step(rec, ms).writes).toEqual({ offset: w.justWritten!.offset, length: 32 })
    expect(DebugTrace.step(rec, f).returnData).not.toBe('0x') // poke returned its value
    expect(() => DebugTrace.step(rec, rec.steps)).toThrow(DebugTrace.StepOutOfRangeError)
  }, 120_000)

  it('a recording past its bound stops with an error naming the bound', async () => {
    const [h] = await block([() => send(A0, c.dbg!, data('Dbg', 'mem', [120n, '0x']), 0n, 1_500_000n)])
    await mined(h!)
    await expect(DebugTrace.replay(client(), h!, { maxBytes: 256 * 1024 })).rejects.toThrow(/bound of 256 KiB/)
    const s = await Simulation.openAt(client(), 'latest')
    const { recording } = await DebugTrace.call(s, { from: A0, to: c.dbg!, data: data('Dbg', 'boom', [1n]) })
    expect(DebugTrace.opName(recording, DebugNav.failureStep(recording)!)).toBe('REVERT')
  }, 120_000)
})

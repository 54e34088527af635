/**
 * GasProfile of recorded transactions, held to anvil: each frame's type, address, gas (the root's:
 * the receipt's gas used), own gas (its gas less its callees' in anvil's callTracer) and failure
 * as the callTracer gives them, the own gas adding up to the receipt's, and each frame's steps
 * and first step as anvil's struct log counts them. The chain is test/chain/debugKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import * as GasProfile from './GasProfile'
import * as DebugTrace from './DebugTrace'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { block, c, client, data, h32, rpc, send, useDebugChain, type StructLog } from '../../../test/chain/debugKit'

useDebugChain()

interface CallFrame {
  type: string
  to?: string
  value?: string
  gasUsed: string
  error?: string
  calls?: CallFrame[]
}

describe('GasProfile against anvil\'s callTracer and struct log', () => {
  it('nested calls, caught and uncaught reverts, creates, a delegatecall proxy', async () => {
    const hashes = await block([
      () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n),
      () => send(A0, c.dbg!, data('Dbg', 'deep', [3n]), 0n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'make', [h32(5n), 2n]), 1n, 1_000_000n),
      () => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n),
      () => send(A0, c.payProxy!, data('Misc', 'payIn', []), 7n, 200_000n),
    ])
    for (const h of hashes) {
      const [receipt, calls, trace] = await Promise.all([
        rpc<{ gasUsed: string }>('eth_getTransactionReceipt', [h]),
        rpc<CallFrame>('debug_traceTransaction', [h, { tracer: 'callTracer' }]),
        rpc<{ structLogs: StructLog[] }>('debug_traceTransaction', [h, { disableStack: true, disableStorage: true }]),
      ])
      const { recording } = await DebugTrace.replay(client(), h)
      const used = Number(BigInt(receipt.gasUsed))
      const p = GasProfile.fromRecording(recording, BigInt(receipt.gasUsed))
      expect(p.total).toBe(used)
      // a failed CREATE has no `to` in callTracer (its address is not compared); callTracer's `to` of a DELEGATECALL or CALLCODE is the code's address; the frame's address is its storage's
      // each frame's msg.value as callTracer gives it (a DELEGATECALL's: its caller's, inherited; a STATICCALL has none)
      const theirs: { type: string; to: string | undefined; value: bigint; gas: number; self: number; failed: boolean; depth: number }[] = []
      const walk = (f: CallFrame, depth: number) => {
        if (f.type === 'SELFDESTRUCT') return
        const gas = depth === 1 ? used : Number(BigInt(f.gasUsed))
        const kids = (f.calls ?? []).filter((k) => k.type !== 'SELFDESTRUCT').reduce((s, k) => s + Number(BigInt(k.gasUsed)), 0)
        theirs.push({ type: f.type, to: f.to?.toLowerCase(), value: BigInt(f.value ?? 0), gas, self: gas - kids, failed: !!f.error, depth })
        for (const k of f.calls ?? []) walk(k, depth + 1)
      }
      walk(calls, 1)
      expect(p.frames.map((f, k) => ({ type: f.type, to: theirs[k]?.to === undefined ? undefined : (f.type === 'DELEGATECALL' || f.type === 'CALLCODE' ? f.codeAddress : f.address).toLowerCase(), value: f.value, gas: f.gas, self: f.self, failed: f.failed, depth: f.depth })), h).toEqual(theirs)
      expect(p.frames.reduce((s, f) => s + f.self, 0)).toBe(used)
      // steps: every struct log step belongs to one frame; a frame's first step is at its depth
      expect(p.frames.reduce((s, f) => s + f.steps, 0)).toBe(trace.structLogs.length)
      for (const f of p.frames) if (f.firstStep >= 0) expect(trace.structLogs[f.firstStep]!.depth).toBe(f.depth)
      expect(p.frames[0]!.firstStep).toBe(0)
    }
    // the payable proxy's DELEGATECALL runs with the 7 wei its caller was sent
    const payIn = await DebugTrace.replay(client(), hashes[4]!)
    expect(GasProfile.fromRecording(payIn.recording, 0n).frames.map((f) => [f.type, f.value])).toEqual([['CALL', 7n], ['DELEGATECALL', 7n]])
  }, 240_000)
})

/**
 * DebugNav over recorded transactions, held to anvil's struct log: every move (step, over, out
 * and back, call, SSTORE, SLOAD, LOG, a named opcode, a pc breakpoint, first and last) from a
 * spread of steps, both ways, lands where a plain walk over anvil's own opcodes, depths and pcs
 * says; the revert lands on anvil's REVERT. The chain is test/chain/debugKit.ts. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as DebugNav from './DebugNav'
import * as DebugTrace from './DebugTrace'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { block, c, client, data, h32, rpc, send, useDebugChain, type StructLog } from '../../../test/chain/debugKit'

useDebugChain()

const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2'])
const LOGS = new Set(['LOG0', 'LOG1', 'LOG2', 'LOG3', 'LOG4'])

/** The reference: moves computed over anvil's struct log alone. */
function reference(logs: StructLog[], i: number, m: DebugNav.Move): number {
  const n = logs.length
  const d = logs[i]!.depth
  const dir = m.back ? -1 : 1
  const find = (match: (l: StructLog) => boolean, orElse = i) => {
    for (let j = i + dir; j >= 0 && j < n; j += dir) if (match(logs[j]!)) return j
    return orElse
  }
  switch (m.to) {
    case 'first':
      return 0
    case 'last':
      return n - 1
    case 'step':
      return Math.min(Math.max(i + dir, 0), n - 1)
    case 'over':
      return find((l) => l.depth <= d)
    case 'out':
      return find((l) => l.depth < d, m.back ? i : n - 1)
    case 'call':
      return find((l) => CALLS.has(l.op))
    case 'sstore':
      return find((l) => l.op === 'SSTORE')
    case 'sload':
      return find((l) => l.op === 'SLOAD')
    case 'log':
      return find((l) => LOGS.has(l.op))
    case 'opcode':
      return find((l) => l.op === m.op || (m.op === 'KECCAK256' && l.op === 'SHA3'))
    case 'pc':
      return find((l) => l.pc === m.pc)
    default:
      throw new Error(`no reference for ${m.to}`)
  }
}

async function recorded(hash: Hex) {
  const [{ recording }, trace] = await Promise.all([DebugTrace.replay(client(), hash), rpc<{ structLogs: StructLog[] }>('debug_traceTransaction', [hash, { disableStack: true, disableStorage: true }])])
  return { rec: recording, logs: trace.structLogs }
}

describe('DebugNav against anvil struct logs', () => {
  it('every move, both ways, from a spread of steps and every call step, on nested calls, caught reverts, creates and hashing', async () => {
    const hashes = await block([
      () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n),
      () => send(A0, c.dbg!, data('Dbg', 'deep', [4n]), 0n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'make', [h32(11n), 9n]), 3n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'mem', [40n, '0x6869']), 0n, 1_000_000n),
    ])
    let moves = 0
    for (const h of hashes) {
      const { rec, logs } = await recorded(h)
      expect(rec.steps, h).toBe(logs.length)
      const n = logs.length
      const starts = new Set<number>([0, n - 1])
      for (let k = 0; k < 120; k++) starts.add(Math.floor((k * n) / 120))
      logs.forEach((l, j) => CALLS.has(l.op) && (starts.add(j), starts.add(Math.min(j + 3, n - 1))))
      const pcs = [...new Set(logs.filter((l) => l.op === 'JUMPDEST').map((l) => l.pc))].slice(0, 3)
      const targets: DebugNav.Move[] = [
        { to: 'first' },
        { to: 'last' },
        ...(['step', 'over', 'call', 'sstore', 'sload', 'log'] as const).flatMap((to) => [{ to }, { to, back: true }]),
        { to: 'out' },
        { to: 'opcode', op: 'KECCAK256' },
        { to: 'opcode', op: 'MSTORE', back: true },
        { to: 'opcode', op: 'jumpi' },
        ...pcs.flatMap((pc) => [{ to: 'pc' as const, pc, anyCode: true }, { to: 'pc' as const, pc, anyCode: true, back: true }]),
      ]
      for (const i of starts) {
        for (const m of targets) {
          const op = m.op?.toUpperCase()
          if (m.to === 'opcode' && !logs.some((l) => l.op === op || (op === 'KECCAK256' && l.op === 'SHA3'))) {
            // an opcode the transaction never runs is refused by name
            expect(() => DebugNav.go(rec, i, m)).toThrow(DebugNav.UnknownOpcodeError)
            continue
          }
          const want = reference(logs, i, m.to === 'opcode' ? { ...m, op } : m)
          expect(DebugNav.go(rec, i, m), `${h} from step ${i} (${logs[i]!.op} depth ${logs[i]!.depth}): ${JSON.stringify(m)}`).toBe(want)
          moves++
        }
        // out, backwards: the step that made this frame, the last shallower step before it
        if (logs[i]!.depth > 1) expect(DebugNav.go(rec, i, { to: 'out', back: true })).toBe(reference(logs, i, { to: 'out', back: true }))
      }
    }
    expect(moves).toBeGreaterThan(2000)
  }, 240_000)

  it('the revert: on a failing transaction it is anvil\'s REVERT at the failing frame; on a successful one there is none', async () => {
    const [bad, good] = await block([() => send(A0, c.dbg!, data('Dbg', 'boom', [4n]), 0n, 200_000n), () => send(A0, c.token!, data('Token', 'transfer', [OTHER, 1n]), 0n, 200_000n)])
    const b = await recorded(bad!)
    const f = DebugNav.failureStep(b.rec)!
    expect(b.logs[f]!.op).toBe('REVERT')
    expect(f).toBe(b.logs.length - 1)
    expect(DebugNav.go(b.rec, 0, { to: 'revert' })).toBe(f)
    expect(DebugNav.go(b.rec, f, { to: 'revert', back: true })).toBe(f)
    expect(DebugNav.failsAt(b.rec, f)).toBe(true)
    expect(DebugNav.failsAt(b.rec, f - 1)).toBe(false)
    const g = await recorded(good!)
    expect(DebugNav.failureStep(g.rec)).toBeUndefined()
    expect(DebugNav.go(g.rec, 0, { to: 'revert' })).toBe(0)
    expect(g.logs.at(-1)!.op).toBe('RETURN')
    expect(() => DebugNav.go(g.rec, 0, { to: 'opcode', op: 'NOPE' })).toThrow(DebugNav.UnknownOpcodeError)
  }, 120_000)
})

/**
 * Opcodes: the table equals @ethereumjs/evm's own (getOpcodesForHF, every hardfork), the
 * diffs name what each hardfork added, and the static gas of every opcode without a dynamic
 * part equals what anvil charges (struct-log gasCost of debug_traceCall) when the opcode runs
 * in a test contract, on several hardforks (`anvil --hardfork <hf>`). Needs anvil.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { tables } from '../../../scripts/build-opcodes.mjs'
import { startAnvil, type Anvil } from '../../../test/support'
import * as Opcodes from './Opcodes'

describe('Opcodes: the data is EthereumJS\'s', () => {
  it('every hardfork\'s table equals getOpcodesForHF (rebuild: node scripts/build-opcodes.mjs)', () => {
    const lib = tables() as { id: string; ops: [number, string, number, number][] }[]
    expect(Opcodes.HARDFORKS.map((h) => h.id)).toEqual(lib.map((h) => h.id))
    for (const h of lib) {
      const t = Opcodes.table(h.id)
      expect(t.opcodes.map((o) => [o.byte, o.name, o.gas, o.dynamic ? 1 : 0]), h.id).toEqual(h.ops)
    }
  })
  it('knows Frontier to the newest, and the current one is scheduled on mainnet', () => {
    expect(Opcodes.HARDFORKS[0]!.label).toBe('Frontier')
    expect(Opcodes.hardfork('frontier').id).toBe('chainstart')
    expect(Opcodes.hardfork('Tangerine Whistle').id).toBe('tangerineWhistle')
    const cur = Opcodes.HARDFORKS.find((h) => h.id === Opcodes.CURRENT)!
    expect(cur.block !== null || cur.timestamp !== null).toBe(true)
    expect(() => Opcodes.hardfork('nope')).toThrow(/not a hardfork/)
  })
  it('diffs: Cancun added blob, transient storage and MCOPY opcodes; Berlin made SLOAD dynamic', () => {
    const d = Opcodes.diff('shanghai', 'cancun')
    expect(d.added.map((o) => o.name).sort()).toEqual(['BLOBBASEFEE', 'BLOBHASH', 'MCOPY', 'TLOAD', 'TSTORE'])
    expect(d.removed).toEqual([])
    expect(Opcodes.diff('shanghai', 'shanghai').added).toEqual([])
    expect(Opcodes.diff('london', 'paris').renamed.map((c) => `${c.from!.name}→${c.to!.name}`)).toEqual(['DIFFICULTY→PREVRANDAO'])
    const b = Opcodes.diff('istanbul', 'berlin').gasChanged.find((c) => c.name === 'SLOAD')!
    expect([b.from!.gas, b.to!.gas]).toEqual([800, 0])
    expect(Opcodes.diff('cancun', 'shanghai').removed.length).toBe(5)
  })
  it('search by byte, name and meaning', () => {
    const t = Opcodes.table('cancun')
    expect(Opcodes.search(t, '0x5c')[0]!.name).toBe('TLOAD')
    expect(Opcodes.search(t, '5C')[0]!.name).toBe('TLOAD')
    expect(Opcodes.search(t, 'sstore')[0]!.name).toBe('SSTORE')
    expect(Opcodes.search(t, 'transient storage').map((o) => o.name)).toEqual(['TLOAD', 'TSTORE'])
    expect(Opcodes.search(t, 'push').length).toBe(33)
    expect(Opcodes.search(t, '').length).toBe(t.opcodes.length)
  })
  it('stack counts and meanings for every opcode of the newest hardfork', () => {
    for (const o of Opcodes.table(Opcodes.NEWEST).opcodes) {
      expect(o.meaning, o.name).not.toMatch(/^Opcode 0x/)
      if (o.dynamic) expect(o.dynamicNote, o.name).toBeTruthy()
    }
    const t = Opcodes.table('cancun').byByte
    expect([t[0x01]!.stackIn, t[0x01]!.stackOut]).toEqual([2, 1])
    expect([t[0x8f]!.stackIn, t[0x8f]!.stackOut]).toEqual([16, 17])
    expect([t[0xf1]!.stackIn, t[0xf1]!.stackOut]).toEqual([7, 1])
  })
})

// Control flow, halts, and opcodes with an immediate byte are not run in the straight-line contract.
const SKIP = new Set(['STOP', 'JUMP', 'JUMPI', 'RETURN', 'REVERT', 'INVALID', 'SELFDESTRUCT', 'DUPN', 'SWAPN', 'EXCHANGE'])

/** Straight-line code: for each opcode, its inputs pushed (PUSH1 1), the opcode, its outputs popped. */
function program(ops: Opcodes.Opcode[]): { code: string; at: Map<number, Opcodes.Opcode> } {
  let code = ''
  const at = new Map<number, Opcodes.Opcode>()
  for (const o of ops) {
    for (let i = 0; i < o.stackIn; i++) code += '6001'
    at.set(code.length / 2, o)
    code += o.byte.toString(16).padStart(2, '0')
    if (o.name.startsWith('PUSH') && o.name !== 'PUSH0') code += '00'.repeat(o.byte - 0x5f)
    for (let i = 0; i < o.stackOut; i++) code += '50'
  }
  return { code: `0x${code}00`, at }
}

const ANVIL_FORKS = ['byzantium', 'istanbul', 'berlin', 'shanghai', 'cancun', 'osaka']

describe('Opcodes: static gas equals what anvil charges', () => {
  let anvil: Anvil | undefined
  afterAll(async () => anvil?.stop())
  for (const hf of ANVIL_FORKS) {
    it(`${hf}: every opcode without a dynamic part`, async () => {
      await anvil?.stop()
      anvil = await startAnvil(['--hardfork', hf])
      const rpc = async (method: string, params: unknown[]) => {
        const r = (await (await fetch(anvil!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result?: unknown; error?: { message: string } }
        if (r.error) throw new Error(`${method}: ${r.error.message}`)
        return r.result
      }
      const ops = Opcodes.table(hf).opcodes.filter((o) => !o.dynamic && !SKIP.has(o.name))
      const { code, at } = program(ops)
      const to = '0x00000000000000000000000000000000000c0de0'
      await rpc('anvil_setCode', [to, code])
      const trace = (await rpc('debug_traceCall', [{ to, gas: '0x1000000' }, 'latest', { disableStorage: true, enableMemory: false }])) as { failed: boolean; structLogs: { pc: number; op: string; gasCost: number }[] }
      expect(trace.failed).toBe(false)
      let checked = 0
      for (const s of trace.structLogs) {
        const o = at.get(s.pc)
        if (!o) continue
        expect(`${o.name} ${s.gasCost}`).toBe(`${o.name} ${o.gas}`)
        checked++
      }
      expect(checked).toBe(ops.length)
      expect(checked).toBeGreaterThan(100)
    }, 60_000)
  }
})

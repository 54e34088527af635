/**
 * GasExport held to independent sources: the speedscope file validates against speedscope's
 * published file-format schema (the npm package's dist/release/file-format-schema.json, read in
 * place, with Ajv), its events nest and its total is the receipt's gas used on anvil; the tree
 * from the debugger's recording and the one from anvil's callTracer give the same file; the CSV
 * reads back with Papa Parse (RFC 4180) to the same rows, for any frame name (fast-check, seeded
 * by src/test-setup.ts). The chain is test/chain/debugKit.ts. Needs anvil.
 */
import Ajv from 'ajv'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type * as CallTrace from '../sim/CallTrace'
import * as DebugTrace from './DebugTrace'
import * as GasExport from './GasExport'
import * as GasProfile from './GasProfile'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { block, c, client, data, h32, rpc, send, useDebugChain } from '../../../test/chain/debugKit'

const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('speedscope/dist/release/file-format-schema.json'), 'utf8')) as object
const validate = new Ajv({ strict: false }).compile(schema)

/** Events open and close in stack order, never go back in time, and close what they opened. */
function nesting(events: { type: 'O' | 'C'; frame: number; at: number }[]): boolean {
  const stack: number[] = []
  let t = -Infinity
  for (const e of events) {
    if (e.at < t) return false
    t = e.at
    if (e.type === 'O') stack.push(e.frame)
    else if (stack.pop() !== e.frame) return false
  }
  return stack.length === 0
}

const nameOfFrame = (f: GasProfile.FrameGas) => `${f.type} ${f.address.toLowerCase()}`
const nameOfCall = (f: CallTrace.Frame) => `${f.type} ${(f.to ?? '').toLowerCase()}`

useDebugChain()

describe('GasExport against anvil', () => {
  it('speedscope: valid by the published schema, nested, the root spanning the receipt’s gas used; the same from the recording and from callTracer', async () => {
    const hashes = await block([
      () => send(A0, c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n),
      () => send(A0, c.dbg!, data('Dbg', 'deep', [3n]), 0n, 1_000_000n),
      () => send(A0, c.dbg!, data('Dbg', 'make', [h32(5n), 2n]), 1n, 1_000_000n),
      () => send(A0, c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n),
    ])
    for (const h of hashes) {
      const [receipt, calls] = await Promise.all([rpc<{ gasUsed: string }>('eth_getTransactionReceipt', [h]), rpc<CallTrace.Frame>('debug_traceTransaction', [h, { tracer: 'callTracer' }])])
      const used = Number(BigInt(receipt.gasUsed))
      const { recording } = await DebugTrace.replay(client(), h)
      const tree = GasExport.treeOfProfile(GasProfile.fromRecording(recording, used), nameOfFrame)!
      const file = GasExport.speedscope(tree, { name: h, exporter: 'test' })
      const text = GasExport.speedscopeJson(tree, { name: h, exporter: 'test' })
      const parsed = JSON.parse(text) as GasExport.SpeedscopeFile
      expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true)
      expect(parsed).not.toHaveProperty('overrun')
      // the validator is live: a unit speedscope does not know is refused
      expect(validate({ ...parsed, profiles: [{ ...parsed.profiles[0], unit: 'gas' }] })).toBe(false)
      const profile = parsed.profiles[0]!
      expect(nesting(profile.events), h).toBe(true)
      expect(file.overrun).toBe(0)
      expect(profile.endValue).toBe(used)
      expect(profile.events.at(-1)!.at).toBe(used)
      // every frame is one open and one close; as many as callTracer's frames
      let count = 0
      const walk = (f: CallTrace.Frame) => f.type !== 'SELFDESTRUCT' && ((count += 1), (f.calls ?? []).forEach(walk))
      walk(calls)
      expect(profile.events.length).toBe(2 * count)
      // the same file from anvil's own call tree (names from the same addresses; a DELEGATECALL's `to` is its code's, so names by type only there)
      const fromNode = GasExport.treeOfCallTrace(calls, used, nameOfCall)
      const strip = (n: GasExport.GasNode): unknown => ({ gas: n.gas, type: n.type, failed: n.failed, children: n.children.map(strip) })
      expect(strip(fromNode)).toEqual(strip(tree))
      expect(GasExport.speedscope(fromNode, { name: h, exporter: 'test' }).profiles[0]!.events.map((e) => [e.type, e.at])).toEqual(profile.events.map((e) => [e.type, e.at]))
    }
  }, 240_000)
})

describe('GasExport without a node', () => {
  const leaf = (name: string, gas: number, children: GasExport.GasNode[] = []): GasExport.GasNode => ({ name, gas, children })

  it('a refund that leaves the root below its callees’ sum: nested still, the overrun said', () => {
    const file = GasExport.speedscope(leaf('root', 90, [leaf('a', 60), leaf('b', 50)]), { name: 'x', exporter: 't' })
    expect(validate(JSON.parse(JSON.stringify(file)))).toBe(true)
    expect(nesting(file.profiles[0]!.events)).toBe(true)
    expect(file.overrun).toBe(20)
    expect(file.profiles[0]!.endValue).toBe(110)
  })

  it('frames of one name share one entry of shared.frames', () => {
    const file = GasExport.speedscope(leaf('r', 10, [leaf('x', 2), leaf('x', 3)]), { name: 'x', exporter: 't' })
    expect(file.shared.frames).toEqual([{ name: 'r' }, { name: 'x' }])
  })

  it('CSV reads back with Papa Parse to the same rows for any names; a formula-like name stays text', () => {
    const nodeAt = (depth: number): fc.Arbitrary<GasExport.GasNode> =>
      fc.record({ name: fc.string({ maxLength: 20 }), gas: fc.nat(1_000_000), type: fc.constantFrom('CALL', 'DELEGATECALL', undefined), address: fc.constant(undefined), failed: fc.boolean(), children: depth ? fc.array(nodeAt(depth - 1), { maxLength: 3 }) : fc.constant([]) })
    const node = nodeAt(3)
    fc.assert(
      fc.property(node, (root) => {
        const rows = Papa.parse<string[]>(GasExport.csv(root), { delimiter: ',', newline: '\r\n', skipEmptyLines: true }).data
        expect(rows[0]).toEqual([...GasExport.CSV_HEADER])
        const want: string[][] = []
        const walk = (n: GasExport.GasNode, depth: number) => {
          const name = /^[=+\-@\t\r]/.test(n.name) ? `'${n.name}` : n.name
          want.push([String(depth), name, n.type ?? '', '', String(n.gas), String(n.gas - n.children.reduce((s, k) => s + k.gas, 0)), String(!!n.failed)])
          n.children.forEach((k) => walk(k, depth + 1))
        }
        walk(root, 1)
        // Papa Parse drops a row that is wholly empty only; rows here always have depth and gas
        expect(rows.slice(1)).toEqual(want)
      }),
    )
  })
})

/**
 * FindBlock.find against `cast find-block` on an anvil whose blocks were mined at known,
 * random, strictly increasing timestamps: the closest block equals cast's answer, the block at
 * or before equals the one read off the known list, for random targets (between blocks, exactly
 * on a block, before genesis, past the latest). Seed printed (TEST_SEED replays).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import * as FindBlock from '../../src/core/chain/FindBlock'
import { castAsync, startAnvil, testSeed, type Anvil, randomInt as int } from '../support'
import { rpcOf, type RpcFn } from './safeKit'

let anvil: Anvil
let rpc: RpcFn
let provider: Rpc.Transport
const times: bigint[] = []
// Seeded by test-setup (Math.random follows TEST_SEED).

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = rpcOf(anvil.url)
  provider = Rpc.http(anvil.url)
  const g = await rpc<{ timestamp: string }>('eth_getBlockByNumber', ['0x0', false])
  times.push(BigInt(g.timestamp))
  let t = times[0]!
  for (let i = 0; i < 60; i++) {
    t += BigInt(1 + int(i % 7 === 0 ? 5000 : 30))
    await rpc('evm_setNextBlockTimestamp', [Number(t)])
    await rpc('evm_mine', [])
    times.push(t)
  }
  console.log(`find-block: seed ${testSeed}, 60 blocks from ${times[0]} to ${t}`)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('find-block against cast find-block (anvil, known timestamps)', () => {
  it('the blocks mined carry the timestamps asked for', async () => {
    const b = await rpc<{ timestamp: string }>('eth_getBlockByNumber', ['0x3c', false])
    expect(BigInt(b.timestamp)).toBe(times[60])
  })

  it('40 random targets: closest = cast find-block, at-or-before = the known list', async () => {
    const first = times[0]!
    const last = times[times.length - 1]!
    for (let i = 0; i < 40; i++) {
      const kind = int(5)
      const target = kind === 0 ? times[int(times.length)]! : kind === 1 ? last + BigInt(1 + int(100)) : kind === 2 ? first - BigInt(1 + int(100)) : first + BigInt(int(Number(last - first)))
      const found = await FindBlock.find(provider, target)
      const expected = times.findLastIndex((x) => x <= target)
      expect(found.atOrBefore?.number, `target ${target}`).toBe(expected < 0 ? undefined : BigInt(expected))
      if (expected >= 0) expect(found.atOrBefore!.timestamp).toBe(times[expected])
      if (found.after) expect(found.after.timestamp > target).toBe(true)
      expect(found.closest.toString(), `target ${target} (kind ${kind})`).toBe(await castAsync(['find-block', target.toString(), '--rpc-url', anvil.url]))
      expect(found.requests).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(times.length)) + 1)
    }
  })
})

describe('/find-block through the tool', () => {
  it('a random time between blocks: the rows equal cast find-block and the known list', async () => {
    const { tools } = await import('../../src/tools/groups/providers')
    const { withDefaults } = await import('../../src/tools/define')
    const tool = (await tools.find((t) => t.meta.id === 'find-block')!.load()).default
    const i = 1 + int(times.length - 2)
    const target = times[i]! + 1n
    const parsed = tool.parse(withDefaults(tool, { time: target.toString() }))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const result = await tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, rpc: provider, rpcUrl: anvil.url })
    const rows = new Map(result.sections.flatMap((s) => s.rows.map((r) => [r.label, r.value] as const)))
    expect(rows.get('Block at or before')).toBe(String(times.findLastIndex((x) => x <= target)))
    expect(rows.get('Closest (cast find-block)')).toBe(await castAsync(['find-block', target.toString(), '--rpc-url', anvil.url]))
    expect(rows.get('UTC date')).toBe(FindBlock.formatTime(target))
  })
})

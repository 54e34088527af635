/**
 * BlockOverrides: a session's block context overridden (Simulation.overrideBlock with the
 * overrides) runs a call as anvil's eth_call runs it with the same overrides in toRpc's names;
 * and the pure parts (toRpc, apply, isEmpty, parsePrevrandao). The chain is test/chain/debugKit.ts
 * (the Dbg contract's `context()` and `until()`). Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as BlockOverrides from './BlockOverrides'
import * as Simulation from './Simulation'
import { A0 } from '../../../test/chain/sim/contracts'
import { c, client, data, rpc, useDebugChain } from '../../../test/chain/debugKit'

useDebugChain()

const ours = async (input: Hex, o: BlockOverrides.Overrides) => {
  const s = await Simulation.openAt(client(), 'latest')
  if (!BlockOverrides.isEmpty(o)) Simulation.overrideBlock(s, o)
  return Simulation.call(s, { from: A0, to: c.dbg!, value: 0n, data: input })
}
const theirs = (input: Hex, o: BlockOverrides.Overrides) => rpc<Hex>('eth_call', [{ from: A0, to: c.dbg, data: input }, 'latest', {}, BlockOverrides.toRpc(o)])

describe('BlockOverrides against anvil eth_call with the same block overrides', () => {
  it('timestamp, number, base fee, coinbase, prevrandao and gas limit, alone and together, on random values: what the contract reads equals anvil\'s', async () => {
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    const d = data('Dbg', 'context')
    const plain = await ours(d, {})
    expect(plain.returnData).toBe(await theirs(d, {}))
    for (let k = 0; k < 6; k++) {
      const all: BlockOverrides.Overrides = {
        timestamp: 1_700_000_000n + rnd(1e8),
        number: 100n + rnd(1e6),
        baseFee: rnd(1e3) * 10n ** 9n,
        coinbase: `0x${rnd(2 ** 48).toString(16).padStart(40, '0')}`,
        prevrandao: `0x${rnd(2 ** 48).toString(16).padStart(64, '0')}`,
        gasLimit: 30_000_000n + rnd(1e6),
      }
      const fields = Object.keys(all) as (keyof BlockOverrides.Overrides)[]
      for (const o of [all, ...fields.map((f) => ({ [f]: all[f] }))]) {
        const r = await ours(d, o)
        expect(r.status).toBe('success')
        expect(r.returnData, JSON.stringify(BlockOverrides.toRpc(o))).toBe(await theirs(d, o))
        if (o === all) expect(r.returnData).not.toBe(plain.returnData)
      }
    }
  }, 120_000)

  it('a deadline passes or reverts by the overridden timestamp, as anvil runs it', async () => {
    const latest = await rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false])
    const deadline = BigInt(latest.timestamp) + 500n
    const d = data('Dbg', 'until', [deadline])
    for (const t of [deadline, deadline + 1n]) {
      const r = await ours(d, { timestamp: t })
      const node = await theirs(d, { timestamp: t }).then((x) => ({ ok: true, x }), (e: Error) => ({ ok: false, x: e.message }))
      expect(r.status === 'success', `timestamp ${t}`).toBe(node.ok)
      if (node.ok) expect(r.returnData).toBe(node.x)
      else expect(node.x).toContain(r.revertReason)
    }
  }, 60_000)
})

describe('BlockOverrides: names, application and prevrandao', () => {
  it('toRpc uses geth\'s and anvil\'s names, in hex; isEmpty; apply changes only what is given', () => {
    expect(BlockOverrides.toRpc({ timestamp: 1_700_000_000n })).toEqual({ time: '0x6553f100' })
    expect(BlockOverrides.toRpc({ number: 255n, baseFee: 16n, coinbase: '0xAbC0000000000000000000000000000000000001', prevrandao: `0x${'11'.repeat(32)}`, gasLimit: 30_000_000n })).toEqual({
      number: '0xff',
      baseFee: '0x10',
      feeRecipient: '0xAbC0000000000000000000000000000000000001',
      prevRandao: `0x${'11'.repeat(32)}`,
      gasLimit: '0x1c9c380',
    })
    expect(BlockOverrides.isEmpty(undefined)).toBe(true)
    expect(BlockOverrides.isEmpty({ timestamp: undefined })).toBe(true)
    expect(BlockOverrides.isEmpty({ number: 0n })).toBe(false)
    const b = { number: '0x1', timestamp: '0x2', miner: '0x00000000000000000000000000000000000000aa', gasLimit: '0x3', baseFeePerGas: '0x4', mixHash: `0x${'00'.repeat(32)}`, hash: '0xdead' } as const
    expect(BlockOverrides.apply(b, {})).toEqual(b)
    expect(BlockOverrides.apply(b, { coinbase: '0xAbC0000000000000000000000000000000000001', number: 10n })).toEqual({ ...b, miner: '0xabc0000000000000000000000000000000000001', number: '0xa' })
  })

  it('parsePrevrandao pads to 32 bytes and refuses anything else at its field', () => {
    expect(BlockOverrides.parsePrevrandao('')).toBeUndefined()
    expect(BlockOverrides.parsePrevrandao(' 0xAB ')).toBe(`0x${'0'.repeat(62)}ab`)
    expect(BlockOverrides.parsePrevrandao('f'.repeat(64))).toBe(`0x${'f'.repeat(64)}`)
    for (const bad of ['0x' + '1'.repeat(65), '0xzz', '0x']) {
      expect(() => BlockOverrides.parsePrevrandao(bad)).toThrow(BlockOverrides.InvalidPrevrandaoError)
    }
    expect(() => BlockOverrides.parsePrevrandao('0x' + '1'.repeat(66))).toThrow(/not a 32-byte value/)
  })
})

/**
 * GenesisName: cast chain's names by genesis hash, with the two shared genesis blocks told apart
 * by a later block, on a scripted node. Against `cast chain` itself (a node answering each of
 * these genesis hashes, and random ones): test/chain/cast-parity.test.ts.
 */
import { describe, expect, it } from 'vitest'
import * as GenesisName from './GenesisName'

/** A node whose blocks have the given hashes (others absent); it records the blocks asked for. */
function node(hashes: Record<number, string>) {
  const asked: number[] = []
  return {
    asked,
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      expect(method).toBe('eth_getBlockByNumber')
      const n = Number((params as [string])[0])
      asked.push(n)
      return hashes[n] ? { number: `0x${n.toString(16)}`, hash: hashes[n] } : null
    },
  }
}

describe('GenesisName', () => {
  it('names a chain by its genesis alone, reading no other block', async () => {
    for (const [genesis, name] of Object.entries(GenesisName.GENESIS)) {
      const n = node({ 0: genesis.toUpperCase().replace('0X', '0x') })
      expect(await GenesisName.read(n)).toEqual({ name, genesis }) // read in any case, given lower-case
      expect(n.asked).toEqual([0])
    }
  })
  it('tells Ethereum from Ethereum Classic by block 1,920,000, Avalanche from Fuji by block 1', async () => {
    expect((await GenesisName.read(node({ 0: GenesisName.ETHEREUM_GENESIS, 1_920_000: GenesisName.ETC_DAO_BLOCK }))).name).toBe('etclive')
    expect((await GenesisName.read(node({ 0: GenesisName.ETHEREUM_GENESIS, 1_920_000: `0x${'4'.repeat(64)}` }))).name).toBe('ethlive')
    expect((await GenesisName.read(node({ 0: GenesisName.AVALANCHE_GENESIS, 1: GenesisName.FUJI_BLOCK_1 }))).name).toBe('avalanche-fuji')
    expect((await GenesisName.read(node({ 0: GenesisName.AVALANCHE_GENESIS, 1: `0x${'5'.repeat(64)}` }))).name).toBe('avalanche')
  })
  it('any other genesis is unknown; a node without block 0 is said so', async () => {
    expect((await GenesisName.read(node({ 0: `0x${'7'.repeat(64)}` }))).name).toBe('unknown')
    await expect(GenesisName.read(node({}))).rejects.toThrow(/no genesis block/)
  })
})

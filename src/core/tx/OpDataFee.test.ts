/**
 * OpDataFee: FastLZ lengths against the vectors op-geth and maili-flz test with (including Base
 * mainnet transactions), the GasPriceOracle formulas, and `cast da-estimate` on an anvil block
 * of random transactions (the seed is printed by src/test-setup.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import * as AbiCodec from '../abi/AbiCodec'
import * as Rpc from '../chain/Rpc'
import * as OpDataFee from './OpDataFee'

const hex = (h: string) => AbiCodec.toBytes(h)
const SAMPLE = '02f901550a758302df1483be21b88304743f94f80e51afb613d764fa61751affd3313c190a86bb870151bd62fd12adb8e41ef24f3f000000000000000000000000000000000000000000000000000000000000006e000000000000000000000000af88d065e77c8cc2239327c5edb3a432268e5831000000000000000000000000000000000000000000000000000000000003c1e5000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000a000000000000000000000000000000000000000000000000000000000000000148c89ed219d02f1a5be012c689b4f5b731827bebe000000000000000000000000c001a033fd89cb37c31b2cba46b6466e040c61fc9b2a3675a7f5f493ebd5ad77c497f8a07cdf65680e238392693019b4092f610222e71b7cec06449cb922b93b6a12744e'

describe('OpDataFee.flzCompressLen', () => {
  it('gives the lengths of the published vectors', () => {
    expect(OpDataFee.flzCompressLen(new Uint8Array())).toBe(0)
    expect(OpDataFee.flzCompressLen(new Uint8Array(1000))).toBe(21)
    expect(OpDataFee.flzCompressLen(new Uint8Array(1000).fill(42))).toBe(21)
    expect(OpDataFee.flzCompressLen(hex('FACADE'))).toBe(4)
    expect(OpDataFee.flzCompressLen(hex(SAMPLE))).toBe(202)
  })
  it('grows with every new byte of data that never repeats', () => {
    let prev = 0
    for (let n = 1; n <= 256; n++) {
      const len = OpDataFee.flzCompressLen(Uint8Array.from({ length: n }, (_, i) => i))
      expect(len).toBeGreaterThan(prev)
      prev = len
    }
  })
})

describe('OpDataFee formulas (GasPriceOracle, Fjord)', () => {
  const p = { l1BaseFee: 20_000_000_000n, blobBaseFee: 1n, baseFeeScalar: 1368n, blobBaseFeeScalar: 810949n }
  it('floors the estimate at 100 bytes and prices it', () => {
    expect(OpDataFee.estimatedSizeScaled(hex('FACADE'))).toBe(100_000_000n)
    expect(OpDataFee.estimatedSizeScaled(hex(SAMPLE))).toBe(836_500n * 202n - 42_585_600n)
    expect(OpDataFee.l1GasUsed(100_000_000n)).toBe(1600n)
    expect(OpDataFee.l1Fee(100_000_000n, p)).toBe((100_000_000n * (1368n * 20_000_000_000n * 16n + 810949n)) / 10n ** 12n)
    const txSize = 200n + 68n
    expect(OpDataFee.l1FeeUpperBound(200n, p)).toBe(OpDataFee.l1Fee(-42_585_600n + 836_500n * (txSize + txSize / 255n + 16n), p))
  })
})

describe('OpDataFee.blockEstimate against cast da-estimate on anvil', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil(['--no-mining'])
  })
  afterAll(async () => anvil?.stop())

  it('sums the same estimate as cast for blocks of random transactions', async () => {
    const rpc = Rpc.http(anvil.url)
    const [from] = (await Rpc.request(rpc, 'eth_accounts')) as string[]
    for (let round = 0; round < 3; round++) {
      const n = 1 + Math.floor(Math.random() * 6)
      // explicit nonces, and one transaction type a block: with mining off this anvil orders a
      // sender's pool by price, so a pricier legacy transaction after a 1559 one is tried before its
      // nonce and dropped with every later one
      const legacy = Math.random() < 0.5
      const base = Rpc.quantity(await Rpc.request(rpc, 'eth_getTransactionCount', [from, 'latest']), 'nonce')
      for (let i = 0; i < n; i++) {
        const len = Math.floor(Math.random() * 600)
        const data = `0x${Array.from({ length: len }, () => (Math.random() < 0.4 ? '00' : Math.floor(Math.random() * 256).toString(16).padStart(2, '0'))).join('')}`
        const to = `0x${Array.from({ length: 20 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join('')}`
        await Rpc.request(rpc, 'eth_sendTransaction', [{ from, to, data, gas: '0x100000', nonce: `0x${(base + BigInt(i)).toString(16)}`, ...(legacy ? { gasPrice: '0x174876e800' } : {}) }])
      }
      await Rpc.request(rpc, 'evm_mine')
      const number = Rpc.quantity(await Rpc.request(rpc, 'eth_blockNumber'), 'number')
      const ours = await OpDataFee.blockEstimate(rpc, number)
      const theirs = await castAsync(['da-estimate', number.toString(), '--rpc-url', anvil.url])
      expect(ours.transactions.length).toBe(n)
      expect(theirs).toBe(`Estimated data availability size for block ${number} with ${n} transactions: ${ours.total}`)
    }
  }, 120_000)
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Fees from './Fees'

describe('Fees', () => {
  const hist = (base: string[], reward: string[][]) => ({ oldestBlock: '0x1', baseFeePerGas: base, gasUsedRatio: base.slice(1).map(() => 0.5), reward })

  it('suggests 2 x next base fee + median priority, per percentile', () => {
    const h = Fees.parseHistory(hist(['0x10', '0x20', '0x30'], [['0x1', '0x5', '0x9'], ['0x3', '0x7', '0xb']]))
    const s = Fees.fromHistory(h, 100n)
    expect(s.baseFee).toBe(0x30n)
    expect(s.priority).toEqual({ slow: 2n, standard: 6n, fast: 10n })
    expect(s.standard).toEqual({ maxFeePerGas: 2n * 0x30n + 6n, maxPriorityFeePerGas: 6n })
  })

  it('keeps fees ordered: slow <= standard <= fast (property)', () => {
    const q = fc.bigInt({ min: 0n, max: 10n ** 15n }).map((n) => `0x${n.toString(16)}`)
    fc.assert(
      fc.property(fc.array(fc.tuple(q, q, q), { minLength: 1, maxLength: 10 }), q, (rows, base) => {
        const sorted = rows.map((r) => [...r].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)))
        const s = Fees.fromHistory(Fees.parseHistory(hist([...rows.map(() => '0x1'), base], sorted)), 1n)
        expect(s.priority.slow <= s.priority.standard && s.priority.standard <= s.priority.fast).toBe(true)
        expect(s.fast.maxFeePerGas >= s.fast.maxPriorityFeePerGas).toBe(true)
      }),
    )
  })

  it('rejects a lying fee history', () => {
    expect(() => Fees.parseHistory(null)).toThrow(/the fee history should be an object/)
    expect(() => Fees.parseHistory(hist(['0x1', 'oops'], [['0x1', '0x1', '0x1']]))).toThrow(/baseFeePerGas\[1\] should be a hex quantity/)
    expect(() => Fees.parseHistory(hist(['0x1', '0x1'], [['0x1']]))).toThrow(/reward\[0\] has 1 values for 3 percentiles/)
    expect(() => Fees.parseHistory(hist(['0x1'], [[`0x1${'0'.repeat(64)}`, '0x1', '0x1']]))).toThrow(/out of range/)
  })
})

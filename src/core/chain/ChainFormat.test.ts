/** ChainFormat: chain values for people, against ethers v5's unit formatting and the platform's dates. */
import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as ChainFormat from './ChainFormat'

/** ethers v5 writes "1.0" for a whole amount; we write "1". */
const trim = (s: string) => s.replace(/\.0$/, '')

describe('ChainFormat', () => {
  it('amounts in ether and gwei are exact, as ethers v5 formats them (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (wei) => {
        expect(ChainFormat.native(wei)).toBe(`${trim(ethers.utils.formatEther(wei))} ETH`)
        expect(ChainFormat.gwei(wei)).toBe(`${trim(ethers.utils.formatUnits(wei, 'gwei'))} gwei`)
      }),
    )
    expect(ChainFormat.native(10n ** 18n, 'xDAI')).toBe('1 xDAI')
  })

  it('parses amounts typed by a person as ethers v5 does, and refuses negative ones', () => {
    expect(ChainFormat.parseAmount('1.5', 'ether')).toBe(ethers.utils.parseEther('1.5').toBigInt())
    expect(ChainFormat.parseGweiOptional('2.25')).toBe(ethers.utils.parseUnits('2.25', 'gwei').toBigInt())
    expect(ChainFormat.parseGweiOptional('  ')).toBeUndefined()
    expect(() => ChainFormat.parseAmount('-1', 'wei')).toThrow(expect.objectContaining({ name: 'ChainFormat.NegativeAmountError' }))
  })

  it('times in UTC (the platform ISO form), byte counts, JSON with bigints', () => {
    expect(ChainFormat.time(1700000000)).toBe('1700000000 (2023-11-14T22:13:20Z)')
    expect(ChainFormat.time(1e300)).toBe('1e+300')
    expect([ChainFormat.bytes(0), ChainFormat.bytes(1), ChainFormat.bytes(24576)]).toEqual(['0 bytes', '1 byte', '24576 bytes'])
    expect(JSON.parse(ChainFormat.json({ a: 2n ** 70n, b: [1] }))).toEqual({ a: (2n ** 70n).toString(), b: [1] })
    expect(ChainFormat.json('x'.repeat(50), 10)).toMatch(/^"x{9}\n… \(42 more characters\)$/)
  })
})

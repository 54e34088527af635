import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Chains from './Chains'
import { BaseError } from '../Errors'

describe('Chains', () => {
  it('parses chain ids, decimal and hex', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(Chains.parseChainId(String(n))).toBe(n)
        expect(Chains.parseChainId(`0x${n.toString(16)}`)).toBe(n)
      }),
    )
    for (const bad of ['', '0', '-1', '1.5', 'mainnet', '0x', '9007199254740992']) expect(() => Chains.parseChainId(bad), bad).toThrow(/is not a chain id/)
  })

  it('names known chains and falls back to the id', () => {
    expect(Chains.name(1)).toBe('Ethereum Mainnet')
    expect(Chains.name(11155111)).toBe('Sepolia')
    expect(Chains.name(424242)).toBe('chain 424242')
    expect(Chains.symbol(137)).toBe('POL')
  })
})

describe('Chains.parseChainIdBig', () => {
  it('reads any uint up to the width (0 included), refuses the rest with BaseErrors only', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`Chains.parseChainIdBig property: seed ${seed}`)
    fc.assert(
      fc.property(fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 257n }).map((n) => (n % 2n ? `0x${n.toString(16)}` : n.toString())), fc.string({ maxLength: 20 })), (t) => {
        let id: bigint
        try {
          id = Chains.parseChainIdBig(t)
        } catch (e) {
          expect(e).toBeInstanceOf(BaseError)
          return
        }
        expect(id).toBe(BigInt(t.trim())) // JS BigInt as the reference reader
        expect(id < 2n ** 256n).toBe(true)
      }),
      { seed, numRuns: 300 },
    )
    expect(Chains.parseChainIdBig('0')).toBe(0n)
    expect(() => Chains.parseChainIdBig(String(2n ** 64n), 64)).toThrow(/is not a chain id/)
    expect(() => Chains.parseChainIdBig('')).toThrow(/Enter a chain id/)
  })
})

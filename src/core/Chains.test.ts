import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Chains from './Chains'

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

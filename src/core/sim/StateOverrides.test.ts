import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue } from '../../../test/support'
import * as StateOverrides from './StateOverrides'

describe('StateOverrides.parse', () => {
  it('any text gives overrides or a StateOverrides error, never another exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ '0x70997970c51812dc3a010c7d01b50e0d17dc79c8': v }))), (text) => {
        expectDomainErrorOrValue(() => StateOverrides.parse(text), /^StateOverrides\./)
      }),
      { numRuns: 2000 },
    )
  })

  it('reads cast/geth overrides: numbers as JSON numbers, decimal or hex; slots and values as 32-byte words', () => {
    // the same object geth's eth_call takes as its third parameter (go-ethereum internal/ethapi StateOverride)
    const o = StateOverrides.parse('{"0x70997970C51812dc3A010C7d01b50e0d17dc79C8": {"balance": "0xde0b6b3a7640000", "nonce": 7, "code": "0x6001", "stateDiff": {"0x1": "255"}}}')
    expect(o).toEqual({
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8': {
        balance: 10n ** 18n,
        nonce: 7n,
        code: '0x6001',
        stateDiff: { [`0x${'1'.padStart(64, '0')}`]: `0x${'ff'.padStart(64, '0')}` },
      },
    })
  })

  it('says what is wrong and where', () => {
    expect(() => StateOverrides.parse('[1]')).toThrow('The overrides should be a JSON object keyed by address.')
    expect(() => StateOverrides.parse('{"0x70997970c51812dc3a010c7d01b50e0d17dc79c8": {"state": {}, "stateDiff": {}}}')).toThrow(/both state and stateDiff/)
    expect(() => StateOverrides.parse('{"0x70997970c51812dc3a010c7d01b50e0d17dc79c8": {"balance": "-1"}}')).toThrow(/balance should be a number/)
    let thrown: unknown
    try {
      StateOverrides.parse('{')
    } catch (e) {
      thrown = e
    }
    expect(thrown).toMatchObject({ name: 'StateOverrides.InvalidOverridesError', field: 'overrides' })
  })
})

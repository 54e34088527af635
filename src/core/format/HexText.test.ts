import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../Errors'
import * as HexText from './HexText'

describe('HexText.parse', () => {
  it('reads what ethers v5 hexlify reads (0x optional, whitespace ignored), and throws only BaseErrors', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`HexText.parse property: seed ${seed}`)
    const text = fc.oneof(
      fc.uint8Array({ maxLength: 40 }).chain((b) => fc.constantFrom(ethers.utils.hexlify(b), ethers.utils.hexlify(b).slice(2).toUpperCase(), ethers.utils.hexlify(b).replace(/(..)/g, '$1 '))),
      fc.string({ maxLength: 30 }),
      fc.stringMatching(/^(0x)?[0-9a-fA-Fg\s]{0,20}$/),
    )
    fc.assert(
      fc.property(text, (t) => {
        let h: string
        try {
          h = HexText.parse(t, 'data', { field: 'data', maxBytes: 30 })
        } catch (e) {
          expect(e).toBeInstanceOf(BaseError)
          expect((e as BaseError).field).toBe('data')
          return
        }
        const compact = t.replace(/\s+/g, '')
        expect(h).toBe(ethers.utils.hexlify(/^0x/i.test(compact) ? `0x${compact.slice(2)}` : `0x${compact}`))
      }),
      { seed, numRuns: 400 },
    )
    expect(() => HexText.parse('0x12zz', 'data')).toThrow(/Unexpected character "z" in the data/)
    expect(() => HexText.parse('0x123', 'data')).toThrow(/odd number of hex digits \(3\)/)
    expect(() => HexText.parse(' ', 'data', { required: true })).toThrow(/Enter the data/)
    expect(HexText.parse('', 'data')).toBe('0x')
  })
})

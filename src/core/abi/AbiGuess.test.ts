import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as AbiCodec from './AbiCodec'
import * as AbiGuess from './AbiGuess'

const W = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0')
const guessTypes = (types: string, values: unknown[]) => {
  const p = AbiCodec.parseTypes(types)
  const data = AbiCodec.toBytes(AbiCodec.encode(p, AbiCodec.coerceAll(p, values)))
  return AbiGuess.guess(data).map(AbiCodec.canonicalType)
}

describe('guessing types from data', () => {
  it.each([
    ['address,uint256', ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1000000'], ['address', 'uint256']],
    ['uint256,string', ['7', 'hello world'], ['uint256', 'string']],
    ['bytes', ['0x01ff00ab'], ['bytes']],
    ['uint256[]', [['1', '2', '3']], ['uint256[]']],
    ['address[]', [['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48']], ['address[]']],
    ['bytes[]', [['0xa9059cbb0000000000000000000000000000000000000000000000000000000000000001', '0x095ea7b3']], ['bytes[]']],
    ['bytes4,bytes32', ['0x12345678', '0x' + 'ab'.repeat(32)], ['bytes4', 'bytes32']],
    ['((address,bool,bytes)[])', [[['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', false, '0xa9059cbb'], ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', true, '0x095ea7b3']]], ['(address,uint256,bytes)[]']],
    ['((uint256,address)[])', [[['1', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'], ['2', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48']]], ['(uint256,address)[]']],
    ['((bytes,address,uint256))', [['0x' + 'ab'.repeat(43), '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1700000000']], ['(bytes,address,uint256)']],
  ])('%s', (types, values, want) => {
    expect(guessTypes(types, values)).toEqual(want)
  })

  it('every guess decodes the data it was made from (seeded)', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`AbiGuess decode property: seed ${seed}`)
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant<'offset'>('offset'), fc.uint8Array({ minLength: 1, maxLength: 32 })), { minLength: 1, maxLength: 12 }), (spec) => {
        const words = spec.map((w, k) => (w === 'offset' ? W(32 * (k + 1)) : W(BigInt(`0x${Buffer.from(w).toString('hex')}`))))
        const data = AbiCodec.toBytes(words.join(''))
        const types = AbiGuess.guess(data)
        // A guess is only offered when it decodes: no exception of any kind.
        expect(() => AbiCodec.decode(types, data)).not.toThrow()
      }),
      { numRuns: 200, seed },
    )
  })

  it('is bounded on crafted data (every word an offset), 256 KiB in well under a second', () => {
    const n = 8192
    let h = ''
    for (let i = 0; i < n; i++) h += W(32 * (n - 1))
    const t0 = performance.now()
    const types = AbiGuess.guess(AbiCodec.toBytes(h))
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(types.length).toBeGreaterThan(0)
  })

  it('is bounded on crafted chains of offsets (each word points at the next)', () => {
    for (const n of [64, 1024, 8192]) {
      let h = ''
      for (let i = 0; i < n; i++) h += W(32 * (i + 1))
      const t0 = performance.now()
      AbiGuess.guess(AbiCodec.toBytes(h))
      expect(performance.now() - t0, `${n} words`).toBeLessThan(1000)
    }
  })

  it('shows data that is not whole words as bytes32 words or nothing', () => {
    expect(AbiGuess.guess(new Uint8Array(0))).toEqual([])
    expect(AbiGuess.guess(new Uint8Array(33)).map((p) => p.type)).toEqual(['bytes32'])
  })
})

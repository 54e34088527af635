/**
 * SolidityValue: Solidity types and values as people type them. Type names are held to ethers
 * v5's own normal forms, integer ranges to what ethers v5's ABI coder accepts, and parsed
 * values, ABI-encoded by viem, to ethers v5's encoding of the same values.
 */
import { ethers } from 'ethers'
import fc from 'fast-check'
import { encodeAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import * as SolidityValue from './SolidityValue'

const coder = ethers.utils.defaultAbiCoder
const ours = (type: string, text: string) => {
  const t = SolidityValue.parseType(type)
  return encodeAbiParameters([{ type: t.canonical }], [SolidityValue.parseValue(t, text) as never])
}

describe('SolidityValue.parseType', () => {
  it('names types as ethers v5 normalises them (uint → uint256, arrays kept)', () => {
    for (const t of ['uint', 'int', 'uint8', 'int256', 'bytes32', 'bytes1', 'bytes', 'string', 'bool', 'address', 'uint8[3][]', 'address[]', 'int[2]'])
      expect(SolidityValue.parseType(t).canonical, t).toBe(ethers.utils.ParamType.from(t).format('sighash'))
    expect(SolidityValue.parseType('address payable').canonical).toBe('address')
    expect(SolidityValue.parseType('byte').canonical).toBe('bytes1')
  })

  it('refuses what Solidity does not have, or what is not supported here', () => {
    for (const t of ['', 'uint7', 'uint264', 'uint08', 'bytes0', 'bytes33', 'fixed128x18', 'tuple(uint256)', 'function', 'mapping', 'uint[0]', `uint${'[]'.repeat(9)}`])
      expect(() => SolidityValue.parseType(t), t).toThrow(expect.objectContaining({ name: 'SolidityValue.InvalidTypeError' }))
  })
})

describe('SolidityValue.parseValue', () => {
  it('accepts an integer exactly when ethers v5 can encode it, and encodes it the same (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 32 }), fc.bigInt({ min: -(2n ** 257n), max: 2n ** 257n }), (signed, bytes, v) => {
        const type = `${signed ? '' : 'u'}int${bytes * 8}`
        let theirs: string | null
        try {
          theirs = coder.encode([type], [v.toString()])
        } catch {
          theirs = null
        }
        let mine: string | null
        try {
          mine = ours(type, v.toString())
        } catch (e) {
          expect(e).toMatchObject({ name: 'SolidityValue.InvalidValueError' })
          mine = null
        }
        expect(mine).toBe(theirs)
      }),
      { numRuns: 300 },
    )
  })

  it('hex, exponents and underscores are the same integers', () => {
    expect(ours('uint256', '0x3e8')).toBe(coder.encode(['uint256'], [1000]))
    expect(ours('uint256', '1e18')).toBe(coder.encode(['uint256'], [ethers.constants.WeiPerEther]))
    expect(ours('uint256', '2.5e3')).toBe(coder.encode(['uint256'], [2500]))
    expect(ours('int8', '-0x80')).toBe(coder.encode(['int8'], [-128]))
    expect(ours('uint256', '1_000_000')).toBe(coder.encode(['uint256'], [1_000_000]))
    expect(() => ours('uint256', '1.5')).toThrow(/not a whole number/)
  })

  it('addresses (checksum checked), bools, bytes, strings and nested arrays encode as ethers v5 encodes them', () => {
    const a = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(ours('address', a)).toBe(coder.encode(['address'], [a]))
    expect(() => ours('address', a.replace('F6F4', 'f6f4'))).toThrow(expect.objectContaining({ name: 'SolidityValue.InvalidValueError' }))
    expect(ours('bool', 'TRUE')).toBe(coder.encode(['bool'], [true]))
    expect(ours('bool', '0')).toBe(coder.encode(['bool'], [false]))
    expect(ours('bytes4', '0xA9059CBB')).toBe(coder.encode(['bytes4'], ['0xa9059cbb']))
    expect(() => ours('bytes4', '0xa9059c')).toThrow(/exactly 4 bytes/)
    expect(ours('bytes', '0x')).toBe(coder.encode(['bytes'], ['0x']))
    expect(ours('string', '"quoted \\"text\\"\\n"')).toBe(coder.encode(['string'], ['quoted "text"\n']))
    expect(ours('string', ' as typed ')).toBe(coder.encode(['string'], [' as typed ']))
    expect(ours('string[]', '["a,b", "c]", ""]')).toBe(coder.encode(['string[]'], [['a,b', 'c]', '']]))
    expect(ours('uint8[2][]', '[[1, 2], [3, 4]]')).toBe(coder.encode(['uint8[2][]'], [[[1, 2], [3, 4]]]))
    expect(() => ours('uint8[2]', '[1, 2, 3]')).toThrow(/exactly 2 elements/)
    expect(() => ours('uint8[]', '[1, 256]')).toThrow(/Element 1/)
    expect(() => ours('uint8[]', '[1, [2]')).toThrow(/Unbalanced|brackets/)
  })
})

describe('SolidityValue.parseList', () => {
  it('one "type value" per line; blank and comment lines skipped; errors name the line', () => {
    const list = SolidityValue.parseList('# a comment\nuint256 42\n\n// another\naddress 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\nstring  hello world ')
    expect(list.map((e) => [e.type.canonical, e.value])).toEqual([
      ['uint256', 42n],
      ['address', '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'],
      ['string', 'hello world'],
    ])
    expect(() => SolidityValue.parseList('uint8 1\nuint8 300')).toThrow(expect.objectContaining({ name: 'SolidityValue.ListError', message: expect.stringMatching(/2/) }))
    expect(() => SolidityValue.parseList('uint8 1\nuint8 2', 1)).toThrow(/At most 1 entries/)
  })
})

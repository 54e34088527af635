import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as AbiCodec from '../abi/AbiCodec'
import * as SolidityPacked from './SolidityPacked'
import * as SolidityValue from './SolidityValue'
import { BaseError } from '../Errors'

/** A random packable entry: its type, the line a person types, and the value for ethers. */
interface Entry {
  type: string
  line: string
  castArg: string
  ethersValue: unknown
  /** cast (alloy) pads signed-int and bytesN array elements unlike Solidity: skip those there. */
  castOk: boolean
}

const hexOf = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`

const arbInt = fc.integer({ min: 1, max: 32 }).chain((bytes) =>
  fc.boolean().chain((signed) => {
    const bits = bytes * 8
    const min = signed ? -(1n << BigInt(bits - 1)) : 0n
    const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n
    return fc.bigInt({ min, max }).map((v) => ({ type: `${signed ? '' : 'u'}int${bits}`, v, signed }))
  }),
)

const arbScalar: fc.Arbitrary<{ type: string; text: string; value: unknown; signed?: boolean; fixed?: boolean }> = fc.oneof(
  arbInt.map(({ type, v, signed }) => ({ type, text: v.toString(), value: v.toString(), signed })),
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => ({ type: 'address', text: ethers.utils.getAddress(hexOf(b)), value: hexOf(b) })),
  fc.boolean().map((b) => ({ type: 'bool', text: String(b), value: b })),
  fc.integer({ min: 1, max: 32 }).chain((n) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => ({ type: `bytes${n}`, text: hexOf(b), value: hexOf(b), fixed: true }))),
)

const arbEntry: fc.Arbitrary<Entry> = fc.oneof(
  arbScalar.map((s) => ({ type: s.type, line: `${s.type} ${s.text}`, castArg: s.text, ethersValue: s.value, castOk: true })),
  fc.uint8Array({ maxLength: 40 }).map((b) => ({ type: 'bytes', line: `bytes ${hexOf(b)}`, castArg: hexOf(b), ethersValue: hexOf(b), castOk: true })),
  fc.stringMatching(/^[a-zA-Z0-9 .,!?]{0,30}$/).map((s) => ({ type: 'string', line: `string "${s}"`, castArg: s, ethersValue: s, castOk: !s.startsWith('-') && s.trim() === s })),
  arbScalar.chain((s0) =>
    fc
      .array(s0.type.startsWith('int') || s0.type.startsWith('uint') ? arbInt.filter((x) => x.type === s0.type).map((x) => ({ text: x.v.toString(), value: x.v.toString() })) : fc.constant({ text: s0.text, value: s0.value }), { maxLength: 4 })
      .map((items) => ({
        type: `${s0.type}[]`,
        line: `${s0.type}[] [${items.map((i) => i.text).join(', ')}]`,
        castArg: `[${items.map((i) => i.text).join(',')}]`,
        ethersValue: items.map((i) => i.value),
        castOk: !s0.signed && !s0.fixed,
      })),
  ),
)

describe('differential', () => {
  it('matches ethers v5 solidityPack / solidityKeccak256 / soliditySha256 on random typed lists', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { minLength: 1, maxLength: 6 }), (entries) => {
        const p = SolidityPacked.encodeText(entries.map((e) => e.line).join('\n'))
        const types = entries.map((e) => e.type)
        const values = entries.map((e) => e.ethersValue)
        expect(p.hex).toBe(ethers.utils.solidityPack(types, values))
        expect(p.keccak256).toBe(ethers.utils.solidityKeccak256(types, values))
        expect(p.sha256).toBe(ethers.utils.soliditySha256(types, values))
      }),
      { numRuns: 300 },
    )
  })

  it('matches `cast abi-encode --packed` on random typed lists', async () => {
    const seed = Date.now() % 2 ** 31
    console.log(`SolidityPacked vs cast (text lists): seed ${seed}`)
    const lists = fc.sample(fc.array(arbEntry.filter((e) => e.castOk), { minLength: 1, maxLength: 5 }), { numRuns: 25, seed })
    const outs = await Promise.all(lists.map((l) => castAsync(['abi-encode', '--packed', '--', `f(${l.map((e) => e.type).join(',')})`, ...l.map((e) => e.castArg)])))
    lists.forEach((l, i) => expect(SolidityPacked.encodeText(l.map((e) => e.line).join('\n')).hex, l.map((e) => e.line).join(' | ')).toBe(outs[i]))
  })
})

describe('encodeParams (abi-encode-raw packed mode): the same packer over AbiCodec types', () => {
  it('matches `cast abi-encode --packed` on random type lists, arrays included', async () => {
    const seed = Date.now() % 2 ** 31
    console.log(`SolidityPacked.encodeParams vs cast: seed ${seed}`)
    const withArray = fc.array(arbEntry.filter((e) => e.castOk), { minLength: 1, maxLength: 5 }).filter((l) => l.some((e) => e.type.endsWith(']')))
    const lists = fc.sample(withArray, { numRuns: 25, seed })
    const outs = await Promise.all(lists.map((l) => castAsync(['abi-encode', '--packed', '--', `f(${l.map((e) => e.type).join(',')})`, ...l.map((e) => e.castArg)])))
    lists.forEach((l, i) => {
      const params = AbiCodec.parseTypes(l.map((e) => e.type).join(','))
      const ours = SolidityPacked.encodeParams(params, AbiCodec.coerceAll(params, l.map((e) => e.ethersValue)))
      expect(ours.hex, `seed ${seed}: ${l.map((e) => e.line).join(' | ')}`).toBe(outs[i])
    })
  })

  it.each([
    ['string[]', [['a']], /string\[\] cannot be packed: array elements are padded to 32 bytes/],
    ['bytes[]', [['0x61']], /bytes\[\] cannot be packed/],
    ['uint8[][]', [[[1]]], /nested arrays cannot be packed/],
    ['((uint8,bool))', [[1, true]], /structs \(tuples\) have no packed encoding/],
    ['(uint8)[]', [[[1]]], /structs \(tuples\) have no packed encoding/],
  ])('refuses %s, saying why (Solidity refuses it too)', (types, values, message) => {
    const params = AbiCodec.parseTypes(types)
    expect(() => SolidityPacked.encodeParams(params, AbiCodec.coerceAll(params, values))).toThrow(SolidityPacked.UnsupportedTypeError)
    expect(() => SolidityPacked.encodeParams(params, AbiCodec.coerceAll(params, values))).toThrow(message)
  })
})

describe('properties', () => {
  it('the result is the concatenation of the parts, at their offsets', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { minLength: 1, maxLength: 6 }), (entries) => {
        const p = SolidityPacked.encodeText(entries.map((e) => e.line).join('\n'))
        expect(p.parts).toHaveLength(entries.length)
        for (const part of p.parts) expect(p.hex.slice(2 + part.offset * 2, 2 + part.offset * 2 + part.hex.length - 2)).toBe(part.hex.slice(2))
        expect(p.size).toBe((p.hex.length - 2) / 2)
      }),
      { numRuns: 100 },
    )
  })
})

describe('known encodings (Solidity docs: abi.encodePacked example)', () => {
  it('int16(-1), bytes1(0x42), uint16(0x03), string("Hello, world!")', () => {
    // docs.soliditylang.org, "Non-standard Packed Mode": 0xffff42000348656c6c6f2c20776f726c6421
    const p = SolidityPacked.encodeText('int16 -1\nbytes1 0x42\nuint16 0x03\nstring Hello, world!')
    expect(p.hex).toBe('0xffff42000348656c6c6f2c20776f726c6421')
  })
})

describe('bad input', () => {
  const cases: [string, string, RegExp][] = [
    ['', 'SolidityPacked.EmptyListError', /at least one value/],
    ['string[] ["a"]', 'SolidityPacked.UnsupportedTypeError', /string\[\] cannot be packed/],
    ['uint8[][] [[1]]', 'SolidityPacked.UnsupportedTypeError', /cannot be packed/],
    ['uint8 256', 'SolidityValue.ListError', /Line 1: uint8: 256 is out of range for uint8 \(0 to 255\)/],
    ['int8 -129', 'SolidityValue.ListError', /out of range for int8/],
    ['uint7 1', 'SolidityValue.ListError', /Unknown or unsupported type "uint7"/],
    ['bytes2 0x12', 'SolidityValue.ListError', /bytes2 takes exactly 2 bytes/],
    ['bytes 0x123', 'SolidityValue.ListError', /Odd number of hex digits/],
    ['bytes 1234', 'SolidityValue.ListError', /hex starting with 0x/],
    ['address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'SolidityValue.ListError', /Checksum mismatch/],
    ['bool maybe', 'SolidityValue.ListError', /not a bool/],
    ['uint256 1.5', 'SolidityValue.ListError', /not a whole number/],
    ['uint8[2] [1]', 'SolidityValue.ListError', /takes exactly 2 elements; 1 given/],
    ['uint8[] [1, 2', 'SolidityValue.ListError', /written in brackets/],
    ['uint8[] [1, x]', 'SolidityValue.ListError', /Element 1: uint8: "x" is not a whole number/],
    ['(uint8,bool) x', 'SolidityValue.ListError', /type and a value/],
    ['uint8 1\nfoo', 'SolidityValue.ListError', /Line 2: Unknown or unsupported type "foo"/],
    ['string "unterminated \\"', 'SolidityValue.ListError', /quoted string is not valid/],
  ]
  it.each(cases)('%j', (input, name, message) => {
    expect(() => SolidityPacked.encodeText(input)).toThrow(expect.objectContaining({ name, shortMessage: expect.stringMatching(message) }))
  })
  it('bounds type length and array dimensions (no deep recursion)', () => {
    expect(() => SolidityValue.parseList(`uint8${'[]'.repeat(40_000)} []`)).toThrow(expect.objectContaining({ name: 'SolidityValue.ListError', message: expect.stringMatching(/at most 8 array dimensions/) }))
    expect(SolidityValue.parseType(`uint8${'[2]'.repeat(8)}`).canonical).toBe(`uint8${'[2]'.repeat(8)}`)
  })
  it('bounds list length and value size', () => {
    expect(() => SolidityValue.parseList('uint8 1\n'.repeat(300))).toThrow(expect.objectContaining({ shortMessage: expect.stringMatching(/At most 256 entries/) }))
    expect(() => SolidityValue.parseList(`bytes 0x${'00'.repeat(60_000)}`)).toThrow(expect.objectContaining({ shortMessage: expect.stringMatching(/at most 100000/) }))
  })
  it('never throws anything but core errors on arbitrary lines', () => {
    fc.assert(
      fc.property(fc.constantFrom('uint8', 'int256', 'address', 'bool', 'bytes4', 'bytes', 'string', 'uint8[]', 'bytes2[2]'), fc.string({ maxLength: 50 }), (t, v) => {
        try {
          SolidityPacked.encodeText(`${t} ${v}`)
        } catch (e) {
          expect(e, String(e)).toBeInstanceOf(BaseError)
          expect((e as Error).name).toMatch(/^(SolidityValue|SolidityPacked)\./)
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe('value parsing', () => {
  it('integers: decimal, hex, underscores, exponent, negative hex', () => {
    const u = SolidityValue.parseType('uint')
    expect(SolidityValue.parseValue(u, '1_000')).toBe(1000n)
    expect(SolidityValue.parseValue(u, '0xff')).toBe(255n)
    expect(SolidityValue.parseValue(u, '1.5e18')).toBe(1500000000000000000n)
    expect(SolidityValue.parseValue(SolidityValue.parseType('int8'), '-0x80')).toBe(-128n)
  })
  it('types: aliases and arrays', () => {
    expect(SolidityValue.parseType('uint').canonical).toBe('uint256')
    expect(SolidityValue.parseType('byte').canonical).toBe('bytes1')
    expect(SolidityValue.parseType('address payable').canonical).toBe('address')
    expect(SolidityValue.parseType('int[3][]').canonical).toBe('int256[3][]')
  })
  it('strings keep inner spaces; quotes allow escapes and outer spaces', () => {
    const [a, b] = SolidityValue.parseList('string  two  words  \nstring " padded\\n"')
    expect(a!.value).toBe('two  words')
    expect(b!.value).toBe(' padded\n')
  })
})

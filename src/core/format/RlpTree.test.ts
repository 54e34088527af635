import { Bytes, Hex } from 'ox'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, castOrRefusal, describeVectors, readVector } from '../../../test/support'
import * as RlpTree from './RlpTree'

type VecIn = string | number | VecIn[]
const vecItem = (v: VecIn): RlpTree.Item =>
  Array.isArray(v) ? v.map(vecItem) : typeof v === 'number' ? BigInt(v) : /^#\d+$/.test(v) ? BigInt(v.slice(1)) : Bytes.fromString(v)

describeVectors('RLP vectors (ethereum/tests)', () => {
  const valid = readVector<Record<string, { in: VecIn; out: string }>>('rlp/rlptest.json')
  it.each(Object.entries(valid))('%s encodes and decodes', (_n, { in: input, out }) => {
    expect(RlpTree.encode(vecItem(input))).toBe(out.toLowerCase())
    const tree = RlpTree.decode(out as Hex.Hex)
    // decoding then re-encoding the tree reproduces the bytes
    const back = (n: RlpTree.Node): RlpTree.Item => (n.kind === 'bytes' ? Bytes.fromHex(n.hex) : n.items.map(back))
    expect(RlpTree.encode(back(tree))).toBe(out.toLowerCase())
  })

  const invalid = readVector<Record<string, { in: string; out: string }>>('rlp/invalidRLPTest.json')
  it.each(Object.entries(invalid))('%s is rejected with a reason', (_n, { out }) => {
    let err: unknown
    try {
      RlpTree.decode(out as Hex.Hex)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(Error)
    expect((err as Error).name).toMatch(/^RlpTree\.(NonCanonical|Truncated|TrailingBytes)Error$/)
  })

  it('decodes the RandomRLPTests example', () => {
    const ex = readVector<Record<string, { out: string }>>('rlp/example.json')
    for (const { out } of Object.values(ex)) expect(RlpTree.toJson(RlpTree.decode(out as Hex.Hex))).toEqual([[], [[]], [[], [[]]]])
  })
})

describe('RlpTree errors', () => {
  const nameOf = (hex: string) => {
    try {
      RlpTree.decode(hex as Hex.Hex)
      return 'ok'
    } catch (e) {
      return (e as Error).name
    }
  }
  it('names each bad-input class', () => {
    expect(nameOf('0x')).toBe('RlpTree.TruncatedError')
    expect(nameOf('0x8100')).toBe('RlpTree.NonCanonicalError')
    expect(nameOf('0xb801ff')).toBe('RlpTree.NonCanonicalError')
    expect(nameOf('0xb90038' + 'aa'.repeat(56))).toBe('RlpTree.NonCanonicalError')
    expect(nameOf('0x83aabb')).toBe('RlpTree.TruncatedError')
    expect(nameOf('0xc380')).toBe('RlpTree.TruncatedError')
    expect(nameOf('0x8080')).toBe('RlpTree.TrailingBytesError')
    expect(nameOf('0xzz')).toBe('HexText.InvalidCharacterError')
    expect(nameOf('0x123')).toBe('HexText.OddLengthError')
    expect(nameOf('0x' + 'c1'.repeat(2000) + 'c0')).toMatch(/RlpTree\.(TooDeep|Truncated)Error/)
  })
  it('reports where the problem is', () => {
    try {
      RlpTree.decode('0xc3808100' as Hex.Hex)
      expect.unreachable()
    } catch (e) {
      expect((e as RlpTree.NonCanonicalError).position).toBe(2)
      expect((e as Error).message).toMatch(/single byte 0x00/)
    }
  })
  it('rejects bad JSON with a reason', () => {
    expect(() => RlpTree.fromJson('[1, null]')).toThrow(/item 1 of the value is null/i)
    expect(() => RlpTree.fromJson('["0x123"]')).toThrow(/not whole bytes/)
    expect(() => RlpTree.fromJson('[-1]')).toThrow(/non-negative/)
    expect(() => RlpTree.fromJson('[')).toThrow(RlpTree.InvalidJsonError)
    expect(() => RlpTree.fromJson('')).toThrow(RlpTree.InvalidJsonError)
  })
  it('flattens in document order with paths', () => {
    expect(RlpTree.flatten(RlpTree.decode('0xc461c16280' as Hex.Hex)).map((e) => `${e.path}=${e.value}`)).toEqual([
      '[]=list of 3 items',
      '[0]=0x61',
      '[1]=list of 1 item',
      '[1][0]=0x62',
      '[2]=0x',
    ])
  })
  it('deep nesting is bounded (no stack overflow)', () => {
    const deep = '0x' + 'c1'.repeat(1500) + 'c0'
    expect(() => RlpTree.decode(deep as Hex.Hex)).toThrow()
  })
})

const arbItem: fc.Arbitrary<RlpTree.Item> = fc.letrec<{ item: RlpTree.Item }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.uint8Array({ maxLength: 70 }),
    fc.bigInt({ min: 0n, max: 2n ** 256n }),
    fc.array(tie('item'), { maxLength: 5 }),
  ),
})).item

const toHexTree = (i: RlpTree.Item): unknown =>
  i instanceof Uint8Array ? Hex.fromBytes(i) : typeof i === 'bigint' ? Hex.fromBytes(RlpTree.bigintBytes(i)) : i.map(toHexTree)

describe('RlpTree properties', () => {
  it('decode(encode(x)) = x', () => {
    fc.assert(
      fc.property(arbItem, (item) => {
        expect(RlpTree.toJson(RlpTree.decode(RlpTree.encode(item)))).toEqual(toHexTree(item))
      }),
      { numRuns: 500 },
    )
  })
  it('any bytes either fail with a core error or decode to a tree that re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        let tree: RlpTree.Node
        try {
          tree = RlpTree.decode(bytes)
        } catch (e) {
          expect((e as Error).name).toMatch(/^RlpTree\./)
          return
        }
        const back = (n: RlpTree.Node): RlpTree.Item => (n.kind === 'bytes' ? Bytes.fromHex(n.hex) : n.items.map(back))
        expect(RlpTree.encode(back(tree))).toBe(Hex.fromBytes(bytes))
      }),
      { numRuns: 3000 },
    )
  })
})

describe('RlpTree against cast', () => {
  it('to-rlp and from-rlp agree on random nested values', async () => {
    const samples = fc.sample(arbItem.filter((x) => Array.isArray(x)), { numRuns: 20 })
    await Promise.all(
      samples.map(async (item) => {
        const json = JSON.stringify(toHexTree(item))
        const ours = RlpTree.encode(item)
        expect(await castAsync(['to-rlp', json])).toBe(ours)
        expect(JSON.parse(await castAsync(['from-rlp', ours]))).toEqual(RlpTree.toJson(RlpTree.decode(ours)))
      }),
    )
  }, 60_000)
  it('cast also rejects what we reject', async () => {
    for (const bad of ['0x8100', '0xb801ff', '0x83aabb']) {
      expect(() => RlpTree.decode(bad as Hex.Hex)).toThrow()
      // cast prints the error on stderr (exit code 0 in 1.7.1) and no value on stdout
      expect(await castOrRefusal(['from-rlp', bad])).toBe('')
    }
  }, 60_000)
})

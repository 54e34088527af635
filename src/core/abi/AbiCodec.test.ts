import { ethers } from 'ethers'
import fc from 'fast-check'
import { Address, AbiParameters } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as AbiCodec from './AbiCodec'

/** A generated ABI type with a way to generate values: native (ox), cast literal, JSON input. */
interface Val {
  native: unknown
  cast: string
  json: unknown
}
interface Spec {
  type: string
  value: fc.Arbitrary<Val>
}

const safeText = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 '.split('')), maxLength: 40 })
const hexBytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map((b) => `0x${Buffer.from(b).toString('hex')}`)

function leaf(): fc.Arbitrary<Spec> {
  return fc.oneof(
    fc.integer({ min: 1, max: 32 }).map((k): Spec => {
      const bits = k * 8
      return { type: `uint${bits}`, value: fc.bigInt(0n, (1n << BigInt(bits)) - 1n).map((n) => ({ native: n, cast: n.toString(), json: fc.sample(fc.constantFrom(0, 1, 2), 1)[0] === 0 ? `0x${n.toString(16)}` : n.toString() })) }
    }),
    fc.integer({ min: 1, max: 32 }).map((k): Spec => {
      const bits = k * 8
      const lim = 1n << BigInt(bits - 1)
      return { type: `int${bits}`, value: fc.bigInt(-lim, lim - 1n).map((n) => ({ native: n, cast: n.toString(), json: n.toString() })) }
    }),
    fc.constant<Spec>({
      type: 'address',
      value: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => {
        const a = Address.checksum(`0x${Buffer.from(b).toString('hex')}`)
        return { native: a, cast: a, json: a.toLowerCase() }
      }),
    }),
    fc.constant<Spec>({ type: 'bool', value: fc.boolean().map((b) => ({ native: b, cast: String(b), json: b })) }),
    fc.integer({ min: 1, max: 32 }).map((n): Spec => ({ type: `bytes${n}`, value: hexBytes(n, n).map((h) => ({ native: h, cast: h, json: h })) })),
    fc.constant<Spec>({ type: 'bytes', value: hexBytes(0, 70).map((h) => ({ native: h, cast: h, json: h })) }),
    fc.constant<Spec>({ type: 'string', value: safeText.map((s) => ({ native: s, cast: JSON.stringify(s), json: s })) }),
  )
}

const specArb: fc.Arbitrary<Spec> = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf(),
    fc.tuple(tie('spec'), fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined })).map(([child, n]): Spec => ({
      type: `${child.type}[${n ?? ''}]`,
      value: fc.array(child.value, n === undefined ? { maxLength: 3 } : { minLength: n, maxLength: n }).map((xs) => ({
        native: xs.map((x) => x.native),
        cast: `[${xs.map((x) => x.cast).join(', ')}]`,
        json: xs.map((x) => x.json),
      })),
    })),
    fc.array(tie('spec'), { minLength: 1, maxLength: 3 }).map((cs): Spec => ({
      type: `(${cs.map((c) => c.type).join(',')})`,
      value: fc.tuple(...cs.map((c) => c.value)).map((xs) => ({
        native: xs.map((x) => x.native),
        cast: `(${xs.map((x) => x.cast).join(', ')})`,
        json: xs.map((x) => x.json),
      })),
    })),
  ),
})).spec

/** A list of types with values. */
const listArb = fc.array(specArb, { minLength: 1, maxLength: 4 }).chain((specs) =>
  fc.tuple(...specs.map((s) => s.value)).map((vals) => ({ types: specs.map((s) => s.type), vals })),
)

/**
 * cast's encode arguments: every value as its cast literal. A top-level string goes quoted:
 * cast trims a bare argument's surrounding whitespace ("ab " would encode as "ab"), and strips
 * the quotes of a quoted one, keeping its spaces.
 */
function castArgs(_types: string[], vals: Val[]): string[] {
  return vals.map((v) => v.cast)
}

/** Our cast-style formatting of decoded values, compared with cast's output lines. */
function ourLines(params: AbiCodec.Params, values: unknown[]): string[] {
  return params.map((p, i) => AbiCodec.format(p, values[i], false))
}

/** cast annotates big numbers (`1000000000000000000 [1e18]`); drop that. */
function castLines(out: string): string[] {
  return out === '' ? [] : out.split('\n').map((l) => l.replace(/ \[-?\d+(\.\d+)?e-?\d+\]/g, ''))
}

const norm = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' || typeof x === 'number' ? x.toString() : typeof x === 'string' && /^0x[0-9a-fA-F]*$/.test(x) ? x.toLowerCase() : x)))

describe('round trips', () => {
  it('decode(encode(x)) = x for random nested types and values', () => {
    fc.assert(
      fc.property(listArb, ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const values = AbiCodec.coerceAll(params, vals.map((v) => v.json))
        const data = AbiCodec.encode(params, values)
        const back = AbiCodec.decode(params, data)
        expect(norm(back)).toEqual(norm(vals.map((v) => v.native)))
        // and the JSON view parses back to the same encoding
        const json = params.map((p, i) => AbiCodec.toJson(p, back[i]))
        expect(AbiCodec.encode(params, AbiCodec.coerceAll(params, json))).toBe(data)
      }),
      { numRuns: 300 },
    )
  })

  it('encodes like ethers v5 (defaultAbiCoder) byte for byte', () => {
    fc.assert(
      fc.property(listArb, ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const ours = AbiCodec.encode(params, AbiCodec.coerceAll(params, vals.map((v) => v.json)))
        const theirs = ethers.utils.defaultAbiCoder.encode(types, vals.map((v) => v.native) as never)
        expect(ours).toBe(theirs)
      }),
      { numRuns: 200 },
    )
  })

  it('layout labels cover every word of well-formed data exactly once', async () => {
    const AbiLayout = await import('./AbiLayout')
    fc.assert(
      fc.property(listArb, ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const data = AbiCodec.encode(params, AbiCodec.coerceAll(params, vals.map((v) => v.json)))
        const words = AbiLayout.layout(AbiCodec.compileAll(params), params.map((_, i) => `a${i}`), AbiCodec.toBytes(data))
        expect(words.length * 32).toBe((data.length - 2) / 2)
        for (const w of words) expect(w.role, `${w.index} ${w.label}`).not.toBe('unused')
      }),
      { numRuns: 200 },
    )
  })
})

describe('differential against cast', () => {
  const samples = fc.sample(listArb, { numRuns: 16 })

  it('abi-encode and calldata match cast byte for byte', async () => {
    await Promise.all(
      samples.map(async ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const ours = AbiCodec.encode(params, AbiCodec.coerceAll(params, vals.map((v) => v.json)))
        const sig = `f(${types.join(',')})`
        const theirs = await castAsync(['abi-encode', '--', sig, ...castArgs(types, vals)])
        expect(ours, sig).toBe(theirs)
      }),
    )
    // calldata = selector + the same encoding
    await Promise.all(
      samples.slice(0, 8).map(async ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const enc = AbiCodec.encode(params, AbiCodec.coerceAll(params, vals.map((v) => v.json)))
        const sig = `g(${types.join(',')})`
        const [theirs, selector] = await Promise.all([castAsync(['calldata', '--', sig, ...castArgs(types, vals)]), castAsync(['sig', sig])])
        expect(`${selector}${enc.slice(2)}`).toBe(theirs)
      }),
    )
  })

  it('decode-abi (inputs and outputs) prints what we decode', async () => {
    await Promise.all(
      samples.slice(0, 12).map(async ({ types, vals }, k) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const enc = await castAsync(['abi-encode', '--', `f(${types.join(',')})`, ...castArgs(types, vals)])
        const ours = ourLines(params, AbiCodec.decode(params, enc as `0x${string}`))
        const theirs = castLines(
          k % 2 ? await castAsync(['decode-abi', '--input', `f(${types.join(',')})`, enc]) : await castAsync(['decode-abi', `f()(${types.join(',')})`, enc]),
        )
        expect(ours).toEqual(theirs)
      }),
    )
  })
})

describe('values in', () => {
  const P = (t: string) => AbiCodec.parseTypes(t)

  it('accepts units, hex, scientific and underscores for integers', () => {
    const [a, b, c, d, e] = AbiCodec.coerceAll(P('uint256,uint256,uint256,int8,uint256'), AbiCodec.parseJsonValues('["1.5 ether", "0xff", 1e18, -128, "1_000"]'))
    expect([a, b, c, d, e]).toEqual([1500000000000000000n, 255n, 10n ** 18n, -128n, 1000n])
    expect(AbiCodec.coerceAll(P('uint256'), AbiCodec.parseJsonValues('["30 gwei"]'))).toEqual([30_000_000_000n])
  })

  it('keeps every digit of bare JSON numbers', () => {
    expect(AbiCodec.coerceAll(P('uint256'), AbiCodec.parseJsonValues('[115792089237316195423570985008687907853269984665640564039457584007913129639935]'))).toEqual([2n ** 256n - 1n])
  })

  it('accepts tuples as arrays or objects by field name', () => {
    const p = P('((address to, uint256 amount))')
    const a = AbiCodec.coerceAll(p, [['0x000000000000000000000000000000000000dEaD', '5']])
    const b = AbiCodec.coerceAll(p, [{ to: '0x000000000000000000000000000000000000dead', amount: 5 }])
    expect(AbiCodec.encode(p, a)).toBe(AbiCodec.encode(p, b))
  })

  const bad: [string, string, string, RegExp][] = [
    ['uint8', '[256]', 'AbiCodec.InvalidValuesError', /256 is out of range for uint8/],
    ['int8', '[-129]', 'AbiCodec.InvalidValuesError', /out of range for int8/],
    ['uint256', '["-1"]', 'AbiCodec.InvalidValuesError', /out of range for uint256/],
    ['uint256', '["abc"]', 'AbiCodec.InvalidValuesError', /not an integer/],
    ['uint256', '["1.5 gwei wei"]', 'AbiCodec.InvalidValuesError', /not an integer/],
    ['uint256', '["0.0000000001 gwei"]', 'AbiCodec.InvalidValuesError', /Too many decimals/],
    ['address', '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046"]', 'AbiCodec.InvalidValuesError', /Checksum mismatch/],
    ['address', '["0x1234"]', 'AbiCodec.InvalidValuesError', /An address has 40 hex digits; this has 4/],
    ['address', '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96044"]', 'AbiCodec.InvalidValuesError', /Did you mean|Checksum/],
    ['bool', '["yes"]', 'AbiCodec.InvalidValuesError', /not a bool/],
    ['bytes4', '["0x1234"]', 'AbiCodec.InvalidValuesError', /exactly 4 bytes, got 2/],
    ['bytes', '["0x123"]', 'AbiCodec.InvalidValuesError', /odd number of hex digits/],
    ['bytes', '["hello"]', 'AbiCodec.InvalidValuesError', /not hex/],
    ['string', '[true]', 'AbiCodec.InvalidValuesError', /not a string/],
    ['uint256[2]', '[[1]]', 'AbiCodec.InvalidValuesError', /exactly 2 elements, got 1/],
    ['uint256[]', '[5]', 'AbiCodec.InvalidValuesError', /not an array/],
    ['((uint256,bool))', '[[1]]', 'AbiCodec.InvalidValuesError', /has 2 fields, got 1/],
    ['((uint256 a,bool b))', '[{"a":1}]', 'AbiCodec.InvalidValuesError', /Missing field "b"/],
    ['uint256,uint256', '[1]', 'AbiCodec.InvalidValuesError', /Expected 2 values/],
    ['uint256', '[1,', 'AbiCodec.InvalidValuesError', /not valid JSON/],
  ]
  it.each(bad)('%s %s -> %s', (types, json, name, msg) => {
    let err: unknown
    try {
      AbiCodec.coerceAll(P(types), AbiCodec.parseJsonValues(json))
    } catch (e) {
      err = e
    }
    expect((err as Error)?.name).toBe(name)
    expect((err as Error).message).toMatch(msg)
  })

  it('names the argument path in errors, counting arguments as the form does (Argument 1, not args[0])', () => {
    expect(() => AbiCodec.coerceAll(P('(address to, uint256[] xs)[]'), [[['0x000000000000000000000000000000000000dead', [1, 'x']]]])).toThrow(/Argument 1\[0\]\.xs\[1\]/)
  })

  const badTypes: [string, RegExp][] = [
    ['uint7', /multiples of 8/],
    ['bytes33', /1 to 32/],
    ['address5', /not a Solidity type/],
    ['foo', /not a Solidity type/],
    ['(uint256', /Unbalanced|Invalid/],
    ['[{"type":"tuple"}]', /without "components"/],
    ['[{"name":"x"}]', /no "type"/],
  ]
  it.each(badTypes)('rejects the type list %s', (t, msg) => {
    expect(() => AbiCodec.parseTypes(t)).toThrow(msg)
  })

  it('rejects types nested too deep', () => {
    expect(() => AbiCodec.parseTypes(`uint256${'[]'.repeat(40)}`)).toThrow(/levels deep/)
  })

  it('parses type lists in every accepted form to the same parameters', () => {
    const want = AbiCodec.canonicalType({ type: 'tuple', components: AbiCodec.parseTypes('uint256,(string,bytes)[]') } as never)
    for (const t of ['uint256,(string,bytes)[]', '(uint256, (string, bytes)[])', 'f(uint256,(string,bytes)[])', 'uint256 a, tuple(string s, bytes b)[] c', '[{"type":"uint256"},{"type":"tuple[]","components":[{"type":"string"},{"type":"bytes"}]}]'])
      expect(AbiCodec.canonicalType({ type: 'tuple', components: AbiCodec.parseTypes(t) } as never), t).toBe(want)
  })
})

describe('ox agrees with our checked decoder on random valid data', () => {
  it('same values via AbiParameters.decode', () => {
    fc.assert(
      fc.property(listArb, ({ types, vals }) => {
        const params = AbiCodec.parseTypes(`(${types.join(',')})`)
        const data = AbiCodec.encode(params, AbiCodec.coerceAll(params, vals.map((v) => v.json)))
        expect(norm(AbiCodec.decode(params, data))).toEqual(norm(AbiParameters.decode(params.map((p) => ({ ...p, name: undefined })) as never, data)))
      }),
      { numRuns: 50 },
    )
  })
})

describe('parseTypes: a leading ethers-style tuple(...) is a type, not a function name', () => {
  it('decodes ((1,2),3) for "tuple(uint256,uint256), uint256" like ethers v5', () => {
    const text = 'tuple(uint256,uint256), uint256'
    const params = AbiCodec.parseTypes(text)
    expect(params.map(AbiCodec.canonicalType)).toEqual(['(uint256,uint256)', 'uint256'])
    const coder = new ethers.utils.AbiCoder()
    const data = coder.encode(['tuple(uint256,uint256)', 'uint256'], [[1, 2], 3]) as `0x${string}`
    const theirs = coder.decode(['tuple(uint256,uint256)', 'uint256'], data)
    const ours = AbiCodec.decode(params, data)
    expect(JSON.stringify(ours, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).toBe(
      JSON.stringify(theirs, (_k, v) => (v && typeof v === 'object' && v.type === 'BigNumber' ? ethers.BigNumber.from(v).toString() : v)),
    )
  })
})

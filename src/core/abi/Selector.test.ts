import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Selector from './Selector'

/** A random ABI type tree, rendered canonically, as cast accepts it, and messily. */
interface T {
  canonical: string
  plain: string
  messy: string
}
const elementary: [string, string][] = [
  ['uint', 'uint256'],
  ['uint8', 'uint8'],
  ['uint256', 'uint256'],
  ['int', 'int256'],
  ['int64', 'int64'],
  ['address', 'address'],
  ['bool', 'bool'],
  ['string', 'string'],
  ['bytes', 'bytes'],
  ['bytes1', 'bytes1'],
  ['bytes32', 'bytes32'],
  ['uint160', 'uint160'],
]
const sp = fc.constantFrom('', ' ', '  ', '\n ')
const arbName = fc.stringMatching(/^[a-z_][a-zA-Z0-9_]{0,6}$/)

const arbType: fc.Arbitrary<T> = fc.letrec<{ t: T; base: T; tuple: T }>((tie) => ({
  base: fc.constantFrom(...elementary).map(([w, c]) => ({ canonical: c, plain: w, messy: w })),
  tuple: fc.tuple(fc.array(tie('t'), { minLength: 1, maxLength: 3 }), fc.boolean(), sp).map(([ts, kw, s]) => ({
    canonical: `(${ts.map((t) => t.canonical).join(',')})`,
    plain: `(${ts.map((t) => t.plain).join(',')})`,
    messy: `${kw ? 'tuple' : ''}(${s}${ts.map((t) => t.messy).join(`${s},${s}`)}${s})`,
  })),
  t: fc
    .tuple(fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('base'), tie('base'), tie('tuple')), fc.array(fc.constantFrom('[]', '[2]', '[10]'), { maxLength: 2 }))
    .map(([t, arrs]) => ({ canonical: t.canonical + arrs.join(''), plain: t.plain + arrs.join(''), messy: t.messy + arrs.join('') })),
}))['t']

const arbSig = fc.tuple(fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,10}$/), fc.array(fc.tuple(arbType, arbName, fc.boolean()), { maxLength: 4 }), sp).map(([name, params, s]) => ({
  canonical: `${name}(${params.map(([t]) => t.canonical).join(',')})`,
  plain: `${name}(${params.map(([t, n, named]) => (named ? `${t.plain} ${n}` : t.plain)).join(',')})`,
  messy: `${name}${s}(${s}${params
    .map(([t, n, named]) => `${t.messy}${/^(string|bytes)$/.test(t.canonical) || t.canonical.endsWith(']') ? ' memory' : ''}${named ? ` ${n}` : ''}`)
    .join(`${s},${s}`)}${s})`,
  params: params.length,
}))

describe('well-known selectors (ERC-20, published in EIP-20 implementations)', () => {
  it.each([
    ['transfer(address to, uint256 amount)', '0xa9059cbb'],
    ['function transfer(address,uint) external returns (bool)', '0xa9059cbb'],
    ['approve(address spender, uint256 value)', '0x095ea7b3'],
    ['balanceOf(address)', '0x70a08231'],
    ['transferFrom( address from , address to , uint256 value )', '0x23b872dd'],
  ])('%s', (sig, selector) => {
    expect(Selector.from(sig).selector).toBe(selector)
  })
  it('Transfer event topic', () => {
    const r = Selector.from('event Transfer(address indexed from, address indexed to, uint256 value)')
    expect(r.kind).toBe('event')
    expect(r.hash).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
    expect(r.params.map((p) => p.indexed ?? false)).toEqual([true, true, false])
  })
  it('Error(string) and Panic(uint256) selectors', () => {
    expect(Selector.from('error Error(string)').selector).toBe('0x08c379a0')
    expect(Selector.from('Panic(uint256)', 'error').selector).toBe('0x4e487b71')
  })
})

describe('differential against cast sig / sig-event', () => {
  it('random function signatures (names, spaces, tuples, arrays, data locations)', async () => {
    const sigs = fc.sample(arbSig, 25)
    const outs = await Promise.all(sigs.map((s) => castAsync(['sig', s.plain])))
    sigs.forEach((s, i) => {
      const messy = Selector.from(s.messy)
      expect(messy.canonical, s.messy).toBe(s.canonical)
      expect(messy.selector, s.messy).toBe(outs[i])
      expect(Selector.from(s.plain).selector).toBe(outs[i])
      expect(messy.hash).toBe(ethers.utils.id(s.canonical))
    })
  })
  it('random event signatures with indexed parameters', async () => {
    const evs = fc.sample(
      fc.tuple(fc.stringMatching(/^[A-Z][a-zA-Z0-9]{0,8}$/), fc.array(fc.tuple(fc.constantFrom(...elementary), fc.boolean(), arbName), { maxLength: 4 })),
      12,
    ).map(([name, ps]) => ({
      text: `${name}(${ps.map(([[w], idx, n]) => `${w}${idx ? ' indexed' : ''} ${n}`).join(', ')})`,
      canonical: `${name}(${ps.map(([[, c]]) => c).join(',')})`,
    }))
    const outs = await Promise.all(evs.map((e) => castAsync(['sig-event', e.text])))
    evs.forEach((e, i) => {
      const r = Selector.from(`event ${e.text}`)
      expect(r.canonical).toBe(e.canonical)
      expect(r.hash, e.text).toBe(outs[i])
    })
  })
})

describe('normalization', () => {
  it('drops names, data locations, payable, modifiers and returns; expands aliases', () => {
    const r = Selector.from('function  swap ( tuple( address payable to , uint amt ) memory  order, bytes calldata  data, fixed f, byte b ) external payable returns (uint256 out)')
    expect(r.canonical).toBe('swap((address,uint256),bytes,fixed128x18,bytes1)')
    expect(r.params[1]).toEqual({ type: 'bytes', name: 'data' })
  })
  it('agrees with ethers v5 Fragment formatting on what both accept', () => {
    fc.assert(
      fc.property(arbSig, (s) => {
        expect(Selector.from(s.plain).canonical).toBe(ethers.utils.FunctionFragment.from(s.plain).format())
      }),
      { numRuns: 200 },
    )
  })
  it('marks anonymous events', () => {
    expect(Selector.from('event E(uint a) anonymous').anonymous).toBe(true)
  })
})

describe('bad input', () => {
  const cases: [string, RegExp][] = [
    ['', /Enter a signature/],
    ['(uint256)', /Expected a name/],
    ['transfer', /Expected "\(" after transfer/],
    ['transfer(address,uint256', /Missing "\)"/],
    ['transfer(address uint256)', /"uint256" is a type, not a parameter name: is a comma missing/],
    ['f(uint7)', /Unknown type "uint7"/],
    ['f(bytes33)', /Unknown type "bytes33"/],
    ['f(MyStruct s)', /not an ABI type \(a struct, enum or contract name\?\)/],
    ['f(uint256,)', /Missing a parameter type/],
    ['f(uint256[01])', /Invalid array length/],
    ['f(uint256) garbage here', /Unexpected text after the parameter list/],
    ['f(uint256 indexed a)', /"indexed" only applies to event parameters/],
    ['constructor(uint256 a)', /has no selector/],
    ['f(fixed7x2)', /Invalid fixed-point type/],
    ['f(' + '('.repeat(40) + 'uint' + ')'.repeat(41), /nested more than 32 deep/],
    ['f(' + 'uint,'.repeat(3000) + 'uint)', /at most 10000/],
  ]
  it.each(cases)('%j', (input, message) => {
    expect(() => Selector.from(input)).toThrow(expect.objectContaining({ name: 'Selector.InvalidSignatureError', shortMessage: expect.stringMatching(message) }))
  })
  it('stays fast on hostile text (no regex backtracking, bounded nesting)', () => {
    const hostile = [
      'f()' + ' returns ('.repeat(900) + 'x',
      'f()' + ' returns (a) returns (b)'.repeat(400) + ' z',
      'f()' + ' view'.repeat(1900) + ' !',
      'f(' + 'uint[]'.repeat(1600) + ')',
      'f(' + '('.repeat(5000),
      'f(' + 'a '.repeat(4000) + ')',
    ]
    for (const h of hostile) {
      const t0 = performance.now()
      expect(() => Selector.from(h)).toThrow(expect.objectContaining({ name: 'Selector.InvalidSignatureError' }))
      expect(performance.now() - t0, h.slice(0, 30)).toBeLessThan(500)
    }
  })
  it('never throws anything but its own error on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        try {
          Selector.from(`f(${s})`)
        } catch (e) {
          expect((e as Error).name).toBe('Selector.InvalidSignatureError')
        }
      }),
      { numRuns: 1000 },
    )
  })
})

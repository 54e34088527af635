import fc from 'fast-check'
import { BigNumber } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../test/support'
import * as BigNum from './BigNum'
import { BaseError } from '../Errors'

const U256 = BigNum.parseMode('uint256')
const I256 = BigNum.parseMode('int256')
const word = (v: bigint) => BigInt.asUintN(256, v).toString(16).padStart(64, '0')

describe('BigNum.parseNumber', () => {
  it.each([
    ['42', 42n],
    ['0x2a', 42n],
    ['0X2A', 42n],
    ['0b101010', 42n],
    ['0o52', 42n],
    ['1e18', 10n ** 18n],
    ['1.5e3', 1500n],
    ['1_000_000', 1_000_000n],
    ['0xff_ff', 65535n],
    ['-7', -7n],
    ['+7', 7n],
    ['{"type":"BigNumber","hex":"0x2a"}', 42n],
    ['{"_hex":"0x2a","_isBigNumber":true}', 42n],
  ])('%s', (text, expected) => expect(BigNum.parseNumber(text)).toBe(expected))

  it('agrees with ethers v5 BigNumber JSON round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (v) => {
        expect(BigNum.parseNumber(JSON.stringify(BigNumber.from(v)))).toBe(v)
        expect(BigNum.parseNumber(BigNumber.from(v).toHexString())).toBe(v)
      }),
    )
  })

  it.each([
    ['', 'BigNum.SyntaxError'],
    ['0x', 'BigNum.SyntaxError'],
    ['0xg1', 'BigNum.SyntaxError'],
    ['0b102', 'BigNum.SyntaxError'],
    ['1.5', 'BigNum.NotIntegerError'],
    ['1__0', 'BigNum.SyntaxError'],
    ['{"hex":12}', 'BigNum.SyntaxError'],
    ['{oops', 'BigNum.SyntaxError'],
    ['12abc', 'BigNum.SyntaxError'],
  ])('rejects %j with %s', (text, name) => {
    expect(() => BigNum.parseNumber(text)).toThrowError(expect.objectContaining({ name }))
  })

  it('never throws anything but its own errors on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        try {
          BigNum.parseNumber(s)
        } catch (e) {
          expect((e as Error).name).toMatch(/^BigNum\./)
        }
      }),
    )
  })
})

describe('BigNum.evaluate (unbounded)', () => {
  it.each([
    ['1 + 2 * 3', 7n],
    ['(1 + 2) * 3', 9n],
    ['2**256 - 1', 2n ** 256n - 1n],
    ['2**3**2', 512n],
    ['-2**2', -4n],
    ['7 / 2', 3n],
    ['-7 / 2', -3n],
    ['-7 % 3', -1n],
    ['1 << 255', 2n ** 255n],
    ['0xff & 0x0f | 0x100', 0x10fn],
    ['5 ^ 3', 6n],
    ['~0', -1n],
    ['3 > 2', 1n],
    ['3 <= 2', 0n],
    ['min(3, 1, 2) + max(3, 9)', 10n],
    ['abs(-5)', 5n],
    ['sqrt(10**36)', 10n ** 18n],
    ['sqrt(99)', 9n],
    ['mulDiv(2**255, 6, 4)', (2n ** 255n * 6n) / 4n],
    ['type(uint256).max', 2n ** 256n - 1n],
    ['type(int256).min', -(2n ** 255n)],
    ['type(int8).max', 127n],
    ['1e18 * 3', 3n * 10n ** 18n],
  ])('%s', (src, expected) => expect(BigNum.evaluate(src).value).toBe(expected))

  it.each([
    ['1 +', 'BigNum.SyntaxError', 3],
    ['(1 + 2', 'BigNum.SyntaxError', 6],
    ['1 + 2)', 'BigNum.SyntaxError', 5],
    ['1 $ 2', 'BigNum.SyntaxError', 2],
    ['foo(1)', 'BigNum.SyntaxError', 0],
    ['1 / 0', 'BigNum.DivisionByZeroError', 2],
    ['2 ** -1', 'BigNum.EvalError', 2],
    ['2 ** 100000000', 'BigNum.TooLargeError', 2],
    ['1 << 10000000', 'BigNum.TooLargeError', 2],
    ['sqrt(-1)', 'BigNum.EvalError', 0],
    ['type(uint7).max', 'BigNum.SyntaxError', 5],
    ['mulDiv(1, 2)', 'BigNum.SyntaxError', 0],
  ])('%j fails with %s at position %i', (src, name, position) => {
    expect(() => BigNum.evaluate(src)).toThrowError(expect.objectContaining({ name, position }))
  })

  // An independent reference: random expression trees evaluated directly, rendered fully
  // parenthesised, must equal what the parser computes.
  type Tree = { op: string; l: Tree; r: Tree } | { n: bigint }
  const leaf = fc.bigInt({ min: 0n, max: 2n ** 70n }).map((n) => ({ n }))
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
    t: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.record({ op: fc.constantFrom('+', '-', '*', '&', '|', '^'), l: tie('t'), r: tie('t') })),
  })).t
  const render = (t: Tree): string => ('n' in t ? `0x${t.n.toString(16)}` : `(${render(t.l)} ${t.op} ${render(t.r)})`)
  const ref = (t: Tree): bigint => {
    if ('n' in t) return t.n
    const a = ref(t.l)
    const b = ref(t.r)
    return t.op === '+' ? a + b : t.op === '-' ? a - b : t.op === '*' ? a * b : t.op === '&' ? a & b : t.op === '|' ? a | b : a ^ b
  }
  it('matches a direct evaluation of random expression trees', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(BigNum.evaluate(render(t)).value).toBe(ref(t))
      }),
      { numRuns: 300 },
    )
  })
  it('matches ethers v5 two’s complement for uint256/int256 wrapping', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), (v) => {
        const u = BigNum.evaluate(`${v}`, U256).value
        expect(u).toBe(BigNumber.from(v).toTwos(512).mask(256).toBigInt())
        expect(BigNum.evaluate(`${v}`, I256).value).toBe(BigNumber.from(u).fromTwos(256).toBigInt())
      }),
    )
  })
})

describe('BigNum.evaluate (EVM semantics) against a real EVM (anvil)', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(() => anvil?.stop())

  // Runs `a OP b` in the EVM: init code PUSH32 b PUSH32 a OP PUSH1 1 MSTORE PUSH1 33 PUSH1 0 RETURN.
  // The returned "code" starts with a 0x00 byte, so EIP-3541 (no code starting with 0xEF) never refuses it.
  async function evm(opcode: number, a: bigint, b: bigint): Promise<bigint> {
    const code = `0x7f${word(b)}7f${word(a)}${opcode.toString(16).padStart(2, '0')}60015260216000f3`
    const r = await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: code }, 'latest'] }),
    })
    const j = (await r.json()) as { result?: string; error?: unknown }
    if (typeof j.result !== 'string') throw new Error(`eth_call failed: ${JSON.stringify(j.error)}`)
    return BigInt(j.result)
  }
  const cases: [string, number, boolean][] = [
    ['+', 0x01, false], ['*', 0x02, false], ['-', 0x03, false], ['/', 0x04, false], ['/', 0x05, true],
    ['%', 0x06, false], ['%', 0x07, true], ['**', 0x0a, false], ['&', 0x16, false], ['|', 0x17, false],
    ['^', 0x18, false], ['<', 0x10, false], ['>', 0x11, false], ['<', 0x12, true], ['>', 0x13, true], ['==', 0x14, false],
  ]
  const operand = fc.oneof(
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
    fc.bigInt({ min: 0n, max: 300n }),
    fc.constantFrom(0n, 1n, 2n ** 255n, 2n ** 256n - 1n, 2n ** 255n - 1n),
  )
  it.each(cases)('%s (opcode 0x%s, signed %s) matches the EVM on random words', async (op, opcode, signed) => {
    const mode = signed ? I256 : U256
    await fc.assert(
      fc.asyncProperty(operand, operand, async (ua, ub) => {
        const a = signed ? BigInt.asIntN(256, ua) : ua
        const b = signed ? BigInt.asIntN(256, ub) : ub
        const expected = await evm(opcode, ua, ub)
        const got = BigNum.evaluate(`(${a}) ${op} (${b})`, mode).value
        expect(word(got)).toBe(word(expected))
      }),
      { numRuns: 25 },
    )
  })
  it.each([['<<', 0x1b, false], ['>>', 0x1c, false], ['>>', 0x1d, true]] as const)('shift %s (opcode 0x%s) matches the EVM', async (op, opcode, signed) => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.bigInt({ min: 0n, max: 300n }), async (uv, shift) => {
        const v = signed ? BigInt.asIntN(256, uv) : uv
        const expected = await evm(opcode, shift, uv) // SHL/SHR/SAR pop the shift first
        expect(word(BigNum.evaluate(`(${v}) ${op} ${shift}`, signed ? I256 : U256).value)).toBe(word(expected))
      }),
      { numRuns: 25 },
    )
  })
  it('notes overflow and division by zero the way Solidity 0.8 would revert', () => {
    const r = BigNum.evaluate('type(uint256).max + 1', U256)
    expect(r.value).toBe(0n)
    expect(r.notes.join(' ')).toMatch(/Overflow at position 19.*Solidity >= 0\.8 reverts/)
    const d = BigNum.evaluate('5 / 0', U256)
    expect(d.value).toBe(0n)
    expect(d.notes.join(' ')).toMatch(/Division by zero.*gives 0.*Panic\(0x12\)/)
    expect(BigNum.evaluate('2 ** 255', I256).notes.length).toBe(1)
    expect(BigNum.evaluate('(-2) ** 255', I256).notes.length).toBe(0)
  })
})

describe('BigNum helpers', () => {
  it('isqrt is the floor square root', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 512n }), (n) => {
        const r = BigNum.isqrt(n)
        expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true)
      }),
    )
  })
  it('toWord is two’s complement and refuses what does not fit', () => {
    expect(BigNum.toWord(-1n)).toBe(`0x${'f'.repeat(64)}`)
    expect(BigNum.toWord(2n ** 256n)).toBeNull()
    expect(BigNum.bitLength(255n)).toBe(8)
  })
})

describe('BigNum.parseUint (the form fields\' whole-number parser)', () => {
  it('agrees with ethers v5 BigNumber.from within the width, states the width beyond it, and throws only BaseErrors', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`BigNum.parseUint property: seed ${seed}`)
    const text = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 70n }).chain((n) => fc.constantFrom(n.toString(), `0x${n.toString(16)}`)),
      fc.string({ maxLength: 30 }),
      fc.stringMatching(/^(0x)?[0-9a-fA-F_ ]{0,90}$/),
    )
    fc.assert(
      fc.property(text, fc.constantFrom(8, 64, 256), (t, bits) => {
        let n: bigint
        try {
          n = BigNum.parseUint('gas', t, bits)
        } catch (e) {
          expect(e).toBeInstanceOf(BaseError)
          expect((e as BaseError).field).toBe('gas')
          return
        }
        expect(n).toBe(BigNumber.from(t.trim().replace(/_/g, '')).toBigInt())
        expect(n < 2n ** BigInt(bits)).toBe(true)
      }),
      { seed, numRuns: 400 },
    )
    expect(() => BigNum.parseUint('gas', (2n ** 64n).toString(), 64)).toThrow(expect.objectContaining({ name: 'BigNum.TooWideError', shortMessage: 'gas must fit in 64 bits (at most 18446744073709551615).' }))
  })
})

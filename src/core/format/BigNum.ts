/**
 * Integer arithmetic for people who read EVM words: number parsing in every base, and an
 * expression calculator with two modes, unbounded integers and EVM `uintN`/`intN`
 * semantics (wrap-around, two's complement, division by zero gives 0).
 */
import { BaseError } from '../Errors'

/** Longest expression accepted, and the largest intermediate value in unbounded mode. */
export const MAX_EXPRESSION_LENGTH = 10_000
export const MAX_BITS = 1_000_000

export type Mode = { kind: 'unbounded' } | { kind: 'evm'; signed: boolean; bits: number }

/** Parses a mode name: `unbounded`, `uint256`, `int8`, ... (N a multiple of 8 from 8 to 256). */
export function parseMode(text: string): Mode {
  const t = text.trim().toLowerCase()
  if (t === '' || t === 'unbounded' || t === 'bigint') return { kind: 'unbounded' }
  const m = /^(u?)int(\d{0,3})$/.exec(t)
  const bits = m ? Number(m[2] || 256) : NaN
  if (!m || bits < 8 || bits > 256 || bits % 8) throw new InvalidModeError(text)
  return { kind: 'evm', signed: m[1] !== 'u', bits }
}

export function modeName(mode: Mode): string {
  return mode.kind === 'unbounded' ? 'unbounded' : `${mode.signed ? 'int' : 'uint'}${mode.bits}`
}

/** The range of an EVM type. */
export function bounds(signed: boolean, bits: number): { min: bigint; max: bigint } {
  if (signed) return { min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n }
  return { min: 0n, max: (1n << BigInt(bits)) - 1n }
}

/** Wraps `v` into an EVM type, as the EVM does (two's complement). */
export function wrap(v: bigint, signed: boolean, bits: number): bigint {
  return signed ? BigInt.asIntN(bits, v) : BigInt.asUintN(bits, v)
}

/**
 * Parses one number: decimal, `0x` hex, `0b` binary, `0o` octal, scientific (`1e18`,
 * `1.5e3` when the result is whole), `_` separators, a sign, or ethers v5's BigNumber JSON
 * (`{"type":"BigNumber","hex":"0x..."}`).
 *
 * @example
 * ```ts
 * BigNum.parseNumber('0xff') // 255n
 * BigNum.parseNumber('1e18') // 1000000000000000000n
 * ```
 */
export function parseNumber(text: string): bigint {
  const t = text.trim()
  if (FAST_PLAIN.test(t)) return BigInt(t) // common case: plain decimal or 0x-hex
  if (t === '') throw new SyntaxError_('Enter a number.', 0, ['For example 42, 0x2a, 0b101010 or 1e18.'])
  if (t.startsWith('{')) return parseBigNumberJson(t)
  let s = t
  let neg = false
  if (s[0] === '-' || s[0] === '+') {
    neg = s[0] === '-'
    s = s.slice(1).trim()
  }
  const v = parseUnsignedLiteral(s, t.length - s.length)
  return neg ? -v : v
}

/** The rule for an unsigned field of `bits` bits, as people read it: "gas must fit in 64 bits (at most 18446744073709551615)." */
export function fitRule(field: string, bits: number): string {
  return `${field} must fit in ${bits} bits (at most ${(1n << BigInt(bits)) - 1n}).`
}

/**
 * Parses a whole non-negative number for a form field: decimal or 0x hex, `_` separators,
 * at most `bits` wide. Empty gives `fallback` when one is given. Errors name `field`.
 *
 * @example
 * ```ts
 * BigNum.parseUint('gas', '21_000', 64) // 21000n
 * ```
 */
export function parseUint(field: string, text: string, bits = 256, fallback?: bigint, label = field): bigint {
  const t = text.trim().replace(/_/g, '')
  if (t === '') {
    if (fallback !== undefined) return fallback
    throw new MissingValueError(field, 'A whole number, decimal or 0x hex.', label)
  }
  if (!/^(0x[0-9a-fA-F]+|\d+)$/.test(t) || t.length > 80) throw new InvalidUintError(field, t, label)
  const n = BigInt(t)
  if (n >= 1n << BigInt(bits)) throw new TooWideError(field, bits, label)
  return n
}

function parseBigNumberJson(t: string): bigint {
  let obj: unknown
  try {
    obj = JSON.parse(t)
  } catch {
    throw new SyntaxError_('This looks like JSON but does not parse.', 0, ['ethers v5 BigNumber JSON looks like {"type":"BigNumber","hex":"0x2a"}.'])
  }
  const o = obj as { type?: unknown; hex?: unknown; _hex?: unknown }
  const hex = o && typeof o === 'object' ? (o.hex ?? o._hex) : undefined
  if (typeof hex !== 'string' || !/^-?0x[0-9a-fA-F]+$/.test(hex))
    throw new SyntaxError_('JSON without a "hex" (or "_hex") field holding 0x-hex.', 0, ['ethers v5 BigNumber JSON looks like {"type":"BigNumber","hex":"0x2a"}.'])
  return hex.startsWith('-') ? -BigInt(hex.slice(1)) : BigInt(hex)
}

const FAST_PLAIN = /^(?:0x[0-9a-fA-F]{1,4096}|[0-9]{1,4096})$/
const LITERAL = /^(0[xX][0-9a-fA-F_]*|0[bB][01_]*|0[oO][0-7_]*|(?:\d[\d_]*)?(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)/

function parseUnsignedLiteral(s: string, offset: number): bigint {
  const m = LITERAL.exec(s)
  const lit = m?.[0] ?? ''
  if (!lit || lit.length !== s.length) {
    const at = lit.length
    throw new SyntaxError_(`Unexpected "${s[at] ?? s}" at position ${offset + at + 1}.`, offset + at, [
      'Numbers are decimal (42), hex (0x2a), binary (0b101010), octal (0o52) or scientific (1e18).',
    ])
  }
  return literalValue(lit, offset)
}

function checkUnderscores(body: string, offset: number) {
  if (/^_|_$|__/.test(body))
    throw new SyntaxError_(`Misplaced "_" in "${body}".`, offset, ['Use "_" only between digits, as in 1_000_000.'])
}

function literalValue(lit: string, offset: number): bigint {
  const prefix = lit.slice(0, 2).toLowerCase()
  if (prefix === '0x' || prefix === '0b' || prefix === '0o') {
    const body = lit.slice(2)
    if (body === '') throw new SyntaxError_(`"${lit}" has no digits after its prefix.`, offset, [`Write digits after ${prefix}, as in ${prefix}1f.`.replace('1f', prefix === '0b' ? '101' : prefix === '0o' ? '17' : 'ff')])
    checkUnderscores(body, offset)
    return BigInt(prefix + body.replace(/_/g, ''))
  }
  const eAt = lit.search(/[eE]/)
  const mant = eAt < 0 ? lit : lit.slice(0, eAt)
  checkUnderscores(mant.replace('.', ''), offset)
  const exp = eAt < 0 ? 0 : Number(lit.slice(eAt + 1))
  const [ip = '', fp = ''] = mant.replace(/_/g, '').split('.')
  if (!Number.isSafeInteger(exp) || exp > MAX_BITS) throw new TooLargeError(offset)
  const digits = (ip + fp).replace(/^0+/, '') || '0'
  const shift = exp - fp.length
  if (shift >= 0) return BigInt(digits) * 10n ** BigInt(shift)
  const cut = -shift
  if (digits === '0') return 0n
  if (cut > digits.length || /[^0]/.test(digits.slice(digits.length - cut)))
    throw new NotIntegerError(lit, offset)
  return BigInt(digits.slice(0, digits.length - cut))
}

// ---------------------------------------------------------------------------------------
// Expressions

type Tok =
  | { t: 'num'; v: bigint; pos: number; text: string }
  | { t: 'id'; v: string; pos: number }
  | { t: 'op'; v: string; pos: number }
  | { t: 'end'; pos: number }

const OPS = ['**', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+', '-', '*', '/', '%', '&', '|', '^', '~', '!', '<', '>', '(', ')', ',', '.']

function tokenize(src: string): Tok[] {
  const toks: Tok[] = []
  let i = 0
  while (i < src.length) {
    const c = src[i]!
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (/[0-9.]/.test(c) && !(c === '.' && !/[0-9]/.test(src[i + 1] ?? ''))) {
      const m = LITERAL.exec(src.slice(i))!
      let lit = m[0]
      // Scientific notation inside an expression: "1e18" is one literal; "2e" is not.
      if (!lit) lit = c
      const after = src[i + lit.length]
      if (after && /[A-Za-z0-9_]/.test(after))
        throw new SyntaxError_(`Unexpected "${after}" at position ${i + lit.length + 1}.`, i + lit.length, ['Separate numbers and names with an operator.'])
      toks.push({ t: 'num', v: literalValue(lit, i), pos: i, text: lit })
      i += lit.length
      continue
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i))!
      toks.push({ t: 'id', v: m[0], pos: i })
      i += m[0].length
      continue
    }
    const op = OPS.find((o) => src.startsWith(o, i))
    if (!op)
      throw new SyntaxError_(`Unexpected ${/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c) ? `"${c}"` : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`} at position ${i + 1}.`, i, [
        'Use numbers (decimal, 0x hex, 1e18) and the operators + - * / % ** & | ^ ~ << >> < <= > >= == != with parentheses.',
      ])
    toks.push({ t: 'op', v: op, pos: i })
    i += op.length
  }
  toks.push({ t: 'end', pos: src.length })
  return toks
}

/** Binary operators, loosest first. */
const LEVELS: string[][] = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '%']]

export interface EvalResult {
  value: bigint
  mode: Mode
  /** Where EVM arithmetic wrapped or divided by zero: Solidity >= 0.8 would revert there. */
  notes: string[]
}

/**
 * Evaluates an integer expression.
 *
 * Operators (loosest to tightest): `||`, `&&`, `== !=`, `< <= > >=`, `|`, `^`, `&`,
 * `<< >>`, `+ -`, `* / %`, unary `- + ~ !`, `**` (right-associative, binds tighter than
 * unary minus: `-2**2` is -4). Functions: `min`, `max`, `abs`, `sqrt`, `mulDiv(a,b,c)`.
 * Constants: `type(uint256).max`, `type(int8).min`, ... Comparisons give 1 or 0.
 *
 * @example
 * ```ts
 * BigNum.evaluate('2**256 - 1').value // 115792...935n
 * BigNum.evaluate('0 - 1', BigNum.parseMode('uint256')).value // 2**256 - 1 (wrapped)
 * ```
 */
export function evaluate(src: string, mode: Mode = { kind: 'unbounded' }): EvalResult {
  if (src.trim() === '') throw new SyntaxError_('Enter an expression.', 0, ['For example 2**256 - 1, or type(uint256).max / 3.'])
  if (src.length > MAX_EXPRESSION_LENGTH) throw new SyntaxError_(`The expression is ${src.length} characters; at most ${MAX_EXPRESSION_LENGTH} are accepted.`, MAX_EXPRESSION_LENGTH)
  if (src.trim().startsWith('{')) {
    const v = parseBigNumberJson(src.trim())
    return { value: mode.kind === 'evm' ? wrap(v, mode.signed, mode.bits) : v, mode, notes: [] }
  }
  const p: Parser = { toks: tokenize(src), k: 0, arith: { evm: mode.kind === 'evm' ? mode : null, notes: [] } }
  const value = parseBinary(p, 0)
  const end = peek(p)
  if (end.t !== 'end') throw unexpected(end, 'expected an operator or the end')
  return { value, mode, notes: [...new Set(p.arith.notes)] }
}

// The arithmetic of one evaluation: unbounded (at most MAX_BITS wide) or an EVM type (wrapping,
// with a note wherever Solidity >= 0.8 would revert).

interface Arith {
  evm: Extract<Mode, { kind: 'evm' }> | null
  notes: string[]
}

/** `v` as the mode holds it: refused when too wide (unbounded), wrapped with a note (EVM). */
function guard(ar: Arith, v: bigint, pos: number): bigint {
  const { evm } = ar
  if (!evm) {
    const len = (v < 0n ? -v : v).toString(2).length
    if (len > MAX_BITS) throw new TooLargeError(pos)
    return v
  }
  const w = wrap(v, evm.signed, evm.bits)
  if (w !== v) ar.notes.push(`Overflow at position ${pos + 1}: the result wrapped around ${modeName(evm)} (Solidity >= 0.8 reverts here unless the code is in an unchecked block).`)
  return w
}

/** A binary operator applied to two values. */
function applyOperator(ar: Arith, op: string, a: bigint, b: bigint, pos: number): bigint {
  switch (op) {
    case '+':
      return guard(ar, a + b, pos)
    case '-':
      return guard(ar, a - b, pos)
    case '*':
      return guard(ar, a * b, pos)
    case '/':
    case '%':
      return divide(ar, op, a, b, pos)
    case '**':
      return raise(ar, a, b, pos)
    case '&':
      return guard(ar, a & b, pos)
    case '|':
      return guard(ar, a | b, pos)
    case '^':
      return guard(ar, a ^ b, pos)
    case '<<':
      return shiftLeft(ar, a, b, pos)
    case '>>':
      return shiftRight(a, b, pos)
  }
  const truth = compare(op, a, b)
  if (truth === undefined) throw new EvalError_(`Unknown operator ${op}.`, pos)
  return truth ? 1n : 0n
}

/** `/` and `%`: by zero an error when unbounded, 0 with a note in an EVM mode (as DIV and MOD). */
function divide(ar: Arith, op: '/' | '%', a: bigint, b: bigint, pos: number): bigint {
  if (b === 0n) {
    if (!ar.evm) throw new DivisionByZeroError(pos)
    ar.notes.push(`Division by zero at position ${pos + 1} gives 0, as the EVM's ${op === '/' ? 'DIV' : 'MOD'} does (Solidity >= 0.8 reverts with Panic(0x12)).`)
    return 0n
  }
  return guard(ar, op === '/' ? a / b : a % b, pos) // bigint division truncates toward zero, as SDIV/SMOD
}

/** `a ** b`. */
function raise(ar: Arith, a: bigint, b: bigint, pos: number): bigint {
  if (b < 0n) throw new EvalError_(`Negative exponent at position ${pos + 1}.`, pos, ['Integer powers need an exponent >= 0.'])
  if (ar.evm) return raiseWrapping(ar, ar.evm, a, b, pos)
  if (a === 0n || a === 1n) return b === 0n ? 1n : a
  if (a === -1n) return b % 2n === 0n ? 1n : -1n
  const len = (a < 0n ? -a : a).toString(2).length
  if (b > BigInt(MAX_BITS) || (len - 1) * Number(b) > MAX_BITS) throw new TooLargeError(pos)
  return guard(ar, a ** b, pos)
}

/** `a ** b` modulo 2^bits (square and multiply: exact and bounded for any exponent), with a note when it wrapped. */
function raiseWrapping(ar: Arith, evm: NonNullable<Arith['evm']>, a: bigint, b: bigint, pos: number): bigint {
  const m = 1n << BigInt(evm.bits)
  let base = BigInt.asUintN(evm.bits, a)
  let e = b
  let r = 1n
  while (e > 0n) {
    if (e & 1n) r = (r * base) % m
    base = (base * base) % m
    e >>= 1n
  }
  const w = wrap(r, evm.signed, evm.bits)
  // Overflow check: compute exactly when the power is small enough to, else it surely overflowed.
  const len = bitLength(a)
  const overflowed = len <= 1 ? false : (len - 1) * Number(b > 100_000n ? 100_000n : b) > evm.bits + 1 ? true : a ** b !== w
  if (overflowed) ar.notes.push(`Overflow at position ${pos + 1}: the power wrapped around ${modeName(evm)} (Solidity >= 0.8 reverts here unless unchecked).`)
  return w
}

function shiftLeft(ar: Arith, a: bigint, b: bigint, pos: number): bigint {
  if (b < 0n) throw new EvalError_(`Negative shift at position ${pos + 1}.`, pos)
  if (ar.evm) return b >= BigInt(ar.evm.bits) ? 0n : wrap(a << b, ar.evm.signed, ar.evm.bits)
  if (b > BigInt(MAX_BITS)) throw new TooLargeError(pos)
  return guard(ar, a << b, pos)
}

/** Arithmetic shift for signed values (SAR), logical for unsigned (SHR). */
function shiftRight(a: bigint, b: bigint, pos: number): bigint {
  if (b < 0n) throw new EvalError_(`Negative shift at position ${pos + 1}.`, pos)
  if (b > 100_000n) return a < 0n ? -1n : 0n
  return a >> b
}

/** The comparison and logical operators (true or false), undefined for any other operator. */
function compare(op: string, a: bigint, b: bigint): boolean | undefined {
  switch (op) {
    case '<':
      return a < b
    case '<=':
      return a <= b
    case '>':
      return a > b
    case '>=':
      return a >= b
    case '==':
      return a === b
    case '!=':
      return a !== b
    case '&&':
      return a !== 0n && b !== 0n
    case '||':
      return a !== 0n || b !== 0n
  }
  return undefined
}

// The parser: recursive descent over the tokens, evaluating as it goes.

interface Parser {
  toks: Tok[]
  k: number
  arith: Arith
}

const peek = (p: Parser): Tok => p.toks[p.k]!
const next = (p: Parser): Tok => p.toks[p.k++]!
function isOp(p: Parser, v: string): boolean {
  const t = peek(p)
  return t.t === 'op' && t.v === v
}
function expectOp(p: Parser, v: string, what: string): Tok {
  const t = peek(p)
  if (t.t === 'op' && t.v === v) return next(p)
  throw unexpected(t, `expected ${what}`)
}
function unexpected(t: Tok, wanted: string): BaseError {
  const shown = t.t === 'end' ? 'end of input' : `"${t.t === 'num' ? t.text : t.v}"`
  return new SyntaxError_(`Unexpected ${shown} at position ${t.pos + 1}: ${wanted}.`, t.pos)
}

/** Binary operators of LEVELS[level] and tighter, left-associative. */
function parseBinary(p: Parser, level: number): bigint {
  if (level >= LEVELS.length) return parseUnary(p)
  let left = parseBinary(p, level + 1)
  for (;;) {
    const t = peek(p)
    if (t.t !== 'op' || !LEVELS[level]!.includes(t.v)) return left
    next(p)
    const right = parseBinary(p, level + 1)
    left = applyOperator(p.arith, t.v, left, right, t.pos)
  }
}

function parseUnary(p: Parser): bigint {
  const t = peek(p)
  if (t.t === 'op' && (t.v === '-' || t.v === '+' || t.v === '~' || t.v === '!')) {
    next(p)
    const v = parseUnary(p)
    if (t.v === '-') return guard(p.arith, -v, t.pos)
    if (t.v === '+') return v
    if (t.v === '!') return v === 0n ? 1n : 0n
    const { evm } = p.arith
    return evm ? wrap(~v, evm.signed, evm.bits) : ~v
  }
  return parsePower(p)
}

function parsePower(p: Parser): bigint {
  const base = parsePrimary(p)
  const t = peek(p)
  if (t.t === 'op' && t.v === '**') {
    next(p)
    const exp = parseUnary(p) // right-associative: 2**3**2 = 2**9
    return applyOperator(p.arith, '**', base, exp, t.pos)
  }
  return base
}

/** A number, a parenthesised expression, `type(T).max|min` or a function call. */
function parsePrimary(p: Parser): bigint {
  const t = next(p)
  if (t.t === 'num') return p.arith.evm ? guard(p.arith, t.v, t.pos) : t.v
  if (t.t === 'op' && t.v === '(') {
    const v = parseBinary(p, 0)
    expectOp(p, ')', 'a closing ")"')
    return v
  }
  if (t.t === 'id') return t.v === 'type' ? parseTypeBound(p, t) : parseCall(p, t)
  throw unexpected(t, 'expected a number, "(" or a function')
}

/** `(uintN).max` or `(intN).min` after `type` (`at`). */
function parseTypeBound(p: Parser, at: Tok): bigint {
  expectOp(p, '(', '"(" after type')
  const ty = next(p)
  if (ty.t !== 'id') throw unexpected(ty, 'a type like uint256')
  let m: Mode
  try {
    m = parseMode(ty.v)
  } catch {
    throw new SyntaxError_(`Unknown type "${ty.v}" at position ${ty.pos + 1}.`, ty.pos, ['Use uintN or intN with N a multiple of 8 from 8 to 256.'])
  }
  if (m.kind !== 'evm') throw new SyntaxError_(`Unknown type "${ty.v}" at position ${ty.pos + 1}.`, ty.pos)
  expectOp(p, ')', '")" after the type')
  expectOp(p, '.', '".max" or ".min"')
  const which = next(p)
  if (which.t !== 'id' || (which.v !== 'max' && which.v !== 'min')) throw unexpected(which, '"max" or "min"')
  const b = bounds(m.signed, m.bits)
  const v = which.v === 'max' ? b.max : b.min
  return p.arith.evm ? guard(p.arith, v, at.pos) : v
}

/** A call of min, max, abs, sqrt or mulDiv (any case) named by `t`. */
function parseCall(p: Parser, t: Extract<Tok, { t: 'id' }>): bigint {
  const name = t.v
  const fn = name.toLowerCase()
  if (fn === 'min' || fn === 'max') {
    const a = parseArgs(p, name)
    if (a.length === 0) throw new SyntaxError_(`${name}() needs at least one argument.`, t.pos)
    return a.reduce((x, y) => (fn === 'min' ? (y < x ? y : x) : y > x ? y : x))
  }
  if (fn === 'abs' || fn === 'sqrt') {
    const a = parseArgs(p, name)
    if (a.length !== 1) throw new SyntaxError_(`${name}() takes one argument, got ${a.length}.`, t.pos)
    const x = a[0]!
    if (fn === 'abs') return guard(p.arith, x < 0n ? -x : x, t.pos)
    if (x < 0n) throw new EvalError_(`sqrt of a negative number at position ${t.pos + 1}.`, t.pos)
    return isqrt(x)
  }
  if (fn === 'muldiv') {
    const a = parseArgs(p, name)
    if (a.length !== 3) throw new SyntaxError_(`mulDiv(a, b, c) takes three arguments, got ${a.length}.`, t.pos)
    const [x, y, z] = a as [bigint, bigint, bigint]
    if (z === 0n) throw new DivisionByZeroError(t.pos, 'mulDiv reverts when the divisor is 0.')
    return guard(p.arith, (x * y) / z, t.pos) // full-precision product, as OpenZeppelin's Math.mulDiv
  }
  throw new SyntaxError_(`Unknown name "${name}" at position ${t.pos + 1}.`, t.pos, ['Functions: min, max, abs, sqrt, mulDiv(a, b, c); constants: type(uint256).max, type(int256).min, ...'])
}

/** A call's parenthesised, comma-separated arguments. */
function parseArgs(p: Parser, name: string): bigint[] {
  expectOp(p, '(', `"(" after ${name}`)
  const out: bigint[] = []
  if (!isOp(p, ')')) {
    out.push(parseBinary(p, 0))
    while (isOp(p, ',')) {
      next(p)
      out.push(parseBinary(p, 0))
    }
  }
  expectOp(p, ')', `")" to close ${name}(`)
  return out
}

/** Floor of the square root of a non-negative integer (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1)
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** Bit length of |v| (0 for 0). */
export function bitLength(v: bigint): number {
  return v === 0n ? 0 : (v < 0n ? -v : v).toString(2).length
}

/** The 32-byte word holding `v` (two's complement for negatives), or null when it does not fit. */
export function toWord(v: bigint): string | null {
  if (v >= 2n ** 256n || v < -(2n ** 255n)) return null
  return `0x${BigInt.asUintN(256, v).toString(16).padStart(64, '0')}`
}

/** Signed hex: `-0x2a` for negatives. */
export function toHex(v: bigint): string {
  return v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`
}

export function toBinary(v: bigint): string {
  return v < 0n ? `-0b${(-v).toString(2)}` : `0b${v.toString(2)}`
}

export class SyntaxError_ extends BaseError {
  constructor(message: string, position: number, hints: string[] = []) {
    super('BigNum.SyntaxError', message, { hints, position })
  }
}

export class EvalError_ extends BaseError {
  constructor(message: string, position: number, hints: string[] = []) {
    super('BigNum.EvalError', message, { hints, position })
  }
}

export class DivisionByZeroError extends BaseError {
  constructor(position: number, extra?: string) {
    super('BigNum.DivisionByZeroError', `Division by zero at position ${position + 1}.`, {
      hints: [extra ?? 'In unbounded mode this is undefined; the EVM modes (uint256, ...) give 0 as the EVM does.'],
      position,
    })
  }
}

export class TooLargeError extends BaseError {
  constructor(position: number) {
    super('BigNum.TooLargeError', `The value at position ${position + 1} would exceed ${MAX_BITS.toLocaleString('en-US')} bits.`, {
      hints: ['Use an EVM mode (uint256, ...) for wrap-around arithmetic, or smaller numbers.'],
      position,
    })
  }
}

export class NotIntegerError extends BaseError {
  constructor(literal: string, position: number) {
    super('BigNum.NotIntegerError', `"${literal}" is not a whole number.`, {
      hints: ['Integers only: write 1.5e3 (= 1500), not 1.5e0. For decimals use the unit converter.'],
      position,
    })
  }
}

export class InvalidModeError extends BaseError {
  constructor(given: string) {
    super('BigNum.InvalidModeError', `Unknown mode "${given}".`, { hints: ['Use unbounded, or uintN / intN with N a multiple of 8 from 8 to 256.'] })
  }
}

export class MissingValueError extends BaseError {
  /** `label`: the field as the form names it, when its key is an identifier. */
  constructor(field: string, hint: string, label = field) {
    super('BigNum.MissingValueError', `Enter ${label}.`, { field, hints: [hint] })
  }
}

export class InvalidUintError extends BaseError {
  constructor(field: string, text: string, label = field) {
    super('BigNum.InvalidUintError', `${label} is not a whole number: "${text.length > 20 ? `${text.slice(0, 20)}…` : text}".`, {
      field,
      hints: ['Use decimal digits or 0x hex, without a unit.'],
    })
  }
}

export class TooWideError extends BaseError {
  constructor(field: string, bits: number, label = field) {
    super('BigNum.TooWideError', fitRule(label, bits), { field, hints: [`The largest ${label.charAt(0).toLowerCase()}${label.slice(1)} is 2^${bits} - 1.`] })
  }
}

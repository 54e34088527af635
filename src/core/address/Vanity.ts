/**
 * Vanity address patterns: what a person asks for (a prefix, a suffix, both, a substring,
 * an EIP-55 checksum-case pattern, or the most leading zero bytes), checked for sense
 * before any work, with the expected number of attempts and the time that takes at a
 * measured rate. The same pattern drives the WebAssembly search loops (`mask`, `value`,
 * `sub`: nibbles compared without case) and the audited re-check of every candidate
 * ({@link matches}, on the address ox computed).
 *
 * @example
 * ```ts
 * const p = Vanity.parse({ mode: 'prefix', prefix: 'dead' })
 * p.attempts // 65536
 * Vanity.matches(p, '0xdEAD000000000000000042069420694206942069') // true
 * ```
 */
import * as AddressCheck from './AddressCheck'
import * as ContractAddress from './ContractAddress'
import { BaseError, errorType } from '../Errors'
import * as Key from '../keys/Key'

/** What to match. */
export type Mode = 'prefix' | 'suffix' | 'both' | 'contains' | 'zeros'
export const MODES: readonly Mode[] = ['prefix', 'suffix', 'both', 'contains', 'zeros']

/** Whose address is matched: the key's own (EOA) or its first contract (CREATE at nonce 0). */
export type Target = 'address' | 'create'

/** A person's expected wait before the tool asks to confirm (seconds). */
export const CONFIRM_ABOVE_SECONDS = 24 * 60 * 60

/**
 * Candidates per second per core, measured with bench/vanity.bench.ts on the reference
 * 2-core machine (Node, the same wasm; per CPU-second). Used for the estimate before a run;
 * the pages replace it with the rate they measure while running.
 */
export const DEFAULT_RATE_PER_CORE = { keys: 1_000_000, keysCreate: 800_000, salts: 3_000_000, saltsGuarded: 1_500_000 } as const

export interface Input {
  mode: Mode
  prefix?: string
  suffix?: string
  contains?: string
  /** Match the EIP-55 checksum case of the letters as typed. */
  matchCase?: boolean
  /** For `zeros`: stop when an address has this many leading zero bytes (1 to 20). */
  zeroBytes?: number
}

/** A checked pattern. Plain data (it crosses to the workers). */
export interface Pattern {
  mode: Mode
  /** Hex digits as typed, without 0x (case kept: it matters when `matchCase`). */
  prefix: string
  suffix: string
  contains: string
  matchCase: boolean
  /** For `zeros`: the goal in leading zero bytes. */
  zeroBytes: number
  /** The loop's test: 0 mask/value, 1 contains `sub`, 2 leading zero bytes. */
  kind: 0 | 1 | 2
  mask: number[]
  value: number[]
  sub: number[]
  /** Letters whose case is required (each halves the chance). */
  caseLetters: number
  /** Expected number of candidates to try (the mean of the geometric distribution). */
  attempts: number
  /** One line for the page ("starts with dEAD (EIP-55 case)"). */
  summary: string
}

function clean(text: string | undefined, field: string, what: string): string {
  let t = (text ?? '').trim()
  if (/^0x/i.test(t) && field !== 'contains') t = t.slice(2)
  const bad = /[^0-9a-fA-F]/.exec(t)
  if (bad) throw new NonHexError(`"${bad[0]}" (character ${bad.index + 1} of the ${what}) is not a hex digit.`).at(field)
  if (t.length > 40) throw new TooLongError(`The ${what} has ${t.length} hex digits; an address has 40.`).at(field)
  return t
}

/** All 40 digits fixed: their EIP-55 case is too (this one or none). */
function impossibleCase(body: string, field: string): void {
  const right = AddressCheck.checksum(`0x${body}`)
  if (right.slice(2) !== body)
    throw new ImpossibleChecksumError(`No address has this case: the EIP-55 checksum of these 40 digits is ${right}.`, [`Use ${right}, or untick the case match.`]).at(field)
}

const letters = (s: string) => s.replace(/[0-9]/g, '').length

/**
 * Checks a pattern and computes what the search needs. Throws a field-tagged error for
 * non-hex input, more than 40 digits, a prefix and suffix that overlap, or an EIP-55 case
 * pattern no address can have.
 */
export function parse(input: Input): Pattern {
  const mode = input.mode
  if (!MODES.includes(mode)) throw new InvalidModeError(`Unknown pattern kind "${String(mode)}".`).at('mode')
  const matchCase = !!input.matchCase && mode !== 'zeros'
  const mask = new Array<number>(20).fill(0)
  const value = new Array<number>(20).fill(0)
  const setNibble = (pos: number, hex: string) => {
    const v = parseInt(hex, 16)
    const b = pos >> 1
    const shift = pos & 1 ? 0 : 4
    mask[b]! |= 0xf << shift
    value[b]! |= v << shift
  }
  const base = { mode, matchCase, prefix: '', suffix: '', contains: '', zeroBytes: 0, mask, value, sub: [] as number[] }
  if (mode === 'zeros') {
    const n = input.zeroBytes ?? 4
    if (!Number.isInteger(n) || n < 1 || n > 20) throw new InvalidZeroBytesError().at('zeroBytes')
    return { ...base, kind: 2, zeroBytes: n, caseLetters: 0, attempts: 256 ** n, summary: `${n} leading zero ${n === 1 ? 'byte' : 'bytes'} (0x${'00'.repeat(n)}…)` }
  }
  if (mode === 'contains') {
    const c = clean(input.contains, 'contains', 'text to contain')
    if (c === '') throw new EmptyPatternError('Enter the hex digits the address should contain.').at('contains')
    const caseLetters = matchCase ? letters(c) : 0
    if (matchCase && c.length === 40) impossibleCase(c, 'contains')
    const attempts = (16 ** c.length / (41 - c.length)) * 2 ** caseLetters
    return { ...base, kind: 1, contains: c, sub: [...c].map((h) => parseInt(h, 16)), caseLetters, attempts: Math.max(1, attempts), summary: `contains ${c}${matchCase ? ' (EIP-55 case)' : ''}` }
  }
  const prefix = mode === 'suffix' ? '' : clean(input.prefix, 'prefix', 'prefix')
  const suffix = mode === 'prefix' ? '' : clean(input.suffix, 'suffix', 'suffix')
  if (mode !== 'suffix' && prefix === '') throw new EmptyPatternError('Enter the hex digits the address should start with.', ['For example dead or 0000.']).at('prefix')
  if (mode !== 'prefix' && suffix === '') throw new EmptyPatternError('Enter the hex digits the address should end with.').at('suffix')
  if (prefix.length + suffix.length > 40)
    throw new TooLongError(`The prefix and suffix have ${prefix.length + suffix.length} hex digits together; an address has 40.`, ['Shorten one of them.']).at('suffix')
  for (let i = 0; i < prefix.length; i++) setNibble(i, prefix[i]!)
  for (let i = 0; i < suffix.length; i++) setNibble(40 - suffix.length + i, suffix[i]!)
  const caseLetters = matchCase ? letters(prefix) + letters(suffix) : 0
  if (matchCase && prefix.length + suffix.length === 40) {
    impossibleCase(prefix + suffix, prefix.length === 40 ? 'prefix' : 'suffix')
  }
  const nibbles = prefix.length + suffix.length
  const summary = [prefix && `starts with ${prefix}`, suffix && `ends with ${suffix}`].filter(Boolean).join(' and ') + (matchCase ? ' (EIP-55 case)' : '')
  return { ...base, kind: 0, prefix, suffix, caseLetters, attempts: 16 ** nibbles * 2 ** caseLetters, summary }
}

/** Number of leading zero bytes of an address. */
export function leadingZeroBytes(address: string): number {
  const body = address.slice(2).toLowerCase()
  let n = 0
  while (n < 20 && body.slice(2 * n, 2 * n + 2) === '00') n++
  return n
}

/**
 * The audited re-check: does `address` (any case; its EIP-55 form is computed with ox)
 * match? For `zeros`, an address matches with at least `minZeroBytes` leading zero bytes
 * (default: the pattern's goal).
 */
export function matches(pattern: Pattern, address: string, minZeroBytes = pattern.zeroBytes): boolean {
  const body = (pattern.matchCase ? AddressCheck.checksum(address) : address.toLowerCase()).slice(2)
  const want = (s: string) => (pattern.matchCase ? s : s.toLowerCase())
  switch (pattern.mode) {
    case 'zeros':
      return leadingZeroBytes(address) >= minZeroBytes
    case 'contains':
      return body.includes(want(pattern.contains))
    default:
      return body.startsWith(want(pattern.prefix)) && body.endsWith(want(pattern.suffix))
  }
}

/** Expected seconds for `attempts` at `rate` candidates per second. */
export function expectedSeconds(attempts: number, rate: number): number {
  return rate > 0 ? attempts / rate : Infinity
}

/** Seconds within which the search succeeds with probability `p` (geometric, ≈ exponential). */
export function secondsForChance(attempts: number, rate: number, p: number): number {
  return (-Math.log(1 - p) * attempts) / rate
}

/** True when the expected time is over a day: the tool asks before starting. */
export function needsConfirmation(attempts: number, rate: number): boolean {
  return expectedSeconds(attempts, rate) > CONFIRM_ABOVE_SECONDS
}

/** "65,536" or "1.2 × 10^48". */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return 'more than 10^308'
  if (n < 1e15) return Math.round(n).toLocaleString('en-US')
  const e = Math.floor(Math.log10(n))
  return `${(n / 10 ** e).toFixed(1)} × 10^${e}`
}

/** "under a second", "42 seconds", "3.5 hours", "about 10^21 years". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return 'forever'
  if (seconds < 1) return 'under a second'
  const units: [number, string][] = [[365.25 * 86400, 'year'], [86400, 'day'], [3600, 'hour'], [60, 'minute'], [1, 'second']]
  for (const [size, name] of units) {
    if (seconds >= size) {
      const v = seconds / size
      if (v >= 1e6) return `about 10^${Math.floor(Math.log10(v))} ${name}s`
      const shown = v < 10 ? Number(v.toFixed(1)) : Math.round(v)
      return `${shown.toLocaleString('en-US')} ${name}${shown === 1 ? '' : 's'}`
    }
  }
  return 'under a second'
}

/** "in under a second", "within 42 seconds": a duration after "finish". */
export function formatWithin(seconds: number): string {
  const d = formatDuration(seconds)
  return d === 'under a second' ? 'in under a second' : d === 'forever' ? 'never' : `within ${d}`
}

export interface KeyCheck {
  privateKey: Key.PrivateKey
  /** The key's address (EIP-55), computed with ox/noble. */
  address: string
  /** The address matched: the key's own, or its first contract's (CREATE, nonce 0). */
  matched: string
  zeroBytes: number
  ok: boolean
}

/** Re-derives a candidate key with the audited libraries and checks the pattern on the result. */
export function checkKey(pattern: Pattern, target: Target, privateKey: Key.PrivateKey, minZeroBytes?: number): KeyCheck {
  const address = Key.toAddress(privateKey)
  const matched = target === 'create' ? ContractAddress.create(address, 0n).address : address
  return { privateKey, address, matched, zeroBytes: leadingZeroBytes(matched), ok: matches(pattern, matched, minZeroBytes) }
}

export class EmptyPatternError extends errorType('Vanity.EmptyPatternError') {}

export class NonHexError extends errorType('Vanity.NonHexError', ['An address has only the hex digits 0-9 and a-f (A-F).']) {}

export class TooLongError extends errorType('Vanity.TooLongError') {}

export class ImpossibleChecksumError extends errorType('Vanity.ImpossibleChecksumError') {}

export class InvalidModeError extends BaseError {
  constructor(message: string) {
    super('Vanity.InvalidModeError', message, { hints: [`Use one of: ${MODES.join(', ')}.`] })
  }
}

export class InvalidZeroBytesError extends BaseError {
  constructor() {
    super('Vanity.InvalidZeroBytesError', 'The number of leading zero bytes is a whole number from 1 to 20.', { hints: ['Each zero byte makes the search 256 times longer: 4 is minutes, 6 is days.'] })
  }
}

/** The fast path gave a candidate that the audited path refused: never shown. */
export class VerificationError extends BaseError {
  constructor(what: string) {
    super('Vanity.VerificationError', `Internal error: a ${what} from the fast search did not verify with the audited library; it was discarded.`, { hints: ['Please report this. Nothing unverified is ever shown.'] })
  }
}

/**
 * The one place a secret's randomness is drawn: `crypto.getRandomValues`, with a health check
 * that refuses (a clear error, never a loop without bound) when the generator is obviously
 * broken: missing, not the platform's own (native) function, or giving all-zero, constant or
 * repeated output. Every place that makes a secret (keys, phrases, keystore salt and iv,
 * vanity and CREATE2-salt searches, in the page and in workers) draws through {@link bytes}.
 *
 * A check like this catches a broken or crudely stubbed generator; it cannot prove the output
 * unpredictable (a generator that returns a counter, or a native-looking fake, passes).
 *
 * @example
 * ```ts
 * const salt = Randomness.bytes(32) // throws Randomness.BrokenGeneratorError on a broken source
 * ```
 */
import { BaseError } from '../Errors'

/** Test setups that replace the generator with a seeded stream mark it with this symbol (test/support.ts). */
export const SEEDED_FOR_TESTS = Symbol.for('ether-workbench.seeded-for-tests')

type GetRandomValues = (<T extends ArrayBufferView | null>(array: T) => T) & { [SEEDED_FOR_TESTS]?: boolean }

/** Does a function's source say it is built in? (`function getRandomValues() { [native code] }`) */
function isNative(fn: unknown): boolean {
  try {
    return /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(fn))
  } catch {
    return false
  }
}

function generator(): { fill: (b: Uint8Array) => void } {
  const c = (globalThis as { crypto?: { getRandomValues?: GetRandomValues } }).crypto
  const fn = c?.getRandomValues
  if (typeof fn !== 'function') throw new UnavailableError('crypto.getRandomValues is missing')
  if (!isNative(fn) && fn[SEEDED_FOR_TESTS] !== true) throw new UnavailableError('crypto.getRandomValues has been replaced (it is not the browser’s own function)')
  return { fill: (b) => void fn.call(c, b) }
}

const CONSTANT_MIN = 8
let lastSample = ''

/** Checks a draw: not all one byte value (all zero included) when long enough to tell. */
function check(b: Uint8Array): void {
  if (b.length >= CONSTANT_MIN && b.every((x) => x === b[0])) throw new BrokenGeneratorError(b[0] === 0 ? 'it returned only zero bytes' : `it returned the same byte (0x${b[0]!.toString(16).padStart(2, '0')}) ${b.length} times`)
}

/**
 * `n` fresh random bytes from `crypto.getRandomValues` (at most 65,536), after the health
 * check: two 32-byte probes drawn first must be neither constant nor equal to each other or
 * to the previous call's, and the bytes themselves must not be constant (when 8 or more).
 */
export function bytes(n: number): Uint8Array {
  if (!Number.isSafeInteger(n) || n < 0 || n > 65_536) throw new RangeError(`Randomness.bytes: ${n} is not a byte count in [0, 65536]`)
  const g = generator()
  // Two probes: each not constant, and neither equal to the other or to the last call's.
  for (let i = 0; i < 2; i++) {
    const probe = new Uint8Array(32)
    g.fill(probe)
    check(probe)
    const hex = Array.from(probe, (x) => x.toString(16).padStart(2, '0')).join('')
    if (hex === lastSample) throw new BrokenGeneratorError('it returned the same 32 bytes twice in a row')
    lastSample = hex
  }
  const out = new Uint8Array(n)
  g.fill(out)
  check(out)
  return out
}

/** Fills `target` with fresh random bytes (see {@link bytes}). */
export function fill(target: Uint8Array): Uint8Array {
  target.set(bytes(target.length))
  return target
}

const HINTS = [
  'No key, phrase or salt is made from it. Reload the page, or use another browser.',
  'If an extension or a script in this page replaced crypto.getRandomValues, turn it off.',
]

/** No usable generator: `crypto.getRandomValues` is missing, or is not the platform's own. */
export class UnavailableError extends BaseError {
  constructor(why: string) {
    super('Randomness.UnavailableError', `No trustworthy random number generator: ${why}.`, { hints: HINTS })
  }
}

/** The generator answers, but its output is obviously not random. */
export class BrokenGeneratorError extends BaseError {
  constructor(why: string) {
    super('Randomness.BrokenGeneratorError', `The random number generator looks broken: ${why}.`, { hints: HINTS })
  }
}

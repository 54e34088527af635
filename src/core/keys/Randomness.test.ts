/**
 * Randomness: every secret's bytes come through one health check that refuses a missing,
 * replaced, all-zero, constant or repeating generator, with a clear error and no unbounded
 * loop, in any context (the functions below are what the page and the workers call: Key.random
 * in the key tool and the vanity miners, Mnemonic.generate, Keystore.encrypt's salt and iv,
 * Create2Salt.template in the CREATE2-salt miners). The generator is stood in on `globalThis`,
 * as it would be in a worker's global scope.
 */
import { webcrypto } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import * as Create2Salt from '../address/Create2Salt'
import * as Key from './Key'
import * as Keystore from './Keystore'
import * as Mnemonic from './Mnemonic'
import * as Randomness from './Randomness'

const real = Object.getOwnPropertyDescriptor(crypto, 'getRandomValues')!
afterEach(() => Object.defineProperty(crypto, 'getRandomValues', real))

/** Stands a generator in for crypto.getRandomValues (marked as a test stream unless `native: false`). */
function standIn(fill: (b: Uint8Array) => void, { marked = true } = {}) {
  const fn = <T extends ArrayBufferView | null>(v: T): T => {
    const a = v as unknown as ArrayBufferView
    fill(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))
    return v
  }
  if (marked) Object.defineProperty(fn, Randomness.SEEDED_FOR_TESTS, { value: true })
  Object.defineProperty(crypto, 'getRandomValues', { value: fn, configurable: true, writable: true })
}

/** Everything that makes a secret, each expected to refuse. */
const makers: [string, () => unknown][] = [
  ['Key.random', () => Key.random()],
  ['Mnemonic.generate', () => Mnemonic.generate(12)],
  ['Keystore.encrypt (salt, iv)', () => Keystore.encrypt(`0x${'42'.repeat(32)}`, 'pw', { params: { kdf: 'pbkdf2', c: 1 } })],
  ['Create2Salt.template', () => Create2Salt.template(Create2Salt.setup({ convention: 'custom', deployer: `0x${'11'.repeat(20)}`, initCodeHash: `0x${'22'.repeat(32)}` } as never))],
]

async function refusal(make: () => unknown): Promise<unknown> {
  try {
    await make()
  } catch (e) {
    return e
  }
  return null
}

describe('Randomness', () => {
  it('draws fresh bytes from a healthy generator', () => {
    const a = Randomness.bytes(32)
    const b = Randomness.bytes(32)
    expect(a.length).toBe(32)
    expect(a).not.toEqual(b)
    expect(Key.random()).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it.each([
    ['all zero', (b: Uint8Array) => b.fill(0), /only zero bytes/],
    ['a repeated byte', (b: Uint8Array) => b.fill(0x2a), /the same byte \(0x2a\)/],
    ['the same 32 bytes every call', (b: Uint8Array) => b.forEach((_, i) => (b[i] = (i * 37 + 11) & 0xff)), /same 32 bytes twice/],
  ])('refuses %s, in every maker of a secret, at once', async (_what, fill, message) => {
    standIn(fill)
    for (const [name, make] of makers) {
      const e = await refusal(make)
      expect(e, name).toBeInstanceOf(Randomness.BrokenGeneratorError)
      expect((e as Error).message, name).toMatch(message)
      expect((e as Randomness.BrokenGeneratorError).hints.join(' ')).toMatch(/No key, phrase or salt is made from it/)
    }
  })

  it('refuses a missing generator, and one that is not the platform’s own', async () => {
    Object.defineProperty(crypto, 'getRandomValues', { value: undefined, configurable: true, writable: true })
    for (const [name, make] of makers) expect(await refusal(make), name).toBeInstanceOf(Randomness.UnavailableError)
    standIn((b) => b.forEach((_, i) => (b[i] = Math.floor(Math.random() * 256))), { marked: false })
    const e = await refusal(() => Key.random())
    expect(e).toBeInstanceOf(Randomness.UnavailableError)
    expect((e as Error).message).toMatch(/has been replaced/)
  })

  it('the platform’s own generator (not the tests’ seeded stream) passes as native', () => {
    Object.defineProperty(crypto, 'getRandomValues', { value: webcrypto.getRandomValues.bind(webcrypto), configurable: true, writable: true })
    // a bound native function still reads as native code
    expect(Randomness.bytes(16).length).toBe(16)
  })
})

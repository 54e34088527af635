/**
 * The kept scrypt memory (`KeystoreKdf.keepScryptMemory`, for keystore workers): one
 * WebAssembly instance serves every derivation of the thread, prepared (grown and touched)
 * ahead of time, and every result still equals Node's native scrypt, whatever the order of
 * parameters, preparations and concurrent calls.
 */
import { scryptSync } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Keystore from './Keystore'
import * as KeystoreKdf from './KeystoreKdf'

/** Counts the instances made of hash-wasm's scrypt module (installed before the kept memory, so it sees the real calls). */
const made: { scrypt: number; last?: WebAssembly.Instance } = { scrypt: 0 }
const original = WebAssembly.instantiate.bind(WebAssembly)
WebAssembly.instantiate = (async (source: unknown, imports?: WebAssembly.Imports) => {
  const instance = await original(source as WebAssembly.Module, imports)
  if (source instanceof WebAssembly.Module && WebAssembly.Module.exports(source).some((e) => e.name === 'scrypt')) {
    made.scrypt++
    made.last = instance
  }
  return instance
}) as typeof WebAssembly.instantiate
const memoryBytes = () => (made.last!.exports.memory as WebAssembly.Memory).buffer.byteLength

const native = (pw: Uint8Array, salt: Uint8Array, p: KeystoreKdf.ScryptParams, dkLen: number) =>
  new Uint8Array(scryptSync(pw, salt, dkLen, { N: p.n, r: p.r, p: p.p, maxmem: 1024 ** 3 }))

const params = fc.record({ n: fc.constantFrom(2, 16, 1024, 4096), r: fc.integer({ min: 1, max: 8 }), p: fc.integer({ min: 1, max: 3 }) })
const derivation = fc.record({ password: fc.uint8Array({ maxLength: 40 }), salt: fc.uint8Array({ maxLength: 40 }), params, dkLen: fc.constantFrom(16, 32, 64) })

describe('KeystoreKdf: the kept scrypt memory', () => {
  it('is kept, and a thread makes one scrypt instance for all of its derivations, prepared or not', async () => {
    expect(KeystoreKdf.keepScryptMemory()).toBe(true)
    expect(KeystoreKdf.keepScryptMemory()).toBe(true) // once
    const before = made.scrypt
    await KeystoreKdf.prepareScrypt({ n: 2 ** 14, r: 8, p: 1 })
    // Prepared: grown to hold V (16 MiB) and more; the derivations below need no more.
    const prepared = memoryBytes()
    expect(prepared).toBeGreaterThan(128 * 8 * 2 ** 14)
    const pw = new TextEncoder().encode('kept')
    const salt = new Uint8Array(32).fill(9)
    for (const p of [{ n: 2 ** 14, r: 8, p: 1 }, { n: 2 ** 10, r: 1, p: 4 }, { n: 2 ** 15, r: 4, p: 1 }])
      expect(await KeystoreKdf.scrypt(pw, salt, p, 32)).toEqual(native(pw, salt, p, 32))
    expect(memoryBytes()).toBe(prepared)
    expect(made.scrypt - before).toBeLessThanOrEqual(1)
  })

  it('property: any sequence of preparations and derivations, some at once, equals native scrypt', { timeout: 120_000 }, async () => {
    KeystoreKdf.keepScryptMemory()
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(derivation, params.map((p) => ({ prepare: p }))), { minLength: 1, maxLength: 6 }), async (steps) => {
        // All started together: the kept memory must serve them one at a time.
        const outs = await Promise.all(steps.map((s) => ('prepare' in s ? KeystoreKdf.prepareScrypt(s.prepare) : KeystoreKdf.scrypt(s.password, s.salt, s.params, s.dkLen))))
        steps.forEach((s, i) => {
          if (!('prepare' in s)) expect(outs[i]).toEqual(native(s.password, s.salt, s.params, s.dkLen))
        })
      }),
      { numRuns: 25 },
    )
  })

  it('Keystore.prepare readies up to geth\'s standard (256 MiB), not a 512 MiB keystore held while the person types', { timeout: 60_000 }, async () => {
    KeystoreKdf.keepScryptMemory()
    const ks = (n: number) => JSON.stringify({ version: 3, crypto: { cipher: 'aes-128-ctr', cipherparams: { iv: '00'.repeat(16) }, ciphertext: '00'.repeat(32), kdf: 'scrypt', kdfparams: { dklen: 32, n, r: 8, p: 1, salt: '00'.repeat(32) }, mac: '00'.repeat(32) } })
    await Keystore.prepare(ks(2 ** 19))
    expect(memoryBytes()).toBeLessThan(128 * 8 * 2 ** 19)
    await Keystore.prepare(ks(2 ** 18))
    expect(memoryBytes()).toBeGreaterThan(128 * 8 * 2 ** 18)
  })
})

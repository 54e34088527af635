import { createHash } from 'node:crypto'
import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Hashing from './Hashing'

const hex = (b: Uint8Array | Buffer) => `0x${Buffer.from(b).toString('hex')}`
const ascii = (s: string) => new TextEncoder().encode(s)

function random(n: number): Uint8Array {
  const out = new Uint8Array(n)
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)))
  return out
}

/** A Node Blob over bytes, optionally counting the slices read. */
function blobOf(bytes: Uint8Array) {
  return new Blob([bytes as Uint8Array<ArrayBuffer>])
}

describe('known-answer tests', () => {
  // Keccak team / NIST FIPS 180-4 and FIPS 202 examples, RIPEMD-160 authors' page.
  const kat: [string, Hashing.Algorithm, string][] = [
    ['', 'keccak256', '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['abc', 'keccak256', '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
    ['', 'sha3_256', '0xa7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a'],
    ['abc', 'sha3_256', '0x3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
    ['abc', 'sha256', '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'sha256', '0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    [
      'abc',
      'sha512',
      '0xddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    ],
    ['', 'ripemd160', '0x9c1185a5c5e9fc54612808977ee8f548b2258d31'],
    ['abc', 'ripemd160', '0x8eb208f7e05d987a9b044a8e98c6b087f15a0bfc'],
    ['message digest', 'ripemd160', '0x5d0689ef49d2fae572b881b123a85ffa21595f36'],
  ]
  it.each(kat)('%j %s', async (input, alg, expected) => {
    const d = await Hashing.hashBytes(ascii(input))
    expect(d[alg]).toBe(expected)
  })

  it('keeps Keccak-256 and SHA3-256 apart', async () => {
    const d = await Hashing.hashBytes(ascii('abc'))
    expect(d.keccak256).not.toBe(d.sha3_256)
  })
})

describe('differential against Node crypto and ethers v5', () => {
  it('matches on random inputs of many sizes (including sponge block edges)', async () => {
    const sizes = [0, 1, 55, 56, 63, 64, 65, 111, 112, 127, 128, 135, 136, 137, 143, 144, 1000, 4096, 100_000]
    for (let i = 0; i < 30; i++) sizes.push(Math.floor(Math.random() * 5000))
    for (const n of sizes) {
      const b = random(n)
      const d = await Hashing.hashBytes(b)
      expect(d.keccak256, `keccak ${n}`).toBe(ethers.utils.keccak256(b))
      expect(d.sha3_256, `sha3 ${n}`).toBe(hex(createHash('sha3-256').update(b).digest()))
      expect(d.sha256, `sha256 ${n}`).toBe(hex(createHash('sha256').update(b).digest()))
      expect(d.sha512, `sha512 ${n}`).toBe(hex(createHash('sha512').update(b).digest()))
      expect(d.ripemd160, `ripemd ${n}`).toBe(hex(createHash('ripemd160').update(b).digest()))
    }
  })
})

describe('differential against cast', () => {
  it('keccak of random hex and text matches `cast keccak`', async () => {
    const cases: { input: Uint8Array; arg: string }[] = []
    for (let i = 0; i < 8; i++) {
      const b = random(Math.floor(Math.random() * 200))
      cases.push({ input: b, arg: hex(b) })
    }
    for (let i = 0; i < 8; i++) {
      const s = fc.sample(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), 1)[0]!.replace(/^0x/i, 'x').replace(/^-/, '_')
      cases.push({ input: ascii(s), arg: s })
    }
    const outs = await Promise.all(cases.map((c) => castAsync(['keccak', c.arg])))
    for (const [i, c] of cases.entries()) expect((await Hashing.hashBytes(c.input, ['keccak256'])).keccak256, c.arg).toBe(outs[i])
  })

  it('EIP-191 message hash of text matches `cast hash-message` (cast always takes its argument as text)', async () => {
    const cases: { input: Uint8Array; arg: string }[] = []
    for (let i = 0; i < 9; i++) {
      const s = fc.sample(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), 1)[0]!.replace(/^-/, '_')
      cases.push({ input: ascii(s), arg: s })
    }
    cases.push({ input: ascii('0x1234'), arg: '0x1234' })
    const outs = await Promise.all(cases.map((c) => castAsync(['hash-message', c.arg])))
    for (const [i, c] of cases.entries()) expect(Hashing.messageHash(c.input).hash, c.arg).toBe(outs[i])
  })

  it('EIP-191 message hash of bytes matches ethers v5 hashMessage', () => {
    for (let i = 0; i < 50; i++) {
      const b = random(Math.floor(Math.random() * 300))
      const m = Hashing.messageHash(b)
      expect(m.hash).toBe(ethers.utils.hashMessage(b))
      expect(m.prefixed.endsWith(hex(b).slice(2))).toBe(true)
      expect(m.prefix).toBe(`\\x19Ethereum Signed Message:\\n${b.length}`)
    }
  })
})

describe('streaming (files)', () => {
  it('gives the same digests as hashing in memory, for any chunk size, and reports progress to 1', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 1, max: 5000 }), async (n, chunk) => {
        const b = random(n)
        const seen: number[] = []
        const streamed = await Hashing.hashBlob(blobOf(b), { chunkSize: chunk, progress: (f) => seen.push(f) })
        expect(streamed).toEqual(await Hashing.hashBytes(b))
        expect(seen.at(-1)).toBe(1)
        for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!)
      }),
      { numRuns: 40 },
    )
  })

  it('hashes a multi-chunk file like Node crypto does', async () => {
    const b = random(9 * 1024 * 1024 + 7)
    const d = await Hashing.hashBlob(blobOf(b), { algorithms: ['keccak256', 'sha256'] })
    expect(d.sha256).toBe(hex(createHash('sha256').update(b).digest()))
    expect(d.keccak256).toBe(ethers.utils.keccak256(b))
  })

  it('stops when cancelled, with its own error', async () => {
    const signal = { aborted: false }
    let calls = 0
    const p = Hashing.hashBlob(blobOf(random(100_000)), {
      chunkSize: 1000,
      signal,
      progress: () => {
        if (++calls === 3) signal.aborted = true
      },
    })
    await expect(p).rejects.toMatchObject({ name: 'Hashing.AbortedError' })
    expect(calls).toBeLessThan(10)
  })

  it('reports a file that shrinks while being read', async () => {
    const real = blobOf(random(5000))
    const lying = { size: 10_000, slice: (s?: number, e?: number) => real.slice(s, e) }
    await expect(Hashing.hashBlob(lying, { chunkSize: 1000 })).rejects.toMatchObject({ name: 'Hashing.ReadError' })
  })
})

describe('file reading paths (byte stream with two buffers; slices one ahead) at slice boundaries', () => {
  /** Every digest from an independent source: node:crypto, and ethers v5 for Keccak-256 (Node has none). */
  const reference = (b: Uint8Array) => ({
    keccak256: ethers.utils.keccak256(b),
    sha3_256: hex(createHash('sha3-256').update(b).digest()),
    sha256: hex(createHash('sha256').update(b).digest()),
    sha512: hex(createHash('sha512').update(b).digest()),
    ripemd160: hex(createHash('ripemd160').update(b).digest()),
  })
  /** The blob's byte stream only: slicing it fails the test. */
  const streamOnly = (b: Uint8Array) => {
    const blob = blobOf(b)
    return {
      size: blob.size,
      slice: (): never => {
        throw new Error('sliced: the byte stream was not used')
      },
      stream: () => blob.stream() as unknown as ReturnType<NonNullable<Hashing.BlobLike['stream']>>,
    }
  }
  /** The blob's slices only (no stream), as a blob without a byte stream is read. */
  const slicesOnly = (b: Uint8Array) => {
    const blob = blobOf(b)
    return { size: blob.size, slice: (s?: number, e?: number) => blob.slice(s, e) }
  }
  const S = 64 * 1024
  const sizes = [0, 1, S - 1, S, S + 1, 3 * S + 7]
  for (const [name, wrap, nativeSha256] of [
    ['byte stream, two buffers (SHA-256 by hash-wasm)', streamOnly, false],
    ['byte stream, whole file (SHA-256 by WebCrypto)', streamOnly, true],
    ['slices', slicesOnly, true],
    ['a Node Blob', blobOf, true],
  ] as const)
    it(`${name}: sizes 0, 1, S-1, S, S+1, 3S+7 (S = 64 KiB) give node:crypto's digests, progress rises to 1`, async () => {
      for (const n of sizes) {
        const b = random(n)
        const seen: number[] = []
        const d = await Hashing.hashBlob(wrap(b) as Hashing.BlobLike, { chunkSize: S, nativeSha256, progress: (f) => seen.push(f) })
        expect(d, `${n} bytes`).toEqual(reference(b))
        expect(seen.at(-1), `${n} bytes`).toBe(1)
        for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!)
      }
      // Only the chosen hashes, on this path too.
      const b = random(S + 1)
      const d = await Hashing.hashBlob(wrap(b) as Hashing.BlobLike, { chunkSize: S, nativeSha256, algorithms: ['sha256', 'ripemd160'] })
      expect(d).toEqual({ sha256: reference(b).sha256, ripemd160: reference(b).ripemd160 })
    })

  it('WebCrypto SHA-256 is used up to NATIVE_SHA256_MAX bytes (Node has WebCrypto)', () => {
    expect(Hashing.nativeSha256(1)).toBe(true)
    expect(Hashing.nativeSha256(Hashing.NATIVE_SHA256_MAX)).toBe(true)
    expect(Hashing.nativeSha256(Hashing.NATIVE_SHA256_MAX + 1)).toBe(false)
    expect(Hashing.nativeSha256(0)).toBe(false)
  })

  it('the default slice (16 MiB): S-1, S and S+1 bytes, through the byte stream, give node:crypto SHA-256', { timeout: 120_000 }, async () => {
    const S16 = Hashing.CHUNK_SIZE
    const big = random(S16 + 1)
    for (const n of [S16 - 1, S16, S16 + 1]) {
      const b = big.subarray(0, n)
      const d = await Hashing.hashBlob(streamOnly(b) as Hashing.BlobLike, { algorithms: ['sha256'], nativeSha256: false })
      expect(d.sha256, `${n} bytes`).toBe(hex(createHash('sha256').update(b).digest()))
    }
  })

  it.each([false, true])('the byte stream path stops when cancelled, with its own error (native SHA-256: %s)', async (nativeSha256) => {
    const signal = { aborted: false }
    let calls = 0
    const p = Hashing.hashBlob(streamOnly(random(1_000_000)) as Hashing.BlobLike, {
      chunkSize: 1000,
      nativeSha256,
      signal,
      progress: () => {
        if (++calls === 3) signal.aborted = true
      },
    })
    await expect(p).rejects.toMatchObject({ name: 'Hashing.AbortedError' })
    expect(calls).toBeLessThan(10)
  })

  it.each([false, true])('a byte stream that ends early or runs long is a read error, not a wrong hash (native SHA-256: %s)', async (nativeSha256) => {
    const real = blobOf(random(5000))
    const stream = () => real.stream() as unknown as ReturnType<NonNullable<Hashing.BlobLike['stream']>>
    const short = { size: 10_000, slice: () => real.slice(), stream }
    await expect(Hashing.hashBlob(short, { chunkSize: 1000, nativeSha256 })).rejects.toMatchObject({ name: 'Hashing.ReadError' })
    const long = { size: 4000, slice: () => real.slice(), stream }
    await expect(Hashing.hashBlob(long, { chunkSize: 1000, nativeSha256 })).rejects.toMatchObject({ name: 'Hashing.ReadError' })
  })
})

describe('warm', () => {
  it('resolves, and hashing after it still gives node:crypto’s digests', async () => {
    await Hashing.warm()
    const b = random(1000)
    const d = await Hashing.hashBytes(b)
    expect(d.sha3_256).toBe(hex(createHash('sha3-256').update(b).digest()))
    expect(d.ripemd160).toBe(hex(createHash('ripemd160').update(b).digest()))
    expect(d.keccak256).toBe(ethers.utils.keccak256(b))
  })
})

describe('plan: the chosen hashes shared among workers', () => {
  const ids = Hashing.ALGORITHMS.map((a) => a.id)
  const load = (g: Hashing.Algorithm[]) => g.reduce((t, a) => t + Hashing.COST[a], 0)
  /** The best possible longest worker, by trying every assignment. */
  const optimum = (algs: Hashing.Algorithm[], w: number): number => {
    let best = Infinity
    const loads = new Array<number>(w).fill(0)
    const go = (i: number) => {
      if (i === algs.length) return void (best = Math.min(best, Math.max(...loads)))
      for (let k = 0; k < w; k++) {
        loads[k]! += Hashing.COST[algs[i]!]
        go(i + 1)
        loads[k]! -= Hashing.COST[algs[i]!]
      }
    }
    go(0)
    return best
  }
  it('gives every chosen hash to exactly one of at most min(workers, hashes) workers, in display order, within 4/3 of the best split', () => {
    fc.assert(
      fc.property(fc.subarray(ids, { minLength: 1 }), fc.integer({ min: 1, max: 8 }), (algs, w) => {
        const groups = Hashing.plan(algs, w)
        expect(groups.length).toBe(Math.min(w, algs.length))
        expect(groups.flat().sort()).toEqual([...algs].sort())
        for (const g of groups) expect(g).toEqual(ids.filter((a) => g.includes(a)))
        for (let i = 1; i < groups.length; i++) expect(load(groups[i - 1]!)).toBeGreaterThanOrEqual(load(groups[i]!)) // heaviest first
        const longest = Math.max(...groups.map(load))
        // Graham's bound for longest-processing-time-first scheduling.
        expect(longest).toBeLessThanOrEqual((4 / 3) * optimum(algs, Math.min(w, algs.length)) + 1e-9)
      }),
    )
  })
})

describe('parseBytes', () => {
  it('round-trips hex (with or without 0x, any case, spaces ignored)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), fc.boolean(), (b, prefix, upper) => {
        let h = Buffer.from(b).toString('hex')
        if (upper) h = h.toUpperCase()
        const spaced = h.replace(/(..)(?=.)/g, '$1 ')
        expect(Hashing.parseBytes((prefix ? '0x' : '') + spaced, 'hex')).toEqual(b)
      }),
    )
  })

  it('takes text as UTF-8', () => {
    expect(hex(Hashing.parseBytes('é€', 'utf8'))).toBe('0xc3a9e282ac')
  })

  it('rejects odd-length hex', () => {
    expect(() => Hashing.parseBytes('0xabc', 'hex')).toThrow(expect.objectContaining({ name: 'Hashing.InvalidHexError', shortMessage: expect.stringMatching(/Odd number/) }))
  })

  it('rejects non-hex characters with the position and a hint for text', () => {
    expect(() => Hashing.parseBytes('0x12zz', 'hex')).toThrow(expect.objectContaining({ name: 'Hashing.InvalidHexError', shortMessage: expect.stringMatching(/"z" at position 5/) }))
    try {
      Hashing.parseBytes('hello world', 'hex')
      expect.unreachable()
    } catch (e) {
      expect((e as Hashing.InvalidHexError).hints.join(' ')).toMatch(/UTF-8 text/)
    }
  })
})

describe('formatSize', () => {
  it('formats binary units', () => {
    expect(Hashing.formatSize(512)).toBe('512 B')
    expect(Hashing.formatSize(1536)).toBe('1.50 KiB')
    expect(Hashing.formatSize(64 * 1024 * 1024)).toBe('64.0 MiB')
  })
})

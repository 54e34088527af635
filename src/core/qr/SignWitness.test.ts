import { describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import * as Esr from './EthSignRequest'
import * as SignWitness from './SignWitness'
import { decode as cborDecode, encode as cborEncode } from 'cborg'
import { BaseError } from '../Errors'
import * as SimWitness from '../sim/SimWitness'
import * as Ur from './Ur'
import { gunzipSync, gzipSync } from 'node:zlib'
import { testSeed } from '../../../test/support'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An unsigned EIP-1559 transaction serialized by ethers v5 (an encoder independent of ours). */
function request(address: string | undefined, data: Uint8Array, dataType: Esr.DataType = 4): Esr.Review {
  return Esr.review({ requestId: Esr.newRequestId(), signData: data, dataType, chainId: 31337n, derivationPath: Esr.parsePath("m/44'/60'/0'/0/0"), ...(address ? { address: address as `0x${string}` } : {}) })
}
const unsigned = ethers.utils.arrayify(
  ethers.utils.serializeTransaction({ type: 2, chainId: 31337, nonce: 4, to: TO, value: ethers.BigNumber.from(1234), data: '0xa9059cbb00', gasLimit: 90_000, maxFeePerGas: 2e9, maxPriorityFeePerGas: 1e9, accessList: [{ address: TO, storageKeys: [ethers.utils.hexZeroPad('0x01', 32)] }] }),
)

describe('SignWitness.callOf', () => {
  it('is the call the transaction asks for, from the address the request names', () => {
    expect(SignWitness.callOf(request(FROM, unsigned))).toEqual({
      from: FROM.toLowerCase(),
      to: TO.toLowerCase(),
      value: 1234n,
      data: '0xa9059cbb00',
      gas: 90_000n,
      accessList: [{ address: TO.toLowerCase(), storageKeys: [ethers.utils.hexZeroPad('0x01', 32)] }],
    })
  })
  it('refuses a request with no sender, and a message', () => {
    expect(() => SignWitness.callOf(request(undefined, unsigned))).toThrow(/names no sender/)
    const e = (() => {
      try {
        SignWitness.callOf(request(FROM, new TextEncoder().encode('hello'), 3))
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(BaseError)
    expect((e as BaseError).name).toBe('SignWitness.NotATransactionError')
  })
})

// ---- the witness as animated UR parts ----

const rand = (n: number) => Math.floor(Math.random() * n)
const randHex = (len: number) => `0x${Array.from({ length: len }, () => rand(256).toString(16).padStart(2, '0')).join('')}` as `0x${string}`

/** A witness of random accounts, slots and proof nodes in canonical form (its proofs prove nothing: only the channel is tested here). */
function randomWitness(): Uint8Array {
  const accounts = Array.from({ length: 1 + rand(12) }, () => ({
    address: randHex(20),
    nonce: BigInt(rand(1000)),
    balance: BigInt(rand(2 ** 30)) * 10n ** 9n,
    storageHash: randHex(32),
    codeHash: randHex(32),
    accountProof: Array.from({ length: 1 + rand(8) }, () => randHex(32 + rand(500))),
    code: rand(2) ? randHex(rand(3000)) : ('0x' as const),
    slots: [...new Set(Array.from({ length: rand(6) }, () => randHex(32)))].map((key) => ({ key, value: randHex(32), proof: Array.from({ length: 1 + rand(5) }, () => randHex(32 + rand(500))) })),
  }))
  const dedup = [...new Map(accounts.map((a) => [a.address, a])).values()]
  return SimWitness.encode({ chainId: 31337, hardfork: 'prague', blockHash: randHex(32), header: randHex(500 + rand(100)), accounts: dedup })
}

/** Shuffles in place (Fisher–Yates over the seeded Math.random). */
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rand(i + 1)
    ;[xs[i], xs[j]] = [xs[j]!, xs[i]!]
  }
  return xs
}

describe('SignWitness: the witness as animated UR parts (ew-witness)', () => {
  it(`round trip: random witnesses, parts reordered and a fifth dropped, still decode to the same bytes (seed ${testSeed})`, async () => {
    for (let round = 0; round < 8; round++) {
      const witness = randomWitness()
      const fragment = [200, 400][rand(2)]!
      const { parts, fragments, type } = await SignWitness.toUr(witness, { maxFragmentLength: fragment, extra: 0 })
      expect(type).toBe('ew-witness')
      expect(parts.length).toBe(fragments)
      expect(fragments).toBeGreaterThan(1)
      // the pure fragments, a fifth dropped at random, then fountain parts as a camera would catch them (any order)
      const kept = shuffle(parts.filter(() => rand(5) !== 0))
      const d = SignWitness.urDecoder()
      for (const p of kept) d.receive(p.toUpperCase())
      let seq = parts.length
      while (!d.result()) {
        // numbered above the fragment count: fountain parts, each a mix of fragments
        for (const p of shuffle((await SignWitness.toUr(witness, { maxFragmentLength: fragment, extra: 0, firstSeqNum: seq })).parts)) if (!d.result()) d.receive(p)
        seq += fragments
        expect(seq, `round ${round}: never completes (seed ${testSeed})`).toBeLessThan(fragments * 6)
      }
      const p = d.progress()!
      expect(p.complete).toBe(true)
      expect(p.expected).toBe(fragments)
      const back = await SignWitness.fromUr(d.result()!)
      expect(SimWitness.fingerprint(back), `round ${round}, seed ${testSeed}`).toBe(SimWitness.fingerprint(witness))
      expect(SimWitness.decode(back).accounts.length).toBe(SimWitness.decode(witness).accounts.length)
    }
  })

  it('reports progress as parts arrive ("k of n parts")', async () => {
    const witness = randomWitness()
    const { parts, fragments } = await SignWitness.toUr(witness, { maxFragmentLength: 100 })
    expect(fragments).toBeGreaterThan(3)
    const d = SignWitness.urDecoder()
    const p1 = d.receive(parts[0]!)
    expect(p1).toMatchObject({ type: 'ew-witness', expected: fragments, received: 1, complete: false })
    const p2 = d.receive(parts[2]!)
    expect(p2.received).toBe(2)
  })

  it(`a byte flipped in the assembled content is refused: by the message checksum, and by the witness seal (seed ${testSeed})`, async () => {
    const witness = randomWitness()
    const cbor = cborEncode(witness)
    // a part whose data was changed and whose own checksum was made to match: the reassembled message fails its CRC-32
    const enc = Ur.encode('ew-witness', cbor, { maxFragmentLength: 150, extra: 0 })
    const i = rand(enc.parts.length)
    const [seqNum, seqLen, messageLen, checksum, data] = cborDecode(Ur.fromBytewords(enc.parts[i]!.split('/')[2]!)) as [number, number, number, number, Uint8Array]
    data[rand(data.length)]! ^= 1 + rand(255)
    const forged = `ur:ew-witness/${seqNum}-${seqLen}/${Ur.toBytewords(cborEncode([seqNum, seqLen, messageLen, checksum, data]))}`
    const d = SignWitness.urDecoder()
    expect(() => {
      for (const [k, p] of enc.parts.entries()) d.receive(k === i ? forged : p)
    }).toThrow(/reassembled message fails its checksum/)
    // the same flip carried by a message re-checksummed end to end: the witness's SHA-256 seal refuses it
    const flipped = witness.slice()
    const at = rand(flipped.length)
    flipped[at]! ^= 1 + rand(255)
    const d2 = SignWitness.urDecoder()
    for (const p of (await SignWitness.toUr(flipped, { maxFragmentLength: 150 })).parts) if (!d2.result()) d2.receive(p)
    const back = await SignWitness.fromUr(d2.result()!)
    await expect(SimWitness.verify(back), `byte ${at} flipped (seed ${testSeed})`).rejects.toThrow(/damaged|cannot be read|Refused|canonical/)
  })

  it('refuses a witness announced over the set size on its first part, and a foreign type by name', async () => {
    // a 200 KiB message announced by its first part: refused before anything is collected
    const big = new Uint8Array(SignWitness.MAX_UR_BYTES + 1024)
    const [first] = Ur.encode('ew-witness', cborEncode(big), { maxFragmentLength: 2000, extra: 0 }).parts
    const d = SignWitness.urDecoder()
    expect(() => d.receive(first!)).toThrow(/announces \d+ bytes, more than is accepted here/)
    expect(d.progress()).toBeUndefined()
    // random bytes do not compress: over the bound once gzipped
    const noise = new Uint8Array(SignWitness.MAX_UR_BYTES + 1024)
    for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, i + 65536))
    await expect(SignWitness.toUr(noise)).rejects.toThrow(/gzipped: more than 192 KiB gzipped does not go by QR code/)
    await expect(SignWitness.toUr(new Uint8Array(SignWitness.MAX_INFLATED + 1))).rejects.toThrow(/does not go by QR code/)
    // the sign request's own type, and an hdkey: named
    const foreign = Ur.encode('eth-sign-request', new Uint8Array([0x41, 0x00]))
    expect(() => SignWitness.urDecoder().receive(foreign.parts[0]!)).toThrow('This code is a eth-sign-request, not a ew-witness.')
    await expect(SignWitness.fromUr({ type: 'crypto-hdkey', cbor: new Uint8Array([0x40]) })).rejects.toThrow(/crypto-hdkey, not a ew-witness/)
    // content that is not one byte string
    await expect(SignWitness.fromUr({ type: 'ew-witness', cbor: cborEncode([1, 2]) })).rejects.toThrow(/not one CBOR byte string/)
    await expect(SignWitness.fromUr({ type: 'ew-witness', cbor: new Uint8Array([0x42, 0x01]) })).rejects.toThrow(/not one CBOR byte string/)
  })

  it(`gzip is the platform's, read by zlib and reading zlib's; a byte flipped, or a code that unpacks past the witness bound, is refused (seed ${testSeed})`, async () => {
    for (let round = 0; round < 6; round++) {
      const witness = randomWitness()
      const ours = await SignWitness.gzip(witness)
      expect(new Uint8Array(gunzipSync(ours)), `round ${round}`).toEqual(witness)
      expect(await SignWitness.gunzip(new Uint8Array(gzipSync(witness))), `round ${round}`).toEqual(witness)
      // a flip in the deflate body or the CRC-32 trailer (not the header's free bytes: mtime, OS)
      const bad = ours.slice()
      const at = 10 + rand(bad.length - 10)
      bad[at]! ^= 1 + rand(255)
      await expect(SignWitness.gunzip(bad), `byte ${at} of ${bad.length} flipped (seed ${testSeed})`).rejects.toThrow(/not a gzipped witness|more than/)
    }
    // 2 MiB of zeros is a 2 KB code: it stops unpacking at the bound, and nothing bigger is held
    const bomb = new Uint8Array(gzipSync(new Uint8Array(2 * 1024 * 1024)))
    expect(bomb.length).toBeLessThan(4096)
    await expect(SignWitness.gunzip(bomb)).rejects.toMatchObject({ name: 'Ur.TooLargeError' })
    await expect(SignWitness.fromUr({ type: 'ew-witness', cbor: cborEncode(bomb) })).rejects.toThrow(/once unpacked/)
    // a swap-sized witness of JSON-like text goes in a third of the frames
    const text = new TextEncoder().encode(JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ account: `0x${(i * 7919).toString(16).padStart(40, '0')}`, balance: `${i * 1e15}` }))))
    const plain = Ur.encode('ew-witness', cborEncode(text), { maxFragmentLength: 400, extra: 0 }).fragments
    expect((await SignWitness.toUr(text, { maxFragmentLength: 400, extra: 0 })).fragments).toBeLessThan(plain / 2)
  })

  it('the QR bound is below the witness file bound, and the UR bound', () => {
    expect(SignWitness.MAX_INFLATED).toBe(SimWitness.LIMITS.maxBytes)
    expect(SignWitness.MAX_UR_BYTES).toBeLessThanOrEqual(SimWitness.LIMITS.maxBytes)
    expect(SignWitness.MAX_UR_BYTES + 5).toBeLessThanOrEqual(Ur.MAX_MESSAGE)
  })
})

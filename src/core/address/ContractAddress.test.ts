import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cast, castAsync } from '../../../test/support'
import * as ContractAddress from './ContractAddress'

function randomHex(n: number): `0x${string}` {
  const b = new Uint8Array(n)
  crypto.getRandomValues(b)
  return `0x${Buffer.from(b).toString('hex')}`
}
const computed = (out: string) => out.replace(/^Computed Address:\s*/, '')

describe('EIP-1014 examples (CREATE2)', () => {
  // The seven examples listed in EIP-1014.
  const zero = '0x0000000000000000000000000000000000000000'
  const z32 = `0x${'00'.repeat(32)}` as const
  const cafebabe = `0x${'00'.repeat(28)}cafebabe` as const
  const examples: [string, `0x${string}`, `0x${string}`, string][] = [
    [zero, z32, '0x00', '0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38'],
    ['0xdeadbeef00000000000000000000000000000000', z32, '0x00', '0xB928f69Bb1D91Cd65274e3c79d8986362984fDA3'],
    ['0xdeadbeef00000000000000000000000000000000', `0x000000000000000000000000feed000000000000000000000000000000000000`, '0x00', '0xD04116cDd17beBE565EB2422F2497E06cC1C9833'],
    [zero, z32, '0xdeadbeef', '0x70f2b2914A2a4b783FaEFb75f459A580616Fcb5e'],
    ['0x00000000000000000000000000000000deadbeef', cafebabe, '0xdeadbeef', '0x60f3f640a8508fC6a86d45DF051962668E1e8AC7'],
    ['0x00000000000000000000000000000000deadbeef', cafebabe, `0x${'deadbeef'.repeat(11)}`, '0x1d8bfDC5D46DC4f61D6b6115972536eBE6A8854C'],
    [zero, z32, '0x', '0xE33C0C7F7df4809055C3ebA6c09CFe4BaF1BD9e0'],
  ]
  it.each(examples)('%s / %s / %s', (deployer, salt, initCode, expected) => {
    expect(ContractAddress.create2(deployer, salt, { initCode }).address).toBe(expected)
  })
})

describe('CREATE differential against cast compute-address', () => {
  it('nonces at every RLP boundary up to 2^64 - 1, and random ones', async () => {
    const nonces = [0n, 1n, 0x7fn, 0x80n, 0xffn, 0x100n, 0xffffn, 0x10000n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 56n, 2n ** 63n, 2n ** 64n - 2n, 2n ** 64n - 1n]
    for (let i = 0; i < 4; i++) nonces.push(BigInt(randomHex(1 + (i % 8))))
    const cases = nonces.map((n) => ({ deployer: randomHex(20), n }))
    const outs = await Promise.all(cases.map((c) => castAsync(['compute-address', c.deployer, '--nonce', c.n.toString()])))
    cases.forEach((c, i) => expect(ContractAddress.create(c.deployer, c.n).address, `nonce ${c.n}`).toBe(computed(outs[i]!)))
  })
  it('agrees with ethers v5 getContractAddress and shows the RLP preimage', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }), (b, n) => {
        const deployer = `0x${Buffer.from(b).toString('hex')}`
        const r = ContractAddress.create(deployer, n)
        expect(r.address).toBe(ethers.utils.getContractAddress({ from: deployer, nonce: n }))
        expect(r.rlp).toBe(ethers.utils.RLP.encode([deployer, n === 0n ? '0x' : ethers.utils.hexlify(n)]))
        expect(ethers.utils.keccak256(r.rlp).slice(26)).toBe(r.address.slice(2).toLowerCase())
      }),
      { numRuns: 200 },
    )
  })
})

describe('CREATE2 differential against cast compute-address', () => {
  it('with init code hash and with init code', async () => {
    const cases = Array.from({ length: 12 }, (_, i) => ({ deployer: randomHex(20), salt: randomHex(32), code: randomHex(i * 11) }))
    const viaHash = await Promise.all(cases.map((c) => castAsync(['compute-address', c.deployer, '--salt', c.salt, '--init-code-hash', ethers.utils.keccak256(c.code)])))
    const viaCode = await Promise.all(cases.slice(0, 6).map((c) => castAsync(['compute-address', c.deployer, '--salt', c.salt, '--init-code', c.code])))
    cases.forEach((c, i) => {
      const a = ContractAddress.create2(c.deployer, c.salt, { initCodeHash: ethers.utils.keccak256(c.code) as `0x${string}` })
      expect(a.address).toBe(computed(viaHash[i]!))
      expect(ContractAddress.create2(c.deployer, c.salt, { initCode: c.code }).address).toBe(a.address)
      if (i < 6) expect(a.address).toBe(computed(viaCode[i]!))
      expect(ethers.utils.keccak256(a.preimage).slice(26)).toBe(a.address.slice(2).toLowerCase())
    })
  })
})

describe('parsing and bad input', () => {
  it('nonce: decimal and hex, up to 2^64 - 1', () => {
    expect(ContractAddress.parseNonce('18446744073709551615')).toBe(2n ** 64n - 1n)
    expect(ContractAddress.parseNonce('0x10')).toBe(16n)
    for (const bad of ['', '-1', '1.5', '18446744073709551616', 'abc', '9'.repeat(40)])
      expect(() => ContractAddress.parseNonce(bad), bad).toThrow(expect.objectContaining({ name: 'ContractAddress.InvalidNonceError' }))
    expect(() => ContractAddress.create('0x' + '11'.repeat(20), 2n ** 64n)).toThrow(expect.objectContaining({ name: 'ContractAddress.InvalidNonceError' }))
  })
  it('salt: 32 bytes, shorter hex left-padded, or a decimal number', () => {
    expect(ContractAddress.parseSalt('0x01')).toEqual({ salt: `0x${'0'.repeat(63)}1`, padded: true })
    expect(ContractAddress.parseSalt('1')).toEqual({ salt: `0x${'0'.repeat(63)}1`, padded: true })
    const full = randomHex(32)
    expect(ContractAddress.parseSalt(full)).toEqual({ salt: full, padded: false })
    for (const bad of ['', 'hello', `0x${'1'.repeat(65)}`, '0xzz', String(2n ** 256n)])
      expect(() => ContractAddress.parseSalt(bad), bad).toThrow(expect.objectContaining({ name: 'ContractAddress.InvalidSaltError' }))
    expect(() => ContractAddress.create2('0x' + '11'.repeat(20), '0x01', { initCode: '0x' })).toThrow(expect.objectContaining({ name: 'ContractAddress.InvalidSaltError' }))
  })
  it('init code: hex with 0x, even length', () => {
    expect(ContractAddress.parseHexBytes('0x60 80\n60 40', 'init code')).toBe('0x60806040')
    for (const [bad, msg] of [['6080', /starting with 0x/], ['0x608', /odd number/], ['0x60zz', /"z"/]] as const)
      expect(() => ContractAddress.parseHexBytes(bad, 'init code')).toThrow(expect.objectContaining({ name: 'ContractAddress.InvalidHexError', shortMessage: expect.stringMatching(msg) }))
    expect(() => ContractAddress.parseHexBytes('0x' + '00'.repeat(20), 'init code', 10)).toThrow(expect.objectContaining({ shortMessage: expect.stringMatching(/larger than 10 bytes/) }))
  })
  it('a deployer with a wrong checksum is refused', () => {
    expect(() => ContractAddress.create('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 0n)).toThrow(expect.objectContaining({ name: 'AddressCheck.ChecksumMismatchError' }))
  })
})

describe('checkInitCodeHash (#17: both init code and a hash given)', () => {
  it('accepts the keccak256 cast computes, refuses any other hash naming the right one', () => {
    const code = '0x6080604052348015600f57600080fd5b50'
    const hash = cast(['keccak', code]) as `0x${string}`
    expect(() => ContractAddress.checkInitCodeHash(code, hash)).not.toThrow()
    expect(() => ContractAddress.checkInitCodeHash(code, hash.toUpperCase().replace('0X', '0x') as `0x${string}`)).not.toThrow()
    const other = cast(['keccak', '0x00']) as `0x${string}`
    expect(() => ContractAddress.checkInitCodeHash(code, other)).toThrow(ContractAddress.InitCodeHashMismatchError)
    expect(() => ContractAddress.checkInitCodeHash(code, other)).toThrow(hash)
  })
})

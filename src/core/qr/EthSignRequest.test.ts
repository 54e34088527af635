import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { ethers } from 'ethers'
import * as Esr from './EthSignRequest'
import * as Ur from './Ur'
import { ANVIL_KEYS, expectDomainErrorOrValue } from '../../../test/support'

const hex = (b: Uint8Array) => '0x' + Buffer.from(b).toString('hex')
const unhex = (h: string) => new Uint8Array(Buffer.from(h.replace(/^0x/, ''), 'hex'))
const wallet = new ethers.Wallet(ANVIL_KEYS[0])
const KEY = ANVIL_KEYS[0] as `0x${string}`

// KeystoneHQ ur-registry-eth, src/__tests__/EthSignRequest.test.ts ("test should genereate eth-sign-reqeust"):
// a legacy transaction, path M/44'/1'/1'/0/1 with source fingerprint 0x12345678, chain 1, origin "metamask".
const KEYSTONE = {
  rlp: 'f849808609184e72a00082271094000000000000000000000000000000000000000080a47f7465737432000000000000000000000000000000000000000000000000000000600057808080',
  id: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
  ur: 'ur:eth-sign-request/oladtpdagdndcawmgtfrkigrpmndutdnbtkgfssbjnaohdgryagalalnascsgljpnbaelfdibemwaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaelaoxlbjyihjkjyeyaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaeaehnaehglalalaaxadaaadahtaaddyoeadlecsdwykadykadykaewkadwkaocybgeehfksatisjnihjyhsjnhsjkjetlnndant',
}
// KeystoneHQ keystone-sdk-rust (test_decode_eth_sign_request): a typed (EIP-1559) transaction request.
const KEYSTONE_TYPED = {
  ur: 'ur:eth-sign-request/onadtpdagdwnbstbpfkidafxlbprqzdiktfldlaxheaohddlaoweaalalrhkisdlaelrhkisdlcwlfgmaymwvttkvsptykhkfwswosbdlrhhtiknftkihsnbfxdalnhtwfbeknfzaelartaxaaaaaaahtaaddyoeadlocsdwykcsfnykaeykaewkaocyjokbwejzvdrtpssp',
  signData: '02ed04808459682f008459682f1b82520894e0cfe8a9f55942c6a70b845cd07a3a7d61a04325865af3107a400080c0',
}
// BCR-2020-007 (papers/bcr-2020-007-hdkey.md), Example/Test Vector 2: tpub at m/44'/1'/1'/0/1.
const HDKEY_2 = {
  cbor: 'a5035821026fe2355745bb2db3630bbc80ef5d58951c963c841f54170ba6e5c12be7fc12a6045820ced155c72456255881793514edc5bd9447e7f74abb88c6d6b6480fd016ee8c8505d90131a1020106d90130a1018a182cf501f501f500f401f4081ae9181cf3',
  ur: 'ur:crypto-hdkey/onaxhdclaojlvoechgferkdpqdiabdrflawshlhdmdcemtfnlrctghchbdolvwsednvdztbgolaahdcxtottgostdkhfdahdlykkecbbweskrymwflvdylgerkloswtbrpfdbsticmwylklpahtaadehoyaoadamtaaddyoyadlecsdwykadykadykaewkadwkaycywlcscewfihbdaehn',
}

describe('EthSignRequest: published examples', () => {
  it('encodes the Keystone legacy request exactly', () => {
    const req: Esr.Request = {
      requestId: Esr.uuidFromString(KEYSTONE.id),
      signData: unhex(KEYSTONE.rlp),
      dataType: 1,
      chainId: 1n,
      derivationPath: { ...Esr.parsePath("m/44'/1'/1'/0/1"), sourceFingerprint: 0x12345678 },
      origin: 'metamask',
    }
    expect(Ur.encodeSingle(Esr.REQUEST_TYPE, Esr.encodeRequest(req))).toBe(KEYSTONE.ur)
  })
  it('decodes the Keystone legacy request', () => {
    const { type, cbor } = Ur.decodeSingle(KEYSTONE.ur)
    expect(type).toBe('eth-sign-request')
    const r = Esr.decodeRequest(cbor)
    expect(Esr.uuidToString(r.requestId)).toBe(KEYSTONE.id)
    expect(hex(r.signData)).toBe('0x' + KEYSTONE.rlp)
    expect(r.dataType).toBe(1)
    expect(r.chainId).toBe(1n)
    expect(Esr.pathToString(r.derivationPath)).toBe("m/44'/1'/1'/0/1")
    expect(r.derivationPath.sourceFingerprint).toBe(0x12345678)
    expect(r.origin).toBe('metamask')
    // Its transaction commits to no chain (v = 0 in the unsigned RLP): the review refuses to sign it.
    expect(() => Esr.review(r)).toThrow(Esr.WrongChainError)
  })
  it('decodes the Keystone typed-transaction request (Rust SDK test)', () => {
    const r = Esr.decodeRequest(Ur.decodeSingle(KEYSTONE_TYPED.ur.toUpperCase()).cbor)
    expect(hex(r.signData)).toBe('0x' + KEYSTONE_TYPED.signData)
    expect(r.dataType).toBe(4)
    const rv = Esr.review(r)
    expect(rv.content.kind).toBe('transaction')
    // Cross-check the decoded transaction with ethers v5.
    const e = ethers.utils.parseTransaction('0x' + KEYSTONE_TYPED.signData)
    if (rv.content.kind !== 'transaction') throw new Error('unreachable')
    expect(rv.content.decoded.tx.to).toBe(e.to)
    expect(rv.content.decoded.tx.value).toBe(e.value.toBigInt())
    expect(BigInt(rv.chainId)).toBe(BigInt(e.chainId))
    expect(rv.digest).toBe(ethers.utils.keccak256(ethers.utils.serializeTransaction({ ...e, type: 2 } as any)))
  })
  it('crypto-hdkey test vector 2 (BCR-2020-007) encodes and decodes', () => {
    const k: Esr.HdKey = {
      keyData: unhex('026fe2355745bb2db3630bbc80ef5d58951c963c841f54170ba6e5c12be7fc12a6'),
      chainCode: unhex('ced155c72456255881793514edc5bd9447e7f74abb88c6d6b6480fd016ee8c85'),
      useInfo: { network: 1 },
      origin: Esr.parsePath("m/44'/1'/1'/0/1"),
      parentFingerprint: 3910671603,
    }
    expect(hex(Esr.encodeHdKey(k)).slice(2)).toBe(HDKEY_2.cbor)
    expect(Ur.encodeSingle(Esr.HDKEY_TYPE, Esr.encodeHdKey(k))).toBe(HDKEY_2.ur)
    const d = Esr.decodeHdKey(Ur.decodeSingle(HDKEY_2.ur).cbor)
    expect(hex(d.keyData)).toBe(hex(k.keyData))
    expect(d.parentFingerprint).toBe(3910671603)
    expect(Esr.pathToString(d.origin!)).toBe("m/44'/1'/1'/0/1")
  })
})

function roundTrip(signData: Uint8Array, dataType: Esr.DataType, chainId: bigint) {
  const req = Esr.create({ signData, dataType, chainId, path: "m/44'/60'/0'/0/0", address: wallet.address, origin: 'test' })
  const parts = Ur.encode(Esr.REQUEST_TYPE, Esr.encodeRequest(req), { maxFragmentLength: 100 }).parts
  // Offline device: decode, review, sign.
  const d = Ur.decoder({ types: [Esr.REQUEST_TYPE] })
  for (const p of parts) if (!d.result()) d.receive(p)
  const offline = Esr.review(Esr.decodeRequest(d.result()!.cbor))
  const answer = Esr.sign(offline, KEY)
  const sigUr = Ur.encode(Esr.SIGNATURE_TYPE, Esr.encodeSignature(answer.response)).parts
  // Back online: the request kept in memory accepts the signature.
  const back = Ur.decoder({ types: [Esr.SIGNATURE_TYPE] })
  for (const p of sigUr) back.receive(p)
  const online = Esr.review(req)
  return { accepted: Esr.accept(online, Esr.decodeSignature(back.result()!.cbor)), online, answer }
}

describe('EthSignRequest: round trip, checked against ethers v5', () => {
  it('EIP-1559 transaction: the assembled transaction equals ethers signTransaction', async () => {
    const tx = { type: 2, chainId: 31337, nonce: 7, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, gasLimit: 21000, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 18n, data: '0x' }
    const unsigned = ethers.utils.serializeTransaction(tx as any)
    const { accepted } = roundTrip(unhex(unsigned), 4, 31337n)
    expect(accepted.raw).toBe(await wallet.signTransaction(tx as any))
    expect(accepted.signer).toBe(wallet.address)
    expect(accepted.decoded!.sender).toBe(wallet.address)
  })
  it('legacy EIP-155 transaction: equals ethers signTransaction', async () => {
    const tx = { type: 0, chainId: 5, nonce: 1, gasPrice: 3_000_000_000n, gasLimit: 50000, to: '0x3535353535353535353535353535353535353535', value: 5n, data: '0xdeadbeef' }
    const unsigned = ethers.utils.serializeTransaction(tx as any)
    const { accepted, answer } = roundTrip(unhex(unsigned), 1, 5n)
    expect(accepted.raw).toBe(await wallet.signTransaction(tx as any))
    // v in the signature is the EIP-155 value, as Keystone gives it.
    expect(BigInt('0x' + answer.signature.slice(130))).toBe(BigInt(ethers.utils.parseTransaction(accepted.raw!).v!))
  })
  it('personal message: equals ethers signMessage', async () => {
    const msg = 'Sign in to the air-gapped test\nnonce: 42'
    const { accepted } = roundTrip(new TextEncoder().encode(msg), 3, 1n)
    expect(accepted.signature).toBe(await wallet.signMessage(msg))
  })
  it('typed data: equals ethers _signTypedData', async () => {
    const domain = { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' }
    const types = { Person: [{ name: 'name', type: 'string' }, { name: 'wallet', type: 'address' }], Mail: [{ name: 'from', type: 'Person' }, { name: 'to', type: 'Person' }, { name: 'contents', type: 'string' }] }
    const message = { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' }, contents: 'Hello, Bob!' }
    const json = JSON.stringify({ types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...types }, primaryType: 'Mail', domain, message })
    const { accepted } = roundTrip(new TextEncoder().encode(json), 2, 1n)
    expect(accepted.signature).toBe(await wallet._signTypedData(domain, types, message))
  })
})

describe('EthSignRequest: properties (seeded)', () => {
  it('sign → accept over random transactions and chains equals ethers signTransaction (both y parities)', async () => {
    const parities = new Set<number>()
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: 2n ** 40n }), fc.nat(1000), fc.bigInt({ min: 0n, max: 10n ** 21n }), fc.boolean(), async (chainId, nonce, value, legacy) => {
        const tx = legacy
          ? { type: 0, chainId: Number(chainId), nonce, gasPrice: 7n, gasLimit: 21000, to: '0x3535353535353535353535353535353535353535', value }
          : { type: 2, chainId: Number(chainId), nonce, maxFeePerGas: 9n, maxPriorityFeePerGas: 1n, gasLimit: 21000, to: '0x3535353535353535353535353535353535353535', value }
        const { accepted } = roundTrip(unhex(ethers.utils.serializeTransaction(tx as any)), legacy ? 1 : 4, chainId)
        expect(accepted.raw).toBe(await wallet.signTransaction(tx as any))
        parities.add(accepted.decoded!.tx.yParity ?? Number((accepted.decoded!.tx.v! - 35n) % 2n))
      }),
      { numRuns: 40 },
    )
    expect([...parities].sort()).toEqual([0, 1])
  })
})

describe('EthSignRequest: refusals', () => {
  const tx1559 = (chainId: number) => unhex(ethers.utils.serializeTransaction({ type: 2, chainId, nonce: 0, maxFeePerGas: 1, maxPriorityFeePerGas: 1, gasLimit: 21000, to: wallet.address, value: 1 } as any))
  it('a transaction for another chain than the request', () => {
    const req = Esr.create({ signData: tx1559(5), dataType: 4, chainId: 1n, path: "m/44'/60'/0'/0/0" })
    expect(() => Esr.review(req)).toThrow(Esr.WrongChainError)
  })
  it('typed data whose domain is for another chain', () => {
    const json = JSON.stringify({ types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }], M: [{ name: 'a', type: 'uint256' }] }, primaryType: 'M', domain: { chainId: 10 }, message: { a: 1 } })
    expect(() => Esr.review(Esr.create({ signData: new TextEncoder().encode(json), dataType: 2, chainId: 1n, path: 'm/0' }))).toThrow(Esr.WrongChainError)
  })
  it('a signature with an EIP-155 v for another chain, another request id, or another signer', () => {
    const { online, answer } = roundTrip(new TextEncoder().encode('hi'), 3, 1n)
    const other = Esr.sign(Esr.review(Esr.create({ signData: new TextEncoder().encode('hi'), dataType: 3, chainId: 1n, path: 'm/0' })), KEY)
    expect(() => Esr.accept(online, other.response)).toThrow(Esr.RequestIdMismatchError)
    const wrongV = new Uint8Array([...answer.response.signature.slice(0, 64), 37 + 2 * 5])
    expect(() => Esr.accept(online, { ...answer.response, signature: wrongV })).toThrow(Esr.WrongChainError)
    const byOther = Esr.sign({ ...online, request: { ...online.request, address: undefined } }, ANVIL_KEYS[1] as `0x${string}`)
    expect(() => Esr.accept(online, byOther.response)).toThrow(Esr.WrongSignerError)
  })
  it('signing with a key other than the address the request names', () => {
    const rv = Esr.review(Esr.create({ signData: tx1559(1), dataType: 4, chainId: 1n, path: 'm/0', address: wallet.address }))
    expect(() => Esr.sign(rv, ANVIL_KEYS[1] as `0x${string}`)).toThrow(Esr.WrongSignerError)
  })
  it('foreign payloads: an hdkey, a CBOR text, an already signed transaction, data type mismatch', () => {
    expect(() => Esr.decodeRequest(Ur.decodeSingle(HDKEY_2.ur).cbor)).toThrow(Esr.MalformedError)
    expect(() => Esr.decodeRequest(unhex('6c48656c6c6f2c20776f726c64'))).toThrow(Esr.MalformedError)
    expect(() => Esr.decodeSignature(Ur.decodeSingle(KEYSTONE.ur).cbor)).toThrow(Esr.MalformedError)
    expect(() => Esr.review(Esr.create({ signData: tx1559(1), dataType: 1, chainId: 1n, path: 'm/0' }))).toThrow(Esr.ContentMismatchError)
    expect(() => Esr.review(Esr.create({ signData: unhex('02c0'), dataType: 4, chainId: 1n, path: 'm/0' }))).toThrow(Esr.ContentMismatchError)
  })
  it('random CBOR-ish bytes decode to a value or a domain error', () => {
    const valid = Ur.decodeSingle(KEYSTONE.ur).cbor
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.nat(255), (junk, at, b) => {
        expectDomainErrorOrValue(() => Esr.decodeRequest(junk))
        expectDomainErrorOrValue(() => Esr.decodeSignature(junk))
        expectDomainErrorOrValue(() => Esr.decodeHdKey(junk))
        const flipped = valid.slice()
        flipped[at % flipped.length] = b
        expectDomainErrorOrValue(() => Esr.review(Esr.decodeRequest(flipped)))
      }),
      { numRuns: 400 },
    )
  })
})

import { ethers } from 'ethers'
import fc from 'fast-check'
import { Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync, describeVectors, readVector } from '../../../test/support'
import * as Authorization from './Authorization'
import * as Key from '../keys/Key'
import * as TxBuild from './TxBuild'
import * as TxDecode from './TxDecode'

describeVectors('EIP-155 example', () => {
  it('builds the signing data and signs the published transaction', () => {
    const v = readVector<any>('tx/eip155-example.json')
    const input: TxBuild.Input = {
      type: 'legacy',
      chainId: 1n,
      nonce: 9n,
      gasPrice: BigInt(v.transaction.gasPrice),
      gas: 21000n,
      to: v.transaction.to,
      value: BigInt(v.transaction.value),
      data: '0x',
    }
    const built = TxBuild.build(input)
    expect(built.unsigned).toBe(v.signingData)
    expect(built.signingHash).toBe(v.signingHash)
    const signed = TxBuild.sign(input, v.privateKey)
    expect(signed.raw).toBe(v.signedTransaction)
    expect(signed.v).toBe(37n)
    expect(signed.sender.toLowerCase()).toBe(v.derived.sender)
    expect(signed.hash).toBe(v.derived.txHash)
  })
})

const rnd = (n: number) => Hex.fromBytes(crypto.getRandomValues(new Uint8Array(n)))
const rndInt = (max: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % max

describe('TxBuild against cast mktx', () => {
  it('legacy, 2930, 1559 and 7702 transactions sign to the same bytes', async () => {
    const cases = Array.from({ length: 16 }, (_, i) => {
      const key = rnd(32)
      const type = (['legacy', 'eip2930', 'eip1559', 'eip7702'] as const)[i % 4]!
      const to = Address.checksum(rnd(20))
      const accessList = i % 3 === 0 ? [] : [{ address: Address.checksum(rnd(20)), storageKeys: Array.from({ length: rndInt(3) }, () => rnd(32)) }]
      const auth = Authorization.sign({ chainId: BigInt(1 + rndInt(5)), address: Address.checksum(rnd(20)), nonce: BigInt(rndInt(100)) }, rnd(32))
      const input: TxBuild.Input = {
        type,
        chainId: BigInt(1 + rndInt(100_000)),
        nonce: BigInt(rndInt(1_000_000)),
        gas: BigInt(21_000 + rndInt(1_000_000)),
        to,
        value: BigInt(rnd(1 + rndInt(12))),
        data: rnd(rndInt(40)),
        ...(type === 'legacy' || type === 'eip2930' ? { gasPrice: BigInt(1 + rndInt(2 ** 31)) } : { maxFeePerGas: BigInt(1_000_000 + rndInt(2 ** 31)), maxPriorityFeePerGas: BigInt(rndInt(1_000_000)) }),
        ...(type !== 'legacy' ? { accessList } : {}),
        ...(type === 'eip7702' ? { authorizationList: [auth] } : {}),
      }
      const args = ['mktx', '--private-key', key, '--chain', String(input.chainId), '--nonce', String(input.nonce), '--gas-limit', String(input.gas), '--value', String(input.value)]
      if (type === 'legacy') args.push('--legacy', '--gas-price', String(input.gasPrice))
      if (type === 'eip2930') args.push('--legacy', '--gas-price', String(input.gasPrice), '--access-list', JSON.stringify(accessList)) // cast: --legacy with an access list makes a type-1 transaction
      if (type === 'eip1559' || type === 'eip7702') args.push('--gas-price', String(input.maxFeePerGas), '--priority-gas-price', String(input.maxPriorityFeePerGas), '--access-list', JSON.stringify(accessList))
      if (type === 'eip7702') args.push('--auth', Authorization.toRlp(auth))
      args.push(to)
      if (input.data !== '0x') args.push(input.data)
      return { key, input, args }
    })
    await Promise.all(
      cases.map(async ({ key, input, args }) => {
        const ours = TxBuild.sign(input, key)
        expect(await castAsync(args), input.type).toBe(ours.raw)
        expect(ours.sender).toBe(Key.toAddress(key))
      }),
    )
  }, 90_000)
})

const arbAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Address.checksum(Hex.fromBytes(b)))
const arbWord = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Hex.fromBytes(b))
const arbInput: fc.Arbitrary<TxBuild.Input> = fc
  .record({
    type: fc.constantFrom('legacy', 'eip2930', 'eip1559', 'eip4844', 'eip7702') as fc.Arbitrary<TxDecode.TxType>,
    eip155: fc.boolean(),
    chainId: fc.bigInt({ min: 1n, max: TxBuild.MAX_CHAIN_ID }),
    nonce: fc.bigInt({ min: 0n, max: 2n ** 64n - 2n }),
    gas: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
    fee: fc.bigInt({ min: 0n, max: 2n ** 128n }),
    tip: fc.bigInt({ min: 0n, max: 2n ** 64n }),
    blobFee: fc.bigInt({ min: 0n, max: 2n ** 64n }),
    to: fc.option(arbAddress, { nil: undefined }),
    value: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
    data: fc.uint8Array({ maxLength: 100 }).map((b) => Hex.fromBytes(b)),
    accessList: fc.array(fc.record({ address: arbAddress, storageKeys: fc.array(arbWord, { maxLength: 3 }) }), { maxLength: 3 }),
    blobs: fc.array(arbWord.map((w) => `0x01${w.slice(4)}` as Hex.Hex), { minLength: 1, maxLength: 4 }),
  })
  .map((r) => {
    const base = { type: r.type, chainId: r.chainId, nonce: r.nonce, gas: r.gas, value: r.value, data: r.data, ...(r.to ? { to: r.to } : {}) }
    switch (r.type) {
      case 'legacy':
        return { ...base, eip155: r.eip155, gasPrice: r.fee }
      case 'eip2930':
        return { ...base, gasPrice: r.fee, accessList: r.accessList }
      case 'eip1559':
        return { ...base, maxFeePerGas: r.fee + r.tip, maxPriorityFeePerGas: r.tip, accessList: r.accessList }
      case 'eip4844':
        return { ...base, to: r.to ?? Address.checksum(`0x${'11'.repeat(20)}`), maxFeePerGas: r.fee + r.tip, maxPriorityFeePerGas: r.tip, accessList: r.accessList, maxFeePerBlobGas: r.blobFee, blobVersionedHashes: r.blobs }
      case 'eip7702':
        return {
          ...base,
          to: r.to ?? Address.checksum(`0x${'22'.repeat(20)}`),
          maxFeePerGas: r.fee + r.tip,
          maxPriorityFeePerGas: r.tip,
          accessList: r.accessList,
          authorizationList: [Authorization.sign({ chainId: r.chainId, address: r.to ?? Address.checksum(`0x${'33'.repeat(20)}`), nonce: r.nonce }, ANVIL_KEYS[1])],
        }
    }
  })

describe('TxBuild properties', () => {
  it('decode(build(tx)) = tx and decode(sign(tx)) recovers the signer, for every type', () => {
    const key = ANVIL_KEYS[0]
    const signer = Key.toAddress(key)
    fc.assert(
      fc.property(arbInput, (input) => {
        const expected: Record<string, unknown> = { ...input }
        delete expected.eip155
        if (input.type === 'legacy' && input.eip155 === false) delete expected.chainId
        if (input.authorizationList) expected.authorizationList = input.authorizationList.map((a) => ({ ...a, authority: Key.toAddress(ANVIL_KEYS[1]) }))
        if (input.type !== 'legacy' && !input.accessList) expected.accessList = []
        const built = TxBuild.build(input)
        const u = TxDecode.decode(built.unsigned)
        expect(u.signed).toBe(false)
        expect(u.tx).toEqual(expected)
        expect(u.signingHash).toBe(built.signingHash)
        const s = TxBuild.sign(input, key)
        const d = TxDecode.decode(s.raw)
        expect(d.sender).toBe(signer)
        expect(d.hash).toBe(s.hash)
        expect({ ...d.tx, v: undefined, r: undefined, s: undefined, yParity: undefined }).toEqual({ ...expected, v: undefined, r: undefined, s: undefined, yParity: undefined })
      }),
      { numRuns: 80 },
    )
  })
})

describe('TxBuild errors', () => {
  const base = { chainId: 1n, nonce: 0n, gas: 21000n, value: 0n, data: '0x' as Hex.Hex }
  const field = (input: TxBuild.Input) => {
    try {
      TxBuild.build(input)
      return 'ok'
    } catch (e) {
      return `${(e as Error).name}:${(e as { field?: string }).field}`
    }
  }
  it('names the field', () => {
    expect(field({ ...base, type: 'legacy' })).toBe('TxBuild.InvalidFieldError:gasPrice')
    expect(field({ ...base, type: 'eip1559' })).toBe('TxBuild.InvalidFieldError:maxFeePerGas')
    expect(field({ ...base, type: 'eip1559', maxFeePerGas: 1n, maxPriorityFeePerGas: 2n })).toBe('TxBuild.InvalidFieldError:maxPriorityFeePerGas')
    expect(field({ ...base, type: 'eip4844', maxFeePerGas: 1n, maxFeePerBlobGas: 1n, blobVersionedHashes: [`0x01${'00'.repeat(31)}`] })).toBe('TxBuild.InvalidFieldError:to')
    expect(field({ ...base, type: 'eip4844', to: `0x${'11'.repeat(20)}`, maxFeePerGas: 1n, maxFeePerBlobGas: 1n })).toBe('TxBuild.InvalidFieldError:blobVersionedHashes')
    expect(field({ ...base, type: 'eip7702', to: `0x${'11'.repeat(20)}`, maxFeePerGas: 1n })).toBe('TxBuild.InvalidFieldError:authorizationList')
    expect(field({ ...base, type: 'eip1559', chainId: 2n ** 60n, maxFeePerGas: 1n })).toBe('TxBuild.InvalidFieldError:chainId')
  })
})

describe('TxBuild builds only what TxDecode decodes', () => {
  const key = ANVIL_KEYS[0]
  const legacy = { type: 'legacy' as const, chainId: 1n, nonce: 0n, gas: 21000n, gasPrice: 1n, value: 0n, data: '0x' as Hex.Hex }

  it('refuses a gas that does not fit 64 bits at the gas field, stating the rule', () => {
    // The bound is EIP-2681's / the clients' (geth's decoder reads gas as a uint64).
    for (const gas of [2n ** 64n, 2n ** 64n + 21000n, 2n ** 200n]) {
      let err: unknown
      try {
        TxBuild.sign({ ...legacy, gas }, key)
      } catch (e) {
        err = e
      }
      expect((err as Error)?.name).toBe('TxBuild.InvalidFieldError')
      expect((err as { field?: string }).field).toBe('gas')
      expect((err as { shortMessage?: string }).shortMessage).toBe('gas must fit in 64 bits (at most 18446744073709551615).')
    }
    // the largest 64-bit gas is accepted, and decodes
    const s = TxBuild.sign({ ...legacy, gas: 2n ** 64n - 1n }, key)
    expect(TxDecode.decode(s.raw).tx.gas).toBe(18446744073709551615n)
  })

  it('every transaction TxBuild signs, TxDecode decodes (property, numbers across the bounds)', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`TxBuild/TxDecode bound property: seed ${seed}`)
    // Around each bound: below, at and above 2^64 and 2^256, and negatives.
    const arbN = fc.oneof(
      fc.bigInt({ min: 0n, max: 2n ** 64n + 2n }),
      fc.bigInt({ min: 2n ** 64n - 2n, max: 2n ** 64n + 2n }),
      fc.bigInt({ min: 2n ** 256n - 2n, max: 2n ** 256n + 2n }),
      fc.bigInt({ min: -2n, max: 2n ** 300n }),
    )
    const fields = ['nonce', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'value'] as const
    fc.assert(
      fc.property(arbInput, fc.constantFrom(...fields), arbN, (input, field, n) => {
        const tx = { ...input, [field]: n } as TxBuild.Input
        let raw: Hex.Hex
        try {
          raw = TxBuild.sign(tx, key).raw
        } catch (e) {
          expect((e as Error).name).toBe('TxBuild.InvalidFieldError') // refused with a field error, never a crash
          return
        }
        const d = TxDecode.decode(raw)
        if (field in d.tx) expect((d.tx as unknown as Record<string, bigint>)[field]).toBe(n)
      }),
      { numRuns: 150, seed },
    )
  })
})

describe('TxBuild.parseAccessList', () => {
  it('reads what ethers v5 accessListify reads, and throws only field errors otherwise', () => {
    const seed = Date.now() % 2 ** 31
    console.log(`TxBuild.parseAccessList property: seed ${seed}`)
    const text = fc.oneof(
      fc.array(fc.record({ address: arbAddress, storageKeys: fc.array(arbWord, { maxLength: 3 }) }), { maxLength: 3 }).map((l) => JSON.stringify(l)),
      fc.json(),
      fc.string({ maxLength: 40 }),
    )
    fc.assert(
      fc.property(text, (t) => {
        let list: TxDecode.AccessItem[]
        try {
          list = TxBuild.parseAccessList(t)
        } catch (e) {
          expect((e as Error).name).toBe('TxBuild.InvalidAccessListError')
          expect((e as { field?: string }).field).toBe('accessList')
          return
        }
        if (t.trim() === '') {
          expect(list).toEqual([])
          return
        }
        const theirs = ethers.utils.accessListify(JSON.parse(t))
        expect(list.map((a) => ({ address: a.address.toLowerCase(), storageKeys: a.storageKeys.map((k) => k.toLowerCase()) }))).toEqual(
          theirs.map((a) => ({ address: a.address.toLowerCase(), storageKeys: a.storageKeys.map((k) => k.toLowerCase()) })),
        )
      }),
      { seed, numRuns: 300 },
    )
  })
})

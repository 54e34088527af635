import { Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, describeVectors, readVector } from '../../../test/support'
import * as Signing from './Signing'
import * as TypedDataView from './TypedDataView'

describeVectors('EIP-712 example (Example.js)', () => {
  const v = readVector<{ typedData: unknown; privateKey: string; expected: Record<string, string | number> }>('eip712/eip712-example.json')
  it('reproduces every intermediate and the signature', () => {
    const td = TypedDataView.fromObject(v.typedData)
    const view = TypedDataView.view(td)
    expect(view.encodeType).toBe(v.expected.encodeType_Mail)
    expect(view.typeHash).toBe(v.expected.typeHash_Mail)
    expect(view.structHash).toBe(v.expected.structHash_Mail_message)
    expect(view.domainSeparator).toBe(v.expected.domainSeparator)
    expect(view.digest).toBe(v.expected.digest)
    expect(view.undeclared).toEqual([])
    expect(view.warnings).toEqual([])
    const signed = Signing.signTypedData(v.privateKey as Hex.Hex, td)
    expect(signed.signature).toBe(v.expected.signature)
    expect(signed.signer.toLowerCase()).toBe(v.expected.address)
    expect(Signing.verify({ message: JSON.stringify(v.typedData), signature: String(v.expected.signature), expected: String(v.expected.address), mode: 'auto' }).match?.mode).toBe('eip712')
  })
})

describeVectors('eth-sig-util V4 vectors', () => {
  const v = readVector<any>('eip712/eth-sig-util-v4.json')
  const spec = (xs: any[]) => xs.filter((x) => !x.note).map((x) => [x.test, x] as const)
  const missing = (xs: any[]) => xs.filter((x) => x.note).map((x) => [x.test, x] as const)
  it.each(spec(v.hashStruct))('%s', (_t, c) => {
    const td = TypedDataView.fromObject({ types: c.types, primaryType: c.primaryType, domain: {}, message: c.message })
    expect(TypedDataView.view(td).structHash).toBe(c.expected)
  })
  it.each(spec(v.eip712Hash))('%s', (_t, c) => {
    expect(TypedDataView.digest(TypedDataView.fromObject(c.typedData))).toBe(c.expected)
  })
  it.each(spec(v.signTypedData))('%s', (_t, c) => {
    expect(Signing.signTypedData(v.privateKey, TypedDataView.fromObject(c.typedData)).signature).toBe(c.expected)
  })
  it.each([...missing(v.hashStruct), ...missing(v.signTypedData)])('%s: a missing struct field is rejected by name (MetaMask zero-fills it)', (_t, c) => {
    const obj = c.typedData ?? { types: c.types, primaryType: c.primaryType, domain: {}, message: c.message }
    expect(() => TypedDataView.fromObject(obj)).toThrow(/message\.replyTo\.replyTo is missing/)
  })
  it('recovers the V4 signer', () => {
    const c = v.recoverTypedSignature[0]
    const r = Signing.verify({ message: JSON.stringify(c.typedData), signature: c.signature, expected: c.expectedAddress, mode: 'eip712' })
    expect(r.match?.recovered?.toLowerCase()).toBe(c.expectedAddress)
  })
})

const permit = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  message: {
    owner: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    spender: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    value: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    nonce: 0,
    deadline: '1700000000',
    memo: 'not declared',
  },
}

describe('TypedDataView', () => {
  it('calls out an EIP-2612 permit and flags undeclared fields', () => {
    const td = TypedDataView.fromObject(permit)
    const view = TypedDataView.view(td, new Date('2026-01-01T00:00:00Z'))
    expect(view.undeclared).toEqual(['message.memo'])
    expect(view.permit?.kind).toBe('EIP-2612 Permit')
    expect(view.permit?.spender).toBe(permit.message.spender)
    expect(view.permit?.tokens[0]?.amountText).toMatch(/^unlimited/)
    expect(view.permit?.deadline?.iso).toBe('2023-11-14T22:13:20.000Z')
    expect(view.permit?.deadline?.expired).toBe(true)
    expect(TypedDataView.formatAmount(1_500_000n)).toContain('1.5 if 6')
  })
  it('calls out a Permit2 PermitSingle with its expiration and deadline', () => {
    // Uniswap Permit2's PermitSingle shape (AllowanceTransfer), as dapps send it.
    const td = TypedDataView.fromObject({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }],
        PermitSingle: [{ name: 'details', type: 'PermitDetails' }, { name: 'spender', type: 'address' }, { name: 'sigDeadline', type: 'uint256' }],
        PermitDetails: [{ name: 'token', type: 'address' }, { name: 'amount', type: 'uint160' }, { name: 'expiration', type: 'uint48' }, { name: 'nonce', type: 'uint48' }],
      },
      primaryType: 'PermitSingle',
      domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
      message: {
        details: { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: '1461501637330902918203684832716283019655932542975', expiration: '1893456000', nonce: '0' },
        spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
        sigDeadline: '1700000000',
      },
    })
    const p = TypedDataView.view(td, new Date('2026-01-01T00:00:00Z')).permit!
    expect(p.kind).toBe('Permit2 PermitSingle')
    expect(p.spender).toBe('0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD')
    expect(p.tokens).toEqual([{ token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: 2n ** 160n - 1n, amountText: 'unlimited (2^160 - 1, Permit2 max)' }])
    expect(p.expiration?.iso).toBe('2030-01-01T00:00:00.000Z')
    expect(p.expiration?.expired).toBe(false)
    expect(p.deadline?.expired).toBe(true)
    expect(TypedDataView.view(td).encodeType).toBe('PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)')
  })

  it('names the bad value', () => {
    const bad = (patch: Record<string, unknown>) => () => TypedDataView.fromObject({ ...permit, message: { ...permit.message, ...patch } })
    expect(bad({ value: 'lots' })).toThrow(/message\.value is not an integer/)
    expect(bad({ value: '-1' })).toThrow(/message\.value is out of range for uint256/)
    expect(bad({ spender: '0x1234' })).toThrow(/message\.spender is not an address/)
    expect(bad({ owner: undefined })).toThrow(/message\.owner is missing/)
    expect(() => TypedDataView.parse('{')).toThrow(TypedDataView.InvalidTypedDataError)
    expect(() => TypedDataView.parse('{"types": {}, "primaryType": "X"}')).toThrow(/primaryType "X" is not declared/)
    expect(() => TypedDataView.parse('{"types": {"A": [{"name": "x", "type": "uint7"}]}, "primaryType": "A"}')).toThrow(/unknown type "uint7"/)
  })
  it('agrees with cast on signatures of random typed data', async () => {
    const key = Hex.fromBytes(crypto.getRandomValues(new Uint8Array(32)))
    const cases = Array.from({ length: 8 }, (_, i) => {
      const rnd = crypto.getRandomValues(new Uint8Array(32))
      return {
        types: {
          EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
          Item: [{ name: 'id', type: 'uint256' }, { name: 'tag', type: 'bytes32' }, { name: 'who', type: 'address' }, { name: 'ok', type: 'bool' }, { name: 'data', type: 'bytes' }],
          Order: [{ name: 'items', type: 'Item[]' }, { name: 'note', type: 'string' }, { name: 'delta', type: 'int64' }],
        },
        primaryType: 'Order',
        domain: { name: `Shop ${i}`, chainId: 1 + i },
        message: {
          items: Array.from({ length: i % 3 }, (_, j) => ({ id: String(BigInt(Hex.fromBytes(rnd)) >> BigInt(j)), tag: Hex.fromBytes(rnd), who: Hex.fromBytes(rnd.slice(0, 20)), ok: j % 2 === 0, data: Hex.fromBytes(rnd.slice(0, i)) })),
          note: `héllo ${i} ✓`,
          delta: String(-(i * 1_000_003)),
        },
      }
    })
    await Promise.all(
      cases.map(async (c) => {
        const ours = Signing.signTypedData(key, TypedDataView.fromObject(c)).signature
        expect(await castAsync(['wallet', 'sign', '--private-key', key, '--data', JSON.stringify(c)])).toBe(ours)
      }),
    )
  }, 60_000)
})

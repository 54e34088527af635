/**
 * UserOperation against an independent implementation: viem's getUserOperationHash and
 * toPackedUserOperation (v0.6, v0.7, v0.8 with and without an EIP-7702 delegate) on random ops;
 * packed ⇄ unpacked and JSON round trips; the SimpleAccount signatures recover with ethers v5.
 * The deployed EntryPoint contracts are the oracle in test/chain/userOperation.test.ts.
 */
import fc from 'fast-check'
import { ethers } from 'ethers'
import { Address, Hex } from 'ox'
import { getUserOperationHash, toPackedUserOperation } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import * as UserOperation from './UserOperation'

const hexOf = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Hex.fromBytes(b))
const bytesOf = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => Hex.fromBytes(b))
const addr = hexOf(20).map((h) => Address.checksum(h))
const u128 = fc.bigInt({ min: 0n, max: 2n ** 128n - 1n })
const u256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })

const op = fc.record({
  sender: addr,
  nonce: u256,
  factory: fc.option(addr, { nil: undefined }),
  factoryData: bytesOf(80),
  callData: bytesOf(120),
  callGasLimit: u128,
  verificationGasLimit: u128,
  preVerificationGas: u256,
  maxFeePerGas: u128,
  maxPriorityFeePerGas: u128,
  paymaster: fc.option(addr, { nil: undefined }),
  paymasterVerificationGasLimit: u128,
  paymasterPostOpGasLimit: u128,
  paymasterData: bytesOf(40),
  signature: bytesOf(65),
}).map((o): UserOperation.UserOp => {
  const { factory, paymaster, ...rest } = o
  return { ...rest, ...(factory ? { factory } : { factoryData: '0x' }), ...(paymaster ? { paymaster } : { paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n, paymasterData: '0x' }) }
})

const ENTRY = '0x1111111111111111111111111111111111111111'

function viemOp(o: UserOperation.UserOp, version: UserOperation.Version, delegate?: Address.Address) {
  const gas = { callGasLimit: o.callGasLimit, verificationGasLimit: o.verificationGasLimit, preVerificationGas: o.preVerificationGas, maxFeePerGas: o.maxFeePerGas, maxPriorityFeePerGas: o.maxPriorityFeePerGas }
  if (version === '0.6') return { sender: o.sender, nonce: o.nonce, initCode: UserOperation.initCode(o), callData: o.callData, ...gas, paymasterAndData: UserOperation.paymasterAndData(o, '0.6'), signature: o.signature }
  return {
    sender: o.sender, nonce: o.nonce, callData: o.callData, ...gas, signature: o.signature,
    ...(o.factory ? { factory: o.factory, factoryData: o.factoryData } : {}),
    ...(o.paymaster ? { paymaster: o.paymaster, paymasterVerificationGasLimit: o.paymasterVerificationGasLimit, paymasterPostOpGasLimit: o.paymasterPostOpGasLimit, paymasterData: o.paymasterData } : {}),
    ...(delegate ? { authorization: { address: delegate, chainId: 1, nonce: 0, r: '0x01', s: '0x01', yParity: 0 } } : {}),
  }
}

describe('userOpHash equals viem\'s getUserOperationHash', () => {
  for (const version of UserOperation.VERSIONS)
    it(`v${version}, random ops`, () => {
      fc.assert(
        fc.property(op, fc.integer({ min: 1, max: 2 ** 40 }), (o, chainId) => {
          const ours = UserOperation.hash(o, { version, entryPoint: ENTRY, chainId: BigInt(chainId) }).userOpHash
          expect(ours).toBe(getUserOperationHash({ userOperation: viemOp(o, version) as never, entryPointAddress: ENTRY, entryPointVersion: version, chainId }))
        }),
        { numRuns: 60 },
      )
    })

  it('v0.8 EIP-7702 (factory 0x7702): the delegate replaces the marker in the hash', () => {
    fc.assert(
      fc.property(op, addr, (o, delegate) => {
        const o7702 = { ...o, factory: UserOperation.EIP7702_MARKER }
        const ours = UserOperation.hash(o7702, { version: '0.8', entryPoint: ENTRY, chainId: 1n, delegate }).userOpHash
        expect(ours).toBe(getUserOperationHash({ userOperation: viemOp(o7702, '0.8', delegate) as never, entryPointAddress: ENTRY, entryPointVersion: '0.8', chainId: 1 }))
      }),
      { numRuns: 30 },
    )
    expect(() => UserOperation.hash({ ...fc.sample(op, 1)[0]!, factory: UserOperation.EIP7702_MARKER }, { version: '0.8', entryPoint: ENTRY, chainId: 1n })).toThrow(UserOperation.NeedsDelegateError)
  })
})

describe('packed ⇄ unpacked', () => {
  it('pack equals viem\'s toPackedUserOperation, and unpack inverts it', () => {
    fc.assert(
      fc.property(op, (o) => {
        const p = UserOperation.pack(o)
        const v = toPackedUserOperation(viemOp(o, '0.7') as never)
        expect({ ...p, sender: p.sender.toLowerCase() }).toEqual({ ...v, sender: v.sender.toLowerCase() })
        expect(UserOperation.unpack(p)).toEqual(o)
      }),
      { numRuns: 80 },
    )
  })

  it('JSON round trips in every form keep the op', () => {
    fc.assert(
      fc.property(op, (o) => {
        for (const [version, form] of [['0.7', 'unpacked'], ['0.7', 'packed'], ['0.8', 'unpacked']] as const) expect(UserOperation.fromJson(UserOperation.toJson(o, version, form)).op).toEqual(o)
        const v06 = { ...o, paymasterVerificationGasLimit: 0n, paymasterPostOpGasLimit: 0n }
        const back = UserOperation.fromJson(UserOperation.toJson(v06, '0.6')).op
        expect(UserOperation.hash(back, { version: '0.6', entryPoint: ENTRY, chainId: 1n })).toEqual(UserOperation.hash(v06, { version: '0.6', entryPoint: ENTRY, chainId: 1n }))
      }),
      { numRuns: 40 },
    )
  })

  it('reads an eth_sendUserOperation request and its entry point', () => {
    const o = fc.sample(op, 1)[0]!
    const r = UserOperation.fromJson(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendUserOperation', params: [JSON.parse(UserOperation.toJson(o, '0.7')), UserOperation.ENTRY_POINTS['0.7']] }))
    expect(r.op).toEqual(o)
    expect(r.entryPoint).toBe(UserOperation.ENTRY_POINTS['0.7'])
  })

  it('refuses malformed JSON with a message at the field, never a crash', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        try {
          UserOperation.fromJson(t)
        } catch (e) {
          expect(e).toBeInstanceOf(UserOperation.InvalidUserOpError)
          expect((e as UserOperation.InvalidUserOpError).field).toBe('json')
        }
      }),
    )
  })
})

describe('signing as SimpleAccount checks it', () => {
  const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
  const wallet = new ethers.Wallet(key)
  it('eip191 (v0.6/v0.7) is ethers v5 signMessage of the 32 bytes; raw (v0.8) is signDigest of the hash', () => {
    fc.assert(
      fc.property(hexOf(32), (h) => {
        expect(UserOperation.sign(key, h, 'eip191').signature).toBe(ethers.utils.joinSignature(wallet._signingKey().signDigest(ethers.utils.hashMessage(ethers.utils.arrayify(h)))))
        expect(UserOperation.sign(key, h, 'raw').signature).toBe(ethers.utils.joinSignature(wallet._signingKey().signDigest(h)))
        expect(UserOperation.recoverSigner(UserOperation.sign(key, h, 'eip191').signature, h, 'eip191')).toBe(wallet.address)
      }),
      { numRuns: 10 },
    )
  })
})

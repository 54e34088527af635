import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as SolidityValue from './SolidityValue'
import * as StorageSlot from './StorageSlot'

const hexOf = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`

/** A random mapping key: type, text for our parser, argument for cast. */
const arbKey = fc.oneof(
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => ({ type: 'address', text: hexOf(b) })),
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((v) => ({ type: 'uint256', text: v.toString() })),
  fc.bigInt({ min: 0n, max: 255n }).map((v) => ({ type: 'uint8', text: v.toString() })),
  fc.bigInt({ min: -(2n ** 255n), max: 2n ** 255n - 1n }).map((v) => ({ type: 'int256', text: v.toString() })),
  fc.bigInt({ min: -128n, max: 127n }).map((v) => ({ type: 'int8', text: v.toString() })),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => ({ type: 'bytes32', text: hexOf(b) })),
  fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => ({ type: 'bytes4', text: hexOf(b) })),
  fc.boolean().map((b) => ({ type: 'bool', text: String(b) })),
  fc.stringMatching(/^[a-zA-Z0-9_.]{0,40}$/).map((s) => ({ type: 'string', text: s })),
  fc.uint8Array({ maxLength: 70 }).map((b) => ({ type: 'bytes', text: hexOf(b) })),
)
const arbSlot = fc.oneof(fc.bigInt({ min: 0n, max: 20n }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }))

const keysOf = (ks: { type: string; text: string }[]) => SolidityValue.parseList(ks.map((k) => `${k.type} ${k.type === 'string' ? JSON.stringify(k.text) : k.text}`).join('\n'))

describe('EIP-1967 slots (constants published in the EIP)', () => {
  it('implementation, admin, beacon', () => {
    const s = Object.fromEntries(StorageSlot.eip1967().map((e) => [e.label, e.slot]))
    expect(s['eip1967.proxy.implementation']).toBe('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc')
    expect(s['eip1967.proxy.admin']).toBe('0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103')
    expect(s['eip1967.proxy.beacon']).toBe('0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50')
    // OpenZeppelin ERC1967Utils / ERC1967Upgrade: _ROLLBACK_SLOT
    expect(s['eip1967.proxy.rollback']).toBe('0x4910fdfa16fed3260ed0e7147f7cc6da11a60208b5b9406d12a635614ffd9143')
  })
})

describe('ERC-7201', () => {
  it("the EIP's example namespace", () => {
    // ERC-7201: `example.main` -> 0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500
    expect(StorageSlot.erc7201('example.main')).toBe('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500')
  })
  it('OpenZeppelin Initializable namespace and the EIP-1967 slots match the constants in @openzeppelin/contracts', async () => {
    const { readFileSync } = await import('node:fs')
    const init = readFileSync('node_modules/@openzeppelin/contracts/proxy/utils/Initializable.sol', 'utf8')
    const id = /erc7201:([\w.]+)/.exec(init)![1]!
    expect(StorageSlot.erc7201(id)).toBe(/INITIALIZABLE_STORAGE = (0x[0-9a-f]{64})/.exec(init)![1])
    const utils = readFileSync('node_modules/@openzeppelin/contracts/proxy/ERC1967/ERC1967Utils.sol', 'utf8')
    const slots = Object.fromEntries(StorageSlot.eip1967().map((e) => [e.label, e.slot]))
    expect(slots['eip1967.proxy.implementation']).toBe(/IMPLEMENTATION_SLOT = (0x[0-9a-f]{64})/.exec(utils)![1])
    expect(slots['eip1967.proxy.admin']).toBe(/ADMIN_SLOT = (0x[0-9a-f]{64})/.exec(utils)![1])
    expect(slots['eip1967.proxy.beacon']).toBe(/BEACON_SLOT = (0x[0-9a-f]{64})/.exec(utils)![1])
  })
  it('random namespaces match `cast index-erc7201`', async () => {
    const ids = fc.sample(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,12}(\.[a-zA-Z0-9]{1,12}){0,3}$/), 8)
    const outs = await Promise.all(ids.map((id) => castAsync(['index-erc7201', id])))
    ids.forEach((id, i) => expect(StorageSlot.erc7201(id), id).toBe(outs[i]))
  })
})

describe('mappings: differential against cast index', () => {
  it('every key type at random slots', async () => {
    const cases = fc.sample(fc.tuple(arbKey, arbSlot), 24)
    const outs = await Promise.all(cases.map(([k, slot]) => castAsync(['index', '--', k.type, k.text, slot.toString()])))
    cases.forEach(([k, slot], i) => {
      const steps = StorageSlot.mapping(slot, keysOf([k]))
      expect(steps.at(-1)!.slot, `${k.type} ${k.text} @${slot}`).toBe(outs[i])
    })
  })
  it('nested mappings equal cast index applied level by level', async () => {
    const cases = fc.sample(fc.tuple(fc.array(arbKey, { minLength: 2, maxLength: 3 }), arbSlot), 4)
    for (const [ks, slot] of cases) {
      const steps = StorageSlot.mapping(slot, keysOf(ks))
      let current = slot.toString()
      for (const [j, k] of ks.entries()) {
        current = await castAsync(['index', '--', k.type, k.text, current])
        expect(steps[j]!.slot).toBe(current)
      }
    }
  })
  it('matches keccak256(abi.encode(key, slot)) computed with ethers v5 for value types', () => {
    fc.assert(
      fc.property(arbKey.filter((k) => k.type !== 'string' && k.type !== 'bytes'), arbSlot, (k, slot) => {
        const expected = ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode([k.type, 'uint256'], [k.type === 'bool' ? k.text === 'true' : k.text, slot]))
        expect(StorageSlot.mapping(slot, keysOf([k]))[0]!.slot).toBe(expected)
      }),
      { numRuns: 200 },
    )
  })
})

describe('dynamic arrays', () => {
  it('element i of a 32-byte array is keccak256(slot) + i', () => {
    fc.assert(
      fc.property(arbSlot, fc.bigInt({ min: 0n, max: 2n ** 64n }), (slot, i) => {
        const start = BigInt(ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode(['uint256'], [slot])))
        const r = StorageSlot.arrayElement(slot, i)
        expect(r.dataStart).toBe(ethers.utils.hexZeroPad(ethers.utils.hexlify(start), 32))
        expect(BigInt(r.slot)).toBe((start + i) % 2n ** 256n)
        expect(r.offset).toBe(0)
      }),
      { numRuns: 200 },
    )
  })
  it('packs small elements several per slot, and spreads big ones over several slots', () => {
    const start = BigInt(StorageSlot.arrayElement(5n, 0n).dataStart)
    // uint8[]: 32 per slot
    expect(StorageSlot.arrayElement(5n, 33n, 1)).toMatchObject({ slot: StorageSlot.toWord(start + 1n), offset: 1, elementsPerSlot: 32 })
    // address[] (20 bytes): one per slot, offset 0
    expect(StorageSlot.arrayElement(5n, 3n, 20)).toMatchObject({ slot: StorageSlot.toWord(start + 3n), offset: 0, elementsPerSlot: 1 })
    // uint128[]: two per slot
    expect(StorageSlot.arrayElement(5n, 3n, 16)).toMatchObject({ slot: StorageSlot.toWord(start + 1n), offset: 16 })
    // a 3-slot struct
    expect(StorageSlot.arrayElement(5n, 2n, 96)).toMatchObject({ slot: StorageSlot.toWord(start + 6n), slotsPerElement: 3 })
  })
  it('wraps around 2^256 like the EVM', () => {
    const r = StorageSlot.arrayElement(0n, 2n ** 256n - 1n)
    expect(BigInt(r.slot)).toBe((BigInt(r.dataStart) + 2n ** 256n - 1n) % 2n ** 256n)
  })
})

describe('bad input', () => {
  it('slots', () => {
    for (const [bad, msg] of [['', /Enter a slot/], ['abc', /not a slot number/], [`0x${'f'.repeat(65)}`, /not a slot number/], [(2n ** 256n).toString(), /larger than 2\^256 - 1/]] as const)
      expect(() => StorageSlot.parseSlot(bad)).toThrow(expect.objectContaining({ name: 'StorageSlot.InvalidSlotError', shortMessage: expect.stringMatching(msg) }))
    expect(StorageSlot.parseSlot('0x10')).toBe(16n)
  })
  it('keys', () => {
    expect(() => StorageSlot.mapping(0n, [])).toThrow(expect.objectContaining({ name: 'StorageSlot.NoKeysError' }))
    expect(() => StorageSlot.mapping(0n, SolidityValue.parseList('uint8[] [1]'))).toThrow(expect.objectContaining({ name: 'StorageSlot.InvalidKeyError' }))
  })
  it('array element sizes and indexes', () => {
    for (const size of [0, 33, 40, 1.5]) expect(() => StorageSlot.arrayElement(0n, 0n, size), String(size)).toThrow(expect.objectContaining({ name: 'StorageSlot.InvalidElementSizeError' }))
    expect(() => StorageSlot.arrayElement(0n, -1n)).toThrow(expect.objectContaining({ name: 'StorageSlot.InvalidIndexError' }))
  })
  it('namespace', () => {
    expect(() => StorageSlot.erc7201('')).toThrow(expect.objectContaining({ name: 'StorageSlot.EmptyNamespaceError' }))
  })
})

/**
 * StorageLayout on its own: the shapes a layout comes in, the word-level decoding rules
 * (packed offsets, signed integers, short and long strings) on words written by hand from
 * Solidity's documented storage rules, and the key text. The differential test against a
 * contract's getters on anvil is StorageRead.test.ts.
 */
import { describe, expect, it } from 'vitest'
import * as StorageLayout from './StorageLayout'
import * as StorageSlot from '../hash/StorageSlot'

const TYPES = {
  t_uint256: { encoding: 'inplace', label: 'uint256', numberOfBytes: '32' },
  t_uint8: { encoding: 'inplace', label: 'uint8', numberOfBytes: '1' },
  t_int16: { encoding: 'inplace', label: 'int16', numberOfBytes: '2' },
  t_string_storage: { encoding: 'bytes', label: 'string', numberOfBytes: '32' },
  t_mapping: { encoding: 'mapping', label: 'mapping(address => uint256)', numberOfBytes: '32', key: 't_address', value: 't_uint256' },
  t_address: { encoding: 'inplace', label: 'address', numberOfBytes: '20' },
}
const LAYOUT = {
  storage: [
    { astId: 1, contract: 'A.sol:A', label: 'n', offset: 0, slot: '0', type: 't_uint256' },
    { astId: 2, contract: 'A.sol:A', label: 'small', offset: 0, slot: '1', type: 't_uint8' },
    { astId: 3, contract: 'A.sol:A', label: 'neg', offset: 1, slot: '1', type: 't_int16' },
    { astId: 4, contract: 'A.sol:A', label: 'name', offset: 0, slot: '2', type: 't_string_storage' },
    { astId: 5, contract: 'A.sol:A', label: 'bal', offset: 0, slot: '3', type: 't_mapping' },
  ],
  types: TYPES,
}

describe('StorageLayout.parse', () => {
  it('reads solc / forge inspect output, an artifact carrying it, and names among several', () => {
    expect(StorageLayout.parse(JSON.stringify(LAYOUT)).storage.map((e) => e.label)).toEqual(['n', 'small', 'neg', 'name', 'bal'])
    expect(StorageLayout.parse(JSON.stringify({ abi: [], storageLayout: LAYOUT })).storage).toHaveLength(5)
    const output = { contracts: { 'A.sol': { A: { storageLayout: LAYOUT }, B: { storageLayout: { storage: [], types: {} } } } } }
    expect(() => StorageLayout.parse(JSON.stringify(output))).toThrow(/several contracts: A, B/)
    expect(StorageLayout.parse(JSON.stringify(output), 'A').storage).toHaveLength(5)
    expect(() => StorageLayout.parse(JSON.stringify(output), 'C')).toThrow(/No layout for "C"/)
  })
  it('refuses a slot or an offset that is not a number, naming the variable (#41: was "Cannot convert zero to a BigInt" at the run)', () => {
    const withSlot = (slot: unknown, offset: unknown = 0) => JSON.stringify({ ...LAYOUT, storage: [LAYOUT.storage[0], { ...LAYOUT.storage[1], slot, offset }] })
    expect(() => StorageLayout.parse(withSlot('zero'))).toThrow(StorageLayout.InvalidLayoutError)
    expect(() => StorageLayout.parse(withSlot('zero'))).toThrow(/"small": slot "zero" is not a slot\. A slot must be a whole number/)
    expect(() => StorageLayout.parse(withSlot('-1'))).toThrow(/"small": slot "-1" is not a slot/)
    expect(() => StorageLayout.parse(withSlot(1.5))).toThrow(/"small": slot 1.5 is not a slot/)
    expect(() => StorageLayout.parse(withSlot(`0x1${'0'.repeat(64)}`))).toThrow(/"small": slot .* is not a slot/)
    expect(() => StorageLayout.parse(withSlot('1', 'x'))).toThrow(/"small": offset "x" is not a byte offset/)
    expect(() => StorageLayout.parse(withSlot('1', 32))).toThrow(/"small": offset 32 is not a byte offset/)
    // numbers, decimal strings and hex strings are all the same slot
    for (const slot of [7, '7', '0x07']) expect(StorageLayout.parse(withSlot(slot)).storage[1]!.slot).toBe('7')
    // a struct member's slot is checked too
    const struct = { ...LAYOUT, storage: [{ label: 's', offset: 0, slot: '0', type: 't_struct' }], types: { ...TYPES, t_struct: { encoding: 'inplace', label: 'struct S', numberOfBytes: '64', members: [{ label: 'a', offset: 0, slot: 'one', type: 't_uint256' }] } } }
    expect(() => StorageLayout.parse(JSON.stringify(struct))).toThrow(/members\[0\] "a": slot "one" is not a slot/)
  })
  it('says what is wrong with text that is not a layout', () => {
    expect(() => StorageLayout.parse('')).toThrow(/Paste a storage layout/)
    expect(() => StorageLayout.parse('{"storage": [')).toThrow(/not valid JSON/)
    expect(() => StorageLayout.parse('{"abi": []}')).toThrow(/No storage layout found/)
    expect(() => StorageLayout.parse(JSON.stringify({ storage: [{ label: 'x', slot: '0', offset: 0, type: 't_x' }], types: {} }))).toThrow(/"t_x" is used but not described/)
    expect(() => StorageLayout.parse(JSON.stringify({ ...LAYOUT, namespaces: { foo: [] } }))).toThrow(/erc7201:<id>/)
  })
  it('puts an ERC-7201 namespace at its root', () => {
    const l = StorageLayout.parse(JSON.stringify({ ...LAYOUT, namespaces: { 'erc7201:openzeppelin.storage.ERC20': [{ label: 'total', slot: '2', offset: 0, type: 't_uint256' }] } }))
    // ERC-7201's own example value for this namespace (OpenZeppelin's ERC20Upgradeable ERC20StorageLocation).
    expect(StorageSlot.toWord(l.namespaces[0]!.root)).toBe('0x52c63247e1f47db19d5ce0460030c497f067ca4cebf71ba98eeadabe20bace00')
    const r = StorageLayout.decode(l, new Map(), {})
    expect(r.missing).toContain(l.namespaces[0]!.root + 2n)
  })
})

describe('StorageLayout.decode', () => {
  const layout = StorageLayout.parse(JSON.stringify(LAYOUT))
  it('asks for the slots it needs, then decodes packed, signed and short-string values', () => {
    const first = StorageLayout.decode(layout, new Map())
    expect(first.missing.sort()).toEqual([0n, 1n, 2n])
    // slot 1: small = 0x2a at offset 0, neg = -2 (0xfffe) at offset 1
    const short = BigInt(`0x${Buffer.from('hi').toString('hex').padEnd(62, '0')}04`)
    const words = new Map([[0n, 7n], [1n, 0xfffe2an], [2n, short]])
    const r = StorageLayout.decode(layout, words)
    expect(r.missing).toEqual([])
    const v = Object.fromEntries(StorageLayout.flatten(r.variables).map((f) => [f.node.label, f.node.value]))
    expect(v).toMatchObject({ n: '7', small: '42', neg: '-2', name: 'hi' })
    expect(r.variables[4]!.note).toMatch(/give keys/)
  })
  it('reads a long string from keccak256(slot) on, in a second round', () => {
    const text = 'x'.repeat(40)
    const words = new Map([[0n, 0n], [1n, 0n], [2n, BigInt(text.length * 2 + 1)]])
    const r1 = StorageLayout.decode(layout, words)
    const data = BigInt(StorageSlot.arrayElement(2n, 0n).dataStart)
    expect(r1.missing.sort()).toEqual([data, data + 1n].sort())
    words.set(data, BigInt(`0x${'78'.repeat(32)}`))
    words.set(data + 1n, BigInt(`0x${'78'.repeat(8).padEnd(64, '0')}`))
    const name = StorageLayout.decode(layout, words).variables[3]!
    expect(name.value).toBe(text)
    expect(name.note).toMatch(/long form, 40 bytes/)
  })
  it('reads a mapping at the given key, at the slot StorageSlot.mapping gives', () => {
    const key = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const r = StorageLayout.decode(layout, new Map(), { keys: { bal: [[key]] } })
    const entry = r.variables[4]!.children![0]!
    expect(entry.label).toBe(`bal[${key}]`)
    expect(r.missing).toContain(BigInt(entry.slot))
  })
})

describe('StorageLayout.parseKeys', () => {
  it('reads one key path per line, and says which line is wrong', () => {
    expect(StorageLayout.parseKeys('bal: 0x1\nallowed: 0x1, 0x2\n# note\ncfg.roles: 3')).toEqual({ bal: [['0x1']], allowed: [['0x1', '0x2']], 'cfg.roles': [['3']] })
    expect(() => StorageLayout.parseKeys('bal 0x1')).toThrow(/Line 1/)
  })
})

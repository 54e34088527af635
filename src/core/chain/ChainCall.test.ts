import { AbiFunction } from 'ox'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Abi from '../abi/Abi'
import * as AbiCodec from '../abi/AbiCodec'
import * as AbiLayout from '../abi/AbiLayout'
import * as CalldataEncode from '../abi/CalldataEncode'
import * as ChainCall from './ChainCall'
import * as Rpc from './Rpc'

const ERC20 = JSON.stringify([
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ name: '', type: 'bool' }] },
  { type: 'error', name: 'InsufficientBalance', inputs: [{ name: 'available', type: 'uint256' }, { name: 'required', type: 'uint256' }] },
  { type: 'event', name: 'Transfer', anonymous: false, inputs: [{ name: 'from', type: 'address', indexed: true }, { name: 'to', type: 'address', indexed: true }, { name: 'value', type: 'uint256', indexed: false }] },
])

const ADDR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('arguments for a read (AbiCodec.coerceAll + CalldataEncode): differential against cast calldata', () => {
  it('encodes random arguments exactly like cast', async () => {
    const abi = Abi.parse('function f(uint256 a, int64 b, address c, bool d, bytes e, string s, bytes32 h, uint8[] xs)')
    const fn = Abi.pickFunction(abi, 'f')
    const cases = fc.sample(
      fc.record({
        a: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        b: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        c: fc.uint8Array({ minLength: 20, maxLength: 20 }),
        d: fc.boolean(),
        e: fc.uint8Array({ maxLength: 70 }),
        s: fc.string({ maxLength: 30 }).filter((s) => !s.includes(',') && !/[[\]"\\]/.test(s) && s.trim() === s),
        h: fc.uint8Array({ minLength: 32, maxLength: 32 }),
        xs: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 5 }),
      }),
      { numRuns: 20, seed: 42 },
    )
    await Promise.all(
      cases.map(async (c) => {
        const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`
        const args = [c.a.toString(), c.b.toString(), hex(c.c), c.d, hex(c.e), c.s, hex(c.h), c.xs.map(String)]
        const ours = CalldataEncode.encodeCall(fn, AbiCodec.coerceAll(fn.inputs, AbiCodec.parseJsonValues(JSON.stringify(args))))
        const theirs = await castAsync(['calldata', Abi.entries([fn])[0]!.signature, c.a.toString(), c.b.toString(), hex(c.c), String(c.d), hex(c.e), c.s, hex(c.h), `[${c.xs.join(',')}]`])
        expect(ours).toBe(theirs)
      }),
    )
  })

  it('round-trips through the decoder (property)', () => {
    const fn = Abi.pickFunction(Abi.parse('function g(uint128 x, (address who, bool ok)[] ys)'), 'g')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), fc.array(fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean()), { maxLength: 4 }), (x, ys) => {
        const text = JSON.stringify([x.toString(), ys.map(([a, ok]) => ({ who: `0x${Buffer.from(a).toString('hex')}`, ok }))])
        const data = CalldataEncode.encodeCall(fn, AbiCodec.coerceAll(fn.inputs, AbiCodec.parseJsonValues(text)))
        const [dx, dys] = AbiFunction.decodeData(fn, data) as [bigint, { who: string; ok: boolean }[]]
        expect(dx).toBe(x)
        expect(dys.map((y) => [y.who.toLowerCase(), y.ok])).toEqual(ys.map(([a, ok]) => [`0x${Buffer.from(a).toString('hex')}`, ok]))
      }),
      { numRuns: 50 },
    )
  })

  it('accepts comma lists for simple parameters, and names bad arguments', () => {
    const transfer = Abi.pickFunction(Abi.parse(ERC20), 'transfer')
    const args = (t: string) => AbiCodec.coerceAll(transfer.inputs, AbiCodec.parseJsonValues(t))
    expect(args(`${ADDR}, 1000`)).toEqual([ADDR, 1000n])
    expect(() => args('[]')).toThrow(AbiCodec.InvalidValuesError)
    expect(() => args(`["${ADDR}", "-1"]`)).toThrow(/-1 is out of range for uint256/)
    expect(() => args(`["${ADDR.replace('F', 'f')}", "1"]`)).toThrow(/Checksum mismatch/)
  })
})

describe('ChainCall.decodeRevert', () => {
  it('decodes Error(string) encoded by cast (differential)', async () => {
    const msgs = ['too big', 'Ownable: caller is not the owner', '', 'ünïcödé ✓']
    for (const m of msgs) {
      const data = await castAsync(['calldata', 'Error(string)', m])
      expect(ChainCall.decodeRevert(data)).toMatchObject({ kind: 'error', text: `Error(${JSON.stringify(m)})`, selector: '0x08c379a0' })
    }
  })

  it('decodes panics with their meaning, custom errors from the ABI, and says what it cannot decode', async () => {
    expect(ChainCall.decodeRevert(await castAsync(['calldata', 'Panic(uint256)', '17'])).text).toMatch(/^Panic\(0x11: Arithmetic overflow or underflow/)
    expect(ChainCall.decodeRevert(await castAsync(['calldata', 'Panic(uint256)', '50'])).text).toMatch(/^Panic\(0x32: An array, bytesN or slice was accessed at an out-of-bounds/)
    const abi = Abi.parse(ERC20)
    const custom = await castAsync(['calldata', 'InsufficientBalance(uint256,uint256)', '5', '10'])
    expect(ChainCall.decodeRevert(custom, abi)).toMatchObject({ kind: 'custom', text: 'InsufficientBalance(5, 10)' })
    expect(ChainCall.decodeRevert(custom)).toMatchObject({ kind: 'unknown', text: `custom error ${custom.slice(0, 10)} (not in the ABI)` })
    expect(ChainCall.decodeRevert('0x')).toMatchObject({ kind: 'empty' })
    expect(ChainCall.decodeRevert('0x08c379a0dead')).toMatchObject({ kind: 'unknown' })
  })

  it('never crashes on random revert data (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('0x08c379a0', '0x4e487b71', '0x'), (b, sel) => {
        const d = ChainCall.decodeRevert(sel + Buffer.from(b).toString('hex'))
        expect(['empty', 'error', 'panic', 'custom', 'unknown']).toContain(d.kind)
      }),
      { numRuns: 300 },
    )
  })

  it('finds revert data in node errors (flat or nested)', () => {
    const flat = new Rpc.NodeError({}, 3, 'execution reverted', '0x08c379a0')
    expect(ChainCall.revertDataOf(flat)).toBe('0x08c379a0')
    expect(ChainCall.revertDataOf(new Rpc.NodeError({}, -32000, 'execution reverted', { data: '0xABCD' }))).toBe('0xabcd')
    expect(ChainCall.revertDataOf(new Rpc.NodeError({}, -32000, 'execution reverted'))).toBe('0x')
    expect(ChainCall.revertDataOf(new Rpc.NodeError({}, -32601, 'method not found'))).toBeNull()
  })
})

describe('ChainCall.decodeCallData', () => {
  it('decodes call data encoded by cast with the ABI given', async () => {
    const abi = Abi.parse(ERC20)
    const data = await castAsync(['calldata', 'transfer(address,uint256)', ADDR, '1000'])
    expect(ChainCall.decodeCallData(data, abi)).toBe(`transfer(to=${ADDR}, amount=1000)`)
    expect(ChainCall.decodeCallData(data, undefined)).toBeNull()
    expect(ChainCall.decodeCallData('0xdeadbeef', abi)).toBeNull()
    expect(ChainCall.decodeCallData(data.slice(0, 20), abi)).toBeNull()
  })
})

describe('ChainCall.read: results go through the word-checked decoder', () => {
  const fakeRpc = (result: string): { request: () => Promise<unknown> } => ({ request: async () => result })
  const word = (n: number) => n.toString(16).padStart(64, '0')

  it('fails fast with AbiLayout.PointerLoopError on a crafted 1 MiB payload (every offset aliases one big array)', async () => {
    const fn = Abi.pickFunction(Abi.parse('function f() view returns (uint256[][])'), 'f')
    // head: offset 0x20; outer length n; n offsets all pointing at one inner array of m zero words.
    const n = 16000
    const m = 32768 - n - 3
    const payload = `0x${word(0x20)}${word(n)}${word(n * 32).repeat(n)}${word(m)}${'0'.repeat(64 * m)}`
    expect((payload.length - 2) / 2).toBe(1 << 20)
    await expect(ChainCall.read(fakeRpc(payload), { address: ADDR, fn, args: [] })).rejects.toBeInstanceOf(AbiLayout.PointerLoopError)
  })

  it('fails with AbiLayout.OffsetOutOfBoundsError on a huge offset', async () => {
    const fn = Abi.pickFunction(Abi.parse('function f() view returns (bytes)'), 'f')
    const payload = `0x${'f'.repeat(64)}${word(1)}${word(0)}`
    await expect(ChainCall.read(fakeRpc(payload), { address: ADDR, fn, args: [] })).rejects.toBeInstanceOf(AbiLayout.OffsetOutOfBoundsError)
  })

  it('decodes a well-formed result like cast abi-decode', async () => {
    const fn = Abi.pickFunction(Abi.parse('function f() view returns (uint256 a, string s)'), 'f')
    const payload = await castAsync(['abi-encode', 'f(uint256,string)', '42', 'hello'])
    const r = await ChainCall.read(fakeRpc(payload), { address: ADDR, fn, args: [] })
    const theirs = (await castAsync(['abi-decode', 'f()(uint256,string)', payload])).split('\n')
    expect(r.outputs.map((o) => o.value)).toEqual([theirs[0], theirs[1]!.replace(/^"|"$/g, '')])
  })
})

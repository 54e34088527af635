import { AbiFunction, AbiParameters } from 'ox'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../test/support'
import * as ChainCall from './ChainCall'
import * as Rpc from './Rpc'

const ERC20 = JSON.stringify([
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'owner', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'transfer', stateMutability: 'nonpayable', inputs: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint256' }], outputs: [{ name: '', type: 'bool' }] },
  { type: 'error', name: 'InsufficientBalance', inputs: [{ name: 'available', type: 'uint256' }, { name: 'required', type: 'uint256' }] },
  { type: 'event', name: 'Transfer', anonymous: false, inputs: [{ name: 'from', type: 'address', indexed: true }, { name: 'to', type: 'address', indexed: true }, { name: 'value', type: 'uint256', indexed: false }] },
])

const ADDR = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('ChainCall.parseAbi / pickFunction', () => {
  it('reads JSON, compiler artifacts and human-readable signatures', () => {
    expect(ChainCall.functions(ChainCall.parseAbi(ERC20)).map((f) => f.name)).toEqual(['balanceOf', 'transfer'])
    expect(ChainCall.functions(ChainCall.parseAbi(JSON.stringify({ abi: JSON.parse(ERC20) }))).length).toBe(2)
    const abi = ChainCall.parseAbi('balanceOf(address) view returns (uint256)\nfunction transfer(address to, uint256 amount) returns (bool)\nerror Nope()')
    expect(ChainCall.signature(ChainCall.pickFunction(abi, 'transfer'))).toBe('transfer(address,uint256)')
    expect(ChainCall.pickFunction(abi, '0x70a08231').name).toBe('balanceOf')
    expect(ChainCall.pickFunction(abi, 'transfer(address, uint256)').name).toBe('transfer')
  })

  it('names the problem with a bad ABI or function', () => {
    expect(() => ChainCall.parseAbi('')).toThrow(/Enter an ABI/)
    expect(() => ChainCall.parseAbi('[{"type":"function","name":1}')).toThrow(expect.objectContaining({ name: 'ChainCall.InvalidAbiError' }))
    expect(() => ChainCall.parseAbi('{"a":1}')).toThrow(/not an ABI array/)
    expect(() => ChainCall.parseAbi('function (')).toThrow(expect.objectContaining({ name: 'ChainCall.InvalidAbiError' }))
    const abi = ChainCall.parseAbi(ERC20)
    expect(() => ChainCall.pickFunction(abi, '')).toThrow(/Choose a function.*balanceOf, transfer/s)
    expect(() => ChainCall.pickFunction(abi, 'mint')).toThrow(/No function "mint"/)
    const over = ChainCall.parseAbi('function f(uint256)\nfunction f(address)')
    expect(() => ChainCall.pickFunction(over, 'f')).toThrow(/overloaded.*f\(uint256\), f\(address\)/s)
  })

  it('never crashes on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        try {
          ChainCall.parseAbi(s)
        } catch (e) {
          expect((e as Error).name).toBe('ChainCall.InvalidAbiError')
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('ChainCall.parseArgs + encodeCall: differential against cast calldata', () => {
  it('encodes random arguments exactly like cast', async () => {
    const abi = ChainCall.parseAbi('function f(uint256 a, int64 b, address c, bool d, bytes e, string s, bytes32 h, uint8[] xs)')
    const fn = ChainCall.pickFunction(abi, 'f')
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
        const ours = ChainCall.encodeCall(fn, ChainCall.parseArgs(fn, JSON.stringify(args)))
        const theirs = await castAsync(['calldata', ChainCall.signature(fn), c.a.toString(), c.b.toString(), hex(c.c), String(c.d), hex(c.e), c.s, hex(c.h), `[${c.xs.join(',')}]`])
        expect(ours).toBe(theirs)
      }),
    )
  })

  it('round-trips through the decoder (property)', () => {
    const fn = ChainCall.pickFunction(ChainCall.parseAbi('function g(uint128 x, (address who, bool ok)[] ys)'), 'g')
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), fc.array(fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean()), { maxLength: 4 }), (x, ys) => {
        const text = JSON.stringify([x.toString(), ys.map(([a, ok]) => ({ who: `0x${Buffer.from(a).toString('hex')}`, ok }))])
        const data = ChainCall.encodeCall(fn, ChainCall.parseArgs(fn, text))
        const [dx, dys] = AbiFunction.decodeData(fn, data) as [bigint, { who: string; ok: boolean }[]]
        expect(dx).toBe(x)
        expect(dys.map((y) => [y.who.toLowerCase(), y.ok])).toEqual(ys.map(([a, ok]) => [`0x${Buffer.from(a).toString('hex')}`, ok]))
      }),
      { numRuns: 50 },
    )
  })

  it('accepts comma lists for simple parameters, and names bad arguments', () => {
    const abi = ChainCall.parseAbi(ERC20)
    const transfer = ChainCall.pickFunction(abi, 'transfer')
    expect(ChainCall.parseArgs(transfer, `${ADDR}, 1000`)).toEqual([ADDR, 1000n])
    expect(() => ChainCall.parseArgs(transfer, '[]')).toThrow(/takes 2 arguments, got 0.*to \(address\), amount \(uint256\)/s)
    expect(() => ChainCall.parseArgs(transfer, `["${ADDR}", "-1"]`)).toThrow(/amount = -1 does not fit uint256/)
    expect(() => ChainCall.parseArgs(transfer, `["${ADDR}", 1.5]`)).toThrow(/amount should be an integer/)
    expect(() => ChainCall.parseArgs(transfer, `["0x1234", "1"]`)).toThrow(/to: An address has 40 hex digits; this has 4/)
    expect(() => ChainCall.parseArgs(transfer, `["${ADDR.replace('F', 'f')}", "1"]`)).toThrow(/Checksum mismatch/)
    const f = ChainCall.pickFunction(ChainCall.parseAbi('function h(bytes4 b, bool[2] xs)'), 'h')
    expect(() => ChainCall.parseArgs(f, '["0x1234", [true, false]]')).toThrow(/b should be 4 bytes, got 2/)
    expect(() => ChainCall.parseArgs(f, '["0x12345678", [true]]')).toThrow(/xs should have 2 items, got 1/)
    expect(() => ChainCall.parseArgs(f, '["0x12345678", ["yes", false]]')).toThrow(/xs\[0\] should be true or false/)
    expect(() => ChainCall.parseArgs(f, '[oops')).toThrow(/not valid JSON/)
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
    expect(ChainCall.decodeRevert(await castAsync(['calldata', 'Panic(uint256)', '17'])).text).toBe('Panic(0x11: arithmetic overflow or underflow)')
    expect(ChainCall.decodeRevert(await castAsync(['calldata', 'Panic(uint256)', '50'])).text).toBe('Panic(0x32: array index out of bounds)')
    const abi = ChainCall.parseAbi(ERC20)
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
    const abi = ChainCall.parseAbi(ERC20)
    const data = await castAsync(['calldata', 'transfer(address,uint256)', ADDR, '1000'])
    expect(ChainCall.decodeCallData(data, abi)).toBe(`transfer(to=${ADDR}, amount=1000)`)
    expect(ChainCall.decodeCallData(data, undefined)).toBeNull()
    expect(ChainCall.decodeCallData('0xdeadbeef', abi)).toBeNull()
    expect(ChainCall.decodeCallData(data.slice(0, 20), abi)).toBeNull()
  })
})

describe('ChainCall.decodeLog', () => {
  it('decodes an ERC-20 Transfer log', async () => {
    const abi = ChainCall.parseAbi(ERC20)
    const topic = await castAsync(['keccak', 'Transfer(address,address,uint256)'])
    const pad = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}` as `0x${string}`
    const data = AbiParameters.encode([{ type: 'uint256' }], [123n])
    const text = ChainCall.decodeLog({ topics: [topic as `0x${string}`, pad(ADDR), pad('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')], data }, abi)
    expect(text).toBe(`Transfer(from=${ADDR}, to=0x70997970C51812dc3A010C7d01b50e0d17dc79C8, value=123)`)
    expect(ChainCall.decodeLog({ topics: [topic as `0x${string}`], data }, abi)).toBeNull()
    expect(ChainCall.decodeLog({ topics: [], data }, abi)).toBeNull()
  })
})

import { ethers } from 'ethers'
import { Address } from 'ox'
import { describe, expect, it } from 'vitest'
import { cast, castAsync } from '../../../test/support'
import * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'
import * as Calldata from './Calldata'
import { BaseError } from '../Errors'
import * as SignatureTable from './SignatureTable'

// The offline table, injected as the decoders do (functions, events and errors, with provenance).
const table = await SignatureTable.load(SignatureTable.KINDS, { provenance: true })

const rnd = (n: number) => crypto.getRandomValues(new Uint8Array(n))
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`
const pick = <T,>(xs: readonly T[]): T => xs[rnd(1)[0]! % xs.length]!
const word = () => BigInt(hex(rnd(32)))
const text = () => Array.from(rnd(rnd(1)[0]! % 30), (b) => 'abcdefghij klmnopqrstuvwxyz0123456789'[b % 37]).join('')

/** Types with random values: [type, () => [cast literal (nested), JSON value, top-level cast arg]]. */
const POOL: [string, () => [string, unknown]][] = [
  ['uint256', () => { const v = word().toString(); return [v, v] }],
  ['int128', () => { const v = (BigInt.asIntN(128, word())).toString(); return [v, v] }],
  ['uint8', () => { const v = String(rnd(1)[0]); return [v, v] }],
  ['address', () => { const a = Address.checksum(hex(rnd(20))); return [a, a] }],
  ['bool', () => { const b = rnd(1)[0]! % 2 === 0; return [String(b), b] }],
  ['bytes32', () => { const h = hex(rnd(32)); return [h, h] }],
  ['bytes4', () => { const h = hex(rnd(4)); return [h, h] }],
  ['string', () => { const s = text(); return [JSON.stringify(s), s] }],
  ['bytes', () => { const h = hex(rnd(rnd(1)[0]! % 80)); return [h, h] }],
  ['uint16[]', () => { const xs = Array.from(rnd(rnd(1)[0]! % 4), String); return [`[${xs.join(', ')}]`, xs] }],
  ['(address,uint256)', () => { const a = Address.checksum(hex(rnd(20))); const v = word().toString(); return [`(${a}, ${v})`, [a, v]] }],
  ['(string,bytes)[]', () => { const xs = Array.from({ length: rnd(1)[0]! % 3 }, () => [text(), hex(rnd(5))] as const); return [`[${xs.map(([s, b]) => `(${JSON.stringify(s)}, ${b})`).join(', ')}]`, xs] }],
  ['address[2]', () => { const xs = [Address.checksum(hex(rnd(20))), Address.checksum(hex(rnd(20)))]; return [`[${xs.join(', ')}]`, xs] }],
]

function randomCase() {
  const n = 1 + (rnd(1)[0]! % 4)
  const picked = Array.from({ length: n }, () => pick(POOL))
  const vals = picked.map(([, g]) => g())
  const types = picked.map(([t]) => t)
  // Strings go quoted even at the top level: cast trims a bare argument's surrounding spaces.
  const castArgs = vals.map(([c]) => c)
  return { types, json: vals.map(([, j]) => j), castArgs }
}

const castLines = (out: string) => (out === '' ? [] : out.split('\n').map((l) => l.replace(/ \[-?\d+(\.\d+)?e-?\d+\]/g, '')))
const ourLines = (args: Calldata.Arg[]) => args.map(formatArg)
/** Nested-style (quoted strings) formatting, as cast prints every value. */
function formatArg(a: Calldata.Arg): string {
  return a.type === 'string' ? JSON.stringify(a.value) : a.value
}

describe('decode-calldata against cast', () => {
  it('decodes random calls with a signature as cast does', async () => {
    const cases = Array.from({ length: 10 }, randomCase)
    await Promise.all(
      cases.map(async ({ types, castArgs }, k) => {
        const sig = `fn${k}(${types.join(',')})`
        const data = await castAsync(['calldata', '--', sig, ...castArgs])
        const [theirs] = await Promise.all([castAsync(['decode-calldata', sig, data])])
        const call = Calldata.decodeCall(data, { table, signature: sig })
        expect(call.source).toBe('signature')
        expect(ourLines(call.args), sig).toEqual(castLines(theirs))
      }),
    )
  })

  it('decodes random custom errors as cast decode-error does', async () => {
    const cases = Array.from({ length: 6 }, randomCase)
    await Promise.all(
      cases.map(async ({ types, castArgs }, k) => {
        const sig = `Err${k}(${types.join(',')})`
        const data = await castAsync(['calldata', '--', sig, ...castArgs])
        const theirs = await castAsync(['decode-error', '--sig', sig, data])
        const d = Calldata.decodeError(data, { table, abis: [Abi.parse(`error ${sig}`)] })
        expect(d.kind).toBe('custom')
        expect(d.source).toBe('abi')
        expect(ourLines(d.args), sig).toEqual(castLines(theirs))
      }),
    )
  })

  it('decodes random event data as cast decode-event does, and indexed topics', async () => {
    const cases = Array.from({ length: 6 }, randomCase)
    await Promise.all(
      cases.map(async ({ types, castArgs, json }, k) => {
        const sig = `Ev${k}(${types.join(',')})`
        const data = await castAsync(['abi-encode', '--', `f(${types.join(',')})`, ...castArgs])
        const [topic0, theirs] = await Promise.all([castAsync(['sig-event', sig]), castAsync(['decode-event', '--sig', sig, data])])
        const d = Calldata.decodeEvent([topic0], data, { table, abis: [Abi.parse(`event ${sig}`)] })
        expect(ourLines(d.args), sig).toEqual(castLines(theirs))
        // The same values as indexed topics: static ones are decoded, dynamic ones are hashes.
        const nIndexed = Math.min(3, types.length)
        const indexedSig = `event Ix${k}(${types.map((t, i) => (i < nIndexed ? `${t} indexed` : t)).join(',')})`
        const item = Abi.parse(indexedSig)[0] as Abi.EventItem
        const topics = [Abi.entries([item])[0]!.selector]
        for (let i = 0; i < nIndexed; i++) {
          const p = item.inputs[i]!
          const dynamic = ['string', 'bytes'].includes(p.type) || p.type.endsWith(']') || p.type.startsWith('tuple')
          topics.push(dynamic ? ethers.utils.keccak256(p.type === 'string' ? ethers.utils.toUtf8Bytes(json[i] as string) : p.type === 'bytes' ? (json[i] as string) : ethers.utils.defaultAbiCoder.encode([AbiCodec.canonicalType(p)], [json[i]]).slice(0)) : await castAsync(['abi-encode', '--', `f(${types[i]})`, castArgs[i]!]))
        }
        const rest = item.inputs.slice(nIndexed)
        const restData = AbiCodec.encode(rest, AbiCodec.coerceAll(rest, json.slice(nIndexed)))
        const e = Calldata.decodeEvent(topics, restData, { table, abis: [[item]] })
        e.args.forEach((a, i) => {
          if (a.hashed) expect(a.value).toBe(topics[i + 1])
          else expect(formatArg(a), `${indexedSig} ${i}`).toBe(ourLines(d.args)[i])
        })
      }),
    )
  })
})

describe('sources', () => {
  const transfer = cast(['calldata', 'transfer(address,uint256)', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1000000'])

  it('uses the ABI first, then the offline table, then a guess', () => {
    const erc20 = Abi.parse('function transfer(address to, uint256 amount) returns (bool)')
    expect(Calldata.decodeCall(transfer, { table, abis: [erc20] }).source).toBe('abi')
    const t = Calldata.decodeCall(transfer, { table })
    expect(t.source).toBe('table')
    expect(t.sources!.some((s) => s.includes('@openzeppelin/contracts'))).toBe(true)
    expect(t.args.map((a) => a.value)).toEqual(['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '1000000'])
    const g = Calldata.decodeCall(transfer, { table: false })
    expect(g.source).toBe('guess')
    expect(g.args.map((a) => [a.type, a.value])).toEqual([
      ['address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
      ['uint256', '1000000'],
    ])
  })

  it('falls back to a guess, with a warning, when the table signature does not fit', () => {
    // transfer's selector, but a word of 0xff bytes where an address should be
    const c = Calldata.decodeCall(`0xa9059cbb${'f'.repeat(64)}${'0'.repeat(64)}`, { table })
    expect(c.source).toBe('guess')
    expect(c.warnings![0]).toMatch(/transfer\(address to, uint256 value\) .*does not fit the data: Word 0 \(byte 0x4\)/)
  })

  it('explains a selector that does not match the signature', () => {
    expect(() => Calldata.decodeCall(transfer, { table, signature: 'transfer(address,uint)' })).not.toThrow()
    expect(() => Calldata.decodeCall(transfer, { table, signature: 'transfer(address,uint128)' })).toThrow(/selector is 0xa9059cbb, but the signature gives transfer\(address,uint128\) = 0x/)
  })

  it('rejects input without a selector', () => {
    expect(() => Calldata.decodeCall('0x', { table })).toThrow(Calldata.NoSelectorError)
    expect(() => Calldata.decodeCall('0xa9059c', { table })).toThrow(/3 bytes; a call starts with a 4-byte selector/)
    expect(() => Calldata.decodeCall('0xa9059cbz', { table })).toThrow(/not hex: "z"/)
    expect(() => Calldata.decodeCall('0xa9059cbb0', { table })).toThrow(/odd number of hex digits/)
  })

  it('names the word when data does not fit the ABI', () => {
    expect(() => Calldata.decodeCall(transfer.slice(0, 80), { table, signature: 'transfer(address,uint256)' })).toThrow(/Word 1 \(byte 0x24\)/)
  })
})

describe('nested call data', () => {
  it('multicall(bytes[]) (Uniswap v3 periphery) decodes each inner call', () => {
    const inner = [
      cast(['calldata', 'decreaseLiquidity((uint256,uint128,uint256,uint256,uint256))', '(12345,1000000000000,0,0,1700000000)']),
      cast(['calldata', 'collect((uint256,address,uint128,uint128))', '(12345,0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045,340282366920938463463374607431768211455,340282366920938463463374607431768211455)']),
    ]
    const data = cast(['calldata', 'multicall(bytes[])', `[${inner.join(',')}]`])
    const call = Calldata.decodeCall(data, { table })
    expect(call.signature).toBe('multicall(bytes[])')
    expect(call.nested.map((n) => [n.path, n.call?.signature])).toEqual([
      ['data[0]', 'decreaseLiquidity((uint256,uint128,uint256,uint256,uint256))'],
      ['data[1]', 'collect((uint256,address,uint128,uint128))'],
    ])
    expect(call.nested[1]!.call!.args[0]!.value).toBe('(12345, 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045, 340282366920938463463374607431768211455, 340282366920938463463374607431768211455)')
  })

  it('Multicall3 aggregate3: callData inside tuples, recursively', () => {
    const bal = cast(['calldata', 'balanceOf(address)', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'])
    const innerAgg = cast(['calldata', 'aggregate3((address,bool,bytes)[])', `[(0x000000000000000000000000000000000000dEaD,false,${bal})]`])
    const data = cast(['calldata', 'aggregate3((address,bool,bytes)[])', `[(0xcA11bde05977b3631167028862bE2a173976CA11,true,${innerAgg}),(0x000000000000000000000000000000000000dEaD,false,${bal})]`])
    const call = Calldata.decodeCall(data, { table })
    expect(call.nested.map((n) => [n.path, n.call?.signature])).toEqual([
      ['calls[0].callData', 'aggregate3((address,bool,bytes)[])'],
      ['calls[1].callData', 'balanceOf(address)'],
    ])
    expect(call.nested[0]!.call!.nested[0]!.call!.signature).toBe('balanceOf(address)')
  })

  it('Safe multiSend packed transactions', () => {
    const t1 = cast(['calldata', 'transfer(address,uint256)', '0x000000000000000000000000000000000000dEaD', '5'])
    const pack = (op: number, to: string, value: bigint, d: string) => {
      const body = d.slice(2)
      return op.toString(16).padStart(2, '0') + to.slice(2).toLowerCase() + value.toString(16).padStart(64, '0') + (body.length / 2).toString(16).padStart(64, '0') + body
    }
    const packed = `0x${pack(0, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 0n, t1)}${pack(0, '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 10n ** 18n, '0x')}`
    const data = cast(['calldata', 'multiSend(bytes)', packed])
    const call = Calldata.decodeCall(data, { table })
    expect(call.nested).toHaveLength(2)
    expect(call.nested[0]!.meta).toEqual({ operation: 'call', to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', value: '0' })
    expect(call.nested[0]!.call!.signature).toBe('transfer(address,uint256)')
    expect(call.nested[1]!.meta!.value).toBe('1000000000000000000')
    expect(call.nested[1]!.note).toMatch(/plain transfer/)
    expect(() => Calldata.parseMultiSend(AbiCodec.toBytes(packed).subarray(0, 100))).toThrow(/Transaction 0 at byte 0 claims 68 bytes of data, but only 15 remain/)
    // a malformed batch is a note on the call, not a failure of the call
    const broken = cast(['calldata', 'multiSend(bytes)', packed.slice(0, 202)])
    const b = Calldata.decodeCall(broken, { table })
    expect(b.signature).toBe('multiSend(bytes)')
    expect(b.nested[0]!.note).toMatch(/Transaction 0 at byte 0 claims 68 bytes/)
  })

  it('ERC-4337 executeBatch(address[],uint256[],bytes[])', () => {
    const t = cast(['calldata', 'approve(address,uint256)', '0x000000000000000000000000000000000000dEaD', '1'])
    const data = cast(['calldata', 'executeBatch(address[],uint256[],bytes[])', '[0x000000000000000000000000000000000000dEaD]', '[0]', `[${t}]`])
    const call = Calldata.decodeCall(data, { table })
    expect(call.nested.map((n) => n.call?.signature)).toEqual(['approve(address,uint256)'])
  })

  it('stops at a bounded depth', () => {
    let d = cast(['calldata', 'balanceOf(address)', '0x000000000000000000000000000000000000dEaD'])
    for (let i = 0; i < 7; i++) d = cast(['calldata', 'multicall(bytes[])', `[${d}]`])
    let call: Calldata.Call | null = Calldata.decodeCall(d, { table })
    let depth = 0
    while (call?.nested[0]?.call) {
      call = call.nested[0].call
      depth++
    }
    expect(depth).toBe(Calldata.MAX_NESTING)
    expect(call!.nested[0]!.note).toMatch(/Nested more than 4 levels/)
  })
})

describe('return and revert data', () => {
  it('decodes return data for outputs', () => {
    const data = cast(['abi-encode', 'f(uint256,string)', '42', 'hello'])
    expect(Calldata.decodeResult(AbiCodec.parseTypes('(uint256,string)'), data).map((a) => a.value)).toEqual(['42', 'hello'])
    expect(() => Calldata.decodeResult(AbiCodec.parseTypes('uint256'), '0x')).toThrow(/return data is empty/)
  })

  it('Error(string)', () => {
    const data = cast(['calldata', 'Error(string)', 'Not enough Ether provided.'])
    const d = Calldata.decodeError(data, { table })
    expect(d.kind).toBe('error-string')
    expect(d.reason).toBe('Not enough Ether provided.')
  })

  it.each([
    [0x01, /assert/],
    [0x11, /overflow or underflow/],
    [0x12, /Division or modulo by zero/],
    [0x21, /enum/],
    [0x22, /storage byte array/],
    [0x31, /pop\(\)/],
    [0x32, /out-of-bounds/],
    [0x41, /Too much memory/],
    [0x51, /internal function type/],
    [0x99, /Unknown panic code 0x99/],
  ])('Panic(0x%s) has its meaning', (code, meaning) => {
    const d = Calldata.decodeError(cast(['calldata', 'Panic(uint256)', String(code)]), { table })
    expect(d.kind).toBe('panic')
    expect(d.reason).toMatch(meaning)
  })

  it('custom errors from the table (OpenZeppelin ERC20InsufficientBalance)', () => {
    const data = cast(['calldata', 'ERC20InsufficientBalance(address,uint256,uint256)', '0x000000000000000000000000000000000000dEaD', '1', '2'])
    const d = Calldata.decodeError(data, { table })
    expect(d.source).toBe('table')
    expect(d.human).toBe('error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)')
  })

  it('empty revert data', () => {
    expect(Calldata.decodeError('0x', { table }).kind).toBe('empty')
  })
})

describe('event logs', () => {
  const from = '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045'
  const to = '0x000000000000000000000000000000000000000000000000000000000000dead'
  const topic0 = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

  it('tells ERC-20 and ERC-721 Transfer apart by topic count', () => {
    const v = `0x${(1000n).toString(16).padStart(64, '0')}`
    const erc20 = Calldata.decodeEvent([topic0, from, to], v, { table })
    expect(erc20.human).toBe('event Transfer(address indexed from, address indexed to, uint256 value)')
    const erc721 = Calldata.decodeEvent([topic0, from, to, v], '0x', { table })
    expect(erc721.human).toBe('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)')
    expect(erc721.args[2]!.value).toBe('1000')
  })

  it('anonymous events from the ABI', () => {
    const abi = Abi.parse('event Note(address indexed who, uint256 amount) anonymous')
    const d = Calldata.decodeEvent([from], `0x${(7n).toString(16).padStart(64, '0')}`, { table, abis: [abi] })
    expect(d.anonymous).toBe(true)
    expect(d.args.map((a) => a.value)).toEqual(['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '7'])
  })

  it('bad topics', () => {
    expect(() => Calldata.decodeEvent(['0x1234'], '0x', { table })).toThrow(/Topic 0 is not 32 bytes/)
    expect(() => Calldata.decodeEvent([topic0, from, to, to, to], '0x', { table })).toThrow(/at most 4 topics/)
    expect(() => Calldata.decodeEvent([topic0, from], '0x', { table, signature: 'event Transfer(address indexed from, address indexed to, uint256 value)' })).toThrow(/has 2 indexed inputs, so its logs have 3 topics; got 2/)
    expect(() => Calldata.decodeEvent([`0x${'ab'.repeat(32)}`], '0x', { table })).toThrow(Calldata.UnknownSelectorError)
  })

  it('parses topics as lines, commas or JSON', () => {
    expect(Calldata.parseTopics(`["${topic0}", "${from}"]`)).toEqual([topic0, from])
    expect(Calldata.parseTopics(`${topic0},\n${from}`)).toEqual([topic0, from])
  })
})

describe('hostile call data', () => {
  it('random words never crash the decoder (table, guess, nested): a result or a core error', () => {
    const W = (n: bigint) => n.toString(16).padStart(64, '0')
    const sels = ['82ad56cb', 'ac9650d8', '8d80ff0a', 'a9059cbb', '12345678', '252dba42']
    for (let i = 0; i < 400; i++) {
      const words = Array.from({ length: rnd(1)[0]! % 24 }, () => {
        const r = rnd(1)[0]! % 6
        return r === 0 ? W(32n) : r === 1 ? W(BigInt(rnd(1)[0]!) * 32n) : r === 2 ? W(BigInt(rnd(1)[0]!)) : r === 3 ? 'f'.repeat(64) : W(word())
      })
      const data = `0x${pick(sels)}${words.join('')}`
      try {
        Calldata.decodeCall(data, { table })
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(BaseError)
        expect((e as Error).name, (e as Error).message).toMatch(/^(AbiLayout|AbiCodec|Calldata|Abi)\./)
      }
      try {
        Calldata.decodeError(data, { table })
      } catch (e) {
        expect(e, String(e)).toBeInstanceOf(BaseError)
        expect((e as Error).name, (e as Error).message).toMatch(/^(AbiLayout|AbiCodec|Calldata|Abi)\./)
      }
    }
  })
})

import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../Errors'
import * as ConnectPolicy from '../chain/ConnectPolicy'
import * as Calldata from './Calldata'
import * as SignatureLookup from './SignatureLookup'

// Selectors and topics computed independently with ethers v5.
const sel = (sig: string) => ethers.utils.id(sig).slice(0, 10)
const TRANSFER = sel('transfer(address,uint256)') // 0xa9059cbb
const EXECUTE = sel('execute(bytes,bytes[],uint256)')
const TRANSFER_TOPIC = ethers.utils.id('Transfer(address,address,uint256)')

/** A response in the service's documented shape. */
const response = (kind: 'function' | 'event', key: string, names: unknown[] | null) => ({ ok: true, result: { event: {}, function: {}, [kind]: { [key]: names === null ? null : names.map((name) => ({ name, filtered: false })) } } })

const errorName = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    return (e as Error).name
  }
  return 'no error'
}

describe('SignatureLookup.url', () => {
  it('asks for one selector or topic, filtered', () => {
    expect(SignatureLookup.url('function', '0xA9059CBB')).toBe('https://api.openchain.xyz/signature-database/v1/lookup?function=0xa9059cbb&filter=true')
    expect(SignatureLookup.url('event', TRANSFER_TOPIC)).toBe(`https://api.openchain.xyz/signature-database/v1/lookup?event=${TRANSFER_TOPIC}&filter=true`)
  })
  it('refuses anything else as a key (nothing else can reach the query string)', () => {
    for (const bad of ['', '0x', 'a9059cbb', '0xa9059cb', '0xa9059cbb00', '0xa9059cbb&x=1', '0xzz059cbb']) expect(errorName(() => SignatureLookup.url('function', bad)), bad).toBe('SignatureLookup.InvalidKeyError')
    expect(errorName(() => SignatureLookup.url('event', TRANSFER))).toBe('SignatureLookup.InvalidKeyError')
  })
})

describe('SignatureLookup.parse', () => {
  it('reads the candidates for a selector, in the service order, keeping those that hash to it', () => {
    // many_msg_babbage(bytes1) is a real collision with transfer's selector: both are kept.
    expect(sel('many_msg_babbage(bytes1)')).toBe(TRANSFER)
    const r = SignatureLookup.parse('function', TRANSFER, response('function', TRANSFER, ['transfer(address,uint256)', 'many_msg_babbage(bytes1)']))
    expect(r.candidates.map((c) => c.signature)).toEqual(['transfer(address,uint256)', 'many_msg_babbage(bytes1)'])
    expect(r.rejected).toBe(0)
    const fn = r.candidates[0]!.item
    expect(fn.type === 'function' && fn.inputs.map((i) => i.type)).toEqual(['address', 'uint256'])
  })

  it('accepts text, tuples and arrays, and keys in either case', () => {
    const body = JSON.stringify(response('function', EXECUTE.toUpperCase().replace('0X', '0x'), ['execute(bytes,bytes[],uint256)']))
    const r = SignatureLookup.parse('function', EXECUTE, body)
    expect(r.candidates.map((c) => c.signature)).toEqual(['execute(bytes,bytes[],uint256)'])
    const tuple = 'foo((address,uint256)[],bytes)'
    const t = SignatureLookup.parse('function', sel(tuple), response('function', sel(tuple), [tuple]))
    expect(t.candidates).toHaveLength(1)
  })

  it('reads event topics', () => {
    const r = SignatureLookup.parse('event', TRANSFER_TOPIC, response('event', TRANSFER_TOPIC, ['Transfer(address,address,uint256)']))
    expect(r.candidates.map((c) => c.item.type)).toEqual(['event'])
  })

  it('an unknown selector gives no candidates', () => {
    expect(SignatureLookup.parse('function', TRANSFER, response('function', TRANSFER, null)).candidates).toEqual([])
    expect(SignatureLookup.parse('function', TRANSFER, { ok: true, result: { function: {} } }).candidates).toEqual([])
    expect(SignatureLookup.parse('function', TRANSFER, { ok: true, result: {} }).candidates).toEqual([])
  })

  it('drops (and counts) candidates from a lying service: wrong hash, not a signature, junk', () => {
    const names = [
      'approve(address,uint256)', // hashes elsewhere
      'transfer(address,uint256) returns (bool)', // not a bare signature
      'function transfer(address,uint256)',
      'transfer(address, uint256)',
      'transfer(address,uint7)',
      '',
      'x'.repeat(5000),
      42,
      null,
      'transfer(address,uint256)',
      'transfer(address,uint256)', // duplicate
    ]
    const body = { ok: true, result: { function: { [TRANSFER]: names.map((name) => (name === null ? null : { name })) } } }
    const r = SignatureLookup.parse('function', TRANSFER, body)
    expect(r.candidates.map((c) => c.signature)).toEqual(['transfer(address,uint256)'])
    expect(r.rejected).toBe(names.length - 1)
  })

  it('reads at most MAX_CANDIDATES of a huge list', () => {
    const names = Array.from({ length: 10_000 }, () => 'transfer(address,uint256)')
    const t0 = performance.now()
    const r = SignatureLookup.parse('function', TRANSFER, response('function', TRANSFER, names))
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(r.candidates).toHaveLength(1)
    expect(r.rejected).toBe(10_000 - 1)
  })

  it('a response not in the documented shape is an InvalidResponseError', () => {
    const bad: unknown[] = [
      'not json',
      '[]',
      ' '.repeat(SignatureLookup.MAX_RESPONSE + 1),
      null,
      42,
      [],
      { ok: false, error: 'rate limited' },
      { ok: 'true', result: {} },
      { ok: true },
      { ok: true, result: [] },
      { ok: true, result: { function: [] } },
      { ok: true, result: { function: { [TRANSFER]: { name: 'transfer(address,uint256)' } } } },
    ]
    for (const b of bad) expect(errorName(() => SignatureLookup.parse('function', TRANSFER, b)), JSON.stringify(b)?.slice(0, 60)).toBe('SignatureLookup.InvalidResponseError')
    expect(errorName(() => SignatureLookup.parse('function', TRANSFER, { ok: false, error: 'rate limited' }))).toBe('SignatureLookup.InvalidResponseError')
    try {
      SignatureLookup.parse('function', TRANSFER, { ok: false, error: 'rate limited' })
    } catch (e) {
      expect((e as BaseError).shortMessage).toContain('rate limited')
    }
  })

  it('property: any JSON at all gives candidates that hash to the key, or an InvalidResponseError', () => {
    const names = fc.oneof(fc.constant('transfer(address,uint256)'), fc.constant('approve(address,uint256)'), fc.string(), fc.anything())
    const lying = fc.record({ ok: fc.oneof(fc.constant(true), fc.anything()), result: fc.oneof(fc.record({ function: fc.dictionary(fc.constantFrom(TRANSFER, '0xA9059CBB', '0x00000000'), fc.oneof(fc.array(fc.record({ name: names })), fc.anything())) }), fc.anything()) })
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), lying, fc.anything()), (body) => {
        try {
          const r = SignatureLookup.parse('function', TRANSFER, body)
          for (const c of r.candidates) expect(sel(c.signature)).toBe(TRANSFER)
        } catch (e) {
          expect(e).toBeInstanceOf(BaseError)
          expect((e as BaseError).name).toBe('SignatureLookup.InvalidResponseError')
        }
      }),
      { numRuns: 500 },
    )
  })
})

describe('SignatureLookup.lookup', () => {
  const ok = (body: unknown): SignatureLookup.FetchLike => async () => ({ ok: true, status: 200, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) })

  it('fetches the lookup URL with the fetch given and validates the answer', async () => {
    const urls: string[] = []
    const f: SignatureLookup.FetchLike = async (u, init) => {
      urls.push(u)
      return ok(response('function', TRANSFER, ['transfer(address,uint256)']))(u, init)
    }
    const r = await SignatureLookup.lookup('function', TRANSFER, f)
    expect(urls).toEqual([SignatureLookup.url('function', TRANSFER)])
    expect(r.candidates.map((c) => c.signature)).toEqual(['transfer(address,uint256)'])
  })

  it('a network failure, an HTTP error or a lying body is a named error, never a crash', async () => {
    const down: SignatureLookup.FetchLike = async () => {
      throw new TypeError('Failed to fetch')
    }
    await expect(SignatureLookup.lookup('function', TRANSFER, down)).rejects.toMatchObject({ name: 'SignatureLookup.UnreachableError' })
    // refused by the page's connect-src (the lookup ticked after the page opened, #41): said as such, with how to allow it, not "could not be reached"
    const refused: SignatureLookup.FetchLike = async (url) => {
      throw new ConnectPolicy.NotAllowedError(ConnectPolicy.sourceOf(url)!)
    }
    await expect(SignatureLookup.lookup('function', TRANSFER, refused)).rejects.toMatchObject({ name: 'ConnectPolicy.NotAllowedError', hints: [expect.stringMatching(/^The lookup is on in the address bar now: reload the page/), expect.any(String)] })
    await expect(SignatureLookup.lookup('function', TRANSFER, async () => ({ ok: false, status: 429, text: async () => '' }))).rejects.toMatchObject({ name: 'SignatureLookup.InvalidResponseError', shortMessage: expect.stringContaining('429') })
    await expect(SignatureLookup.lookup('function', TRANSFER, ok('<html>'))).rejects.toMatchObject({ name: 'SignatureLookup.InvalidResponseError' })
    // an answer that breaks off after the headers was reached: it is said to be cut off (#41), not unreachable
    const broken: SignatureLookup.FetchLike = async () => ({ ok: true, status: 200, text: () => Promise.reject(new Error('reset')) })
    await expect(SignatureLookup.lookup('function', TRANSFER, broken)).rejects.toMatchObject({ name: 'ReadBody.CutOffError', shortMessage: expect.stringMatching(/was cut off after 0 bytes/) })
    const huge: SignatureLookup.FetchLike = async () => ({ ok: true, status: 200, headers: new Headers(), body: new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(65536)) }) })
    await expect(SignatureLookup.lookup('function', TRANSFER, huge)).rejects.toMatchObject({ name: 'ReadBody.TooLargeError', shortMessage: expect.stringMatching(/reading stopped after 1 MiB \(1,048,576 bytes\); at most 977 KiB \(1,000,000 bytes\)/) })
  })

  it('never calls fetch for a bad key', async () => {
    let called = 0
    const f: SignatureLookup.FetchLike = async () => {
      called++
      return { ok: true, status: 200, text: async () => '{}' }
    }
    await expect(SignatureLookup.lookup('function', '0xa9059cbb&function=0x00000000', f)).rejects.toMatchObject({ name: 'SignatureLookup.InvalidKeyError' })
    expect(called).toBe(0)
  })
})

describe('SignatureLookup.lookupOnce', () => {
  it('asks the service once per selector, and asks again after a failure', async () => {
    let calls = 0
    let fail = true
    const f: SignatureLookup.FetchLike = async () => {
      calls++
      if (fail) throw new TypeError('Failed to fetch')
      return { ok: true, status: 200, text: async () => JSON.stringify(response('function', EXECUTE, ['execute(bytes,bytes[],uint256)'])) }
    }
    await expect(SignatureLookup.lookupOnce('function', EXECUTE, f)).rejects.toMatchObject({ name: 'SignatureLookup.UnreachableError' })
    fail = false
    const [a, b] = await Promise.all([SignatureLookup.lookupOnce('function', EXECUTE, f), SignatureLookup.lookupOnce('function', EXECUTE.toUpperCase().replace('0X', '0x'), f)])
    expect(a.candidates.map((c) => c.signature)).toEqual(['execute(bytes,bytes[],uint256)'])
    expect(b).toBe(a)
    expect(calls).toBe(2)
  })
})

describe('SignatureLookup.resolve: one lookup for call data, errors and events (fake fetch)', () => {
  const serve = (kind: 'function' | 'event', key: string, names: string[]) => {
    const asked: string[] = []
    const f: SignatureLookup.FetchLike = async (u) => {
      asked.push(u)
      return { ok: true, status: 200, text: async () => JSON.stringify({ ok: true, result: { function: {}, event: {}, [kind]: { [key]: names.map((name) => ({ name, filtered: false })) } } }) }
    }
    return { f, asked }
  }

  it('call data: drops a candidate that hashes elsewhere, uses the first that fits (encoded by ethers v5)', async () => {
    const iface = new ethers.utils.Interface(['function mintTo(address to, uint256 amount, bytes32 memo)'])
    const selector = iface.getSighash('mintTo')
    const data = iface.encodeFunctionData('mintTo', ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 7, ethers.utils.formatBytes32String('memo')])
    const { f, asked } = serve('function', selector, ['approve(address,uint256)', 'mintTo(address,uint256,bytes32)'])
    const r = await SignatureLookup.resolve('function', selector, f, (c) => Calldata.decodeCall(data, { signature: c.signature }))
    expect(asked).toEqual([SignatureLookup.url('function', selector)])
    expect(r.rejected).toBe(1)
    expect(r.used).toBe('mintTo(address,uint256,bytes32)')
    expect(r.tried).toEqual([{ signature: 'mintTo(address,uint256,bytes32)', fits: true }])
    expect(r.decoded!.args.map((a) => a.value)).toEqual(iface.decodeFunctionData('mintTo', data).map((v: unknown) => (ethers.BigNumber.isBigNumber(v) ? v.toString() : String(v))))
  })

  it('errors: a candidate that does not fit the data is marked so, the next one is used', async () => {
    const iface = new ethers.utils.Interface(['error NotEnoughTickets(uint256 wanted, uint256 left)'])
    const data = iface.encodeErrorResult('NotEnoughTickets', [5, 2])
    const selector = data.slice(0, 10)
    // A colliding signature that hashes to the selector cannot be made up here; a fake decoder refusing the first stands in.
    const { f } = serve('function', selector, ['NotEnoughTickets(uint256,uint256)'])
    const r = await SignatureLookup.resolve('function', selector, f, (c) => Calldata.decodeError(data, { signature: `error ${c.signature}` }))
    expect(r.decoded!.args.map((a) => a.value)).toEqual(['5', '2'])
    const none = await SignatureLookup.resolve('function', selector, f, () => {
      throw new Calldata.UnknownSelectorError(selector, 'error')
    })
    expect(none).toMatchObject({ used: null, decoded: null, tried: [{ signature: 'NotEnoughTickets(uint256,uint256)', fits: false }] })
  })

  it('events: the service gives no indexed markers; the variant that fits the log is used (encoded by ethers v5)', async () => {
    const iface = new ethers.utils.Interface(['event Minted(address indexed to, uint256 amount)'])
    const log = iface.encodeEventLog(iface.getEvent('Minted'), ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 42])
    const topic = log.topics[0]!
    const { f, asked } = serve('event', topic, ['Minted(address,uint256)'])
    const r = await SignatureLookup.resolve('event', topic, f, (c) => {
      const [first] = SignatureLookup.eventVariants(c.signature, ['address', 'uint256'], log.topics.length - 1)
      return Calldata.decodeEvent(log.topics, log.data, { signature: first! })
    })
    expect(asked).toEqual([SignatureLookup.url('event', topic)])
    expect(r.used).toBe('Minted(address,uint256)')
    expect(r.decoded!.args.map((a) => a.value)).toEqual(['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', '42'])
    expect(SignatureLookup.eventVariants('E(uint8,bool,address)', ['uint8', 'bool', 'address'], 2)).toEqual([
      'event E(uint8 indexed, bool indexed, address)',
      'event E(uint8 indexed, bool, address indexed)',
      'event E(uint8, bool indexed, address indexed)',
    ])
  })

  it('a decoder crashing with a non-core exception is not swallowed', async () => {
    const key = sel('crashy(uint256)')
    const { f } = serve('function', key, ['crashy(uint256)'])
    await expect(
      SignatureLookup.resolve('function', key, f, () => {
        throw new TypeError('boom')
      }),
    ).rejects.toThrow(TypeError)
  })
})

/**
 * SimCapsule against a real anvil (useSimChain): a capsule made online and opened with no
 * node (fetch stubbed to fail) gives the identical report, byte for byte, with and without
 * state overrides and block overrides (the report equal to a plain simulation over the node
 * under the same block context); a capsule without block overrides keeps the version 1 layout
 * (built here field by field); its SHA-256 is Node's hash of the file; a capsule relabelled with another
 * hardfork, opened under another hardfork, or with a broken witness is refused with a message.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { Rlp } from 'ox'
import * as SimCapsule from './SimCapsule'
import * as SimRpc from './SimRpc'
import * as SimWitness from './SimWitness'
import * as Simulation from './Simulation'
import { testSeed } from '../../../test/support'
import { A1, OTHER } from '../../../test/chain/sim/contracts'
import { anvil, c, data, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

async function noNetwork<T>(f: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('the network is off')))
  try {
    return await f()
  } finally {
    spy.mockRestore()
  }
}
const transfer = () => ({ from: A1, to: c.token, data: data('Token', 'transfer', [OTHER, 11n]), gas: 200_000n })

describe('SimCapsule', () => {
  it('opened with no node, reproduces the report byte for byte; its SHA-256 is the file’s', async () => {
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), transfer())
    expect(made.sha256).toBe(`0x${createHash('sha256').update(made.bytes).digest('hex')}`)
    const opened = await noNetwork(() => SimCapsule.open(made.bytes))
    expect(opened.report).toBe(made.report)
    expect(opened.traceHash).toBe(made.traceHash)
    expect(opened.sha256).toBe(made.sha256)
    expect(JSON.parse(opened.report).changes.tokens[0]).toMatchObject({ kind: 'transfer', amount: '11' })
  })

  it('carries state overrides: an unfunded sender given ether by an override pays 1 ether, offline too', async () => {
    const from = '0x00000000000000000000000000000000000badd1'
    const call = { from: from as `0x${string}`, to: OTHER, value: 10n ** 18n, gas: 21_000n }
    const overrides = JSON.stringify({ [from]: { balance: '0x56bc75e2d63100000' } })
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), call, { overrides })
    const opened = await noNetwork(() => SimCapsule.open(made.bytes))
    expect(opened.report).toBe(made.report)
    const ether = JSON.parse(opened.report).changes.ether as { address: string; before: string; delta: string }[]
    expect(ether.find((e) => e.address === OTHER)?.delta).toBe(String(10n ** 18n))
    expect(ether.find((e) => e.address === from)?.before).toBe('100000000000000000000')
    // the overrides are part of the capsule: without them the same call reports another outcome
    const bare = await noNetwork(() => SimCapsule.open(SimCapsule.encode({ ...SimCapsule.decode(made.bytes), overrides: '' })))
    expect(bare.report).not.toBe(made.report)
  })

  it('carries block overrides: the report offline equals the online run under the same block context, byte for byte', async () => {
    const call = { from: A1, to: c.leaf, data: data('Leaf', 'poke', [42n]), gas: 200_000n }
    const blockOverrides = { number: 123_456n, timestamp: 1_900_000_000n, baseFee: 7n, coinbase: OTHER, prevrandao: `0x${'ab'.repeat(32)}` as const, gasLimit: 31_000_000n }
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), call, { blockOverrides })
    // the online report, made apart from the capsule: a plain simulation over the node with the same overrides
    const session = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(anvil.url)), 'latest', { call })
    Simulation.overrideBlock(session, blockOverrides)
    const online = JSON.stringify(SimWitness.outcomeOf(await Simulation.call(session, call)))
    expect(made.report).toBe(online)
    // Leaf.poke stores block.number at m[42]: the overridden number is in the state diff
    expect(JSON.stringify(JSON.parse(made.report).diff)).toContain((123_456).toString(16))
    const opened = await noNetwork(() => SimCapsule.open(made.bytes))
    expect(opened.report).toBe(online)
    expect(opened.capsule.blockOverrides).toEqual(blockOverrides)
    expect((Rlp.toBytes(made.bytes) as Uint8Array[])[1]).toEqual(Uint8Array.of(2))
    // the overrides are part of the capsule: without them the real coinbase is read, which the witness does not hold
    await expect(noNetwork(() => SimCapsule.open(SimCapsule.encode({ ...opened.capsule, blockOverrides: undefined })))).rejects.toThrow(/does not hold the account 0x0{40}/)
    // one override alone is carried too; without it the call stores the real block number
    const one = await SimCapsule.make(SimRpc.httpTransport(anvil.url), call, { blockOverrides: { number: 77n } })
    const oneOpened = await noNetwork(() => SimCapsule.open(one.bytes))
    expect(oneOpened.report).toBe(one.report)
    expect(JSON.stringify(JSON.parse(one.report).diff)).toContain('"0x000000000000000000000000000000000000000000000000000000000000004d"')
    const bare = await noNetwork(() => SimCapsule.open(SimCapsule.encode({ ...oneOpened.capsule, blockOverrides: undefined })))
    expect(bare.report).not.toBe(one.report)
    expect(bare.blockNumber).toBe(oneOpened.blockNumber)
  })

  it('keeps version 1 for a capsule without block overrides (files made before open as they did); a malformed block field is refused', async () => {
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), transfer())
    const cap = SimCapsule.decode(made.bytes)
    expect(cap.blockOverrides).toBeUndefined()
    const enc = new TextEncoder()
    const hex = (h: string) => Rlp.toBytes(Rlp.fromHex(h as `0x${string}`)) as Uint8Array
    const n = (v: bigint) => (v === 0n ? new Uint8Array() : hex(`0x${v.toString(16).padStart(v.toString(16).length + (v.toString(16).length % 2), '0')}`))
    // the version 1 layout, field by field: [magic, 1, hardfork, from, to, value, data, gas, overrides, witness]
    const v1 = Rlp.fromBytes([enc.encode('EWC'), Uint8Array.of(1), enc.encode(cap.hardfork), hex(cap.call.from), hex(cap.call.to!), n(cap.call.value!), hex(cap.call.data!), n(cap.call.gas!), enc.encode(''), cap.witness])
    expect(v1).toEqual(made.bytes)
    expect((await noNetwork(() => SimCapsule.open(v1))).report).toBe(made.report)
    const fields = Rlp.toBytes(made.bytes) as (Uint8Array | unknown[])[]
    const v2 = (block: unknown[]) => Rlp.fromBytes([fields[0], Uint8Array.of(2), ...fields.slice(2), block] as Uint8Array[])
    expect(() => SimCapsule.decode(v2([[], [], [], [], [], []]))).toThrow(/not in canonical form/)
    expect(() => SimCapsule.decode(v2([[], [], [], [Uint8Array.of(1, 2)], [], []]))).toThrow(/coinbase.*20 bytes/)
    expect(() => SimCapsule.decode(v2([[], []]))).toThrow(/list of 6 entries/)
    expect(() => SimCapsule.decode(Rlp.fromBytes([fields[0], Uint8Array.of(4), ...fields.slice(2)] as Uint8Array[]))).toThrow(/version is 4/)
  })

  it(`version 3 carries verified sources, round-tripped for any list; out of order, repeated, empty or not UTF-8 is refused (seed ${testSeed})`, async () => {
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), transfer())
    const fields = Rlp.toBytes(made.bytes) as (Uint8Array | unknown[])[]
    const enc = new TextEncoder()
    const source = fc.record({ address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`), host: fc.webUrl(), text: fc.string({ unit: 'binary', maxLength: 200 }) })
    await fc.assert(
      fc.asyncProperty(fc.array(source, { minLength: 1, maxLength: 6 }), async (sources) => {
        const w = SimCapsule.withSources(made.bytes, sources)
        const back = SimCapsule.decode(w.bytes)
        const want = SimCapsule.sortSources(sources)
        expect(back.sources).toEqual(want)
        expect(back.call).toEqual(SimCapsule.decode(made.bytes).call)
        // the version and the layout, read by another RLP reader: [..., witness, six empty block entries, [[address, host, text], …]]
        const t = Rlp.toBytes(w.bytes) as unknown[]
        expect([...(t[1] as Uint8Array)]).toEqual([3])
        expect(t[10]).toEqual([[], [], [], [], [], []])
        expect(t[11]).toEqual(want.map((x) => [Buffer.from(x.address.slice(2), 'hex'), enc.encode(x.host), enc.encode(x.text)].map((b) => new Uint8Array(b))))
        // carrying none gives the capsule back as it was
        expect(SimCapsule.withSources(w.bytes, []).bytes).toEqual(made.bytes)
      }),
      { seed: testSeed, numRuns: 30 },
    )
    const v3 = (sources: unknown) => Rlp.fromBytes([fields[0], Uint8Array.of(3), ...fields.slice(2), [[], [], [], [], [], []], sources] as Uint8Array[])
    const a = (n: number) => new Uint8Array(20).fill(n)
    const ok = [a(1), enc.encode('https://h'), enc.encode('{}')]
    expect(SimCapsule.decode(v3([ok])).sources).toHaveLength(1)
    expect(() => SimCapsule.decode(v3([]))).toThrow(/not a non-empty list/)
    expect(() => SimCapsule.decode(v3([[a(2), ok[1], ok[2]], ok]))).toThrow(/not in canonical form/)
    expect(() => SimCapsule.decode(v3([ok, ok]))).toThrow(/not in canonical form/)
    expect(() => SimCapsule.decode(v3([[a(1), ok[1], Uint8Array.of(0xff, 0xfe)]]))).toThrow(/not UTF-8/)
    expect(() => SimCapsule.decode(v3([[a(1).slice(1), ok[1], ok[2]]]))).toThrow(/address is not 20 bytes/)
    expect(() => SimCapsule.decode(v3([[a(1), ok[1]]]))).toThrow(/not \[address, host, text\]/)
    expect(() => SimCapsule.withSources(made.bytes, Array.from({ length: SimCapsule.SOURCE_LIMITS.count + 1 }, (_, i) => ({ address: `0x${i.toString(16).padStart(40, '0')}` as `0x${string}`, host: 'h', text: '' })))).toThrow(/at most 64/)
  })

  it('refuses a capsule from another hardfork, or opened under another one', async () => {
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), transfer())
    const cap = SimCapsule.decode(made.bytes)
    const other = cap.hardfork === 'cancun' ? 'prague' : 'cancun'
    await expect(SimCapsule.open(SimCapsule.encode({ ...cap, hardfork: other }))).rejects.toThrow(new RegExp(`says ${other}: its witness was packed under ${cap.hardfork}`))
    await expect(SimCapsule.open(made.bytes, { hardfork: other })).rejects.toThrow(new RegExp(`made under ${cap.hardfork}: this replay asks for ${other}`))
  })

  it(`refuses a broken witness and a file that is not a capsule (seed ${testSeed})`, async () => {
    const made = await SimCapsule.make(SimRpc.httpTransport(anvil.url), transfer())
    const cap = SimCapsule.decode(made.bytes)
    for (let i = 0; i < 20; i++) {
      const w = cap.witness.slice()
      const at = Math.floor(Math.random() * w.length)
      w[at]! ^= 1 + Math.floor(Math.random() * 255)
      await expect(noNetwork(() => SimCapsule.open(SimCapsule.encode({ ...cap, witness: w }))), `witness byte ${at} (seed ${testSeed})`).rejects.toThrow(/witness|proof|header|Refused/i)
    }
    await expect(SimCapsule.open(new TextEncoder().encode('{"not":"a capsule"}'))).rejects.toThrow(/not a capsule/)
  })
})

describe('SimCapsule links (the capsule in the URL fragment)', () => {
  it('round-trips any small capsule through the fragment, and refuses what is too large, cut or not a capsule link', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: SimCapsule.MAX_LINK_BYTES }), (bytes) => {
        const f = SimCapsule.toFragment(bytes)!
        expect(f).toMatch(/^capsule=[A-Za-z0-9_-]*$/)
        expect(SimCapsule.fromFragment(`#${f}`)).toEqual(bytes)
      }),
      { numRuns: 200 },
    )
    expect(SimCapsule.toFragment(new Uint8Array(SimCapsule.MAX_LINK_BYTES + 1))).toBeNull()
    expect(SimCapsule.fromFragment('#main')).toBeNull()
    expect(SimCapsule.fromFragment('')).toBeNull()
    expect(() => SimCapsule.fromFragment('#capsule=A')).toThrow(SimCapsule.LinkError)
    expect(() => SimCapsule.fromFragment(`#capsule=${'A'.repeat(40_000)}`)).toThrow(/the limit is/)
  })
})

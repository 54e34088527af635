/**
 * SimWitness against a real anvil (useSimChain, test/chain/sim/chain.ts): a simulation run
 * online packs a witness; re-run from the witness alone (fetch stubbed to fail: no network),
 * it gives the same outcome and trace hash, for an ERC-20 transfer and for a nested call
 * (a proxy delegating to logic that calls a leaf). The transfer's amounts are checked against
 * anvil's own debug_traceCall. Flipping any byte of the witness (random positions, seed
 * printed) is refused, and so is a tampered witness that was re-sealed (the proofs catch it);
 * bounds are refused with a message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Rlp } from 'ox'
import { BaseError } from '../Errors'
import * as SimRpc from './SimRpc'
import * as SimWitness from './SimWitness'
import { testSeed } from '../../../test/support'
import { A0, A1, OTHER } from '../../../test/chain/sim/contracts'
import { anvil, c, data, rpc, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

const rand = (n: number) => Math.floor(Math.random() * n)
const online = (input: Parameters<typeof SimWitness.simulate>[1]) => SimWitness.simulate(SimRpc.httpTransport(anvil.url), input)

/** Re-runs with every network path failing: the witness alone must do. */
async function offline(bytes: Uint8Array, input: Parameters<typeof SimWitness.replay>[1], chainId = 31337) {
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('the network is off')))
  try {
    return await SimWitness.replay(bytes, input, { chainId })
  } finally {
    spy.mockRestore()
  }
}

async function refused(bytes: Uint8Array, input: Parameters<typeof SimWitness.replay>[1]): Promise<string | undefined> {
  try {
    await offline(bytes, input)
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    return e.name
  }
  return undefined
}

afterEach(() => vi.restoreAllMocks())

describe('SimWitness: the witness-based re-run equals the online simulation', () => {
  it('an ERC-20 transfer', async () => {
    const input = { from: A1, to: c.token, data: data('Token', 'transfer', [OTHER, 7n]), gas: 200_000n }
    const on = await online(input)
    expect(on.result.status).toBe('success')
    const off = await offline(on.witness, input)
    expect(off.outcome).toEqual(on.outcome)
    expect(off.traceHash).toBe(on.traceHash)
    // independent: anvil's own trace of the same call says the same token moved
    const t = await rpc<any>('debug_traceCall', [{ from: A1, to: c.token, data: input.data, gas: '0x30d40' }, 'latest', { tracer: 'callTracer', tracerConfig: { withLog: true } }])
    expect(off.outcome.logs.map((l) => l.data)).toEqual(t.logs.map((l: any) => l.data))
    expect(off.outcome.changes.tokens.map((x) => [x.kind, x.from?.toLowerCase(), x.to?.toLowerCase(), x.amount])).toEqual([['transfer', A1, OTHER, '7']])
    console.log(`witness of an ERC-20 transfer: ${on.witness.length} bytes, ${SimWitness.decode(on.witness).accounts.length} accounts`)
  })

  it('a nested call (proxy → delegatecall logic → leaf)', async () => {
    const input = { from: A0, to: c.proxy, data: data('Logic', 'inc', [c.leaf]), gas: 500_000n }
    const on = await online(input)
    expect(on.result.status).toBe('success')
    expect(on.result.trace.calls?.[0]?.type).toBe('DELEGATECALL')
    const off = await offline(on.witness, input)
    expect(off.outcome).toEqual(on.outcome)
    expect(off.traceHash).toBe(on.traceHash)
    expect(off.verified.fingerprint).toBe(SimWitness.fingerprint(on.witness))
  })

  it('refuses to pack what it cannot prove: BLOCKHASH of an older block', async () => {
    const input = { from: A0, to: c.orch, data: data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), value: 10n, gas: 3_000_000n }
    await expect(online(input)).rejects.toThrow(/BLOCKHASH/)
  })

  it('a different call over the same witness is refused when it reads beyond it', async () => {
    const input = { from: A1, to: c.token, data: data('Token', 'transfer', [OTHER, 7n]), gas: 200_000n }
    const on = await online(input)
    const other = { ...input, from: A0 } // A0's balance slot is not in the witness
    expect(await refused(on.witness, other)).toBe('SimWitness.WitnessError')
    // and a sign request for another chain
    await expect(SimWitness.verify(on.witness, { chainId: 1 })).rejects.toThrow(/chain 31337/)
  })
})

describe('SimWitness: a changed witness is refused', () => {
  const input = () => ({ from: A1, to: c.token, data: data('Token', 'transfer', [OTHER, 3n]), gas: 200_000n })

  it(`flipping any byte (200 random positions, seed ${testSeed})`, async () => {
    const on = await online(input())
    for (let i = 0; i < 200; i++) {
      const b = on.witness.slice()
      const at = rand(b.length)
      b[at]! ^= 1 + rand(255)
      const name = await refused(b, input())
      expect(name, `byte ${at} of ${b.length} flipped (seed ${testSeed})`).toBeDefined()
    }
  }, 120_000)

  it(`a tampered body, re-sealed, is caught by the proofs (150 random tamperings, seed ${testSeed})`, async () => {
    const on = await online(input())
    const body = (Rlp.toBytes(on.witness) as Uint8Array[])[0]!
    const { sha256 } = await import('@noble/hashes/sha2.js')
    const names = new Map<string, number>()
    let tries = 0
    for (let done = 0; done < 150; tries++) {
      const b = body.slice()
      const at = rand(b.length)
      b[at]! ^= 1 + rand(255)
      const sealed = Rlp.fromBytes([b, sha256(b)])
      const name = await refused(sealed, input())
      expect(name, `body byte ${at} of ${b.length} changed, re-sealed (seed ${testSeed})`).toBeDefined()
      names.set(name!, (names.get(name!) ?? 0) + 1)
      done++
    }
    // most changes land in proofs, code and the header: the proof checks, not the seal, refuse them
    const proofRefusals = [...names].filter(([n]) => n.startsWith('ProofVerify.')).reduce((s, [, k]) => s + k, 0)
    expect(proofRefusals, JSON.stringify([...names])).toBeGreaterThan(75)
    expect(names.has('SimWitness.SealError')).toBe(false)
    expect(tries).toBe(150)
  }, 120_000)
})

describe('SimWitness: what anvil proves', () => {
  it('a slot written to zero is proven as an empty leaf and reads as zero (found by the witness bench)', async () => {
    const { readAccount } = await import('../chain/ProofVerify')
    const slot = `0x${'77'.padStart(64, '0')}`
    await rpc('anvil_setStorageAt', [c.leaf, slot, `0x${'01'.padStart(64, '0')}`])
    await rpc('anvil_mine', [])
    await rpc('anvil_setStorageAt', [c.leaf, slot, `0x${'0'.repeat(64)}`])
    await rpc('anvil_mine', [])
    const eip1193 = { request: ({ method, params }: { method: string; params?: unknown }) => rpc(method, params as unknown[]) }
    const r = await readAccount(eip1193 as never, c.leaf!, { slots: [slot] })
    expect(r.account.storage).toEqual([{ slot, value: `0x${'0'.repeat(64)}` }])
  })
})

describe('SimWitness: bounds', () => {
  it('refuses a witness larger than the limit before reading it', () => {
    expect(() => SimWitness.decode(new Uint8Array(SimWitness.LIMITS.maxBytes + 1))).toThrow(/at most 1048576 bytes/)
  })
  it('refuses garbage, deep nesting and a wrong seal with a message, without hanging', () => {
    expect(() => SimWitness.decode(new Uint8Array([1, 2, 3]))).toThrow(BaseError)
    const deep = new Uint8Array(200_000).fill(0xc1)
    deep[deep.length - 1] = 0xc0
    expect(() => SimWitness.decode(deep)).toThrow(BaseError)
    const body = Rlp.fromBytes([new Uint8Array([1])])
    expect(() => SimWitness.decode(Rlp.fromBytes([body, new Uint8Array(32)]))).toThrow(/damaged/)
  })
  it('refuses too many accounts and proofs deeper than a trie can be', async () => {
    const on = await online({ from: A1, to: c.token, data: data('Token', 'transfer', [OTHER, 1n]), gas: 200_000n })
    const w = SimWitness.decode(on.witness)
    const a = w.accounts[0]!
    const many = { ...w, accounts: Array.from({ length: SimWitness.LIMITS.maxAccounts + 1 }, (_, i) => ({ ...a, address: `0x${i.toString(16).padStart(40, '0')}` as const })) }
    expect(() => SimWitness.decode(SimWitness.encode(many))).toThrow(/at most 256/)
    const deep = { ...w, accounts: [{ ...a, accountProof: Array.from({ length: 66 }, () => '0x80' as const) }, ...w.accounts.slice(1)] }
    expect(() => SimWitness.decode(SimWitness.encode(deep))).toThrow(/at most 65/)
  })
})

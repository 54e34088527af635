/**
 * SimState, the simulation's view of the node's state, against a real anvil (started here;
 * needs @foundry-rs/anvil): what it asks in how many round trips (the access list in the
 * first one, nothing for a repeat), and state at `pending` (the node's pool seen; a node that
 * refuses pending falls back to latest and says why).
 */
import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import * as SimReport from './SimReport'
import * as SimRpc from './SimRpc'
import * as Simulation from './Simulation'
import { nodeRpc, startAnvil } from '../../../test/support'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { anvil, client, data, token, useTokenChain } from '../../../test/chain/sim/tokenChain'

const rpc = nodeRpc

useTokenChain()

describe('Round trips (simulation speed)', () => {
  it('a session opened with the call asks its access list in the first round trip: 2 round trips instead of 3, the same result, gas as debug_traceCall; a repeat asks nothing', async () => {
    const input = { from: A0, to: token, data: data('Token', 'transfer', [OTHER, 3n]), gas: 200_000n }
    const c1 = client()
    const early = await Simulation.call(await Simulation.openAt(c1, 'latest', { call: input }), input)
    const c2 = client()
    const plain = await Simulation.call(await Simulation.openAt(c2, 'latest'), input)
    expect(c1.roundTrips).toBe(2)
    expect(c2.roundTrips).toBe(3)
    expect({ ...early, stats: undefined }).toEqual({ ...plain, stats: undefined })
    const theirs = await rpc<{ gasUsed: Hex }>(anvil.url, 'debug_traceCall', [{ from: A0, to: token, data: input.data, gas: '0x30d40' }, 'latest', { tracer: 'callTracer' }])
    expect(BigInt(early.gasUsed)).toBe(BigInt(theirs.gasUsed))
    // the same call again in the session (reset: same state): no node request at all, same answer
    const s = await Simulation.openAt(client(), 'latest', { call: input })
    const first = await Simulation.call(s, input)
    const trips = s.rpc.roundTrips
    Simulation.reset(s)
    const again = await Simulation.call(s, input)
    expect(s.rpc.roundTrips).toBe(trips)
    expect({ ...again, stats: undefined }).toEqual({ ...first, stats: undefined })
  }, 60_000)
})

describe('Simulation at pending', () => {
  it('with automine off, a transaction waiting in the pool is seen by the simulation at pending (and not at latest)', async () => {
    const node = await startAnvil(['--no-mining'])
    try {
      const to = '0x1111111111111111111111111111111111111111' as Hex
      await rpc(node.url, 'eth_sendTransaction', [{ from: A0, to, value: '0x1234' }])
      // the node's own answers at pending and latest
      const [pendingBal, latestBal, pendingNonce] = await Promise.all([
        rpc<Hex>(node.url, 'eth_getBalance', [to, 'pending']),
        rpc<Hex>(node.url, 'eth_getBalance', [to, 'latest']),
        rpc<Hex>(node.url, 'eth_getTransactionCount', [A0, 'pending']),
      ])
      expect(BigInt(pendingBal)).toBe(0x1234n)
      expect(BigInt(latestBal)).toBe(0n)
      const pend = await Simulation.openAt(client(node.url), 'pending')
      const r = await Simulation.call(pend, { from: A0, to, value: 5n, gas: 21_000n })
      expect(r.block.stateBlock).toBe('pending')
      expect(r.pendingRefused).toBeUndefined()
      expect(r.diff.accounts[to]?.before?.balance).toBe(pendingBal)
      expect(r.diff.accounts[to]?.after?.balance).toBe(`0x${(BigInt(pendingBal) + 5n).toString(16)}`)
      expect(r.diff.accounts[A0]?.before?.nonce).toBe(Number(BigInt(pendingNonce)))
      const pendingBlock = await rpc<any>(node.url, 'eth_getBlockByNumber', ['pending', false])
      expect(r.block.number).toBe(BigInt(pendingBlock.number).toString())
      const latest = await Simulation.call(await Simulation.openAt(client(node.url), 'latest'), { from: A0, to, value: 5n, gas: 21_000n })
      expect(latest.diff.accounts[to]?.before).toBeNull()
    } finally {
      await node.stop()
    }
  }, 60_000)

  it('a node that refuses pending state: the session falls back to latest and says why', async () => {
    // the real anvil behind a transport that refuses every request naming `pending`
    const real = SimRpc.httpTransport(anvil.url)
    const refusing: SimRpc.Transport = {
      url: anvil.url,
      // each item naming pending is answered with an error, the others by the node
      send: async (calls, signal) => {
        const refused = (c: SimRpc.Call) => c.params.includes('pending')
        const answered = await real.send(calls.filter((c) => !refused(c)), signal)
        let i = 0
        return calls.map((c) => (refused(c) ? { error: { code: -32000, message: 'pending state is not available' } } : answered[i++]!))
      },
    }
    const s = await Simulation.openAt(SimRpc.create(refusing), 'pending')
    const r = await Simulation.call(s, { from: A0, to: OTHER, value: 1n, gas: 21_000n })
    const latest = BigInt(await rpc<Hex>(anvil.url, 'eth_blockNumber'))
    expect(r.block.stateBlock).toBe(latest.toString())
    expect(r.pendingRefused).toMatch(/\S/)
    expect(r.status).toBe('success')
    // the report says it beside the result (the send confirmation shows its warnings)
    const report = await SimReport.build(r, { abis: [], rpc: s.rpc, blockTag: s.stateTag })
    expect(report.warnings).toContain(`Simulated at the latest block: the node would not serve its pending state (${r.pendingRefused}), so transactions waiting in its pool are not seen.`)
  }, 60_000)
})

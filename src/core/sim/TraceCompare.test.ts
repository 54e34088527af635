/**
 * TraceCompare.withNode, against a real anvil (started by useSimChain,
 * test/chain/sim/chain.ts): our trace beside the node's debug_traceCall.
 */
import { describe, expect, it } from 'vitest'
import * as Simulation from './Simulation'
import * as TraceCompare from './TraceCompare'
import { A0, OTHER } from '../../../test/chain/sim/contracts'
import { c, client, data, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

describe('TraceCompare.withNode', () => {
  it('agrees with the node on a nested call, and names the difference when the traces differ', async () => {
    const s = await Simulation.openAt(client(), 'latest')
    const call = { from: A0, to: c.orch!, data: data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), value: 100n, gas: 3_000_000n }
    const r = await Simulation.call(s, call)
    const same = await TraceCompare.withNode(s.rpc, r, { call, blockTag: s.stateTag })
    expect(same).toMatchObject({ available: true, agrees: true, differences: [] })
    // the same trace against a different call (another value): the node's says what differs
    const other = await TraceCompare.withNode(s.rpc, r, { call: { ...call, value: 101n }, blockTag: s.stateTag })
    expect(other.available && other.differences[0]).toBe('root value: node 101, ours 100')
  })
})

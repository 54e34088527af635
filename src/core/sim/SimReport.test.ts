/**
 * SimReport of a simulated call, against a real anvil (started by useSimChain,
 * test/chain/sim/chain.ts): frames decoded with the given ABIs, the revert and where it
 * started. (AssetChanges.test.ts checks the report's tokens and warnings with the chain.)
 */
import { describe, expect, it } from 'vitest'
import * as SimReport from './SimReport'
import * as Simulation from './Simulation'
import { A0 } from '../../../test/chain/sim/contracts'
import { art, c, client, data, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

describe('SimReport of simulated calls', () => {
  it('the report decodes frames with the given ABI and marks where a revert started', async () => {
    const s = await Simulation.openAt(client(), 'latest')
    const r = await Simulation.call(s, { from: A0, to: c.orch!, data: data('Orchestrator', 'fail', [c.leaf]), gas: 300_000n })
    const report = await SimReport.build(r, { abis: [art.Orchestrator!.abi as never, art.Leaf!.abi as never] })
    expect(report.root.call?.signature).toBe('fail(address)')
    expect(report.root.calls[0]!.call?.signature).toBe('poke(uint256)')
    expect(report.root.revert?.reason).toBe('outer fail')
    expect(r.failurePath).toEqual([])
    expect(report.root.onFailurePath).toBe(true)
    // the child succeeded; its event is reverted with the root (geth drops it from the trace; so do we)
    expect(report.root.calls[0]!.error).toBeUndefined()
  })
})

/**
 * CallTrace's bounded log of opcode steps, against a real anvil (started by useSimChain,
 * test/chain/sim/chain.ts): each step as anvil's struct logger gives it. The call trees
 * themselves are compared with anvil's callTracer in Simulation.test.ts.
 */
import { describe, expect, it } from 'vitest'
import * as Simulation from './Simulation'
import { A0 } from '../../../test/chain/sim/contracts'
import { c, client, data, rpc, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

describe('CallTrace steps', () => {
  it('opcode steps match anvil\'s struct logs (pc, op, gas, gasCost, depth) for a nested call', async () => {
    const input = data('Orchestrator', 'fail', [c.leaf])
    const s = await Simulation.openAt(client(), 'latest')
    const ours = await Simulation.call(s, { from: A0, to: c.orch!, data: input, gas: 300_000n }, { maxSteps: 2000 })
    const theirs = await rpc<any>('debug_traceCall', [{ from: A0, to: c.orch, data: input, gas: '0x493e0' }, 'latest', { disableStorage: true, disableMemory: true }])
    const steps = ours.steps!
    expect(steps.length).toBe(Math.min(2000, theirs.structLogs.length))
    const pick = (x: any) => ({ pc: x.pc, op: x.op, gas: BigInt(x.gas), gasCost: BigInt(x.gasCost), depth: x.depth, top: x.stack?.length ? BigInt(x.stack[x.stack.length - 1]) : undefined })
    const mine = (x: any) => ({ pc: x.pc, op: x.op, gas: BigInt(x.gas), gasCost: BigInt(x.gasCost), depth: x.depth, top: x.stack?.length ? BigInt(x.stack[0]) : undefined })
    for (let i = 0; i < steps.length; i++) expect(mine(steps[i]), `step ${i}`).toEqual(pick(theirs.structLogs[i]))
  })
})

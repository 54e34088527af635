/**
 * What a send confirmation shows from a simulation, against a real anvil: the simulate
 * engine (as the worker runs it) decodes frames the person's ABIs do not name through the
 * offline signature table, finds the revert reason and the frame it came from, and flags an
 * unlimited approval with the token's symbol. The references are independent: eth_call's
 * revert data and symbol() decoded with ethers v5, anvil's debug_traceCall call tracer,
 * selectors from ethers' Interface.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utils } from 'ethers'
import * as SimReport from '../../src/core/sim/SimReport'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import { simulate } from '../../src/tools/simulate/engine'
import type { Input } from '../../src/tools/simulate/input'
import { nodeReply, sentAt, startAnvil, type Anvil } from '../support'
import { SOURCE } from './simtoken'
import { compile } from './solc'

// anvil's test account 0 and 3 (unlocked on a fresh anvil)
const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
const A3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as const
const TOKEN = new utils.Interface(['function transfer(address to, uint256 value) returns (bool)', 'function approve(address spender, uint256 value) returns (bool)', 'function symbol() view returns (string)'])
const FORWARDER = new utils.Interface(['function forward(address token, address to, uint256 value)'])

let anvil: Anvil
let token: `0x${string}`
let forwarder: `0x${string}`
const rpc = <T = any>(method: string, params: unknown[]) => nodeReply<T>(anvil.url, method, params)
const deploy = async (data: string) => (await sentAt(anvil.url, { from: A0, data, gas: '0x300000' })).contractAddress
const client = () => SimRpc.create(SimRpc.httpTransport(anvil.url))
const callInput = (to: `0x${string}`, data: `0x${string}`): Input => ({ mode: 'call', from: A0, to, value: 0n, data, gas: 200_000n, block: 'latest', steps: false, chain: false })

beforeAll(async () => {
  anvil = await startAnvil()
  const c = compile(SOURCE)
  token = await deploy(c.SimToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [10n ** 12n]).slice(2))
  forwarder = await deploy(c.Forwarder!.bytecode)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('simulation report for a confirmation', () => {
  it('a revert one frame deep: reason as eth_call gives it, the frame as debug_traceCall has it, the inner call named by the offline table', async () => {
    const data = FORWARDER.encodeFunctionData('forward', [token, A3, 5n]) as `0x${string}`
    const call = await rpc('eth_call', [{ from: A0, to: forwarder, data, gas: '0x30d40' }, 'latest'])
    const [reason] = utils.defaultAbiCoder.decode(['string'], `0x${call.error!.data!.slice(10)}`)
    const trace = (await rpc<{ calls: { to: string; input: string; error?: string }[] }>('debug_traceCall', [{ from: A0, to: forwarder, data, gas: '0x30d40' }, 'latest', { tracer: 'callTracer' }])).result!

    // no ABI given: the engine loads the offline table itself
    const report = await simulate(client(), callInput(forwarder, data), {}, [])
    expect(report.result.status).toBe('reverted')
    expect(report.result.revertReason ?? report.root.revert?.reason).toContain(reason)
    expect(report.root.calls).toHaveLength(trace.calls.length)
    const inner = report.root.calls[0]!
    expect(inner.to!.toLowerCase()).toBe(trace.calls[0]!.to.toLowerCase())
    expect(inner.input).toBe(trace.calls[0]!.input)
    expect(inner.onFailurePath).toBe(true)
    expect(inner.error).toBeDefined()
    expect(trace.calls[0]!.error).toBeDefined()
    expect(inner.call?.signature).toBe(TOKEN.getFunction('transfer').format('sighash'))
    expect(inner.call?.source).not.toBe('guess')

    // the same result without the table names the inner call only by a guess (what the worker showed before)
    const bare = await Simulation.call(await Simulation.openAt(client()), { from: A0, to: forwarder, data, gas: 200_000n })
    const guessed = await SimReport.build(bare, {})
    expect(guessed.root.calls[0]!.call?.signature).toMatch(/^guessed_a9059cbb\(/)
  })

  it('an approve of 2^256-1: unlimited approval flagged with the symbol the token returns', async () => {
    const max = (1n << 256n) - 1n
    const data = TOKEN.encodeFunctionData('approve', [A3, max]) as `0x${string}`
    const symbol = TOKEN.decodeFunctionResult('symbol', (await rpc<string>('eth_call', [{ to: token, data: TOKEN.encodeFunctionData('symbol') }, 'latest'])).result!)[0] as string
    const report = await simulate(client(), callInput(token, data), {}, [])
    expect(report.result.status).toBe('success')
    const approval = report.assets.tokens.find((t) => t.kind === 'approval')!
    expect(approval.unlimited).toBe(true)
    expect(BigInt(approval.amount!)).toBe(max)
    expect(report.tokens[approval.token]?.symbol).toBe(symbol)
    expect(report.warnings).toContain(`Unlimited approval: ${approval.spender} may move all ${symbol} of ${approval.owner} at ${approval.token}.`)
    expect(approval.spender!.toLowerCase()).toBe(A3.toLowerCase())
  })
})

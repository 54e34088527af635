/**
 * GasProfile.functions (the gas of every internal function run) on test/chain/sourceKit.ts's Vault
 * (a loop calling _weigh, a recursive _sum, _guard), compiled by solc with the optimizer off and on
 * and deployed on anvil, called directly and through its DELEGATECALL proxy. What each function
 * run costs is known by construction, without our source maps: solc's functionDebugData gives
 * every internal function's entry point and parameter count; walking anvil's struct log, a run
 * starts at a step on that entry JUMPDEST (its return address is the stack word below its
 * parameters) and ends at the step that reaches the return address, so its gas is the gas left at
 * the first less the gas left at the second. Ours must name the same runs, at the same steps, with
 * that gas; and the profile's totals stay the receipt's. Needs anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as Artifacts from './Artifacts'
import * as DebugSource from './DebugSource'
import * as DebugTrace from './DebugTrace'
import * as GasProfile from './GasProfile'
import * as SimRpc from '../sim/SimRpc'
import { nodeRpc, sentAt, startAnvil, type Anvil } from '../../../test/support'
import { A0 } from '../../../test/chain/sim/contracts'
import { compileFull, SRC_PATH, VAULT_SOL, type SolcOutput } from '../../../test/chain/sourceKit'

let anvil: Anvil
const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const send = (to: Hex | undefined, data: Hex) => sentAt(anvil.url, { from: A0, ...(to ? { to } : {}), data, gas: '0x4c4b40' })

type DebugData = Record<string, { entryPoint: number | null; parameterSlots: number; returnSlots: number }>
type Output = SolcOutput & { contracts: Record<string, Record<string, { evm: { deployedBytecode: { functionDebugData: DebugData } } }>> }
interface Build { optimize: boolean; output: Output; vault: Hex; proxy: Hex }
const builds: Build[] = []
const USER = new Set(['_sum', '_weigh', '_guard'])

beforeAll(async () => {
  anvil = await startAnvil(['--steps-tracing'])
  for (const optimize of [false, true]) {
    const select = ['abi', 'evm.bytecode.object', 'evm.bytecode.sourceMap', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'evm.deployedBytecode.immutableReferences', 'evm.deployedBytecode.functionDebugData']
    const { output } = compileFull({ [SRC_PATH]: VAULT_SOL }, optimize, { outputSelection: { '*': { '*': select, '': ['ast'] } } })
    const c = output.contracts[SRC_PATH]!
    const deploy = async (name: string, args: unknown[]) => (await send(undefined, encodeDeployData({ abi: c[name]!.abi as Abi, bytecode: `0x${c[name]!.evm.bytecode.object}`, args } as never))).contractAddress as Hex
    const vault = await deploy('Vault', [10n ** 6n])
    builds.push({ optimize, output: output as Output, vault, proxy: await deploy('Proxy', [vault]) })
  }
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

interface Run { name: string; step: number; gas: number }

/** The runs of Vault's own internal functions in anvil's struct log of `hash`, at depth `depth`, from functionDebugData alone. */
async function theirRuns(hash: Hex, dd: DebugData, depth: number): Promise<Run[]> {
  const { structLogs } = await rpc<{ structLogs: { pc: number; op: string; gas: number; depth: number; stack: string[] }[] }>('debug_traceTransaction', [hash, { disableStorage: true }])
  const entries = new Map<number, { name: string; params: number }>()
  for (const [key, d] of Object.entries(dd)) {
    const name = key.replace(/^@/, '').replace(/_\d+$/, '')
    if (d.entryPoint !== null && USER.has(name)) entries.set(d.entryPoint, { name, params: d.parameterSlots })
  }
  const open: { run: Run; ret: number; gas: number }[] = []
  const out: Run[] = []
  structLogs.forEach((l, i) => {
    if (l.depth !== depth || l.op !== 'JUMPDEST') return
    // one run returns per step (recursive runs share their return address)
    if (open.length && open[open.length - 1]!.ret === l.pc) {
      const o = open.pop()!
      o.run.gas = o.gas - l.gas
    }
    const e = entries.get(l.pc)
    if (e) {
      const run = { name: e.name, step: i, gas: Number.NaN }
      out.push(run)
      open.push({ run, ret: Number(BigInt(l.stack[l.stack.length - 1 - e.params]!)), gas: l.gas })
    }
  })
  return out
}

describe.each([false, true])('gas per internal function, optimizer %s', (optimize) => {
  const build = () => builds.find((b) => b.optimize === optimize)!
  it.each([['directly', 1], ['through the DELEGATECALL proxy', 2]] as const)('called %s: every run of _sum, _weigh and _guard at anvil\'s entry step with its gas; the totals are the receipt\'s', async (_how, depth) => {
    const b = build()
    const c = b.output.contracts[SRC_PATH]!.Vault!
    const receipt = await send(depth === 1 ? b.vault : b.proxy, encodeFunctionData({ abi: c.abi as Abi, functionName: 'run', args: [5n] }))
    const hash = receipt.transactionHash as Hex
    const { recording } = await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), hash)
    const src = DebugSource.load(recording, Artifacts.parse([{ name: 'out.json', text: JSON.stringify(b.output) }]))
    const fns = GasProfile.functions(recording, src)
    const ours = fns.filter((f) => USER.has(f.name) && recording.depth[f.firstStep] === depth).map((f) => ({ name: f.name, step: f.firstStep, gas: f.gas }))
    const theirs = await theirRuns(hash, c.evm.deployedBytecode.functionDebugData, depth)
    // the optimizer may inline a function: only runs solc kept as a jump are compared, and there must be some
    expect(theirs.length).toBeGreaterThanOrEqual(optimize ? 1 : 12) // _sum × 6 (recursive), _weigh × 5, _guard
    expect(theirs.every((r) => Number.isFinite(r.gas) && r.gas > 0)).toBe(true)
    expect(ours).toEqual(theirs)
    // nesting: each recursive _sum holds the next, so its gas is more
    const sums = fns.filter((f) => f.name === '_sum')
    for (const s of sums) if (s.parent >= 0 && fns[s.parent]!.name === '_sum') expect(fns[s.parent]!.gas).toBeGreaterThan(s.gas)
    // every function's gas is its own steps' and its callees': the self gas adds up
    for (const f of fns) expect(f.gas).toBe(f.self + fns.filter((g) => g.parent === f.node).reduce((s, g) => s + g.gas, 0))
    // the frame profile is unchanged: self gas adds up to the receipt's gas used
    const p = GasProfile.fromRecording(recording, BigInt(receipt.gasUsed))
    expect(p.total).toBe(Number(BigInt(receipt.gasUsed)))
    expect(p.frames.reduce((s, f) => s + f.self, 0)).toBe(p.total)
  }, 120_000)
})

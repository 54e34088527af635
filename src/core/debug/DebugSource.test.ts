/**
 * DebugSource over real compiler output and real transactions: test/chain/sourceKit.ts's Vault
 * (a loop, internal calls, one recursive, and a custom-error revert, each line marked with a
 * `// @name` comment) is compiled by solc with the optimizer off and on, deployed on anvil
 * (directly and behind a DELEGATECALL proxy, with an immutable set by the constructor), a
 * reverting transaction is sent and mined, and the in-page debugger replays it
 * (DebugTrace.replay) and reads it through the artifacts (standard-JSON output and Foundry-style
 * artifacts). The revert step's line is the `@revert` line, its internal-function stack is
 * run's call of _guard, the recursion shows as nested _sum entries, and stepping by line walks
 * the marked lines in the order the source runs them. Needs anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bytesToHex, encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as Artifacts from './Artifacts'
import * as DebugNav from './DebugNav'
import * as DebugSource from './DebugSource'
import * as DebugTrace from './DebugTrace'
import * as SimRpc from '../sim/SimRpc'
import { nodeRpc, sentAt, startAnvil, type Anvil } from '../../../test/support'
import { A0 } from '../../../test/chain/sim/contracts'
import { compileFull, foundryArtifact, markerLine, SRC_PATH, VAULT_SOL, type SolcOutput } from '../../../test/chain/sourceKit'

let anvil: Anvil
const rpc = <T = any>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
const send = (to: Hex | undefined, data: Hex) => sentAt(anvil.url, { from: A0, ...(to ? { to } : {}), data, gas: '0x4c4b40' })

const L = (name: string) => markerLine(VAULT_SOL, name)
const LIMIT = 20n

interface Build {
  optimize: boolean
  input: unknown
  output: SolcOutput
  vault: Hex
  proxy: Hex
}
const builds: Build[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  for (const optimize of [false, true]) {
    const { input, output } = compileFull({ [SRC_PATH]: VAULT_SOL }, optimize)
    const c = output.contracts[SRC_PATH]!
    const deploy = async (name: string, args: unknown[]) => (await send(undefined, encodeDeployData({ abi: c[name]!.abi as Abi, bytecode: `0x${c[name]!.evm.bytecode.object}`, args } as never))).contractAddress as Hex
    const vault = await deploy('Vault', [LIMIT])
    const proxy = await deploy('Proxy', [vault])
    builds.push({ optimize, input, output, vault, proxy })
  }
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

const runData = (b: Build, n: bigint) => encodeFunctionData({ abi: b.output.contracts[SRC_PATH]!.Vault!.abi as Abi, functionName: 'run', args: [n] })

async function recordTx(to: Hex, data: Hex) {
  const receipt = await send(to, data)
  const { recording } = await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash)
  return { receipt, recording }
}

/** The marked lines of Vault.sol that stepping by line visits, in order, repeats collapsed. */
function lineWalk(src: DebugSource.Loaded, rec: DebugTrace.Recording): number[] {
  const marked = new Set(VAULT_SOL.split('\n').flatMap((l, i) => (/\/\/ @/.test(l) ? [i + 1] : [])))
  const out: number[] = []
  for (let i = 0, guard = 0; guard < rec.steps; guard++) {
    const p = DebugSource.at(src, rec, i)
    if (p.path === SRC_PATH && marked.has(p.line) && out[out.length - 1] !== p.line) out.push(p.line)
    const j = DebugSource.go(src, rec, i, { to: 'line' })
    if (j === i) break
    i = j
  }
  return out
}

function findStep(src: DebugSource.Loaded, rec: DebugTrace.Recording, line: number, ok: (p: DebugSource.Place) => boolean): number | undefined {
  for (let i = 0; i < rec.steps; i++) if (src.stepLine[i] === line && ok(DebugSource.at(src, rec, i))) return i
  return undefined
}

describe.each([false, true])('source lines with the optimizer %s', (optimize) => {
  const build = () => builds.find((b) => b.optimize === optimize)!
  const forms = () => {
    const b = build()
    return {
      'standard-JSON output + input': Artifacts.parse([{ name: 'out.json', text: JSON.stringify({ ...b.output }) }, { name: 'in.json', text: JSON.stringify(b.input) }]),
      'Foundry artifacts + the .sol file': Artifacts.parse([
        { name: 'Vault.json', text: JSON.stringify(foundryArtifact(b.output, SRC_PATH, 'Vault')) },
        { name: 'Proxy.json', text: JSON.stringify(foundryArtifact(b.output, SRC_PATH, 'Proxy')) },
        { name: 'Vault.sol', text: VAULT_SOL },
      ]),
    }
  }

  it('a reverting call: the revert step is on the @revert line, inside run → _guard; the walk by line follows the source', async () => {
    const b = build()
    const n = 4n
    const { receipt, recording } = await recordTx(b.vault, runData(b, n))
    expect(receipt.status).toBe('0x0')
    for (const [form, bundle] of Object.entries(forms())) {
      const src = DebugSource.load(recording, bundle)
      expect(src.contracts[0], form).toMatchObject({ name: 'Vault', exact: true })
      expect(src.missing, form).toEqual([])
      const fail = DebugNav.failureStep(recording)!
      expect(DebugTrace.opName(recording, fail)).toBe('REVERT')
      const p = DebugSource.at(src, recording, fail)
      expect(p, form).toMatchObject({ path: SRC_PATH, line: L('revert'), contract: 'Vault', functions: ['run', '_guard'] })
      expect(p.text.trim()).toBe('revert TooMuch(acc, limit); // @revert')
      expect([p.text.indexOf('revert') + 1, p.text.indexOf('TooMuch') + 1]).toContain(p.column)
      // one step back by line from the revert line: the if that led to it
      const start = DebugSource.go(src, recording, fail, { to: 'line', back: true })
      expect(DebugSource.at(src, recording, start).line, form).toBe(L('if'))
      expect(DebugSource.go(src, recording, start, { to: 'line' }), form).toBeGreaterThan(start)
      expect(DebugSource.at(src, recording, DebugSource.go(src, recording, start, { to: 'line' })).line, form).toBe(L('revert'))

      const walk = lineWalk(src, recording)
      expect(walk[0], `${form}: ${walk}`).toBe(L('call-sum'))
      expect(walk.slice(-3), `${form}: ${walk}`).toEqual([L('call-guard'), L('if'), L('revert')])
      // the loop's condition runs n + 1 times, each a fresh visit of its line
      expect(walk.filter((x) => x === L('loop')).length, `${form}: ${walk}`).toBe(Number(n) + 1)
      expect(walk.filter((x) => x === L('call-weigh')).length, `${form}: ${walk}`).toBeGreaterThanOrEqual(Number(n))

      // over by line, from run's first line: its own lines only (no line of _sum, _weigh or _guard), the loop n + 1 times, then the guard's call
      const over: number[] = []
      for (let i = DebugSource.go(src, recording, 0, { to: 'breakpoint', file: 0, line: L('call-sum') }); ; ) {
        const q = DebugSource.at(src, recording, i)
        if (over[over.length - 1] !== q.line) over.push(q.line)
        const j = DebugSource.go(src, recording, i, { to: 'line', over: true })
        if (j === i) break
        i = j
      }
      const runLines = new Set([L('call-sum'), L('loop'), L('call-weigh'), L('call-guard')])
      expect(over.filter((x) => [L('sum-base'), L('sum-rec'), L('weigh'), L('if'), L('revert')].includes(x)), `${form}: ${over}`).toEqual([])
      expect(over.filter((x) => runLines.has(x)), `${form}: ${over}`).toEqual([L('call-sum'), ...Array.from({ length: Number(n) }, () => [L('loop'), L('call-weigh')]).flat(), L('loop'), L('call-guard')])
      // and back over from the guard's call: the loop line
      const guardStep = DebugSource.go(src, recording, 0, { to: 'breakpoint', file: 0, line: L('call-guard') })
      expect(DebugSource.at(src, recording, DebugSource.go(src, recording, guardStep, { to: 'line', back: true, over: true })).line, form).toBe(L('loop'))

      // internal functions entered: _sum n + 1 times (recursion), _weigh n times, _guard once
      const entered = (name: string) => src.fns.filter((f) => f.name === name).length
      expect([entered('_sum'), entered('_weigh'), entered('_guard')], form).toEqual([Number(n) + 1, Number(n), 1])
      // at the recursion's base case the stack is run and n + 1 nested _sum
      const base = findStep(src, recording, L('sum-base'), (q) => q.functions.length === Number(n) + 2)
      expect(base, form).toBeDefined()
      expect(DebugSource.at(src, recording, base!).functions).toEqual(['run', ...Array(Number(n) + 1).fill('_sum')])
      // inside _weigh: run → _weigh
      const w = findStep(src, recording, L('weigh'), () => true)!
      expect(DebugSource.at(src, recording, w).functions, form).toEqual(['run', '_weigh'])
      // a line breakpoint on the loop line: entered n + 1 times, the last entry before the guard
      const hits: number[] = []
      for (let i = 0; ; ) {
        const j = DebugSource.go(src, recording, i, { to: 'breakpoint', file: 0, line: L('loop') })
        if (j === i) break
        hits.push((i = j))
      }
      expect(hits.length, form).toBe(Number(n) + 1)
      expect(DebugSource.go(src, recording, hits[hits.length - 1]!, { to: 'breakpoint', file: 0, line: L('loop'), back: true })).toBe(hits[hits.length - 2])
    }
  }, 60_000)

  it('through a DELEGATECALL proxy: the implementation frame is Vault at the @revert line; the proxy frame is Proxy', async () => {
    const b = build()
    const { receipt, recording } = await recordTx(b.proxy, runData(b, 5n))
    expect(receipt.status).toBe('0x0')
    for (const [form, bundle] of Object.entries(forms())) {
      const src = DebugSource.load(recording, bundle)
      expect(src.contracts.map((c) => c.name), form).toEqual(['Proxy', 'Vault'])
      expect(recording.frames[1]!.type).toBe('DELEGATECALL')
      // the codes the frames ran are the codes the node holds
      expect(bytesToHex(recording.codes[recording.frames[0]!.code]!)).toBe(await rpc('eth_getCode', [b.proxy, 'latest']))
      expect(bytesToHex(recording.codes[recording.frames[1]!.code]!)).toBe(await rpc('eth_getCode', [b.vault, 'latest']))
      const fail = DebugNav.failureStep(recording)!
      expect(recording.frame[fail]).toBe(1)
      expect(DebugSource.at(src, recording, fail), form).toMatchObject({ path: SRC_PATH, line: L('revert'), contract: 'Vault', functions: ['run', '_guard'] })
      // the call stack: the proxy in its fallback, then the implementation in run → _guard
      expect(DebugSource.at(src, recording, fail).frames, form).toEqual([['fallback'], ['run', '_guard']])
      // the proxy's own steps before the call are in its fallback
      const call = recording.frames[1]!.callStep
      expect(DebugSource.at(src, recording, call), form).toMatchObject({ contract: 'Proxy', line: L('delegate') + 2 })
    }
  }, 60_000)

  it('a constructor that reverts: its init code matched to the creation bytecode, the revert on the @ctor-revert line', async () => {
    const b = build()
    const c = b.output.contracts[SRC_PATH]!.Vault!
    const receipt = await send(undefined, encodeDeployData({ abi: c.abi as Abi, bytecode: `0x${c.evm.bytecode.object}`, args: [0n] } as never))
    expect(receipt.status).toBe('0x0')
    const { recording } = await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash)
    expect(recording.frames[0]!.type).toBe('CREATE')
    for (const [form, bundle] of Object.entries(forms())) {
      const src = DebugSource.load(recording, bundle)
      expect(src.contracts[0], form).toMatchObject({ name: 'Vault', exact: true })
      const fail = DebugNav.failureStep(recording)!
      expect(DebugTrace.opName(recording, fail)).toBe('REVERT')
      expect(DebugSource.at(src, recording, fail), form).toMatchObject({ path: SRC_PATH, line: L('ctor-revert'), contract: 'Vault' })
    }
  }, 60_000)

  it('code that matches no artifact has no line; one that does keeps its lines when other files are missing', async () => {
    const b = build()
    const { recording } = await recordTx(b.proxy, runData(b, 5n))
    const onlyVault = Artifacts.parse([{ name: 'Vault.json', text: JSON.stringify(foundryArtifact(b.output, SRC_PATH, 'Vault')) }])
    const src = DebugSource.load(recording, onlyVault)
    expect(src.contracts.map((c) => c.name)).toEqual([undefined, 'Vault'])
    expect(src.missing).toEqual([SRC_PATH]) // no text given: no lines
    expect(DebugSource.at(src, recording, 0)).toMatchObject({ file: -1, line: 0, contract: undefined })
    expect(DebugSource.go(src, recording, 0, { to: 'line' })).toBe(0)
  }, 60_000)
})

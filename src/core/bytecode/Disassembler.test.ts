/**
 * Disassembler against Foundry's `cast disassemble`, instruction by instruction: on the
 * contracts the test suites compile and deploy (the simulator's and debugger's Solidity
 * contracts, the ENS and CCIP-read test contracts, the Safe and contract-wallet artifacts the
 * Safe tests deploy, the devnet's hand-written Store) and on random byte
 * strings, many ending inside a PUSH's data (the seed is printed; replay with TEST_SEED).
 * Also: basic blocks, jump targets, the dispatcher's entries (solc's own method identifiers),
 * creation code split at the constructor's CODECOPY or where the runtime given appears.
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import { compile as compileSol } from '../../../test/chain/solc'
import { compile as compileSim } from '../../../test/chain/sim/contracts'
import { DEBUG_SOL } from '../../../test/chain/debugKit'
import { REGISTRY, SIMPLE_RESOLVER, solidity } from '../../../test/chain/registry'
import { STORE_INIT, STORE_RUNTIME_HEX } from '../../../test/chain/contracts'
import { SAFE_VERSIONS, safeArtifact, wallets } from '../../../test/chain/safeKit'
import { SOURCE as CCIP_SOURCE } from '../../../test/chain/ccipKit'
import * as SignatureTable from '../abi/SignatureTable'
import * as Disassembler from './Disassembler'
import * as Opcodes from './Opcodes'

// cast names 0x44 as before the Merge; EthereumJS names it PREVRANDAO from Paris on.
const castName = (l: string) => l.replace(/: PREVRANDAO$/, ': DIFFICULTY')

async function expectCastEqual(hex: string, label: string): Promise<number> {
  const ours = Disassembler.instructions(Disassembler.parse(hex), Opcodes.NEWEST).map((x) => castName(Disassembler.line(x)))
  const theirs = (await castAsync(['disassemble', hex])).split('\n').filter((l) => l !== '')
  for (let k = 0; k < Math.max(ours.length, theirs.length); k++) if (ours[k] !== theirs[k]) expect(`${label} #${k}: ${ours[k]}`).toBe(`${label} #${k}: ${theirs[k]}`)
  return ours.length
}

function contracts(): [string, `0x${string}`][] {
  const out: [string, `0x${string}`][] = [['Store (init)', STORE_INIT as `0x${string}`], ['Store (runtime)', STORE_RUNTIME_HEX as `0x${string}`]]
  for (const [n, c] of Object.entries(compileSim())) out.push([`SimTest ${n}`, c.bytecode])
  for (const [n, c] of Object.entries(compileSol(DEBUG_SOL))) out.push([`Debug ${n}`, c.bytecode])
  for (const [n, c] of Object.entries(compileSol(solidity(REGISTRY, SIMPLE_RESOLVER)))) out.push([`ENS ${n}`, c.bytecode])
  for (const [n, c] of Object.entries(compileSol(CCIP_SOURCE))) out.push([`CCIP ${n}`, c.bytecode])
  for (const v of SAFE_VERSIONS)
    for (const k of ['safe', 'factory', 'multiSend', 'multiSendCallOnly'] as const) {
      const a = safeArtifact(v, k)
      if (a) out.push([`Safe ${v} ${k}`, a.bytecode])
    }
  for (const [n, c] of Object.entries(wallets.contracts)) out.push([`Wallets ${n}`, c.bytecode])
  return out
}

describe('Disassembler equals cast disassemble', () => {
  it('on every contract the chain tests compile and deploy', async () => {
    const all = contracts()
    expect(all.length).toBeGreaterThan(30)
    let n = 0
    for (const [label, hex] of all) n += await expectCastEqual(hex, label)
    expect(n).toBeGreaterThan(50_000)
    // Each compiled creation code splits into constructor and runtime, the runtime ending in solc's metadata.
    const seen = new Set<string>()
    for (const [label, hex] of all.filter(([l]) => !l.startsWith('Store'))) {
      const d = await Disassembler.disassemble(hex)
      expect(d.parts.map((p) => p.kind), label).toEqual(['constructor', 'runtime'])
      const m = d.parts[1]!.metadata
      expect(m?.compiler, label).toBe('solc')
      seen.add(m!.ipfs ? 'ipfs' : m!.bzzr1 ? 'bzzr1' : m!.bzzr0 ? 'bzzr0' : 'none')
    }
    console.log(`metadata hashes seen: ${[...seen].join(', ')}`)
  }, 120_000)

  it('on random byte strings, many ending inside a PUSH', async () => {
    const cases: string[] = []
    for (let i = 0; i < 120; i++) {
      const len = 1 + (crypto.getRandomValues(new Uint16Array(1))[0]! % 400)
      const b = crypto.getRandomValues(new Uint8Array(len))
      // Two cases in three end with a PUSH whose data the end cuts off.
      if (i % 3 !== 0) b[len - 1 - (b[0]! % Math.min(len, 8))] = 0x60 + 31
      cases.push(`0x${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}`)
    }
    cases.push('0x60', '0x61ab', '0x7f01', '0x0c60', '0x5f')
    let truncated = 0
    for (let i = 0; i < cases.length; i += 8) {
      await Promise.all(cases.slice(i, i + 8).map((h, j) => expectCastEqual(h, `random #${i + j} ${h.slice(0, 24)}`)))
    }
    for (const h of cases) if (Disassembler.instructions(Disassembler.parse(h)).at(-1)?.truncated) truncated++
    expect(truncated).toBeGreaterThan(30)
  }, 120_000)
})

describe('Disassembler: what it reads off the instructions', () => {
  it('the listing row (text of the instruction read back from offsets, what Listing.tsx draws) equals cast\'s line, a cut-off PUSH with no data (issue #41)', async () => {
    let cut = 0
    for (let n = 1; n <= 32; n++) {
      // a PUSHn with fewer than n data bytes at the end of random code
      const head = crypto.getRandomValues(new Uint8Array(20)).map((b) => (b >= 0x60 && b <= 0x7f ? 0x01 : b))
      const hex = Disassembler.toHex(new Uint8Array([...head, 0x5f + n, ...crypto.getRandomValues(new Uint8Array(n - 1))]))
      const code = Disassembler.parse(hex)
      const at = Disassembler.offsets(Disassembler.instructions(code, Opcodes.NEWEST))
      const rows = Array.from(at, (_, k) => { const x = Disassembler.instructionAt(code, at, k, Opcodes.NEWEST); return `${x.offset.toString(16).padStart(8, '0')}: ${Disassembler.text(x)}` })
      const theirs = (await castAsync(['disassemble', hex])).split('\n').filter((l) => l !== '')
      expect(rows.map((l) => castName(l)), hex).toEqual(theirs)
      expect(theirs.at(-1)).toMatch(new RegExp(`: PUSH${n}$`))
      cut++
    }
    expect(cut).toBe(32)
  })
  it('keeps the data of a PUSH cut off by the end, marked', () => {
    const [a, b] = Disassembler.instructions(Disassembler.parse('0x600161ab'))
    expect(a).toMatchObject({ offset: 0, name: 'PUSH1', push: '01' })
    expect(b).toMatchObject({ offset: 2, name: 'PUSH2', push: 'ab', truncated: true })
    expect(Disassembler.line(b!)).toBe('00000002: PUSH2')
  })
  it('packed as offsets, every instruction reads back as `instructions` gives it (random bytes, jumps, solc code)', () => {
    const cases = [STORE_INIT, STORE_RUNTIME_HEX, '0x600456005b6000600a575b00', '0x61000657005b5661ab', '0x6300000006565b']
    for (let i = 0; i < 60; i++) cases.push(Disassembler.toHex(crypto.getRandomValues(new Uint8Array(1 + (i * 37) % 700))))
    for (const c of Object.values(compileSim())) cases.push(c.bytecode)
    for (const hex of cases) {
      const code = Disassembler.parse(hex)
      const ins = Disassembler.instructions(code, 'cancun')
      const at = Disassembler.offsets(ins)
      expect(Array.from(at, (_, k) => Disassembler.instructionAt(code, at, k, 'cancun')), hex.slice(0, 40)).toEqual(ins)
      for (const x of ins) expect(Disassembler.indexAt(at, x.offset)).toBe(ins.indexOf(x))
      if (ins.length && ins.at(-1)!.push && ins.at(-1)!.push!.length > 1) expect(Disassembler.indexAt(at, ins.at(-1)!.offset + 1)).toBe(-1)
    }
  })
  it('names by hardfork: 0x5f is PUSH0 from Shanghai on, undefined before', () => {
    expect(Disassembler.instructions(Disassembler.parse('0x5f'), 'shanghai')[0]!.name).toBe('PUSH0')
    expect(Disassembler.instructions(Disassembler.parse('0x5f'), 'london')[0]!.name).toBe('UNKNOWN(0x5F)')
  })
  it('blocks and jump targets', () => {
    // PUSH1 4 JUMP STOP JUMPDEST PUSH1 0 PUSH1 9 JUMPI JUMPDEST STOP
    const ins = Disassembler.instructions(Disassembler.parse('0x600456005b6000600a575b00'))
    expect(ins[1]).toMatchObject({ name: 'JUMP', target: 4, targetOk: true })
    expect(ins[6]).toMatchObject({ name: 'JUMPI', target: 10, targetOk: true })
    const bl = Disassembler.blocks(ins)
    expect(bl.map((b) => [b.start, b.end, b.exit, b.jumpdest])).toEqual([[0, 2, 'JUMP', false], [3, 3, 'STOP', false], [4, 9, 'JUMPI', true], [10, 11, 'STOP', true]])
  })
  it('splits creation code at the constructor\'s copy, and where the runtime given appears', async () => {
    const d = await Disassembler.disassemble(STORE_INIT)
    expect(d.parts.map((p) => [p.kind, p.start, p.size])).toEqual([['constructor', 0, 0x11], ['runtime', 0x11, (STORE_RUNTIME_HEX.length - 2) / 2]])
    expect(Disassembler.toHex(Disassembler.parse(STORE_INIT).subarray(0x11))).toBe(STORE_RUNTIME_HEX)
    const withArgs = await Disassembler.disassemble(`${STORE_INIT}${'00'.repeat(31)}2a`, { runtime: STORE_RUNTIME_HEX })
    expect(withArgs.split).toMatch(/runtime code given/)
    expect(withArgs.trailing).toBe(`0x${'00'.repeat(31)}2a`)
    expect((await Disassembler.disassemble(STORE_RUNTIME_HEX)).parts.map((p) => p.kind)).toEqual(['code'])
  })
  it('solc creation code: runtime part, its metadata, and the dispatcher entries solc reports', async () => {
    const table = await SignatureTable.load('function')
    const source = solidity('contract T { uint x; function transfer(address, uint256 v) external returns (bool) { x = v; return true; } function foo(uint a) external pure returns (uint) { return a; } }')
    const solc = (await import('solc')).default as { compile(i: string): string }
    const out = JSON.parse(solc.compile(JSON.stringify({ language: 'Solidity', sources: { 'T.sol': { content: source } }, settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.methodIdentifiers'] } } } })))
    const c = out.contracts['T.sol'].T.evm as { bytecode: { object: string }; deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> }
    const d = await Disassembler.disassemble(`0x${c.bytecode.object}`, { table })
    expect(d.parts.map((p) => p.kind)).toEqual(['constructor', 'runtime'])
    const rt = d.parts[1]!
    expect(Disassembler.toHex(Disassembler.parse(`0x${c.bytecode.object}`).subarray(rt.start, rt.start + rt.size))).toBe(`0x${c.deployedBytecode.object}`)
    expect(rt.metadata?.compiler).toBe('solc')
    expect(rt.entries.map((e) => e.selector).sort()).toEqual(Object.values(c.methodIdentifiers).map((s) => `0x${s}`).sort())
    const names = Object.fromEntries(rt.entries.map((e) => [e.selector, e.signatures]))
    expect(names['0xa9059cbb']).toEqual(['transfer(address,uint256)'])
    for (const e of rt.entries) {
      expect(e.dest).not.toBeNull()
      expect(rt.instructions.find((x) => x.offset === e.dest)?.name).toBe('JUMPDEST')
    }
  }, 60_000)
  it('recognises an EIP-1167 clone', () => {
    expect(Disassembler.cloneTarget('0x363d3d373d3d3d363d73bebebebebebebebebebebebebebebebebebebebe5af43d82803e903d91602b57fd5bf3')).toBe('0xbebebebebebebebebebebebebebebebebebebebe')
    expect(Disassembler.cloneTarget(STORE_RUNTIME_HEX)).toBeNull()
  })
  it('says what is wrong with the input', () => {
    expect(() => Disassembler.parse('')).toThrow(/Paste the bytecode/)
    expect(() => Disassembler.parse('0x6g')).toThrow()
  })
  it('a 48 KB creation code, in steps: the same result, pausing every few thousand bytes, and cancellable', async () => {
    const big = `0x${'6001600101'.repeat(9830)}`
    let pauses = 0
    const d = await Disassembler.disassembleInSteps(big, {}, async () => void pauses++)
    expect(d).toEqual(await Disassembler.disassemble(big))
    expect(d.parts[0]!.instructions.length).toBe(9830 * 3)
    expect(pauses).toBeGreaterThanOrEqual(8)
    const signal = { aborted: false }
    await expect(Disassembler.disassembleInSteps(big, { signal }, async () => void (signal.aborted = true))).rejects.toMatchObject({ name: 'Disassembler.CancelledError' })
  })
})

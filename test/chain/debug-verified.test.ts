/**
 * /debug's verified sources (#36), below the page: a call through the ERC-1967 proxy of
 * test/chain/sourcifyServer.ts recorded from anvil (DebugTrace.replay), each code address it ran
 * fetched from the local Sourcify, checked, written as compiler output
 * (src/ui/features/debug/verifiedSources.ts) and read by the same path as a dropped file
 * (Artifacts.parse → DebugSource.load). The step that stores `count` must sit on the source line
 * solc's own text has for `count += step;` (independent: the fixture's source), in Counter behind
 * ERC1967Proxy. A token transfer steps through OpenZeppelin's ERC20 (each SSTORE on a line of the
 * package's own ERC20.sol that writes `_balances`), and a call into an external library through
 * both contracts (the library's steps on Math3's lines, one on `return x * 3;`, the caller's SSTORE on `last = …`).
 * A host serving a byte changed names nothing and hands nothing over.
 * Needs anvil.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, type Abi, type Hex } from 'viem'
import * as Artifacts from '../../src/core/debug/Artifacts'
import * as DebugSource from '../../src/core/debug/DebugSource'
import * as DebugTrace from '../../src/core/debug/DebugTrace'
import * as VerifiedSource from '../../src/core/debug/VerifiedSource'
import * as Rpc from '../../src/core/chain/Rpc'
import * as Outcome from '../../src/core/Outcome'
import * as SimRpc from '../../src/core/sim/SimRpc'
import { fetchVerified, type Reader } from '../../src/ui/features/debug/verifiedSources'
import { sentAt, type Anvil } from '../support'
import { A0 } from './sim/contracts'
import { compileFixtures, COUNTER_SOL, LIB_SOL, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let anvil: Anvil
let fx: Fixtures
let server: SourcifyServer
let recording: DebugTrace.Recording
const read: Reader = async (text, asked, code) => {
  try {
    return Outcome.ok(VerifiedSource.readChecked(text, asked, code))
  } catch (e) {
    return Outcome.fail(await import('../../src/core/Errors').then((m) => m.toErrorInfo(e)))
  }
}
const options = () => ({ rpc: Rpc.http(anvil.url), fetch: fetch as unknown as VerifiedSource.FetchLike, host: server.url, read })

useSourcifyChain(async (c) => {
  ;({ anvil, fx, server } = c)
  const abi = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
  const receipt = await sentAt(anvil.url, { from: A0, to: fx.contracts.proxy.address, data: encodeFunctionData({ abi, functionName: 'bump' } as never), gas: '0x989680' })
  recording = (await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash as Hex)).recording
})

const addresses = () => recording.frames.map((f) => f.codeAddress)
const steps = (r: DebugTrace.Recording, op: string, frame?: number) => Array.from({ length: r.steps }, (_, i) => i).filter((i) => DebugTrace.opName(r, i) === op && (frame === undefined || r.frame[i] === frame))
/** 1-based numbers of the lines of `text` that match `re` (the source as the package or fixture has it). */
const linesOf = (text: string, re: RegExp) => text.split('\n').flatMap((l, i) => (re.test(l) ? [i + 1] : []))
/** A mined call replayed, every code address it ran verified and loaded as the page loads a dropped file. */
async function debugged(to: Hex, data: Hex) {
  const receipt = await sentAt(anvil.url, { from: A0, to, data, gas: '0x989680' })
  const rec = (await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), receipt.transactionHash as Hex)).recording
  const got = await fetchVerified(rec.frames.map((f) => f.codeAddress), options())
  expect(got.failed).toEqual([])
  return { rec, got, src: DebugSource.load(rec, Artifacts.parse(got.files)) }
}

describe('verified sources for a /debug recording', () => {
  it('the proxy and its implementation named, and the SSTORE of count on the `count += step;` line of Counter', async () => {
    server.mode = 'normal'
    const before = server.requests.length
    const got = await fetchVerified(addresses(), options())
    expect(got.failed).toEqual([])
    expect(got.named.map((n) => [n.address, n.name, n.by])).toEqual([
      [fx.contracts.proxy.address.toLowerCase(), 'ERC1967Proxy', `verified source from ${server.url}, full match`],
      [fx.contracts.implementation.address.toLowerCase(), 'Counter', `verified source from ${server.url}, full match`],
    ])
    expect(server.requests.length - before).toBe(2)
    const src = DebugSource.load(recording, Artifacts.parse(got.files))
    expect(src.contracts.map((c) => c.name)).toEqual(['ERC1967Proxy', 'Counter'])
    const sstore = Array.from({ length: recording.steps }, (_, i) => i).find((i) => recording.frame[i] === 1 && DebugTrace.opName(recording, i) === 'SSTORE')!
    expect(sstore).toBeGreaterThan(0)
    const line = COUNTER_SOL.split('\n').findIndex((l) => l.includes('count += step;')) + 1
    expect(DebugSource.at(src, recording, sstore)).toMatchObject({ path: 'src/Counter.sol', line, contract: 'Counter' })
    // a source-line move from the proxy's first step lands in a line of a verified file
    const next = DebugSource.go(src, recording, 0, { to: 'line' })
    expect(DebugSource.at(src, recording, next).file).toBeGreaterThanOrEqual(0)
  }, 60_000)

  it('a token transfer steps through OpenZeppelin’s ERC20: each SSTORE on a line of the package’s ERC20.sol that writes _balances', async () => {
    server.mode = 'normal'
    const abi = compileFixtures().contracts['src/Token.sol']!.Token!.abi as Abi
    const { rec, got, src } = await debugged(fx.contracts.token.address, encodeFunctionData({ abi, functionName: 'transfer', args: ['0x00000000000000000000000000000000000000b0', 5n] } as never))
    expect(got.named.map((n) => n.name)).toEqual(['Token'])
    const oz = readFileSync(createRequire(import.meta.url).resolve('@openzeppelin/contracts/token/ERC20/ERC20.sol'), 'utf8')
    const writes = linesOf(oz, /_balances\[(from|to)\]\s*(=|\+=)/)
    expect(writes.length).toBeGreaterThanOrEqual(2)
    const stores = steps(rec, 'SSTORE')
    expect(stores).toHaveLength(2)
    for (const i of stores) {
      const at = DebugSource.at(src, rec, i)
      expect(at).toMatchObject({ path: '@openzeppelin/contracts/token/ERC20/ERC20.sol', contract: 'Token' })
      expect(writes).toContain(at.line)
      expect(at.functions.at(-1)).toBe('_update')
    }
  }, 60_000)

  it('a call into an external library: the library’s steps on `return x * 3;`, the caller’s SSTORE on `last = Math3.triple(x);`', async () => {
    server.mode = 'normal'
    const abi = compileFixtures().contracts['src/Lib.sol']!.UsesLib!.abi as Abi
    const { rec, got, src } = await debugged(fx.contracts.usesLib.address, encodeFunctionData({ abi, functionName: 'f', args: [11n] } as never))
    expect(got.named.map((n) => n.name).sort()).toEqual(['Math3', 'UsesLib'])
    const libFrame = rec.frames.findIndex((f) => f.codeAddress.toLowerCase() === fx.contracts.library.address.toLowerCase())
    expect(libFrame).toBeGreaterThan(0)
    // every step of the library's frame that has a place is in Lib.sol's Math3 (the checked multiply itself runs in solc's generated helper, which has none), and one is on `return x * 3;`
    const inLib = Array.from({ length: rec.steps }, (_, i) => i).filter((i) => rec.frame[i] === libFrame).map((i) => DebugSource.at(src, rec, i)).filter((p) => p.file >= 0)
    expect(new Set(inLib.map((p) => `${p.path} ${p.contract}`))).toEqual(new Set(['src/Lib.sol Math3']))
    expect(inLib.map((p) => p.line)).toContain(linesOf(LIB_SOL, /return x \* 3;/)[0])
    expect(inLib.find((p) => p.line === linesOf(LIB_SOL, /return x \* 3;/)[0])?.functions.at(-1)).toBe('triple')
    const store = steps(rec, 'SSTORE', 0).map((i) => DebugSource.at(src, rec, i))
    expect(store.map((p) => [p.path, p.line, p.contract])).toEqual([['src/Lib.sol', linesOf(LIB_SOL, /last = Math3\.triple\(x\);/)[0], 'UsesLib']])
  }, 60_000)

  it('no addresses, no request; a host serving one byte changed is refused for each and hands nothing over', async () => {
    const before = server.requests.length
    expect(await fetchVerified([], options())).toEqual({ files: [], named: [], failed: [] })
    expect(server.requests.length).toBe(before)
    server.mode = 'mismatch'
    const got = await fetchVerified(addresses(), options())
    server.mode = 'normal'
    expect(got.files).toEqual([])
    expect(got.named).toEqual([])
    expect(got.failed.map((f) => f.error.name)).toEqual(['VerifiedSource.MismatchError', 'VerifiedSource.MismatchError'])
    expect(got.failed[0]!.error.message).toMatch(/^Refused: the host’s runtime code differs from the chain’s at byte \d+/)
  }, 60_000)
})

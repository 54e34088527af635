/**
 * /debug's verified sources (#36), below the page: a call through the ERC-1967 proxy of
 * test/chain/sourcifyServer.ts recorded from anvil (DebugTrace.replay), each code address it ran
 * fetched from the local Sourcify, checked, written as compiler output
 * (src/ui/features/debug/verifiedSources.ts) and read by the same path as a dropped file
 * (Artifacts.parse → DebugSource.load). The step that stores `count` must sit on the source line
 * solc's own text has for `count += step;` (independent: the fixture's source), in Counter behind
 * ERC1967Proxy. A host serving a byte changed names nothing and hands nothing over.
 * Needs anvil.
 */
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
import { compileFixtures, COUNTER_SOL, type Fixtures, type SourcifyServer } from './sourcifyServer'
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

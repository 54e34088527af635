/**
 * /simulate named by verified sources (#36): calls simulated on anvil through the simulate tool
 * (its EVM), then, with the lookup ticked, each contract of the trace looked up on the local
 * Sourcify (test/chain/sourcifyServer.ts: real solc outputs of the contracts deployed there) and
 * checked against the chain's code. The names must be solc's own: each frame's function and each
 * event as viem decodes the same bytes with solc's ABI, each changed slot as solc's storage layout
 * places it (a mapping entry's slot computed here with viem's keccak256 of `key ‖ slot`), the custom
 * error as viem decodes the revert data. Unticked: no request; a host serving one byte changed:
 * refused, nothing named by it. Needs anvil.
 */
import { describe, expect, it } from 'vitest'
import { decodeErrorResult, decodeEventLog, decodeFunctionData, encodeAbiParameters, encodeFunctionData, getAddress, keccak256, type Abi, type Hex } from 'viem'
import tool from '../../src/tools/simulate'
import type * as SimReport from '../../src/core/sim/SimReport'
import { withDefaults } from '../../src/tools/define'
import type { RunContext } from '../../src/tools/types'
import { A0, A1 } from './sim/contracts'
import { compileFixtures, type Fixtures, type SourcifyServer } from './sourcifyServer'
import { useSourcifyChain } from './sourcifyChain'

let fx: Fixtures
let server: SourcifyServer
let ctx: RunContext
const asked: string[] = []
const solc = (path: string, name: string) => compileFixtures().contracts[path]![name]!
const counterAbi = () => solc('src/Counter.sol', 'Counter').abi as Abi
const tokenAbi = () => solc('src/Token.sol', 'Token').abi as Abi
const libAbi = () => solc('src/Lib.sol', 'UsesLib').abi as Abi
useSourcifyChain(async (c) => {
  ;({ fx, server } = c)
  ctx = c.ctx
}, asked)

const simulate = async (raw: Record<string, string>): Promise<SimReport.Report> => {
  const parsed = tool.parse(withDefaults(tool, { mode: 'call', host: server.url, ...raw }))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return (await tool.run(parsed.value, ctx)).data as SimReport.Report
}
const frames = (f: SimReport.FrameView): SimReport.FrameView[] => [f, ...f.calls.flatMap(frames)]
/** solc's layout entry of a variable. */
const entry = (path: string, name: string, label: string) => {
  const e = (solc(path, name).storageLayout!.storage as { label: string; slot: string }[]).find((x) => x.label === label)!
  return { slot: BigInt(e.slot) }
}
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
/** The slot of `mapping[key]` for an address key, computed independently (viem). */
const mappingSlot = (key: Hex, slot: bigint) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]))
/** The report's names for the storage of `address`, by 32-byte slot. */
const slotNames = (r: SimReport.Report, address: string) => {
  const s = r.named?.slots[address.toLowerCase()]
  return new Map(Object.entries(s?.names ?? {}).map(([k, v]) => [word(BigInt(k)), v]))
}

describe('simulate named by verified sources', () => {
  it('unticked: nothing asked, nothing named', async () => {
    const before = server.requests.length
    const r = await simulate({ from: A1, to: fx.contracts.proxy.address, data: encodeFunctionData({ abi: counterAbi(), functionName: 'bump' }) })
    expect(r.named).toBeUndefined()
    expect(server.requests.length).toBe(before)
    expect(asked).toEqual([])
  })

  it('bump() through the proxy: both frames, the event and the changed variables named as solc names them', async () => {
    server.mode = 'normal'
    const data = encodeFunctionData({ abi: counterAbi(), functionName: 'bump' })
    const r = await simulate({ from: A1, to: fx.contracts.proxy.address, data, lookup: 'true' })
    const fn = decodeFunctionData({ abi: counterAbi(), data }).functionName
    // the call to the proxy, by the implementation's ABI, both names
    expect(r.root.call?.signature).toBe(`${fn}()`)
    expect(r.root.call?.source).toMatch(new RegExp(`^verified source of ERC1967Proxy → Counter: verified source from ${server.url}, full match`))
    expect(r.named?.contracts[fx.contracts.proxy.address.toLowerCase()]?.name).toBe('ERC1967Proxy → Counter')
    // the DELEGATECALL into the implementation, by its own
    const inner = frames(r.root).find((f) => f.type === 'DELEGATECALL')!
    expect(inner.to?.toLowerCase()).toBe(fx.contracts.implementation.address.toLowerCase())
    expect(inner.call?.signature).toBe(`${fn}()`)
    expect(inner.call?.source).toMatch(/^verified source of Counter: /)
    // the event, as viem decodes it with solc's ABI
    const e = r.events[0]!
    const ev = decodeEventLog({ abi: counterAbi(), topics: e.topics as [Hex], data: e.data as Hex }) as unknown as { eventName: string; args: Record<string, unknown> }
    expect(e.signature?.split('(')[0]).toBe(ev.eventName)
    expect(Object.fromEntries((e.args ?? []).map((a) => [a.name, a.value.toLowerCase()]))).toEqual(Object.fromEntries(Object.entries(ev.args).map(([k, v]) => [k, String(v).toLowerCase()])))
    expect(e.source).toMatch(/^verified source of ERC1967Proxy → Counter/)
    // the proxy's storage, by the implementation's layout: `count` and `byWho[A1]`
    const names = slotNames(r, fx.contracts.proxy.address)
    const changed = r.assets.storage.find((s) => s.address.toLowerCase() === fx.contracts.proxy.address.toLowerCase())!.slots.map((s) => word(BigInt(s.slot)))
    expect(changed.sort()).toEqual([word(entry('src/Counter.sol', 'Counter', 'count').slot), mappingSlot(A1, entry('src/Counter.sol', 'Counter', 'byWho').slot)].sort())
    expect(names.get(word(entry('src/Counter.sol', 'Counter', 'count').slot))).toBe('count')
    expect(names.get(mappingSlot(A1, entry('src/Counter.sol', 'Counter', 'byWho').slot))).toBe(`byWho[${getAddress(A1)}]`)
    expect(r.named?.slots[fx.contracts.proxy.address.toLowerCase()]?.by).toMatch(/^the storage layout of the verified source of ERC1967Proxy → Counter/)
    // each host request carries the chain id and an address of the trace, nothing else
    for (const q of server.requests) expect(q.url).toMatch(new RegExp(`^/v2/contract/${fx.chainId}/0x[0-9a-f]{40}\\?fields=`))
  })

  it('a token transfer: the function, Transfer and both balances named; an overdraft’s custom error named by the token’s ABI', async () => {
    server.mode = 'normal'
    const token = fx.contracts.token.address
    const data = encodeFunctionData({ abi: tokenAbi(), functionName: 'transfer', args: [A1, 5n] })
    const r = await simulate({ from: A0, to: token, data, lookup: 'true' })
    expect(r.root.call?.signature).toBe('transfer(address,uint256)')
    expect(r.root.call?.source).toMatch(/^verified source of Token: /)
    const e = r.events[0]!
    const ev = decodeEventLog({ abi: tokenAbi(), topics: e.topics as [Hex], data: e.data as Hex }) as unknown as { eventName: string }
    expect(e.signature?.split('(')[0]).toBe(ev.eventName)
    expect(e.source).toMatch(/^verified source of Token: /)
    const balances = entry('src/Token.sol', 'Token', '_balances').slot
    const names = slotNames(r, token)
    expect(names.get(mappingSlot(A0, balances))).toBe(`_balances[${getAddress(A0)}]`)
    expect(names.get(mappingSlot(A1, balances))).toBe(`_balances[${getAddress(A1)}]`)

    // A1 holds none: OpenZeppelin's ERC20InsufficientBalance, as viem decodes the revert data with solc's ABI
    const bad = await simulate({ from: A1, to: token, data: encodeFunctionData({ abi: tokenAbi(), functionName: 'transfer', args: [A0, 5n] }), lookup: 'true' })
    expect(bad.result.status).toBe('reverted')
    const err = decodeErrorResult({ abi: tokenAbi(), data: bad.root.output as Hex })
    expect(bad.root.revert?.signature.split('(')[0]).toBe(err.errorName)
    expect(bad.root.revert?.source).toMatch(/^verified source of Token: /)
  })

  it('a library call: UsesLib.f and the library’s triple named, `last` by its layout', async () => {
    server.mode = 'normal'
    const data = encodeFunctionData({ abi: libAbi(), functionName: 'f', args: [11n] })
    const r = await simulate({ from: A1, to: fx.contracts.usesLib.address, data, lookup: 'true' })
    expect(r.root.call?.signature).toBe('f(uint256)')
    const lib = frames(r.root).find((f) => f.to?.toLowerCase() === fx.contracts.library.address.toLowerCase())!
    expect(lib.call?.signature).toBe('triple(uint256)')
    expect(lib.call?.source).toMatch(/^verified source of Math3: /)
    expect(slotNames(r, fx.contracts.usesLib.address).get(word(entry('src/Lib.sol', 'UsesLib', 'last').slot))).toBe('last')
  })

  it('a host serving one byte changed: refused with the reason, nothing named by it', async () => {
    server.mode = 'mismatch'
    try {
      const r = await simulate({ from: A1, to: fx.contracts.token.address, data: encodeFunctionData({ abi: tokenAbi(), functionName: 'transfer', args: [A0, 5n] }), lookup: 'true' })
      expect(r.named?.contracts).toEqual({})
      const f = r.named!.failed.find((x) => x.address === fx.contracts.token.address.toLowerCase())!
      expect(f.refused).toBe(true)
      expect(f.message).toMatch(/differs from the chain’s at byte/)
      expect(r.root.call?.source ?? '').not.toMatch(/verified/)
      expect(r.root.revert?.source ?? '').not.toMatch(/verified/)
    } finally {
      server.mode = 'normal'
    }
  })
})

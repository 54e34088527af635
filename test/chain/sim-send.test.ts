/**
 * The send confirmation's simulation fidelity (#13), against a real anvil: a transaction's
 * access list and EIP-7702 authorization list are applied by Simulation.call, and a session at
 * `pending` sees the node's pool. Each simulation runs before the transaction is sent; the
 * node's receipt, `debug_traceTransaction` and state reads after mining are the answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletClient, encodeDeployData, encodeFunctionData, http, keccak256, toBytes, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import * as SimReport from '../../src/core/SimReport'
import * as SimRpc from '../../src/core/SimRpc'
import * as Simulation from '../../src/core/Simulation'
import * as TraceCompare from '../../src/core/TraceCompare'
import { startAnvil, type Anvil } from '../support'
import { A0, A1, acct0, acct1, compile, OTHER, type Artifacts } from './sim/contracts'

let anvil: Anvil
let art: Artifacts
let token: Hex
let delegate: Hex
let id = 1

async function rpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
async function mined(url: string, h: Hex) {
  for (let i = 0; i < 400; i++) {
    const r = await rpc<any>(url, 'eth_getTransactionReceipt', [h])
    if (r) return r
    await new Promise((res) => setTimeout(res, 25))
  }
  throw new Error(`not mined: ${h}`)
}
const data = (name: string, fn: string, args: unknown[] = []) => encodeFunctionData({ abi: art[name]!.abi as Abi, functionName: fn, args })
const client = (url = anvil.url) => SimRpc.create(SimRpc.httpTransport(url))
const logsOf = (receipt: any) => receipt.logs.map((l: any) => ({ address: l.address.toLowerCase(), topics: l.topics, data: l.data }))

beforeAll(async () => {
  art = compile()
  anvil = await startAnvil()
  const deploy = async (name: string, args: unknown[] = []) =>
    (await mined(anvil.url, await rpc<Hex>(anvil.url, 'eth_sendTransaction', [{ from: A0, data: encodeDeployData({ abi: art[name]!.abi as Abi, bytecode: art[name]!.bytecode, args } as never), gas: '0x4c4b40' }]))).contractAddress as Hex
  token = await deploy('Token', [10n ** 24n])
  delegate = await deploy('Delegate')
  // the authority holds tokens, so the delegated code's transfer succeeds
  await mined(anvil.url, await rpc<Hex>(anvil.url, 'eth_sendTransaction', [{ from: A0, to: token, data: data('Token', 'transfer', [A1, 10_000n]) }]))
}, 120_000)

afterAll(async () => {
  await anvil?.stop()
})

describe('Simulation.call applies the transaction as it will be sent', () => {
  it('a type-1 transaction with an access list: simulated gas used equals the receipt, and differs from the same call without the list', async () => {
    const input = data('Token', 'transfer', [OTHER, 7n])
    // the node's own access list for this call (token balances of sender and recipient)
    const { accessList } = await rpc<{ accessList: { address: Hex; storageKeys: Hex[] }[] }>(anvil.url, 'eth_createAccessList', [{ from: A0, to: token, data: input }, 'latest'])
    expect(accessList.length).toBeGreaterThan(0)
    const s = await Simulation.openAt(client(), 'pending')
    const withList = await Simulation.call(s, { from: A0, to: token, data: input, gas: 200_000n, accessList })
    Simulation.reset(s)
    const without = await Simulation.call(s, { from: A0, to: token, data: input, gas: 200_000n })
    const wallet = createWalletClient({ account: acct0, chain: foundry, transport: http(anvil.url) })
    const gasPrice = BigInt(await rpc<Hex>(anvil.url, 'eth_gasPrice')) * 2n
    const h = await wallet.sendTransaction({ type: 'eip2930', to: token, data: input, accessList, gas: 200_000n, gasPrice })
    const receipt = await mined(anvil.url, h)
    expect((await rpc<any>(anvil.url, 'eth_getTransactionByHash', [h])).type).toBe('0x1')
    expect(receipt.status).toBe('0x1')
    expect(BigInt(withList.gasUsed)).toBe(BigInt(receipt.gasUsed))
    expect(BigInt(without.gasUsed)).not.toBe(BigInt(receipt.gasUsed))
    expect(withList.logs).toEqual(logsOf(receipt))
    // the node's estimate for the same access-list transaction agrees as well (from the state before it)
    const estimate = await rpc<Hex>(anvil.url, 'eth_estimateGas', [{ from: A0, to: token, data: input, accessList }, `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`])
    expect(BigInt(estimate)).toBe(BigInt(receipt.gasUsed))
  }, 60_000)

  it('a type-4 transaction delegating to a contract: call tree, logs, gas, the authority\'s code and nonce equal what anvil mines', async () => {
    const wallet = createWalletClient({ account: acct0, chain: foundry, transport: http(anvil.url) })
    const nonce = BigInt(await rpc<Hex>(anvil.url, 'eth_getTransactionCount', [A1, 'latest']))
    const auth = await wallet.signAuthorization({ account: acct1, contractAddress: delegate, nonce: Number(nonce) })
    const input = data('Delegate', 'ping', [token, OTHER])
    const before = await rpc<Hex>(anvil.url, 'eth_getCode', [A1, 'latest'])
    expect(before).toBe('0x')
    const s = await Simulation.openAt(client(), 'pending')
    const ours = await Simulation.call(s, {
      from: A0,
      to: A1,
      data: input,
      gas: 300_000n,
      authorizationList: [{ chainId: BigInt(auth.chainId), address: auth.address, nonce: BigInt(auth.nonce), yParity: auth.yParity!, r: BigInt(auth.r), s: BigInt(auth.s) }],
    })
    // without the authorization the authority has no code: the call does nothing
    Simulation.reset(s)
    const plain = await Simulation.call(s, { from: A0, to: A1, data: input, gas: 300_000n })
    expect(plain.logs).toEqual([])

    const h = await wallet.sendTransaction({ authorizationList: [auth], to: A1, data: input, gas: 300_000n })
    const receipt = await mined(anvil.url, h)
    expect(receipt.status).toBe('0x1')
    expect(ours.status).toBe('success')
    expect(BigInt(ours.gasUsed)).toBe(BigInt(receipt.gasUsed))
    expect(ours.logs).toEqual(logsOf(receipt))
    expect(ours.logs.length).toBe(2) // Pinged and the token's Transfer
    const cmp = await TraceCompare.withNode(client(), ours, { hash: h })
    expect(cmp).toMatchObject({ available: true, agrees: true })
    const trace = await rpc<any>(anvil.url, 'debug_traceTransaction', [h, { tracer: 'callTracer' }])
    expect(ours.trace.calls?.length).toBe(trace.calls?.length)
    expect(ours.trace.calls?.[0]?.to).toBe(trace.calls[0].to.toLowerCase())
    // the delegation designator and the authority's nonce bump, as the node has them after mining
    const [code, n] = await Promise.all([rpc<Hex>(anvil.url, 'eth_getCode', [A1, 'latest']), rpc<Hex>(anvil.url, 'eth_getTransactionCount', [A1, 'latest'])])
    expect(code).toBe(`0xef0100${delegate.slice(2).toLowerCase()}`)
    expect(ours.diff.accounts[A1]?.code).toBe(code)
    expect(ours.diff.accounts[A1]?.after?.nonce).toBe(Number(BigInt(n)))
    expect(BigInt(n)).toBe(nonce + 1n)
  }, 60_000)
})

describe('A known difference with anvil', () => {
  it('an EIP-7702 authority with no balance, nonce or code: we follow the EIP (no refund of the empty-account surcharge, it does not exist in the trie); anvil refunds 12,500 as if it existed', async () => {
    const empty = privateKeyToAccount(keccak256(toBytes('ether-workbench sim-send empty authority')))
    const who = empty.address.toLowerCase() as Hex
    // tokens for the delegated code to move live in the token's storage: the authority stays empty
    await mined(anvil.url, await rpc<Hex>(anvil.url, 'eth_sendTransaction', [{ from: A0, to: token, data: data('Token', 'transfer', [who, 100n]) }]))
    const [bal, n, code] = await Promise.all(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode'].map((m) => rpc<Hex>(anvil.url, m, [who, 'latest'])))
    expect([BigInt(bal!), BigInt(n!), code]).toEqual([0n, 0n, '0x'])
    const auth = await empty.signAuthorization({ chainId: foundry.id, address: delegate, nonce: 0 })
    const input = data('Delegate', 'ping', [token, OTHER])
    const ours = await Simulation.call(await Simulation.openAt(client(), 'latest'), {
      from: A0,
      to: who,
      data: input,
      gas: 300_000n,
      authorizationList: [{ chainId: BigInt(auth.chainId), address: auth.address, nonce: BigInt(auth.nonce), yParity: auth.yParity!, r: BigInt(auth.r), s: BigInt(auth.s) }],
    })
    const wallet = createWalletClient({ account: acct0, chain: foundry, transport: http(anvil.url) })
    const receipt = await mined(anvil.url, await wallet.sendTransaction({ authorizationList: [auth], to: who, data: input, gas: 300_000n }))
    expect(receipt.status).toBe('0x1')
    expect(ours.status).toBe('success')
    expect(ours.logs).toEqual(logsOf(receipt))
    // PER_EMPTY_ACCOUNT_COST - PER_AUTH_BASE_COST = 12,500 (below the 1/5 refund cap here)
    expect(BigInt(ours.gasUsed) / 5n).toBeGreaterThan(12_500n)
    expect(BigInt(receipt.gasUsed)).toBe(BigInt(ours.gasUsed) - 12_500n)
  }, 60_000)
})

describe('Round trips (simulation speed)', () => {
  it('a session opened with the call asks its access list in the first round trip: 2 round trips instead of 3, the same result, gas as debug_traceCall; a repeat asks nothing', async () => {
    const input = { from: A0, to: token, data: data('Token', 'transfer', [OTHER, 3n]), gas: 200_000n }
    const c1 = client()
    const early = await Simulation.call(await Simulation.openAt(c1, 'latest', { call: input }), input)
    const c2 = client()
    const plain = await Simulation.call(await Simulation.openAt(c2, 'latest'), input)
    expect(c1.roundTrips).toBe(2)
    expect(c2.roundTrips).toBe(3)
    expect({ ...early, stats: undefined }).toEqual({ ...plain, stats: undefined })
    const theirs = await rpc<{ gasUsed: Hex }>(anvil.url, 'debug_traceCall', [{ from: A0, to: token, data: input.data, gas: '0x30d40' }, 'latest', { tracer: 'callTracer' }])
    expect(BigInt(early.gasUsed)).toBe(BigInt(theirs.gasUsed))
    // the same call again in the session (reset: same state): no node request at all, same answer
    const s = await Simulation.openAt(client(), 'latest', { call: input })
    const first = await Simulation.call(s, input)
    const trips = s.rpc.roundTrips
    Simulation.reset(s)
    const again = await Simulation.call(s, input)
    expect(s.rpc.roundTrips).toBe(trips)
    expect({ ...again, stats: undefined }).toEqual({ ...first, stats: undefined })
  }, 60_000)
})

describe('Simulation at pending', () => {
  it('with automine off, a transaction waiting in the pool is seen by the simulation at pending (and not at latest)', async () => {
    const node = await startAnvil(['--no-mining'])
    try {
      const to = '0x1111111111111111111111111111111111111111' as Hex
      await rpc(node.url, 'eth_sendTransaction', [{ from: A0, to, value: '0x1234' }])
      // the node's own answers at pending and latest
      const [pendingBal, latestBal, pendingNonce] = await Promise.all([
        rpc<Hex>(node.url, 'eth_getBalance', [to, 'pending']),
        rpc<Hex>(node.url, 'eth_getBalance', [to, 'latest']),
        rpc<Hex>(node.url, 'eth_getTransactionCount', [A0, 'pending']),
      ])
      expect(BigInt(pendingBal)).toBe(0x1234n)
      expect(BigInt(latestBal)).toBe(0n)
      const pend = await Simulation.openAt(client(node.url), 'pending')
      const r = await Simulation.call(pend, { from: A0, to, value: 5n, gas: 21_000n })
      expect(r.block.stateBlock).toBe('pending')
      expect(r.pendingRefused).toBeUndefined()
      expect(r.diff.accounts[to]?.before?.balance).toBe(pendingBal)
      expect(r.diff.accounts[to]?.after?.balance).toBe(`0x${(BigInt(pendingBal) + 5n).toString(16)}`)
      expect(r.diff.accounts[A0]?.before?.nonce).toBe(Number(BigInt(pendingNonce)))
      const pendingBlock = await rpc<any>(node.url, 'eth_getBlockByNumber', ['pending', false])
      expect(r.block.number).toBe(BigInt(pendingBlock.number).toString())
      const latest = await Simulation.call(await Simulation.openAt(client(node.url), 'latest'), { from: A0, to, value: 5n, gas: 21_000n })
      expect(latest.diff.accounts[to]?.before).toBeNull()
    } finally {
      await node.stop()
    }
  }, 60_000)

  it('a node that refuses pending state: the session falls back to latest and says why', async () => {
    // the real anvil behind a transport that refuses every request naming `pending`
    const real = SimRpc.httpTransport(anvil.url)
    const refusing: SimRpc.Transport = {
      url: anvil.url,
      // each item naming pending is answered with an error, the others by the node
      send: async (calls, signal) => {
        const refused = (c: SimRpc.Call) => c.params.includes('pending')
        const answered = await real.send(calls.filter((c) => !refused(c)), signal)
        let i = 0
        return calls.map((c) => (refused(c) ? { error: { code: -32000, message: 'pending state is not available' } } : answered[i++]!))
      },
    }
    const s = await Simulation.openAt(SimRpc.create(refusing), 'pending')
    const r = await Simulation.call(s, { from: A0, to: OTHER, value: 1n, gas: 21_000n })
    const latest = BigInt(await rpc<Hex>(anvil.url, 'eth_blockNumber'))
    expect(r.block.stateBlock).toBe(latest.toString())
    expect(r.pendingRefused).toMatch(/\S/)
    expect(r.status).toBe('success')
    // the report says it beside the result (the send confirmation shows its warnings)
    const report = await SimReport.build(r, { abis: [], rpc: s.rpc, blockTag: s.stateTag })
    expect(report.warnings).toContain(`Simulated at the latest block: the node would not serve its pending state (${r.pendingRefused}), so transactions waiting in its pool are not seen.`)
  }, 60_000)
})

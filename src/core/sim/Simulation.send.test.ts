/**
 * The send confirmation's simulation fidelity (#13), against a real anvil: a transaction's
 * access list and EIP-7702 authorization list are applied by Simulation.call, and a session at
 * `pending` sees the node's pool. Each simulation runs before the transaction is sent; the
 * node's receipt, `debug_traceTransaction` and state reads after mining are the answers.
 * Needs anvil (@foundry-rs/anvil), started here. SimState.test.ts holds the round trips and `pending` cases.
 */
import { describe, expect, it } from 'vitest'
import { createWalletClient, http, keccak256, toBytes, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import * as Simulation from './Simulation'
import * as TraceCompare from './TraceCompare'
import { minedAt, nodeRpc } from '../../../test/support'
import { A0, A1, acct0, acct1, OTHER } from '../../../test/chain/sim/contracts'
import { anvil, client, data, delegate, token, useTokenChain } from '../../../test/chain/sim/tokenChain'

const rpc = nodeRpc
const mined = minedAt
const logsOf = (receipt: any) => receipt.logs.map((l: any) => ({ address: l.address.toLowerCase(), topics: l.topics, data: l.data }))

useTokenChain({ withDelegate: true })

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

/**
 * Simulation, against a real anvil (started by useSimChain, test/chain/sim/chain.ts): every
 * mined transaction is replayed by Simulation.replay and compared, exactly, with anvil's
 * receipt (status, gasUsed, logs), `debug_traceTransaction` callTracer `{ withLog: true }`
 * (type, from, to, value, gas, gasUsed, input, output, error, revertReason and logs with
 * positions, per frame) and prestateTracer `{ diffMode: true }` (every balance, nonce, code and
 * storage change); calls are compared with `debug_traceCall`. Needs anvil (@foundry-rs/anvil).
 * Simulation.send.test.ts holds the send confirmation's cases (access lists, EIP-7702).
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, keccak256, type Abi, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import * as SimRpc from './SimRpc'
import * as Simulation from './Simulation'
import * as StateOverrides from './StateOverrides'
import { startAnvil, testSeed } from '../../../test/support'
import { A0, A1, acct0, acct1, OTHER } from '../../../test/chain/sim/contracts'
import { anvil, art, block, c, check, client, data, diffTree, mined, nodes, norm, rpc, send, useSimChain } from '../../../test/chain/sim/chain'

useSimChain({ walk: true })

describe('Simulation.replay against anvil', () => {
  it('one block exercising nested calls, delegatecall proxies, caught and uncaught reverts, CREATE/CREATE2, SELFDESTRUCT, CALLCODE, precompiles and token transfers', async () => {
    const labels = [
      'erc20 transfer',
      'orchestrator.run',
      'uncaught revert',
      '22-contract walk',
      'refund-heavy clear',
      'top-level create with value',
      'out of gas',
      'ether transfer',
      'erc721 transferFrom',
      'erc1155 batch',
      'precompiles',
      'payable delegatecall proxy',
      'infinite loop ends by gas',
    ]
    await mined(await send(A0, c.orch, data('Orchestrator', 'fill', [20n])))
    const hashes = await block([
      () => send(A0, c.token, data('Token', 'transfer', [OTHER, 7n]), 0n, 200_000n),
      () => send(A0, c.orch, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 100n),
      () => send(A0, c.orch, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n),
      () => send(A0, nodes[0]!, data('Node', 'walk', [3n, 5n]), 0n, 5_000_000n),
      () => send(A0, c.orch, data('Orchestrator', 'clear', [20n]), 0n, 1_000_000n),
      async () => send(A0, undefined, ((await import('viem')).encodeDeployData({ abi: art.Child!.abi as Abi, bytecode: art.Child!.bytecode, args: [9n] } as never)), 5n, 500_000n),
      () => send(A0, c.orch, data('Orchestrator', 'fill', [50n]), 0n, 200_000n),
      () => send(A0, OTHER, '0x', 10n ** 18n, 21_000n),
      () => send(A0, c.nft, data('Nft', 'transferFrom', [A0, OTHER, 1n]), 0n, 200_000n),
      () => send(A0, c.multi, data('Multi', 'safeBatchTransferFrom', [A0, OTHER, [1n, 2n], [10n, 20n], '0x']), 0n, 300_000n),
      () => send(A0, c.misc, data('Misc', 'pre', ['0x68656c6c6f']), 0n, 300_000n),
      () => send(A0, c.payProxy, data('Misc', 'payIn', []), 77n, 200_000n),
      () => send(A0, c.misc, data('Misc', 'spin', []), 0n, 100_000n),
    ])
    const results = []
    for (let i = 0; i < hashes.length; i++) results.push(await check(hashes[i]!, labels[i]!))
    expect(results[1]!.frames).toBeGreaterThanOrEqual(15)
    // state for a replay: tx + chain + node info, block, access lists, one state batch (+1 per CREATE address or lazy miss)
    console.log(`round trips per replay: ${results.map((r, i) => `${labels[i]} ${r.roundTrips}`).join(', ')}`)
    expect(results[3]!.roundTrips, 'the 22-contract walk, 66 slots: 4 round trips').toBeLessThanOrEqual(5)
    for (const r of results) expect(r.roundTrips).toBeLessThanOrEqual(12)
  }, 240_000)

  it('an EIP-7702 delegated account: the type-4 transaction that delegates and calls, then a call to the delegated account', async () => {
    const wallet = createWalletClient({ account: acct1, chain: foundry, transport: http(anvil.url) })
    const pub = createPublicClient({ chain: foundry, transport: http(anvil.url) })
    const nonce = await pub.getTransactionCount({ address: acct1.address })
    const auth = await wallet.signAuthorization({ contractAddress: c.delegate!, nonce: nonce + 1 })
    const h1 = await wallet.sendTransaction({ authorizationList: [auth], to: acct1.address, data: data('Delegate', 'ping', [c.token, OTHER]), gas: 300_000n })
    await mined(h1)
    await check(h1, '7702 set-code tx')
    const h2 = await send(A0, A1, data('Delegate', 'ping', [c.token, OTHER]), 0n, 300_000n)
    await mined(h2)
    await check(h2, 'call to a delegated EOA')
  }, 120_000)

  it('randomised transaction sequences: 200 transactions in blocks of 1–6, each replayed and compared', async () => {
    console.log(`simulate.test random sequence seed ${testSeed}`)
    const pick = <T,>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!
    const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
    const who = () => pick([A0, A1])
    const ops: (() => Promise<Hex>)[] = [
      () => send(who(), c.token!, data('Token', 'transfer', [pick([OTHER, A0, A1, c.orch!]), rnd(30_000)])),
      () => send(A1, c.token!, data('Token', 'transferFrom', [A0, pick([OTHER, A1]), rnd(50)])),
      () => send(A0, c.token!, data('Token', 'approve', [A1, rnd(100)])),
      () => send(who(), c.leaf!, data('Leaf', 'poke', [rnd(5)]), rnd(3)),
      () => send(who(), c.leaf!, data('Leaf', 'boom', [rnd(5)])),
      () => send(who(), c.proxy!, data('Logic', 'inc', [c.leaf])),
      () => send(who(), c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, pick([OTHER, A1])]), 10n + rnd(100)),
      () => send(who(), c.orch!, data('Orchestrator', 'fill', [1n + rnd(12)])),
      () => send(who(), c.orch!, data('Orchestrator', 'clear', [1n + rnd(12)])),
      () => send(who(), nodes[Number(rnd(5))]!, data('Node', 'walk', [1n + rnd(3), rnd(1000)]), 0n, 5_000_000n),
      () => send(who(), c.nft!, data('Nft', 'transferFrom', [pick([A0, A1]), pick([A0, A1, OTHER]), 1n + rnd(5)])),
      () => send(who(), c.nft!, data('Nft', 'setApprovalForAll', [pick([A0, A1]), Math.random() < 0.5])),
      () => send(who(), c.multi!, data('Multi', 'safeTransferFrom', [pick([A0, A1]), pick([A0, A1, OTHER]), 1n, rnd(200), '0x'])),
      () => send(who(), c.multi!, data('Multi', 'setApprovalForAll', [pick([A0, A1]), Math.random() < 0.5])),
      () => send(who(), pick([OTHER, A0, A1]), '0x', rnd(1_000_000), 21_000n),
      () => send(who(), c.misc!, data('Misc', 'pre', [`0x${'ab'.repeat(Number(rnd(40)))}`])),
      () => send(who(), c.payProxy!, data('Misc', 'payIn', []), rnd(1000)),
      () => send(who(), c.orch!, data('Orchestrator', 'fill', [40n]), 0n, 150_000n + rnd(200_000)),
    ]
    let done = 0
    let frames = 0
    while (done < 200) {
      const n = Math.min(200 - done, 1 + Number(rnd(6)))
      const hashes = await block(Array.from({ length: n }, () => pick(ops)))
      for (const h of hashes) frames += (await check(h, `random #${done++} (seed ${testSeed})`)).frames
    }
    expect(done).toBe(200)
    expect(frames).toBeGreaterThan(200)
  }, 600_000)
})

describe('Simulation.call against anvil', () => {
  it('a call with an impersonated sender and state overrides equals debug_traceCall with the same overrides', async () => {
    const ghost = '0x00000000000000000000000000000000000b0b00' as Hex
    const slot0 = keccak256(`0x${'0'.repeat(128)}`)
    const input = data('Node', 'walk', [3n, 9n])
    const s = await Simulation.openAt(client(), 'latest')
    const overrides = StateOverrides.parse(JSON.stringify({ [nodes[0]!]: { stateDiff: { [slot0]: '0x3e8' } }, [ghost]: { balance: '0xde0b6b3a7640000' } }))
    await Simulation.applyOverrides(s, overrides)
    const ours = await Simulation.call(s, { from: ghost, to: nodes[0]!, data: input, gas: 5_000_000n })
    const theirs = await rpc<any>('debug_traceCall', [
      { from: ghost, to: nodes[0], data: input, gas: '0x4c4b40' },
      'latest',
      { tracer: 'callTracer', tracerConfig: { withLog: true }, stateOverrides: { [nodes[0]!]: { stateDiff: { [slot0]: `0x${(1000).toString(16).padStart(64, '0')}` } }, [ghost]: { balance: '0xde0b6b3a7640000' } } },
    ])
    expect(diffTree(norm(theirs), norm(ours.trace), 'root')).toEqual([])
    // a call: chain + block, access list, state batch
    expect(ours.stats.roundTrips).toBeLessThanOrEqual(4)
  })

  it('chained simulations see each other and reset drops them; the revert is decoded like anvil', async () => {
    const ghost = '0x00000000000000000000000000000000000b0b01' as Hex
    const s = await Simulation.openAt(client(), 'latest')
    const a1 = await Simulation.call(s, { from: A0, to: c.token!, data: data('Token', 'approve', [ghost, 50n]) })
    const a2 = await Simulation.call(s, { from: ghost, to: c.token!, data: data('Token', 'transferFrom', [A0, OTHER, 20n]) })
    const a3 = await Simulation.call(s, { from: ghost, to: c.token!, data: data('Token', 'transferFrom', [A0, OTHER, 40n]) })
    expect([a1.status, a2.status, a3.status, a3.revertReason, a3.chainedIndex]).toEqual(['success', 'success', 'reverted', 'allowance', 3])
    // anvil itself agrees: the allowance on chain is untouched, so the same transferFrom reverts there with the same reason
    const onChain = await rpc<any>('debug_traceCall', [{ from: ghost, to: c.token, data: data('Token', 'transferFrom', [A0, OTHER, 20n]) }, 'latest', { tracer: 'callTracer' }])
    Simulation.reset(s)
    const b = await Simulation.call(s, { from: ghost, to: c.token!, data: data('Token', 'transferFrom', [A0, OTHER, 20n]) })
    expect([b.status, b.revertReason, BigInt(b.trace.gasUsed)]).toEqual(['reverted', onChain.revertReason, BigInt(onChain.gasUsed)])
  })

  it('a raw signed transaction simulated before sending equals its receipt', async () => {
    const wallet = createWalletClient({ account: acct0, chain: foundry, transport: http(anvil.url) })
    const req = await wallet.prepareTransactionRequest({ to: c.orch!, data: data('Orchestrator', 'fill', [30n]), gas: 2_000_000n } as never)
    const signed = await wallet.signTransaction(req as never)
    const s = await Simulation.openAt(client(), 'latest')
    const sim = await Simulation.raw(s, signed)
    const receipt = await mined(await rpc<Hex>('eth_sendRawTransaction', [signed]))
    expect([BigInt(sim.gasUsed), sim.status]).toEqual([BigInt(receipt.gasUsed), receipt.status === '0x1' ? 'success' : 'reverted'])
  })

  it('gas above the cap, bad overrides, an unknown hash and a request budget give clear errors', async () => {
    const s = await Simulation.openAt(client(), 'latest')
    await expect(Simulation.call(s, { from: A0, to: c.leaf!, gas: 40_000_000n })).rejects.toMatchObject({ name: 'Simulation.GasAboveCapError' })
    expect(() => StateOverrides.parse('{"0x12": {}}')).toThrow(/not an address/)
    expect(() => StateOverrides.parse(`{"${A0}": {"balanse": 1}}`)).toThrow(/Unknown override "balanse"/)
    await expect(Simulation.replay(client(), `0x${'11'.repeat(32)}`)).rejects.toMatchObject({ name: 'Simulation.UnknownTransactionError' })
    const tiny = SimRpc.create(SimRpc.httpTransport(anvil.url), { maxRequests: 10 })
    const t = await Simulation.openAt(tiny, 'latest')
    await expect(Simulation.call(t, { from: A0, to: nodes[0]!, data: data('Node', 'walk', [3n, 1n]) })).rejects.toMatchObject({ name: 'SimRpc.BudgetError' })
  })

  it('a transaction the lookup still calls pending while its receipt is mined (anvil just after mining) replays from the receipt\'s place; one truly in the pool is refused as not mined', async () => {
    const h = await send(A0, c.orch!, data('Orchestrator', 'fill', [7n]), 0n, 2_000_000n)
    const receipt = await mined(h)
    // the node behind answers honestly; this transport hands back its lookup as if still in the pool
    const inner = SimRpc.httpTransport(anvil.url)
    const stale: SimRpc.Transport = {
      url: inner.url,
      async send(calls, signal) {
        const replies = await inner.send(calls, signal)
        return replies.map((r, i) => (calls[i]!.method === 'eth_getTransactionByHash' && 'result' in r && r.result ? { result: { ...(r.result as object), blockNumber: null, blockHash: null, transactionIndex: null } } : r))
      },
    }
    const { result } = await Simulation.replay(SimRpc.create(stale), h)
    expect([BigInt(result.gasUsed), result.status, result.replayed?.index]).toEqual([BigInt(receipt.gasUsed), receipt.status === '0x1' ? 'success' : 'reverted', Number(BigInt(receipt.transactionIndex))])
    await rpc('evm_setAutomine', [false])
    try {
      const waiting = await send(A0, c.orch!, data('Orchestrator', 'fill', [8n]), 0n, 2_000_000n)
      await expect(Simulation.replay(client(), waiting)).rejects.toMatchObject({ name: 'Simulation.PendingTransactionError' })
    } finally {
      await rpc('evm_setAutomine', [true])
      await rpc('evm_mine', [])
    }
  })

  it('a node without old state says so: not an archive node', async () => {
    const pruned = await startAnvil(['--prune-history', '2'])
    try {
      const post = async (method: string, params: unknown[]) =>
        ((await (await fetch(pruned.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as any).result
      for (let i = 0; i < 5; i++) await post('evm_mine', [])
      const direct = await fetch(pruned.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [A0, '0x1'] }) }).then((r) => r.json() as Promise<any>)
      // the node itself refuses old state…
      expect(direct.error?.message).toBeTruthy()
      // …and the simulation says what that means
      const s = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(pruned.url)), '0x1')
      await expect(Simulation.call(s, { from: A0, to: OTHER })).rejects.toMatchObject({ name: 'SimRpc.MissingStateError', shortMessage: 'This node does not keep the state of block 1: it is not an archive node.' })
    } finally {
      await pruned.stop()
    }
  })
})

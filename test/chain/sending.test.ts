/**
 * Sending you can trust, against a real automining anvil behind a local proxy that can be
 * slow, drop connections or lie (test/fault-server.ts); the automine-off cases (pending
 * transactions, replacement) are in src/core/tx/TxPending.test.ts. Values are checked against the node itself read
 * directly and against Foundry's cast; no test contacts a host other than these loopback nodes.
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../support'
import * as Authorization from '../../src/core/tx/Authorization'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as TxWarnings from '../../src/core/tx/TxWarnings'
import { KEYS, TO, addr, errorOf, useStoreChain, waves } from './sendKit'

// TxWarnings.review, TxFill.fromNode and TxPending (automine off) are tested beside them in src/core.

describe('on an automining anvil', () => {
  const chain = useStoreChain()

  it('prepares in one round trip (every read at once), and reviews in one more', async () => {
    const w = waves(chain.direct)
    const draft = { chainId: 31337, from: addr(KEYS[0]), to: TO, value: 1n, data: '0x' as const }
    const prep = await w.count(TxSend.prepare(w.rpc, draft))
    console.log(`prepare: ${prep.requests} requests in ${prep.waves} round trip(s)`)
    expect(prep.waves).toBe(1)
    expect(prep.requests).toBe(6) // chain id, nonce, gas price, fee history, estimate, balance
    expect(prep.value.nonce).toBe(Number(await castAsync(['nonce', addr(KEYS[0]), '--rpc-url', chain.anvil.url])))
    expect(prep.value.balance).toBe(BigInt(await castAsync(['balance', addr(KEYS[0]), '--rpc-url', chain.anvil.url])))
    const rev = await w.count(TxWarnings.review(w.rpc, draft))
    expect(rev.waves).toBe(1)
    expect(rev.requests).toBe(2) // code, eth_call
  })

  it('a node that answers slowly: Review still takes one round trip, and a timeout states the real timeout', async () => {
    chain.proxy.behaviour = { mode: 'slow', delayMs: 400 }
    try {
      const slowRpc = Rpc.http(chain.proxy.url, { timeoutMs: 5000 })
      const w = waves(slowRpc)
      const r = await w.count(TxSend.prepare(w.rpc, { chainId: 31337, from: addr(KEYS[0]), to: TO, value: 1n, data: '0x' }))
      expect(r.waves).toBe(1)
      expect(r.value.gas).toBe(21000n)
      const e = await errorOf(Rpc.request(Rpc.http(chain.proxy.url, { timeoutMs: 150 }), 'eth_chainId'))
      expect(e.name).toBe('Rpc.TimeoutError')
      expect(e.message).toContain('within 0.1 s') // 150 ms, shown to a tenth
    } finally {
      chain.proxy.behaviour = { mode: 'pass' }
    }
  })

  it('refuses to sign when the chain id changes between review and send (and sends nothing)', async () => {
    const p = await TxSend.prepare(chain.via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 1n, data: '0x' })
    chain.proxy.behaviour = { mode: 'lying', lies: { chainIds: ['0x1'] } }
    chain.proxy.methods.length = 0
    let signedHash: string | undefined
    try {
      const e = await errorOf(TxSend.signAndSend(chain.via, p, KEYS[1], { onHash: (h) => (signedHash = h) }))
      expect(e.name).toBe('TxSend.ChainChangedError')
      expect(e.message).toMatch(/Not signed: .* was on chain 31337 at review and now says 1/)
    } finally {
      chain.proxy.behaviour = { mode: 'pass' }
    }
    expect(signedHash).toBeUndefined()
    expect(chain.proxy.methods).not.toContain('eth_sendRawTransaction')
    // and the nonce did not move on the real node
    expect(Number(await castAsync(['nonce', addr(KEYS[1]), '--rpc-url', chain.anvil.url]))).toBe(p.nonce)
  })

  it('refuses absurd gas prices from the node, stating the bound, unless confirmed explicitly', async () => {
    const absurd = 10n ** 16n // 10 million gwei
    chain.proxy.behaviour = { mode: 'lying', lies: { gasPrice: Rpc.toQuantity(absurd) } }
    try {
      const draft = { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 1n, data: '0x' as const }
      const e = await errorOf(TxSend.prepare(chain.via, draft))
      expect(e.name).toBe('TxSend.HighFeeError')
      expect(e.message).toContain('above the 10000 gwei bound')
      const ok = await TxSend.prepare(chain.via, draft, { acceptHighFee: true })
      expect(ok.maxFeePerGas).toBeGreaterThan(TxSend.FEE_BOUND)
      // a typed fee above the bound is refused too
      chain.proxy.behaviour = { mode: 'pass' }
      const typed = await errorOf(TxSend.prepare(chain.via, { ...draft, maxFeePerGas: 20_000n * 10n ** 9n, maxPriorityFeePerGas: 1n }))
      expect(typed.message).toMatch(/The max fee is 20000 gwei per gas, above the 10000 gwei bound/)
    } finally {
      chain.proxy.behaviour = { mode: 'pass' }
    }
  })

  it('detects a node that answers a different hash for a broadcast, and names the real one', async () => {
    const p = await TxSend.prepare(chain.via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 2n, data: '0x' })
    const fake = `0x${'ab'.repeat(32)}`
    chain.proxy.behaviour = { mode: 'lying', lies: { sendHash: fake } }
    let shown: string | undefined
    try {
      const e = await errorOf(TxSend.signAndSend(chain.via, p, KEYS[1], { onHash: (h) => (shown = h) }))
      expect(e.name).toBe('TxSend.HashMismatchError')
      const real = (e as TxSend.HashMismatchError).hash
      expect(e.message).toContain(fake)
      expect(e.message).toContain(real)
      expect(shown).toBe(real)
      // the real node has the transaction under the locally computed hash
      expect(await castAsync(['receipt', real, 'status', '--rpc-url', chain.anvil.url])).toMatch(/^(1|true|success)/)
    } finally {
      chain.proxy.behaviour = { mode: 'pass' }
    }
  })

  it('a send that never answers: times out, shows the hash known locally, says the outcome is unknown, never resends', async () => {
    const p = await TxSend.prepare(chain.via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 3n, data: '0x' })
    chain.proxy.behaviour = { mode: 'lying', lies: { sendHangs: 'forwarded' } }
    chain.proxy.methods.length = 0
    let shown: string | undefined
    try {
      const slow = Rpc.http(chain.proxy.url, { timeoutMs: 500 })
      const e = await errorOf(TxSend.signAndSend(slow, p, KEYS[1], { onHash: (h) => (shown = h) }))
      expect(e.name).toBe('Rpc.SendOutcomeUnknownError')
      expect(e.message).toContain(`Not known whether the transaction ${shown} reached the node`)
      expect(e.message).toContain('within 0.5 s')
    } finally {
      chain.proxy.behaviour = { mode: 'pass' }
    }
    expect(chain.proxy.methods.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1)
    expect(await castAsync(['tx', shown!, 'hash', '--rpc-url', chain.anvil.url])).toBe(shown)
  })

  it('refuses a recipient whose checksum is wrong', async () => {
    const bad = TO.replace('C5', 'c5')
    const e = await errorOf(TxSend.prepare(chain.via, { chainId: 31337, from: addr(KEYS[2]), to: bad, value: 1n, data: '0x' }))
    expect(e.name).toBe('AddressCheck.ChecksumMismatchError')
  })

  it('shows the fee expected at the current base fee and the maximum', async () => {
    const p = await TxSend.prepare(chain.via, { chainId: 31337, from: addr(KEYS[2]), to: TO, value: 0n, data: '0x' })
    const base = BigInt(await castAsync(['base-fee', 'pending', '--rpc-url', chain.anvil.url]))
    expect(p.baseFee).toBe(base)
    expect(p.expectedFee).toBe(21000n * (base + p.maxPriorityFeePerGas))
    expect(p.maxCost).toBe(21000n * p.maxFeePerGas)
  })

  it('sends every sendable type: legacy, EIP-2930, EIP-1559 and EIP-7702 with an authorization', async () => {
    const txType = async (hash: string) => Number((JSON.parse(await castAsync(['tx', hash, '--json', '--rpc-url', chain.anvil.url])) as { type: string }).type)
    const key = KEYS[3]
    const from = addr(key)
    for (const type of ['legacy', 'eip2930', 'eip1559'] as const) {
      const p = await TxSend.prepare(chain.via, { chainId: 31337, type, from, to: TO, value: 5n, data: '0x', accessList: type === 'legacy' ? [] : [{ address: chain.store, storageKeys: [`0x${'00'.repeat(32)}`] }] })
      const hash = await TxSend.signAndSend(chain.via, p, key)
      const r = await TxSend.waitForReceipt(chain.via, hash, { pollMs: 50, timeoutMs: 5000 })
      expect(r.status).toBe('success')
      expect(await txType(hash)).toBe(TxSend.SEND_TYPES.indexOf(type))
    }
    // EIP-7702: account 4 delegates to the Store contract (authorization signed with the authorization tool's core),
    // and the same transaction calls get() on it: estimated with the authorization (without it, get() on an EOA does nothing)
    const authority = KEYS[4]
    const nonce = Number(await castAsync(['nonce', addr(authority), '--rpc-url', chain.anvil.url]))
    const auth = Authorization.sign({ chainId: 31337n, address: chain.store, nonce: BigInt(nonce) }, authority)
    const p = await TxSend.prepare(chain.via, { chainId: 31337, type: 'eip7702', from, to: addr(authority), value: 0n, data: (await castAsync(['calldata', 'get()'])) as `0x${string}`, authorizationList: [auth] })
    const hash = await TxSend.signAndSend(chain.via, p, key)
    expect((await TxSend.waitForReceipt(chain.via, hash, { pollMs: 50, timeoutMs: 5000 })).status).toBe('success')
    expect(await txType(hash)).toBe(4)
    expect(await castAsync(['code', addr(authority), '--rpc-url', chain.anvil.url])).toBe(`0xef0100${chain.store.slice(2).toLowerCase()}`)
  })
})

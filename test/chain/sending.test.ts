/**
 * Sending you can trust, against real anvil nodes: one automining, one with automine off
 * (pending transactions, replacement), each behind a local proxy that can be slow, drop
 * connections or lie (test/fault-server.ts). Values are checked against the node itself read
 * directly and against Foundry's cast; no test contacts a host other than these loopback nodes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { startProxy, type Proxy } from '../fault-server'
import { STORE_INIT } from './contracts'
import * as Authorization from '../../src/core/Authorization'
import * as ChainBlocks from '../../src/core/ChainBlocks'
import * as Fees from '../../src/core/Fees'
import * as Key from '../../src/core/Key'
import * as PendingTx from '../../src/core/PendingTx'
import * as Rpc from '../../src/core/Rpc'
import * as SendTx from '../../src/core/SendTx'
import * as SignatureTable from '../../src/core/SignatureTable'
import * as TxFill from '../../src/core/TxFill'
import * as TxWarnings from '../../src/core/TxWarnings'
import { BaseError } from '../../src/core/Errors'

// anvil's well-known test mnemonic ("test test … junk"), accounts 2 to 6 (test-only keys).
const KEYS = [
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
] as const
const addr = (k: string) => Key.toAddress(Key.parse(k))
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/**
 * Counts round trips: requests are held and released in waves; a wave is every request the
 * code sent while nothing was in flight. Ten reads in a row are ten waves; ten at once, one.
 */
function waves(inner: Rpc.Eip1193Like) {
  const queue: (() => void)[] = []
  const rpc: Rpc.Eip1193Like = { request: (args) => new Promise((res, rej) => queue.push(() => void inner.request(args).then(res, rej))) }
  async function count<T>(p: Promise<T>): Promise<{ value: T; waves: number; requests: number }> {
    let done = false
    let n = 0
    let requests = 0
    const settled = p.then(
      (v) => ((done = true), v),
      (e: unknown) => {
        done = true
        throw e
      },
    )
    settled.catch(() => {})
    while (!done) {
      await new Promise((r) => setTimeout(r, 25))
      if (!queue.length) continue
      n++
      const batch = queue.splice(0)
      requests += batch.length
      batch.forEach((f) => f())
    }
    return { value: await settled, waves: n, requests }
  }
  return { rpc, count }
}

async function errorOf(p: Promise<unknown>): Promise<BaseError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(BaseError)
    return e as BaseError
  }
  throw new Error('expected a failure')
}

describe('on an automining anvil', () => {
  let anvil: Anvil
  let direct: Rpc.Transport
  let proxy: Proxy
  let via: Rpc.Transport
  let store: `0x${string}`

  beforeAll(async () => {
    anvil = await startAnvil()
    direct = Rpc.http(anvil.url)
    proxy = await startProxy(anvil.url)
    via = Rpc.http(proxy.url, { timeoutMs: 2000 })
    const p = await SendTx.prepare(direct, { chainId: 31337, from: addr(KEYS[0]), to: null, value: 0n, data: STORE_INIT as `0x${string}` })
    const hash = await SendTx.signAndSend(direct, p, KEYS[0])
    store = (await SendTx.waitForReceipt(direct, hash, { pollMs: 50 })).contractAddress as `0x${string}`
  })
  afterAll(async () => {
    await proxy?.close()
    await anvil?.stop()
  })

  it('prepares in one round trip (every read at once), and reviews in one more', async () => {
    const w = waves(direct)
    const draft = { chainId: 31337, from: addr(KEYS[0]), to: TO, value: 1n, data: '0x' as const }
    const prep = await w.count(SendTx.prepare(w.rpc, draft))
    console.log(`prepare: ${prep.requests} requests in ${prep.waves} round trip(s)`)
    expect(prep.waves).toBe(1)
    expect(prep.requests).toBe(6) // chain id, nonce, gas price, fee history, estimate, balance
    expect(prep.value.nonce).toBe(Number(await castAsync(['nonce', addr(KEYS[0]), '--rpc-url', anvil.url])))
    expect(prep.value.balance).toBe(BigInt(await castAsync(['balance', addr(KEYS[0]), '--rpc-url', anvil.url])))
    const rev = await w.count(TxWarnings.review(w.rpc, draft))
    expect(rev.waves).toBe(1)
    expect(rev.requests).toBe(2) // code, eth_call
  })

  it('a node that answers slowly: Review still takes one round trip, and a timeout states the real timeout', async () => {
    proxy.behaviour = { mode: 'slow', delayMs: 400 }
    try {
      const slowRpc = Rpc.http(proxy.url, { timeoutMs: 5000 })
      const w = waves(slowRpc)
      const r = await w.count(SendTx.prepare(w.rpc, { chainId: 31337, from: addr(KEYS[0]), to: TO, value: 1n, data: '0x' }))
      expect(r.waves).toBe(1)
      expect(r.value.gas).toBe(21000n)
      const e = await errorOf(Rpc.request(Rpc.http(proxy.url, { timeoutMs: 150 }), 'eth_chainId'))
      expect(e.name).toBe('Rpc.TimeoutError')
      expect(e.message).toContain('within 0.1 s') // 150 ms, shown to a tenth
    } finally {
      proxy.behaviour = { mode: 'pass' }
    }
  })

  it('refuses to sign when the chain id changes between review and send (and sends nothing)', async () => {
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 1n, data: '0x' })
    proxy.behaviour = { mode: 'lying', lies: { chainIds: ['0x1'] } }
    proxy.methods.length = 0
    let signedHash: string | undefined
    try {
      const e = await errorOf(SendTx.signAndSend(via, p, KEYS[1], { onHash: (h) => (signedHash = h) }))
      expect(e.name).toBe('SendTx.ChainChangedError')
      expect(e.message).toMatch(/Not signed: .* was on chain 31337 at review and now says 1/)
    } finally {
      proxy.behaviour = { mode: 'pass' }
    }
    expect(signedHash).toBeUndefined()
    expect(proxy.methods).not.toContain('eth_sendRawTransaction')
    // and the nonce did not move on the real node
    expect(Number(await castAsync(['nonce', addr(KEYS[1]), '--rpc-url', anvil.url]))).toBe(p.nonce)
  })

  it('refuses absurd gas prices from the node, stating the bound, unless confirmed explicitly', async () => {
    const absurd = 10n ** 16n // 10 million gwei
    proxy.behaviour = { mode: 'lying', lies: { gasPrice: Rpc.toQuantity(absurd) } }
    try {
      const draft = { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 1n, data: '0x' as const }
      const e = await errorOf(SendTx.prepare(via, draft))
      expect(e.name).toBe('SendTx.HighFeeError')
      expect(e.message).toContain('above the 10000 gwei bound')
      const ok = await SendTx.prepare(via, draft, { acceptHighFee: true })
      expect(ok.maxFeePerGas).toBeGreaterThan(SendTx.FEE_BOUND)
      // a typed fee above the bound is refused too
      proxy.behaviour = { mode: 'pass' }
      const typed = await errorOf(SendTx.prepare(via, { ...draft, maxFeePerGas: 20_000n * 10n ** 9n, maxPriorityFeePerGas: 1n }))
      expect(typed.message).toMatch(/The max fee is 20000 gwei per gas, above the 10000 gwei bound/)
    } finally {
      proxy.behaviour = { mode: 'pass' }
    }
  })

  it('detects a node that answers a different hash for a broadcast, and names the real one', async () => {
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 2n, data: '0x' })
    const fake = `0x${'ab'.repeat(32)}`
    proxy.behaviour = { mode: 'lying', lies: { sendHash: fake } }
    let shown: string | undefined
    try {
      const e = await errorOf(SendTx.signAndSend(via, p, KEYS[1], { onHash: (h) => (shown = h) }))
      expect(e.name).toBe('SendTx.HashMismatchError')
      const real = (e as SendTx.HashMismatchError).hash
      expect(e.message).toContain(fake)
      expect(e.message).toContain(real)
      expect(shown).toBe(real)
      // the real node has the transaction under the locally computed hash
      expect(await castAsync(['receipt', real, 'status', '--rpc-url', anvil.url])).toMatch(/^(1|true|success)/)
    } finally {
      proxy.behaviour = { mode: 'pass' }
    }
  })

  it('a send that never answers: times out, shows the hash known locally, says the outcome is unknown, never resends', async () => {
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(KEYS[1]), to: TO, value: 3n, data: '0x' })
    proxy.behaviour = { mode: 'lying', lies: { sendHangs: 'forwarded' } }
    proxy.methods.length = 0
    let shown: string | undefined
    try {
      const slow = Rpc.http(proxy.url, { timeoutMs: 500 })
      const e = await errorOf(SendTx.signAndSend(slow, p, KEYS[1], { onHash: (h) => (shown = h) }))
      expect(e.name).toBe('Rpc.SendOutcomeUnknownError')
      expect(e.message).toContain(`Not known whether the transaction ${shown} reached the node`)
      expect(e.message).toContain('within 0.5 s')
    } finally {
      proxy.behaviour = { mode: 'pass' }
    }
    expect(proxy.methods.filter((m) => m === 'eth_sendRawTransaction')).toHaveLength(1)
    expect(await castAsync(['tx', shown!, 'hash', '--rpc-url', anvil.url])).toBe(shown)
  })

  it('warns about what is signed: approvals, zero address, no code, value to a contract, a call that would revert', async () => {
    const from = addr(KEYS[2])
    const kinds = async (to: string | null, value: bigint, data: `0x${string}`) => (await TxWarnings.review(via, { from, to, value, data })).warnings.map((w) => w.kind).sort()
    const approve = (amount: bigint) => (`0x095ea7b3${'0'.repeat(24)}${TO.slice(2).toLowerCase()}${amount.toString(16).padStart(64, '0')}`) as `0x${string}`
    // ERC-20 approve, spender TO: cast calldata gives the same bytes
    expect(approve(TxWarnings.MAX_UINT256)).toBe(await castAsync(['calldata', 'approve(address,uint256)', TO, TxWarnings.MAX_UINT256.toString()]))
    expect(await kinds(TO, 0n, approve(TxWarnings.MAX_UINT256))).toEqual(['no-code', 'unlimited-approval'])
    expect(await kinds(TO, 0n, approve(10n ** 27n))).toEqual(['large-approval', 'no-code'])
    expect(await kinds(TO, 0n, approve(10n ** 18n))).toEqual(['no-code'])
    const forAll = (await castAsync(['calldata', 'setApprovalForAll(address,bool)', TO, 'true'])) as `0x${string}`
    expect(await kinds(TO, 0n, forAll)).toEqual(['approval-for-all', 'no-code'])
    const permit = (await castAsync(['calldata', 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)', from, TO, TxWarnings.MAX_UINT256.toString(), '1', '27', `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`])) as `0x${string}`
    expect(await kinds(TO, 0n, permit)).toContain('unlimited-approval')
    expect(await kinds(TxWarnings.ZERO, 1n, '0x')).toEqual(['zero-address'])
    expect(await kinds(TO, 1n, '0x')).toEqual([])
    // the Store contract: get() fine; value to it reverts (not payable) and is value to a contract; set(200) reverts "too big"
    const get = (await castAsync(['calldata', 'get()'])) as `0x${string}`
    expect(await kinds(store, 0n, get)).toEqual(['unknown-selector']) // get() is not in the offline table: said so
    // value to the contract (its hand-assembled dispatcher does not check callvalue: get() with value succeeds)
    expect(await kinds(store, 1n, get)).toEqual(['unknown-selector', 'value-to-contract'])
    const set200 = (await castAsync(['calldata', 'set(uint256)', '200'])) as `0x${string}`
    const r = await TxWarnings.review(via, { from, to: store, value: 0n, data: set200 })
    expect(r.decoded.text).toBe(null) // set(uint256) is not in the offline table: said so
    expect(r.warnings.map((w) => w.kind).sort()).toEqual(['unknown-selector', 'would-revert'])
    expect(r.warnings.find((w) => w.kind === 'would-revert')!.text).toContain('too big')
    const withAbi = await TxWarnings.review(via, { from, to: store, value: 0n, data: set200 }, { abis: [[{ type: 'function', name: 'set', inputs: [{ name: 'v', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' }]] })
    expect(withAbi.decoded.text).toBe('set(v=200)')
    // simulated even when the gas limit is typed: prepare does not estimate, the review still catches it
    const p = await SendTx.prepare(via, { chainId: 31337, from, to: store, value: 0n, data: set200, gas: 100_000n })
    expect(p.estimated).not.toContain('gas')
    // transfer() of the offline table decodes without an ABI
    const transfer = (await castAsync(['calldata', 'transfer(address,uint256)', TO, '5'])) as `0x${string}`
    expect(TxWarnings.decode(transfer, [], await SignatureTable.load('function')).text).toBe(`transfer(to=${TO}, value=5)`)
  })

  it('tx-build fills nonce, fees and chain id from the node in one round trip', async () => {
    const w = waves(via)
    const r = await w.count(TxFill.fromNode(w.rpc, addr(KEYS[0])))
    expect(r.waves).toBe(1)
    expect(r.value.chainId).toBe(Number(await castAsync(['chain-id', '--rpc-url', anvil.url])))
    expect(r.value.nonce).toBe(Number(await castAsync(['nonce', addr(KEYS[0]), '--block', 'pending', '--rpc-url', anvil.url])))
    expect(r.value.gasPrice).toBe(BigInt(await castAsync(['gas-price', '--rpc-url', anvil.url])))
    expect((await TxFill.fromNode(via)).nonce).toBeUndefined()
  })

  it('refuses a recipient whose checksum is wrong', async () => {
    const bad = TO.replace('C5', 'c5')
    const e = await errorOf(SendTx.prepare(via, { chainId: 31337, from: addr(KEYS[2]), to: bad, value: 1n, data: '0x' }))
    expect(e.name).toBe('AddressCheck.ChecksumMismatchError')
  })

  it('shows the fee expected at the current base fee and the maximum', async () => {
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(KEYS[2]), to: TO, value: 0n, data: '0x' })
    const base = BigInt(await castAsync(['base-fee', 'pending', '--rpc-url', anvil.url]))
    expect(p.baseFee).toBe(base)
    expect(p.expectedFee).toBe(21000n * (base + p.maxPriorityFeePerGas))
    expect(p.maxCost).toBe(21000n * p.maxFeePerGas)
  })

  it('sends every sendable type: legacy, EIP-2930, EIP-1559 and EIP-7702 with an authorization', async () => {
    const txType = async (hash: string) => Number((JSON.parse(await castAsync(['tx', hash, '--json', '--rpc-url', anvil.url])) as { type: string }).type)
    const key = KEYS[3]
    const from = addr(key)
    for (const type of ['legacy', 'eip2930', 'eip1559'] as const) {
      const p = await SendTx.prepare(via, { chainId: 31337, type, from, to: TO, value: 5n, data: '0x', accessList: type === 'legacy' ? [] : [{ address: store, storageKeys: [`0x${'00'.repeat(32)}`] }] })
      const hash = await SendTx.signAndSend(via, p, key)
      const r = await SendTx.waitForReceipt(via, hash, { pollMs: 50, timeoutMs: 5000 })
      expect(r.status).toBe('success')
      expect(await txType(hash)).toBe(SendTx.SEND_TYPES.indexOf(type))
    }
    // EIP-7702: account 4 delegates to the Store contract (authorization signed with the authorization tool's core),
    // and the same transaction calls get() on it: estimated with the authorization (without it, get() on an EOA does nothing)
    const authority = KEYS[4]
    const nonce = Number(await castAsync(['nonce', addr(authority), '--rpc-url', anvil.url]))
    const auth = Authorization.sign({ chainId: 31337n, address: store, nonce: BigInt(nonce) }, authority)
    const p = await SendTx.prepare(via, { chainId: 31337, type: 'eip7702', from, to: addr(authority), value: 0n, data: (await castAsync(['calldata', 'get()'])) as `0x${string}`, authorizationList: [auth] })
    const hash = await SendTx.signAndSend(via, p, key)
    expect((await SendTx.waitForReceipt(via, hash, { pollMs: 50, timeoutMs: 5000 })).status).toBe('success')
    expect(await txType(hash)).toBe(4)
    expect(await castAsync(['code', addr(authority), '--rpc-url', anvil.url])).toBe(`0xef0100${store.slice(2).toLowerCase()}`)
  })
})

describe('with automine off (pending transactions and replacement)', () => {
  let anvil: Anvil
  let direct: Rpc.Transport
  let proxy: Proxy
  let via: Rpc.Transport

  beforeAll(async () => {
    anvil = await startAnvil(['--no-mining'])
    direct = Rpc.http(anvil.url)
    proxy = await startProxy(anvil.url)
    via = Rpc.http(proxy.url, { timeoutMs: 2000 })
  })
  afterAll(async () => {
    await proxy?.close()
    await anvil?.stop()
  })
  const mine = () => Rpc.request(direct, 'evm_mine')

  it('speed-up: same nonce, fees bumped by at least 10%; the replacement wins and the state says so', async () => {
    const key = KEYS[0]
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 7n, data: '0x' })
    const first = await SendTx.signAndSend(via, p, key)
    expect(await PendingTx.status(via, { from: p.from, nonce: p.nonce, hashes: [first] })).toEqual({ kind: 'pending' })
    // the same fees again are refused by the node (a replacement must pay more)
    const same = await errorOf(SendTx.signAndSend(via, { ...p, value: 8n }, key))
    expect(same.message).toMatch(/underpriced|already|replacement/i)
    const faster = PendingTx.speedUp(p, await Fees.suggest(via))
    expect(faster.nonce).toBe(p.nonce)
    expect(faster.maxFeePerGas * 10n >= p.maxFeePerGas * 11n).toBe(true)
    expect(faster.maxPriorityFeePerGas * 10n >= p.maxPriorityFeePerGas * 11n).toBe(true)
    const second = await SendTx.signAndSend(via, faster, key)
    await mine()
    const s = await PendingTx.status(via, { from: p.from, nonce: p.nonce, hashes: [first, second] })
    expect(s.kind === 'mined' && s.index).toBe(1)
    expect(s.kind === 'mined' && s.hash).toBe(second)
    expect(await ChainBlocks.receipt(direct, first)).toBeNull()
    expect(await castAsync(['receipt', second, 'status', '--rpc-url', anvil.url])).toMatch(/^(1|true|success)/)
  })

  it('cancel: a 0-value transfer to oneself at the same nonce replaces the payment', async () => {
    const key = KEYS[1]
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 10n ** 18n, data: '0x' })
    const first = await SendTx.signAndSend(via, p, key)
    const c = PendingTx.cancel(p, await Fees.suggest(via))
    expect([c.to, c.value, c.data, c.nonce]).toEqual([p.from, 0n, '0x', p.nonce])
    const second = await SendTx.signAndSend(via, c, key)
    await mine()
    const s = await PendingTx.status(via, { from: p.from, nonce: p.nonce, hashes: [first, second] })
    expect(s.kind === 'mined' && s.index).toBe(1)
    expect((await castAsync(['tx', second, 'to', '--rpc-url', anvil.url])).toLowerCase()).toBe(p.from.toLowerCase())
  })

  it('a replacement sent from elsewhere: the state says the nonce was used by another transaction', async () => {
    const key = KEYS[2]
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const first = await SendTx.signAndSend(via, p, key)
    // cast replaces it at the same nonce with a much higher fee
    await castAsync(['send', '--private-key', key, '--rpc-url', anvil.url, '--async', '--nonce', String(p.nonce), '--gas-price', String(p.maxFeePerGas * 3n), '--priority-gas-price', String(p.maxPriorityFeePerGas * 3n), TO])
    await mine()
    expect(await PendingTx.status(via, { from: p.from, nonce: p.nonce, hashes: [first] })).toEqual({ kind: 'replaced-elsewhere' })
  })

  it('a node that drops connections: waiting reports "receipt unknown", keeps polling, and finds the receipt when the node returns', async () => {
    const key = KEYS[3]
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const hash = await SendTx.signAndSend(via, p, key)
    proxy.behaviour = { mode: 'drop' }
    const states: SendTx.WatchState[] = []
    let back = false
    const receipt = await SendTx.watchReceipt(via, hash, {
      pollMs: 20,
      maxPollMs: 100,
      onState: (s) => {
        states.push(s)
        if (!back && states.filter((x) => x.kind === 'unknown').length >= 3) {
          back = true
          proxy.behaviour = { mode: 'pass' }
          void mine()
        }
      },
    })
    expect(receipt.status).toBe('success')
    const unknown = states.filter((s) => s.kind === 'unknown')
    expect(unknown.length).toBeGreaterThanOrEqual(3)
    expect(unknown[0]!.kind === 'unknown' && unknown[0]!.error.name).toBe('Rpc.ConnectionError')
    // the delay grows (backoff)
    const delays = unknown.map((s) => (s.kind === 'unknown' ? s.nextMs : 0))
    expect(delays[2]!).toBeGreaterThan(delays[0]!)
    expect(await castAsync(['receipt', hash, 'status', '--rpc-url', anvil.url])).toMatch(/^(1|true|success)/)
  })

  it('cancel stops waiting, not knowing: the message names the hash the node holds', async () => {
    const key = KEYS[4]
    const p = await SendTx.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const hash = await SendTx.signAndSend(via, p, key)
    const signal = { aborted: false }
    const e = await errorOf(SendTx.watchReceipt(via, hash, { pollMs: 20, signal, onState: () => (signal.aborted = true) }))
    expect(e.name).toBe('SendTx.ReceiptTimeoutError')
    expect(e.message).toContain(`Stopped waiting; the node holds ${hash}`)
    expect(await castAsync(['tx', hash, 'hash', '--rpc-url', anvil.url])).toBe(hash)
    await mine()
  })
})

/**
 * TxPending against a real anvil with automine off (started here; needs @foundry-rs/anvil),
 * through a local proxy that can drop connections (test/fault-server.ts): replacements at the
 * same nonce (speed-up, cancel), which attempt was mined, a replacement sent from elsewhere by
 * cast, and waiting for a pending transaction's receipt through node failures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import { startProxy, type Proxy } from '../../../test/fault-server'
import { KEYS, TO, addr, errorOf } from '../../../test/chain/sendKit'
import * as ChainBlocks from '../chain/ChainBlocks'
import * as Fees from '../chain/Fees'
import * as TxPending from './TxPending'
import * as Rpc from '../chain/Rpc'
import * as TxSend from './TxSend'

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
    const p = await TxSend.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 7n, data: '0x' })
    const first = await TxSend.signAndSend(via, p, key)
    expect(await TxPending.status(via, { from: p.from, nonce: p.nonce, hashes: [first] })).toEqual({ kind: 'pending' })
    // the same fees again are refused by the node (a replacement must pay more)
    const same = await errorOf(TxSend.signAndSend(via, { ...p, value: 8n }, key))
    expect(same.message).toMatch(/underpriced|already|replacement/i)
    const faster = TxPending.speedUp(p, await Fees.suggest(via))
    expect(faster.nonce).toBe(p.nonce)
    expect(faster.maxFeePerGas * 10n >= p.maxFeePerGas * 11n).toBe(true)
    expect(faster.maxPriorityFeePerGas * 10n >= p.maxPriorityFeePerGas * 11n).toBe(true)
    const second = await TxSend.signAndSend(via, faster, key)
    await mine()
    const s = await TxPending.status(via, { from: p.from, nonce: p.nonce, hashes: [first, second] })
    expect(s.kind === 'mined' && s.index).toBe(1)
    expect(s.kind === 'mined' && s.hash).toBe(second)
    expect(await ChainBlocks.receipt(direct, first)).toBeNull()
    expect(await castAsync(['receipt', second, 'status', '--rpc-url', anvil.url])).toMatch(/^(1|true|success)/)
  })

  it('cancel: a 0-value transfer to oneself at the same nonce replaces the payment', async () => {
    const key = KEYS[1]
    const p = await TxSend.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 10n ** 18n, data: '0x' })
    const first = await TxSend.signAndSend(via, p, key)
    const c = TxPending.cancel(p, await Fees.suggest(via))
    expect([c.to, c.value, c.data, c.nonce]).toEqual([p.from, 0n, '0x', p.nonce])
    const second = await TxSend.signAndSend(via, c, key)
    await mine()
    const s = await TxPending.status(via, { from: p.from, nonce: p.nonce, hashes: [first, second] })
    expect(s.kind === 'mined' && s.index).toBe(1)
    expect((await castAsync(['tx', second, 'to', '--rpc-url', anvil.url])).toLowerCase()).toBe(p.from.toLowerCase())
  })

  it('a replacement sent from elsewhere: the state says the nonce was used by another transaction', async () => {
    const key = KEYS[2]
    const p = await TxSend.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const first = await TxSend.signAndSend(via, p, key)
    // cast replaces it at the same nonce with a much higher fee
    await castAsync(['send', '--private-key', key, '--rpc-url', anvil.url, '--async', '--nonce', String(p.nonce), '--gas-price', String(p.maxFeePerGas * 3n), '--priority-gas-price', String(p.maxPriorityFeePerGas * 3n), TO])
    await mine()
    expect(await TxPending.status(via, { from: p.from, nonce: p.nonce, hashes: [first] })).toEqual({ kind: 'replaced-elsewhere' })
  })

  it('a node that drops connections: waiting reports "receipt unknown", keeps polling, and finds the receipt when the node returns', async () => {
    const key = KEYS[3]
    const p = await TxSend.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const hash = await TxSend.signAndSend(via, p, key)
    proxy.behaviour = { mode: 'drop' }
    const states: TxSend.WatchState[] = []
    let back = false
    const receipt = await TxSend.watchReceipt(via, hash, {
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
    const p = await TxSend.prepare(via, { chainId: 31337, from: addr(key), to: TO, value: 1n, data: '0x' })
    const hash = await TxSend.signAndSend(via, p, key)
    const signal = { aborted: false }
    const e = await errorOf(TxSend.watchReceipt(via, hash, { pollMs: 20, signal, onState: () => (signal.aborted = true) }))
    expect(e.name).toBe('TxSend.ReceiptTimeoutError')
    expect(e.message).toContain(`Stopped waiting; the node holds ${hash}`)
    expect(await castAsync(['tx', hash, 'hash', '--rpc-url', anvil.url])).toBe(hash)
    await mine()
  })
})

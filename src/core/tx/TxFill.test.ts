/**
 * TxFill.fromNode against a real anvil (started here; needs @foundry-rs/anvil), through a local
 * proxy (test/fault-server.ts): nonce, fees and chain id in one round trip, as cast reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import { startProxy, type Proxy } from '../../../test/fault-server'
import { KEYS, addr, waves } from '../../../test/chain/sendKit'
import * as Rpc from '../chain/Rpc'
import * as TxFill from './TxFill'

describe('on an automining anvil', () => {
  let anvil: Anvil
  let proxy: Proxy
  let via: Rpc.Transport

  beforeAll(async () => {
    anvil = await startAnvil()
    proxy = await startProxy(anvil.url)
    via = Rpc.http(proxy.url, { timeoutMs: 2000 })
  })
  afterAll(async () => {
    await proxy?.close()
    await anvil?.stop()
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

})

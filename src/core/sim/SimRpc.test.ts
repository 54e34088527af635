import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../test/support'
import * as SimRpc from './SimRpc'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

async function single(method: string, params: unknown[]): Promise<unknown> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await r.json()) as { result: unknown }).result
}

describe('SimRpc over HTTP', () => {
  it('a round trip of 250 calls (three batches posted at once) answers in order, as the node answers each alone', async () => {
    const addrs = Array.from({ length: 125 }, (_, i) => `0x${(i + 0xf39fd6e5).toString(16).padStart(40, '0')}`)
    addrs[0] = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    const calls = addrs.flatMap((a) => [
      { method: 'eth_getBalance', params: [a, 'latest'] },
      { method: 'eth_getTransactionCount', params: [a, 'latest'] },
    ])
    const c = SimRpc.create(SimRpc.httpTransport(anvil.url))
    const got = await SimRpc.batch<string>(c, calls)
    expect(c.roundTrips).toBe(1)
    expect(c.requests).toBe(250)
    const want = await Promise.all(calls.slice(0, 6).map((x) => single(x.method, x.params)))
    expect(got.slice(0, 6)).toEqual(want)
    expect(BigInt(got[0]!)).toBeGreaterThan(0n)
  })

  it('a failed item: undefined when settled, the node\'s error otherwise; the budget stops before sending', async () => {
    const c = SimRpc.create(SimRpc.httpTransport(anvil.url), { maxRequests: 3 })
    const calls = [
      { method: 'eth_chainId', params: [] },
      { method: 'eth_getBalance', params: ['0x12', 'latest'] },
    ]
    const settled = await SimRpc.batchSettled<string>(c, calls)
    expect(settled).toEqual([await single('eth_chainId', []), undefined])
    await expect(SimRpc.batch(c, [calls[1]!])).rejects.toMatchObject({ name: 'Rpc.NodeError' })
    await expect(SimRpc.batch(c, calls)).rejects.toMatchObject({ name: 'SimRpc.BudgetError' })
    expect(c.requests).toBe(3)
  })

  it('an aborted signal stops before the next round trip', async () => {
    const signal = { aborted: true }
    const c = SimRpc.create(SimRpc.httpTransport(anvil.url), { signal })
    await expect(SimRpc.call(c, 'eth_chainId', [])).rejects.toMatchObject({ name: 'SimRpc.CancelledError' })
    expect(c.roundTrips).toBe(0)
  })
})

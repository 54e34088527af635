/**
 * RpcConsole against a real anvil (started here; needs @foundry-rs/anvil): a batch goes as one
 * JSON array in one HTTP request, and each answer is what Foundry's `cast rpc` gets; without an
 * HTTP URL (a browser wallet) the requests go one by one. URLs shown never carry an API key.
 * (test/chain/reads.test.ts runs the rpc-console tool's rows and its curl and cast commands.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../../../test/support'
import * as Rpc from './Rpc'
import * as RpcConsole from './RpcConsole'

let anvil: Anvil
let rpc: Rpc.Transport
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const castRpc = () => ['--rpc-url', anvil.url]
const BATCH = JSON.stringify([{ method: 'eth_chainId' }, { method: 'eth_getBalance', params: [A1, 'latest'] }, { method: 'eth_noSuchMethod', params: [] }, ['eth_getTransactionCount', [A0, 'latest']]])

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('RpcConsole.batch', () => {
  it('sends a batch as one JSON array in one request; each answer matches cast rpc', async () => {
    let posts = 0
    const counting: Rpc.FetchLike = async (u, init) => {
      posts++
      return fetch(u, init as RequestInit) as never
    }
    const r = await RpcConsole.batch(rpc, anvil.url, RpcConsole.parseBatch(BATCH), { fetch: counting })
    expect(posts).toBe(1)
    expect(r.asBatch).toBe(true)
    expect(r.answers.map((a) => a.method)).toEqual(['eth_chainId', 'eth_getBalance', 'eth_noSuchMethod', 'eth_getTransactionCount'])
    expect(r.answers[0]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_chainId', ...castRpc()])))
    expect(r.answers[1]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_getBalance', A1, 'latest', ...castRpc()])))
    expect(r.answers[2]!.error?.code).toBe(-32601)
    expect(r.answers[3]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_getTransactionCount', A0, 'latest', ...castRpc()])))
  })

  it('through a provider without a URL (a browser wallet): one request each, the same answers', async () => {
    const seen: string[] = []
    const wallet: Rpc.Eip1193Like = { request: (a) => (seen.push(a.method), rpc.request(a)) }
    const r = await RpcConsole.batch(wallet, undefined, RpcConsole.parseBatch(BATCH))
    expect(r.asBatch).toBe(false)
    expect(seen.sort()).toEqual(['eth_chainId', 'eth_getBalance', 'eth_getTransactionCount', 'eth_noSuchMethod'])
    expect(r.answers[0]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_chainId', ...castRpc()])))
    expect(r.answers[2]!.error?.code).toBe(-32601)
  })
})

describe('RpcConsole: what it shows', () => {
  it('masks API keys in the URL it shows', () => {
    const key = 'a1B2c3D4e5F6g7H8i9J0kLmN'
    for (const url of [`https://eth-mainnet.example.com/v2/${key}`, `https://rpc.example.com/?apikey=${key}`, `https://user:${key}@node.example.com/`]) {
      const shown = [RpcConsole.maskUrl(url), RpcConsole.curl(url, { method: 'eth_chainId', params: [] }), RpcConsole.castCommand(url, 'eth_chainId', [])]
      for (const s of shown) expect(s).not.toContain(key)
    }
    expect(RpcConsole.maskUrl(`https://eth-mainnet.example.com/v2/${key}`)).toBe('https://eth-mainnet.example.com/v2/<key>')
  })

  it('parses a batch in either request form, and refuses a bad one with its reason', () => {
    expect(RpcConsole.parseBatch('[{"jsonrpc":"2.0","id":7,"method":"eth_call","params":[{}]}, ["net_version"]]')).toEqual([
      { method: 'eth_call', params: [{}] },
      { method: 'net_version', params: [] },
    ])
    const bad = (text: string) => () => RpcConsole.parseBatch(text)
    expect(bad('{')).toThrow(/not valid JSON/)
    expect(bad('[]')).toThrow(/empty/)
    expect(bad(JSON.stringify(Array(RpcConsole.MAX_BATCH + 1).fill(['eth_chainId'])))).toThrow(/at most 100/)
    expect(bad('[{"method": "eth call"}]')).toThrow(/Request 1 has no valid "method"/)
  })
})

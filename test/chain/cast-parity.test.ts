/**
 * cast parity (#27), for the docs/CAST.md rows served by a network tool that had no comparison
 * with cast: on one anvil, each tool is run as the page runs it (parse → run with the node) and
 * its row compared with `cast … --rpc-url` on the same node, for random accounts and values.
 * Seeded (TEST_SEED replays).
 *
 * age → /block; codesize, codehash, storage-root, admin → /account; publish → /broadcast (both ways);
 * chain → /rpc-console's eth_chainId (cast names the chain by its genesis hash: a loopback
 * proxy in front of anvil answers block 0, 1 and 1,920,000 with each hash cast knows, and random ones).
 * (resolve-name and lookup-address: test/chain/cast-parity-ens.test.ts, with an ENS of test contracts.)
 */
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, testSeed, ANVIL_KEYS, runTool, type Anvil, randomInt as int, randomHex as hex } from '../support'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as GenesisName from '../../src/core/chain/GenesisName'
import type { RawInput } from '../../src/tools/types'

const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103'

let anvil: Anvil
let rpc: Rpc.Transport
const castRpc = () => ['--rpc-url', anvil.url]
const mined = (h: `0x${string}`) => TxSend.waitForReceipt(rpc, h, { timeoutMs: 10_000, pollMs: 50 })

const rowsOf = (id: string, raw: RawInput) => runTool(id, raw, { rpc, rpcUrl: anvil.url })

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  console.log(`cast parity on the devnet: seed ${testSeed}`)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('cast parity of network tools (anvil)', () => {
  it('age: /block\'s timestamp is the time cast prints, for blocks mined at random times', async () => {
    let t = Math.floor(Date.now() / 1000)
    for (let i = 0; i < 5; i++) {
      t += 1 + int(10 ** 7)
      await Rpc.request(rpc, 'evm_setNextBlockTimestamp', [t])
      await Rpc.request(rpc, 'evm_mine', [])
      const n = Number(await Rpc.request(rpc, 'eth_blockNumber', []))
      const printed = await castAsync(['age', String(n), ...castRpc()])
      // "Fri Nov 27 05:57:21 2026 UTC"
      const m = /^\w{3} (\w{3}) +(\d{1,2}) (\d\d:\d\d:\d\d) (\d{4}) UTC$/.exec(printed)
      expect(m, printed).not.toBeNull()
      const castSeconds = Date.parse(`${m![2]} ${m![1]} ${m![4]} ${m![3]} UTC`) / 1000
      const rows = await rowsOf('block', { block: String(n) })
      expect(rows.get('Timestamp'), printed).toMatch(new RegExp(`^${castSeconds} \\(`))
      expect(castSeconds).toBe(t)
    }
  })

  it('codesize, codehash, storage-root and admin: /account\'s rows equal cast\'s, for random code, storage and admin slots', async () => {
    for (let i = 0; i < 6; i++) {
      const at = hex(20)
      const code = hex(1 + int(3000))
      await Rpc.request(rpc, 'anvil_setCode', [at, code])
      for (let s = 0; s < int(4); s++) await Rpc.request(rpc, 'anvil_setStorageAt', [at, hex(32), hex(32)])
      const admin = int(3) ? hex(20) : null
      if (admin) await Rpc.request(rpc, 'anvil_setStorageAt', [at, ADMIN_SLOT, `0x${admin.slice(2).padStart(64, '0')}`])
      const rows = await rowsOf('account', { address: at })
      expect(rows.get('Code size'), at).toBe(`${await castAsync(['codesize', at, ...castRpc()])} bytes`)
      expect(rows.get('Storage root'), at).toBe(await castAsync(['storage-root', at, ...castRpc()]))
      expect(rows.get('Code hash'), at).toBe(await castAsync(['codehash', at, ...castRpc()]))
      const castAdmin = (await castAsync(['admin', at, ...castRpc()])).toLowerCase()
      const ours = rows.get('EIP-1967 admin')!
      if (admin) expect(ours.toLowerCase(), at).toContain(castAdmin)
      else {
        expect(castAdmin).toBe(`0x${'0'.repeat(40)}`)
        expect(ours).toBe('not set')
      }
    }
  })

  it('publish: /broadcast and cast publish send the same signed transactions, each seeing the other\'s hash', async () => {
    const key = ANVIL_KEYS[1]!
    const from = await castAsync(['wallet', 'address', key])
    let nonce = Number(await castAsync(['nonce', from, ...castRpc()]))
    for (let i = 0; i < 4; i++) {
      const raw = await castAsync(['mktx', '--private-key', key, '--nonce', String(nonce++), '--gas-limit', '21000', '--value', String(1 + int(10 ** 12)), hex(20), ...castRpc()])
      const hash = JSON.parse(JSON.parse(await castAsync(['decode-transaction', raw])) as string).hash as string
      if (i % 2 === 0) {
        const rows = await rowsOf('broadcast', { raw })
        expect(rows.get('Hash'), raw).toBe(hash)
      } else {
        const out = await castAsync(['publish', raw, ...castRpc()])
        expect(out).toContain(hash)
      }
      const receipt = await mined(hash as `0x${string}`)
      expect(receipt.status).toBe('success')
    }
  })


  it('chain: /rpc-console\'s eth_chainId names the chain as cast chain does, by genesis hash (each one cast knows, the shared ones, random ones)', async () => {
    // blocks answered with these hashes (by number); everything else goes to anvil unchanged
    let blocks: Record<number, string> = {}
    const proxy: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        void (async () => {
          const one = async (r: { id: unknown; method: string; params?: unknown[] }) => {
            const n = r.method === 'eth_getBlockByNumber' && typeof r.params?.[0] === 'string' ? Number(r.params[0]) : NaN
            if (!(n in blocks)) return (await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(r) })).json()
            const genesis = (await Rpc.request(rpc, 'eth_getBlockByNumber', ['0x0', r.params?.[1] === true])) as Record<string, unknown>
            return { jsonrpc: '2.0', id: r.id, result: { ...genesis, number: `0x${n.toString(16)}`, hash: blocks[n] } }
          }
          const parsed = JSON.parse(body) as Parameters<typeof one>[0] | Parameters<typeof one>[0][]
          const answer = Array.isArray(parsed) ? await Promise.all(parsed.map(one)) : await one(parsed)
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
        })()
      })
    })
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
    try {
      const named = Object.keys(GenesisName.GENESIS).sort(() => Math.random() - 0.5).slice(0, 8)
      const cases: Record<number, string>[] = [
        {}, // anvil's own genesis
        ...named.map((g) => ({ 0: g })),
        { 0: GenesisName.ETHEREUM_GENESIS, 1_920_000: GenesisName.ETC_DAO_BLOCK },
        { 0: GenesisName.ETHEREUM_GENESIS, 1_920_000: hex(32) },
        { 0: GenesisName.AVALANCHE_GENESIS, 1: GenesisName.FUJI_BLOCK_1 },
        { 0: GenesisName.AVALANCHE_GENESIS, 1: hex(32) },
        { 0: hex(32) },
        { 0: hex(32), 1: GenesisName.FUJI_BLOCK_1 },
      ]
      const seen = new Set<string>()
      for (const c of cases) {
        blocks = c
        const want = await castAsync(['chain', '--rpc-url', url])
        const rows = await runTool('rpc-console', { method: 'eth_chainId', params: '[]' }, { rpc: Rpc.http(url), rpcUrl: url })
        expect(rows.get('Chain / cast chain'), JSON.stringify(c)).toBe(want)
        expect(rows.get('Chain / Name (by chain id)')).toBe('Anvil / Hardhat (local devnet)')
        seen.add(want)
      }
      expect(seen.size, 'cast gave different names').toBeGreaterThanOrEqual(named.length + 5)
    } finally {
      await new Promise((r) => proxy.close(r))
    }
  })
})

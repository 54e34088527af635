/**
 * cast parity (#27) for `tx-pool` and `trace`: /rpc-console's decoded views of txpool_* and
 * trace_transaction, on a real anvil, against `cast tx-pool …` and `cast trace` on the same node.
 * The pool holds random pending and queued (nonce-gapped) transactions from random senders; the
 * traced transaction makes nested calls, a CREATE and a caught revert. Seeded (TEST_SEED replays).
 */
import { utils } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, testSeed, ANVIL_KEYS, runTool, type Anvil, randomInt as int } from '../support'
import { compile } from './solc'
import { solidity } from './registry'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as Units from '../../src/core/format/Units'

const SOURCE = solidity(`contract Leaf {
  uint256 public x;
  function set(uint256 v) external { if (v == 13) revert("thirteen"); x = v; }
}
contract Root {
  Leaf public leaf;
  function run(uint256 v) external {
    leaf = new Leaf();
    leaf.set(v);
    try leaf.set(13) {} catch {}
    (bool ok, ) = address(leaf).call(abi.encodeWithSignature("x()"));
    require(ok);
  }
}`)

let anvil: Anvil
let rpc: Rpc.Transport
const castRpc = () => ['--rpc-url', anvil.url]

const consoleRows = (method: string, params: unknown[]) => runTool('rpc-console', { method, params: JSON.stringify(params) }, { rpc, rpcUrl: anvil.url })

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  console.log(`node views against cast: seed ${testSeed}`)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('tx-pool and trace, decoded, against cast', () => {
  it('txpool_status, txpool_inspect and txpool_content read as cast tx-pool shows them (pending and queued)', async () => {
    await Rpc.request(rpc, 'anvil_setAutomine', [false])
    const sent: { from: string; nonce: number; hash: string; to: string; value: bigint; queued: boolean }[] = []
    for (const key of ANVIL_KEYS) {
      const from = (await castAsync(['wallet', 'address', key])).toLowerCase()
      const base = Number(await castAsync(['nonce', from, ...castRpc()]))
      const n = 1 + int(3)
      for (let i = 0; i < n + 1; i++) {
        const queued = i === n // one past a gap: queued
        const nonce = base + i + (queued ? 2 : 0)
        const to = `0x${Array.from({ length: 40 }, () => int(16).toString(16)).join('')}`
        const value = BigInt(int(10 ** 9)) * 10n ** BigInt(int(10))
        const hash = await castAsync(['send', '--async', '--private-key', key, '--nonce', String(nonce), '--gas-limit', '21000', '--value', value.toString(), to, ...castRpc()])
        sent.push({ from, nonce, hash, to, value, queued })
      }
    }
    const status = JSON.parse(await castAsync(['tx-pool', 'status', ...castRpc()])) as { pending: string; queued: string }
    const s = await consoleRows('txpool_status', [])
    expect(s.get('Pending')).toBe(BigInt(status.pending).toString())
    expect(s.get('Queued')).toBe(BigInt(status.queued).toString())
    expect(Number(s.get('Queued'))).toBe(sent.filter((t) => t.queued).length)

    const inspect = JSON.parse(await castAsync(['tx-pool', 'inspect', ...castRpc()])) as Record<'pending' | 'queued', Record<string, Record<string, string>>>
    const ins = await consoleRows('txpool_inspect', [])
    const content = JSON.parse(await castAsync(['tx-pool', 'content', ...castRpc()])) as Record<'pending' | 'queued', Record<string, Record<string, { hash: string; to: string; value: string }>>>
    const con = await consoleRows('txpool_content', [])
    for (const t of sent) {
      const section = t.queued ? 'queued' : 'pending'
      const label = `${t.queued ? 'Queued' : 'Pending'} · ${utils.getAddress(t.from)} nonce ${t.nonce}`
      expect(ins.get(label), label).toBe(inspect[section][t.from]![String(t.nonce)])
      const c = content[section][t.from]![String(t.nonce)]!
      expect(c.hash).toBe(t.hash)
      expect(con.get(label), label).toBe(`${utils.getAddress(c.to)}: ${Units.format(BigInt(c.value), 'ether')} ETH + 21000 gas × ${con.get(label)!.split(' × ')[1]}`)
      expect(con.get(label)).toContain(t.hash)
      expect(con.get(label)!.startsWith(`${utils.getAddress(t.to)}: ${Units.format(t.value, 'ether')} ETH`)).toBe(true)
    }
    await Rpc.request(rpc, 'evm_mine', [])
    await Rpc.request(rpc, 'anvil_setAutomine', [true])
  })

  it('eth_getProof reads as cast proof prints it, for random accounts and slots', async () => {
    for (let i = 0; i < 4; i++) {
      const at = `0x${Array.from({ length: 40 }, () => int(16).toString(16)).join('')}`
      const slots = Array.from({ length: 1 + int(3) }, () => `0x${Array.from({ length: 64 }, () => int(16).toString(16)).join('')}`)
      await Rpc.request(rpc, 'anvil_setBalance', [at, `0x${(BigInt(int(10 ** 9)) * 10n ** 12n).toString(16)}`])
      await Rpc.request(rpc, 'anvil_setCode', [at, '0x6001600055'])
      for (const s of slots.slice(1)) await Rpc.request(rpc, 'anvil_setStorageAt', [at, s, `0x${(1 + int(10 ** 6)).toString(16).padStart(64, '0')}`])
      const want = JSON.parse(await castAsync(['proof', at, ...slots, ...castRpc()])) as { balance: string; nonce: string; codeHash: string; storageHash: string; accountProof: string[]; storageProof: { key: string; value: string; proof: string[] }[] }
      const rows = await consoleRows('eth_getProof', [at, slots, 'latest'])
      expect(rows.get('Balance')).toBe(`${Units.format(BigInt(want.balance), 'ether')} ETH (${BigInt(want.balance)} wei)`)
      expect(rows.get('Nonce')).toBe(BigInt(want.nonce).toString())
      expect(rows.get('Code hash')).toBe(want.codeHash)
      expect(rows.get('Storage root')).toBe(want.storageHash)
      expect(rows.get('Account proof')).toMatch(new RegExp(`^${want.accountProof.length} trie nodes?, ${want.accountProof.reduce((n, x) => n + (x.length - 2) / 2, 0)} bytes$`))
      // a random slot is a 32-byte key: its label cut in the middle, the whole key leading the value
      for (const sp of want.storageProof) expect(rows.get(`Proof / Storage slot ${sp.key.slice(0, 10)}…${sp.key.slice(-8)}`), sp.key).toMatch(new RegExp(`^${sp.key}: ${sp.value} \\(${sp.proof.length} trie node`))
    }
  })

  it('trace_transaction frames are cast trace\'s, frame by frame (nested calls, a CREATE, a caught revert)', async () => {
    const c = compile(SOURCE)
    const from = await castAsync(['wallet', 'address', ANVIL_KEYS[0]!])
    const deploy = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from, data: c.Root!.bytecode }])) as `0x${string}`
    const root = (await TxSend.waitForReceipt(rpc, deploy, { timeoutMs: 10_000, pollMs: 50 })).contractAddress!
    for (let i = 0; i < 3; i++) {
      const v = 14 + int(10 ** 6)
      const data = await castAsync(['calldata', 'run(uint256)', String(v)])
      const hash = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from, to: root, data, gas: '0x100000' }])) as `0x${string}`
      await TxSend.waitForReceipt(rpc, hash, { timeoutMs: 10_000, pollMs: 50 })
      const want = JSON.parse(await castAsync(['trace', hash, ...castRpc()])) as { action: Record<string, string>; result?: Record<string, string>; error?: string; traceAddress: number[]; type: string }[]
      expect(want.length).toBeGreaterThanOrEqual(4)
      const rows = [...(await consoleRows('trace_transaction', [hash])).entries()].filter(([k]) => k.startsWith('Trace frames / '))
      expect(rows).toHaveLength(want.length)
      want.forEach((f, j) => {
        const [label, value] = rows[j]!
        const path = f.traceAddress.length ? f.traceAddress.join('.') : 'top'
        expect(label).toBe(`Trace frames / tx 0 · ${path} ${f.type === 'call' ? f.action.callType : f.type}`)
        // cast prints the node's lower case; the view checksums (EIP-55, by ethers v5 here)
        if (f.type === 'call') expect(value.startsWith(`${utils.getAddress(f.action.from!)} → ${utils.getAddress(f.action.to!)}`), value).toBe(true)
        else expect(value).toContain(`creates ${utils.getAddress(f.result!.address!)}`)
        if (f.result) expect(value).toContain(`gas used ${BigInt(f.result.gasUsed ?? 0)} of ${BigInt(f.action.gas ?? 0)}`)
        if (f.error) expect(value).toContain(`error: ${f.error}`)
      })
      expect(want.some((f) => f.error)).toBe(true)
      expect(want.some((f) => f.type === 'create')).toBe(true)
    }
  })
})

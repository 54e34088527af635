/**
 * "As cast" (#37): each chain tool's offered command, run as a person would paste it (through
 * /bin/sh, against the same anvil), answers what the page answered, for random accounts, code,
 * storage, calls and logs. Seeded (TEST_SEED replays). And no offered line carries a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatGwei, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startAnvil, testSeed, runTool, runCastLine, ANVIL_KEYS, type Anvil, randomInt as int, randomHex as hex } from '../support'
import { STORE_ABI, STORE_INIT } from './contracts'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import type { RawInput } from '../../src/tools/types'

let anvil: Anvil
let rpc: Rpc.Transport
const rowsOf = (id: string, raw: RawInput) => runTool(id, raw, { rpc, rpcUrl: anvil.url })
/** The tool's "As cast" lines, each run; their outputs in order. */
async function castOf(rows: Map<string, string>): Promise<{ lines: string[]; out: string[] }> {
  const text = rows.get('As cast')
  expect(text, 'an "As cast" row').toBeDefined()
  const lines = text!.split('\n')
  for (const l of lines) expect(l).toContain(`--rpc-url ${anvil.url}`)
  return { lines, out: await Promise.all(lines.map(runCastLine)) }
}
/** cast's "key   value" lines (tx, receipt, block) as a map. */
const fieldsOf = (out: string) => new Map(out.split('\n').flatMap((l) => { const m = /^(\w+)\s+(.*)$/.exec(l.trim()); return m ? [[m[1]!, m[2]!] as const] : [] }))
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const SET = (v: bigint) => `0x60fe47b1${v.toString(16).padStart(64, '0')}` as Hex
async function sendFrom(tx: Record<string, string>) {
  const hash = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from: A0, ...tx }])) as Hex
  return { hash, ...(await TxSend.waitForReceipt(rpc, hash, { timeoutMs: 10_000, pollMs: 50 })) }
}
const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  console.log(`As cast on the devnet: seed ${testSeed}`)
})
afterAll(async () => {
  await anvil?.stop()
})

describe('As cast: the offered command answers what the page answered (anvil)', () => {
  it('/account: balance, nonce, code and the asked slots, at the block read, for random accounts', async () => {
    for (let i = 0; i < 5; i++) {
      const at = hex(20)
      const balance = BigInt(hex(1 + int(16)))
      await Rpc.request(rpc, 'anvil_setBalance', [at, toHex(balance)])
      await Rpc.request(rpc, 'anvil_setNonce', [at, toHex(int(1000))])
      if (int(2)) await Rpc.request(rpc, 'anvil_setCode', [at, hex(1 + int(500))])
      const slots = Array.from({ length: int(3) }, () => hex(32))
      for (const s of slots) await Rpc.request(rpc, 'anvil_setStorageAt', [at, s, hex(32)])
      await Rpc.request(rpc, 'evm_mine', [])
      const n = Number(await Rpc.request(rpc, 'eth_blockNumber', []))
      const block = int(2) ? String(n) : 'latest'
      const rows = await rowsOf('account', { address: at, block, slots: slots.join('\n'), unit: 'wei' })
      const { lines, out } = await castOf(rows)
      expect(lines).toHaveLength(3 + slots.length)
      if (block !== 'latest') for (const l of lines) expect(l).toContain(`--block ${n}`)
      expect(out[0], lines[0]).toBe(rows.get('Balance (wei)'))
      expect(out[0]).toBe(balance.toString())
      expect(out[1], lines[1]).toBe(rows.get('Nonce'))
      expect(out[2], lines[2]).toBe(rows.get('Code') ?? '0x')
      slots.forEach((s, k) => expect(word(BigInt(out[3 + k]!)), lines[3 + k]).toBe(rows.get(`Storage / slot ${BigInt(s) < 2n ** 32n ? BigInt(s).toString() : s}`)))
    }
  })
  let store: Hex
  it('/contract-read: cast call of the same call data at the same block returns the raw result the page decoded, for random stored values', async () => {
    store = (await sendFrom({ data: STORE_INIT, gas: '0x30000' })).contractAddress!
    for (let i = 0; i < 4; i++) {
      const v = BigInt(int(101))
      const r = await sendFrom({ to: store, data: SET(v), gas: '0x20000' })
      const block = int(2) ? String(BigInt(r.blockNumber)) : 'latest'
      const rows = await rowsOf('contract-read', { address: store, abi: STORE_ABI, function: 'get', args: '', block, ...(int(2) ? { from: hex(20) } : {}) })
      const { lines, out } = await castOf(rows)
      expect(out[0], lines[0]).toBe(rows.get('Call / Raw result'))
      expect(BigInt(out[0]!)).toBe(v)
    }
  })

  it('/logs: cast logs over the same blocks, address and topic finds the same logs', async () => {
    const hashes: string[] = []
    for (let i = 0; i < 3 + int(3); i++) hashes.push((await sendFrom({ to: store, data: SET(BigInt(int(101))), gas: '0x20000' })).hash)
    const rows = await rowsOf('logs', { address: store, event: 'Set(uint256 value)', fromBlock: '0', toBlock: 'latest' })
    const { lines, out } = await castOf(rows)
    expect(lines[0]).toMatch(/ --from-block 0 --to-block \d+ --address 0x[0-9a-fA-F]{40} 0x[0-9a-f]{64} /)
    const castTxs = [...out[0]!.matchAll(/transactionHash: (0x[0-9a-f]{64})/g)].map((m) => m[1])
    const ours = [...rows].filter(([k]) => /^Logs .* \/ #\d+ transaction$/.test(k)).map(([, v]) => v)
    expect(castTxs).toEqual(ours)
    expect(ours.slice(-hashes.length)).toEqual(hashes)
  })

  it('/transaction and /block: cast tx, cast receipt and cast block print the hash, sender, nonce, gas and block the page shows', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await sendFrom({ to: hex(20), value: toHex(BigInt(hex(6))) })
      const rows = await rowsOf('transaction', { hash: r.hash })
      const { lines, out } = await castOf(rows)
      expect(lines).toHaveLength(2)
      const tx = fieldsOf(out[0]!)
      const receipt = fieldsOf(out[1]!)
      expect(tx.get('hash')).toBe(rows.get('Hash'))
      expect(tx.get('from')?.toLowerCase()).toBe(rows.get('From')!.toLowerCase())
      expect(tx.get('nonce')).toBe(rows.get('Nonce'))
      expect(tx.get('blockNumber')).toBe(rows.get('Block'))
      expect(receipt.get('gasUsed')).toBe(rows.get('Gas used'))
      expect(receipt.get('status')).toMatch(rows.get('Status') === 'success' ? /^1\b/ : /^0\b/)
      const blockRows = await rowsOf('block', { block: int(2) ? rows.get('Block')! : 'latest' })
      const b = await castOf(blockRows)
      const fields = fieldsOf(b.out[0]!)
      expect(fields.get('hash')).toBe(blockRows.get('Hash'))
      expect(fields.get('number')).toBe(blockRows.get('Number'))
      expect(fields.get('gasUsed')).toBe(blockRows.get('Gas used')!.split(' ')[0])
    }
  })

  it('/find-block: cast find-block prints the closest block the page found, for random times', async () => {
    const head = await Rpc.request(rpc, 'eth_getBlockByNumber', ['latest', false]) as { timestamp: string }
    const t0 = Number(BigInt(head.timestamp))
    for (let i = 0; i < 4; i++) {
      await Rpc.request(rpc, 'evm_setNextBlockTimestamp', [t0 + 10 * (i + 1) + int(7)])
      await Rpc.request(rpc, 'evm_mine', [])
    }
    for (let i = 0; i < 4; i++) {
      const rows = await rowsOf('find-block', { time: String(t0 + int(60)), mode: 'find' })
      const { out } = await castOf(rows)
      expect(out[0]).toBe(rows.get('Closest (cast find-block)'))
    }
  })

  it('/access-list: cast access-list gives the gas used and the accounts and keys of the page’s list', async () => {
    for (let i = 0; i < 3; i++) {
      const rows = await rowsOf('access-list', { to: store, data: SET(BigInt(int(101))), from: A0 })
      const { lines, out } = await castOf(rows)
      expect(lines[0]!.toLowerCase()).toContain(`--from ${A0}`)
      expect(out[0]).toMatch(new RegExp(`gas used: ${rows.get('Gas used (cast access-list)')}\\b`))
      const castKeys = [...out[0]!.matchAll(/0x[0-9a-fA-F]{64}/g)].map((m) => m[0].toLowerCase())
      const ours = [...rows].filter(([k]) => /^Access list \/ Key /.test(k)).map(([, v]) => v.toLowerCase())
      expect(castKeys).toEqual(ours)
      const castAccounts = [...out[0]!.matchAll(/address: (0x[0-9a-fA-F]{40})/g)].map((m) => m[1]!.toLowerCase())
      expect(castAccounts).toEqual([...rows].filter(([k]) => /^Access list \/ Account /.test(k)).map(([, v]) => v.toLowerCase()))
    }
  })
  it('/send-transaction: cast send sends exactly the reviewed transaction (from, to, value, data, nonce, gas, fees); never a key in the line', async () => {
    const signers = [
      { raw: { signer: 'node', from: A0 }, from: A0, key: undefined },
      { raw: { signer: 'key', privateKey: ANVIL_KEYS[1] }, from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', key: ANVIL_KEYS[1] },
    ] as const
    for (let i = 0; i < 4; i++) {
      const who = signers[i % 2]!
      const to = hex(20)
      const value = BigInt(hex(1 + int(6)))
      const data = int(2) ? hex(int(40)) : '0x'
      const rows = await rowsOf('send-transaction', { ...who.raw, to, value: value.toString(), unit: 'wei', data, chainId: '31337' })
      const line = rows.get('As cast')!
      expect(line).toBeDefined()
      if (who.key) {
        // the secret is in no form in the line: with or without 0x, in either case
        expect(line.toLowerCase()).not.toContain(who.key.slice(2).toLowerCase())
        expect(line).toMatch(/ --interactive /)
      } else expect(line).toMatch(new RegExp(` --unlocked --from ${A0} `, 'i'))
      // run as pasted; the key (for --interactive) given by the test on the command line, as a person types it at the prompt
      const out = await runCastLine(who.key ? line.replace(' --interactive ', ` --private-key ${who.key} `) : line)
      const hash = /transactionHash\s+(0x[0-9a-f]{64})/.exec(out)?.[1]
      expect(hash, out).toBeDefined()
      const sent = (await Rpc.request(rpc, 'eth_getTransactionByHash', [hash])) as { from: string; to: string; value: string; input: string; nonce: string; gas: string; type: string; maxFeePerGas: string; maxPriorityFeePerGas: string }
      const want = (label: string) => rows.get(label)
      expect(sent.from.toLowerCase()).toBe(who.from)
      expect(sent.to.toLowerCase()).toBe(to.toLowerCase())
      expect(BigInt(sent.value)).toBe(value)
      expect(sent.input).toBe(data === '0x' ? '0x' : data.toLowerCase())
      expect(String(BigInt(sent.nonce))).toBe(want('Nonce'))
      expect(BigInt(sent.gas).toString()).toBe(want('Gas limit')!.replace(/\D/g, ''))
      expect(sent.type).toBe('0x2')
      expect(`${formatGwei(BigInt(sent.maxFeePerGas))} gwei`).toBe(want('Max fee per gas'))
      expect(`${formatGwei(BigInt(sent.maxPriorityFeePerGas))} gwei`).toBe(want('Max priority fee per gas'))
    }
  })
  it('/broadcast: cast publish of the same raw transaction, on a second node, gets the hash the page got', async () => {
    const other = await startAnvil()
    try {
      for (let i = 0; i < 3; i++) {
        // a fresh key with funds on both nodes: the same raw transaction is valid on each
        const account = privateKeyToAccount(hex(32) as Hex)
        for (const url of [anvil.url, other.url]) await Rpc.request(Rpc.http(url), 'anvil_setBalance', [account.address, '0x3635c9adc5dea00000'])
        const raw = await account.signTransaction({ chainId: 31337, type: 'eip1559', nonce: 0, gas: 21_000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 1n, to: hex(20) as Hex, value: BigInt(int(10 ** 6)) })
        const rows = await rowsOf('broadcast', { raw })
        const line = rows.get('As cast')!
        expect(line).toBe(`cast publish ${raw} --rpc-url ${anvil.url}`)
        const out = await runCastLine(line.replace(anvil.url, other.url))
        expect(out).toContain(rows.get('Hash'))
      }
    } finally {
      await other.stop()
    }
  })
  it('/simulate: cast run replays the mined transaction, cast call --trace traces the call; the same gas used and frames as the page', async () => {
    const gasOf = (out: string) => /Gas used: (\d+)/.exec(out)?.[1]
    const framesOf = (out: string) => out.split('\n').filter((l) => /^\s*(?:[├└]─ )?\[\d+\] /.test(l)).length
    for (let i = 0; i < 3; i++) {
      const v = BigInt(int(101))
      const mined = await sendFrom({ to: store, data: SET(v), gas: '0x20000' })
      const replay = await rowsOf('simulate', { mode: 'hash', hash: mined.hash })
      const r = await castOf(replay)
      expect(r.lines[0]).toMatch(new RegExp(`^cast run ${mined.hash} `))
      expect(gasOf(r.out[0]!), r.out[0]).toBe(replay.get('Summary / Gas used'))
      expect(gasOf(r.out[0]!)).toBe(mined.gasUsed.toString())
      // a call on the latest state, from a random sender: the first reverts (v > 100), the others not
      const call = await rowsOf('simulate', { mode: 'call', from: hex(20), to: store, data: SET(BigInt(i === 0 ? 101 + int(50) : int(101))), abi: STORE_ABI })
      const c = await castOf(call)
      expect(c.lines[0]).toMatch(/ --trace --rpc-url /)
      expect(gasOf(c.out[0]!), c.out[0]).toBe(call.get('Summary / Gas used'))
      expect(framesOf(c.out[0]!), c.out[0]).toBe(Number(call.get('Summary / Frames')))
      // a revert: cast's trace ends in it, with the reason the page gives
      if (call.get('Summary / Status') !== 'success') expect(c.out[0]).toMatch(new RegExp(`Revert.*${call.get('Summary / Reason')}`))
    }
  })
  it('/debug: its cast line opens the same run in cast’s debugger; run without the TUI (--debug off, --trace for a call), the same gas used', async () => {
    const gasOf = (out: string) => /Gas used: (\d+)/.exec(out)?.[1]
    const mined = await sendFrom({ to: store, data: SET(BigInt(int(101))), gas: '0x20000' })
    const replay = await rowsOf('debug', { mode: 'hash', hash: mined.hash })
    const line = replay.get('As cast')!
    expect(line).toBe(`cast run ${mined.hash} --debug --rpc-url ${anvil.url}`)
    expect(gasOf(await runCastLine(line.replace(' --debug', ''))), line).toBe(replay.get('Gas used'))
    const call = await rowsOf('debug', { mode: 'call', from: hex(20), to: store, data: SET(BigInt(int(101))) })
    const callLine = call.get('As cast')!
    expect(callLine).toMatch(/^cast call .* --debug --rpc-url /)
    expect(gasOf(await runCastLine(callLine.replace(' --debug', ' --trace'))), callLine).toBe(call.get('Gas used'))
  })
  it('/storage-read: cast storage of each slot a value came from gives the word the page decoded it from, for random packed layouts', async () => {
    for (let i = 0; i < 4; i++) {
      const at = hex(20)
      await Rpc.request(rpc, 'anvil_setCode', [at, '0x00'])
      // unsigned integers packed from byte 0 of random slots, as solc's storageLayout writes them
      const sizes = [1, 8, 16, 32] as const
      const storage: { label: string; offset: number; slot: string; type: string }[] = []
      for (let v = 0; v < 2 + int(4); v++) {
        const slot = BigInt(int(2) ? int(8) : hex(8)).toString()
        const used = storage.filter((e) => e.slot === slot).reduce((n, e) => n + Number(/\d+/.exec(e.type)![0]) / 8, 0)
        const size = sizes[int(sizes.length)]!
        if (used + size > 32) continue
        storage.push({ label: `v${v}`, offset: used, slot, type: `t_uint${size * 8}` })
      }
      const types = Object.fromEntries(sizes.map((n) => [`t_uint${n * 8}`, { encoding: 'inplace', label: `uint${n * 8}`, numberOfBytes: String(n) }]))
      for (const slot of new Set(storage.map((e) => e.slot))) await Rpc.request(rpc, 'anvil_setStorageAt', [at, toHex(BigInt(slot), { size: 32 }), hex(32)])
      await Rpc.request(rpc, 'evm_mine', [])
      const rows = await rowsOf('storage-read', { layout: JSON.stringify({ storage, types }), address: at, block: 'latest' })
      const { lines, out } = await castOf(rows)
      const slots = [...new Set(storage.map((e) => e.slot))]
      expect(lines).toHaveLength(slots.length)
      for (const e of storage) {
        const k = lines.findIndex((l) => l.includes(` ${toHex(BigInt(e.slot), { size: 32 })} `) || l.includes(` ${e.slot} `))
        expect(k, `${e.label} at slot ${e.slot}: ${lines.join(' | ')}`).toBeGreaterThanOrEqual(0)
        const bits = BigInt(Number(/\d+/.exec(e.type)![0]))
        const value = (BigInt(out[k]!) >> BigInt(e.offset * 8)) & ((1n << bits) - 1n)
        expect([...rows].find(([label]) => label.endsWith(`/ ${e.label}`) || label === e.label)?.[1], e.label).toBe(value.toString())
      }
    }
  })
})

/**
 * Verified mode (#26) on anvil, through a loopback tampering proxy: /contract-read's ERC-20
 * preset and a transfer simulation run over proven state only and give cast's and the plain
 * simulation's answers; a proxy that changes one balance, one storage word or one code byte
 * the execution needs is refused every time, naming the account (and slot) it changed; two
 * nodes that disagree on the block hash are reported as such; a pasted hash anchors the block.
 * Random tamperings are seeded (the seed is printed; TEST_SEED replays).
 */
import { utils } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Erc20Preset from '../../src/core/abi/Erc20Preset'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import tool from '../../src/tools/contract-read'
import meta from '../../src/tools/contract-read/meta'
import accountTool from '../../src/tools/account'
import accountMeta from '../../src/tools/account/meta'
import { withDefaults } from '../../src/tools/define'
import type { Row } from '../../src/tools/types'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as Simulation from '../../src/core/sim/Simulation'
import * as VerifiedReads from '../../src/core/sim/VerifiedReads'
import { castAsync, seedRandomness, startAnvil, testSeed, type Anvil } from '../support'
import { KEYS, TO, addr } from './sendKit'
import { compile, deploy } from './tokenKit'
import { startTamperProxy, type Json, type TamperProxy } from './tamperProxy'

const ERC20 = new utils.Interface(Erc20Preset.ABI_TEXT.split('\n'))
let anvil: Anvil
let other: Anvil
let rpc: Rpc.Transport
let proxy: TamperProxy
let proxyUrl: string
let token: `0x${string}`
const owner = addr(KEYS[0]) as `0x${string}`



const rand = (n: number) => Math.floor(Math.random() * n)
function flipByte(hex: string, from = 0): string {
  const body = hex.slice(2)
  const i = from + rand(body.length / 2 - from)
  const b = parseInt(body.slice(2 * i, 2 * i + 2), 16) ^ (1 + rand(255))
  return `0x${body.slice(0, 2 * i)}${b.toString(16).padStart(2, '0')}${body.slice(2 * i + 2)}`
}

beforeAll(async () => {
  seedRandomness()
  console.log(`verified-reads: seed ${testSeed} (TEST_SEED=${testSeed} replays it)`)
  ;[anvil, other] = await Promise.all([startAnvil(), startAnvil()])
  rpc = Rpc.http(anvil.url)
  const c = compile()
  token = await deploy(rpc, c.GlanceToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [10n ** 15n]).slice(2))
  const p = await TxSend.prepare(rpc, { chainId: 31337, from: owner, to: token, value: 0n, data: ERC20.encodeFunctionData('transfer', [TO, 12345n]) as `0x${string}` })
  await TxSend.waitForReceipt(rpc, await TxSend.signAndSend(rpc, p, KEYS[0]), { pollMs: 50 })
  // the second anvil mines a different block, so its hashes differ from the first's
  await Rpc.request(Rpc.http(other.url), 'anvil_mine', ['0x10'])
  proxy = await startTamperProxy(anvil.url)
  proxyUrl = proxy.url
}, 120_000)

afterAll(async () => {
  await proxy?.close()
  await Promise.all([anvil?.stop(), other?.stop()])
})

const verified = (anchor: VerifiedReads.Anchor = { kind: 'none' }, url = proxyUrl) => VerifiedReads.transport(SimRpc.httpTransport(url), anchor)
const nodeAnchor = (url: string): VerifiedReads.Anchor => ({ kind: 'node', url, transport: SimRpc.httpTransport(url) })

/** /contract-read's rows for one preset read over a verified provider. */
async function read(t: VerifiedReads.VerifiedTransport, fn: string, args: string[] = []): Promise<Map<string, Row>> {
  const p = tool.parse(withDefaults(meta, { address: token, abi: Erc20Preset.ABI_TEXT, function: fn, args: JSON.stringify(args) }))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  const r = await tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: VerifiedReads.provider(t, VerifiedReads.evmExecute(t)), rpcUrl: t.url })
  return new Map(r.sections.flatMap((s) => s.rows.map((row) => [row.label, row] as const)))
}

/** A transfer of `amount` simulated over `t` (or over the plain node). */
async function simulateTransfer(t: SimRpc.Transport, amount = 777n) {
  const client = SimRpc.create(t)
  const session = await Simulation.openAt(client, 'latest', { call: { from: owner, to: token, data: ERC20.encodeFunctionData('transfer', [TO, amount]) as `0x${string}` } })
  const result = await Simulation.call(session, { from: owner, to: token, data: ERC20.encodeFunctionData('transfer', [TO, amount]) as `0x${string}` })
  return { result, client }
}

describe('verified reads: honest node', () => {
  it("the ERC-20 preset read over proven state and re-executed in the page's EVM equals cast's", async () => {
    const t = verified(nodeAnchor(anvil.url))
    const bal = await read(t, 'balanceOf', [TO])
    expect(bal.get('#1 (uint256)')?.value).toBe((await castAsync(['call', token, 'balanceOf(address)(uint256)', TO, '--rpc-url', anvil.url])).split(' ')[0])
    expect((await read(t, 'symbol')).get('#1 (string)')?.value).toBe('GLT')
    expect(t.record.executed).toBeGreaterThanOrEqual(2)
    expect(t.record.accounts).toBeGreaterThanOrEqual(2)
    expect(t.record.slots).toBeGreaterThanOrEqual(1)
    expect(t.record.headers[0]!.anchoredBy).toBe('node')
    expect(t.record.unproven).not.toContain('eth_call')
    const s = VerifiedReads.summary(t.record)
    expect(s.anchor).toContain(anvil.url)
    expect(s.notProven).toMatch(/not a proof the block is canonical/)
  })

  it('a simulation over proven state gives the plain simulation\'s diff, with at most one extra round trip (the anchor)', async () => {
    const plain = await simulateTransfer(SimRpc.httpTransport(anvil.url))
    const t = verified(nodeAnchor(anvil.url))
    const v = await simulateTransfer(t)
    expect(v.result.status).toBe('success')
    expect(v.result.returnData).toBe(plain.result.returnData)
    expect(v.result.diff).toEqual(plain.result.diff)
    expect(v.client.roundTrips).toBe(plain.client.roundTrips)
    expect(t.record.extraRoundTrips).toBe(1)
    // with a pasted hash: no extra round trip at all
    const block = (await Rpc.request(rpc, 'eth_getBlockByNumber', ['latest', false])) as { hash: `0x${string}` }
    const h = verified({ kind: 'hash', hash: block.hash })
    const w = await simulateTransfer(h)
    expect(w.result.diff).toEqual(plain.result.diff)
    expect(h.record.extraRoundTrips).toBe(0)
    expect(h.record.headers[0]!.hash).toBe(block.hash)
  })
})

/** /account's rows (plain mode) over a verified provider. */
async function account(t: VerifiedReads.VerifiedTransport, address: string, slots = ''): Promise<Map<string, Row>> {
  const p = accountTool.parse(withDefaults(accountMeta, { address, unit: 'wei', slots }))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  const r = await accountTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: VerifiedReads.provider(t), rpcUrl: t.url })
  return new Map(r.sections.flatMap((s) => s.rows.map((row) => [row.label, row] as const)))
}

describe('verified reads: /account', () => {
  it("an account and a contract's slot read through proofs equal the node's plain answers; a changed balance or slot is refused, named", async () => {
    const rows = await account(verified(), owner)
    expect(rows.get('Balance (wei)')?.value).toBe(BigInt(String(await Rpc.request(rpc, 'eth_getBalance', [owner, 'latest']))).toString())
    const c = await account(verified(), token, '0x0')
    expect(c.get('Storage root')?.value).toMatch(/^0x[0-9a-f]{64}$/)
    proxy.tamper = { method: 'eth_getProof', applied: false, mutate: (r) => ({ ...(r as Json), balance: '0x1' }) }
    await expect(account(verified(), owner)).rejects.toMatchObject({ name: 'ProofVerify.AccountMismatchError', message: expect.stringContaining(owner.toLowerCase()) })
    proxy.tamper = null
  })
})

describe('verified reads: a lying node is refused, named', () => {
  it('two nodes that disagree on the block hash are reported as such', async () => {
    await expect(simulateTransfer(verified(nodeAnchor(other.url)))).rejects.toMatchObject({ name: 'VerifiedReads.NodesDisagreeError', message: expect.stringMatching(/two nodes disagree on block \d+/) })
    await expect(read(verified(nodeAnchor(other.url)), 'decimals')).rejects.toMatchObject({ name: 'VerifiedReads.NodesDisagreeError' })
    const wrong = `0x${'ab'.repeat(32)}` as `0x${string}`
    await expect(read(verified({ kind: 'hash', hash: wrong }), 'decimals')).rejects.toMatchObject({ name: 'VerifiedReads.UnknownAnchorError', message: expect.stringContaining(wrong) })
    // a node that answers the pasted hash with another block is caught by the header's own hash
    const block = (await Rpc.request(rpc, 'eth_getBlockByNumber', ['latest', false])) as { hash: `0x${string}` }
    proxy.tamper = { method: 'eth_getBlockByHash', applied: false, mutate: (r) => ({ ...(r as Json), hash: wrong }) }
    await expect(read(verified({ kind: 'hash', hash: block.hash }), 'decimals')).rejects.toMatchObject({ name: 'ProofVerify.HeaderHashError' })
    expect(proxy.tamper.applied).toBe(true)
    proxy.tamper = null
  })

  const kinds = ['balance', 'storage', 'code'] as const
  it('a changed balance, storage word or code byte is refused every time, naming the account and slot (60 seeded tamperings)', async () => {
    let caught = 0
    for (let i = 0; i < 60; i++) {
      const kind = kinds[i % 3]!
      let changed = ''
      let slot = ''
      proxy.tamper =
        kind === 'code'
          ? { method: 'eth_getCode', applied: false, mutate: (r, p) => (r === '0x' ? null : ((changed = String(p[0])), flipByte(r as string))) }
          : kind === 'balance'
            ? { method: 'eth_getProof', applied: false, mutate: (r) => ((changed = String((r as Json).address)), { ...(r as Json), balance: `0x${(BigInt(String((r as Json).balance)) + 1n + BigInt(rand(1e9))).toString(16)}` }) }
            : {
                method: 'eth_getProof',
                applied: false,
                mutate: (r) => {
                  const sp = (r as Json).storageProof as Json[]
                  if (!sp.length) return null
                  const k = rand(sp.length)
                  changed = String((r as Json).address)
                  slot = String(sp[k]!.key)
                  return { ...(r as Json), storageProof: sp.map((e, j) => (j === k ? { ...e, value: `0x${(BigInt(String(e.value)) ^ BigInt(1 + rand(1e9))).toString(16)}` } : e)) }
                },
              }
      const run = i % 2 === 0 ? simulateTransfer(verified(), BigInt(1 + rand(1000))).then(() => null) : read(verified(), i % 4 === 1 ? 'balanceOf' : 'totalSupply', i % 4 === 1 ? [owner] : []).then(() => null)
      const err = (await run.catch((e: unknown) => e)) as { name?: string; message?: string } | null
      expect(proxy.tamper.applied, `tampering ${i} (${kind}) found something to change`).toBe(true)
      expect(err, `tampering ${i} (${kind}) was refused`).not.toBeNull()
      expect(err!.name).toMatch(/^ProofVerify\.(AccountMismatch|StorageMismatch|CodeMismatch)Error$/)
      expect(String(err!.message).toLowerCase()).toContain(changed.toLowerCase())
      if (kind === 'storage') expect(err!.message).toContain(`0x${BigInt(slot).toString(16).padStart(64, '0')}`)
      caught++
    }
    proxy.tamper = null
    expect(caught).toBe(60)
  }, 120_000)
})

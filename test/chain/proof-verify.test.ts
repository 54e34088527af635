/**
 * Verified reads (issue #26) against a real anvil: random accounts (funded with
 * anvil_setBalance, given nonces) and contracts (random code, random storage words) read
 * through ProofVerify.readAccount verify at a block and give back exactly what was written;
 * a loopback tampering proxy between the client and anvil that changes one balance, one
 * storage word, one code byte, one proof node or one header field is caught every time,
 * with an error naming what it changed, over at least 200 random tamperings (seeded; the
 * seed is printed).
 */
import { Hash } from 'ox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, testSeed, type Anvil } from '../support'
import * as ProofVerify from '../../src/core/chain/ProofVerify'
import * as Rpc from '../../src/core/chain/Rpc'
import { BaseError } from '../../src/core/Errors'
import { startTamperProxy, type Json, type TamperProxy } from './tamperProxy'

const TAMPERINGS = 220
let anvil: Anvil
let direct: Rpc.Transport
let proxy: TamperProxy
let proxied: Rpc.Transport


const rand = (n: number) => Math.floor(Math.random() * n)
const randHex = (bytes: number) => `0x${Array.from({ length: bytes }, () => rand(256).toString(16).padStart(2, '0')).join('')}` as `0x${string}`
/** Flips one random byte of a hex string (never to the same value). */
function flipByte(hex: string): string {
  const body = hex.slice(2)
  const i = rand(body.length / 2)
  const b = parseInt(body.slice(2 * i, 2 * i + 2), 16) ^ (1 + rand(255))
  return `0x${body.slice(0, 2 * i)}${b.toString(16).padStart(2, '0')}${body.slice(2 * i + 2)}`
}

interface Written { address: `0x${string}`; balance: bigint; nonce: bigint; code: `0x${string}`; storage: { slot: `0x${string}`; value: `0x${string}` }[] }
const accounts: Written[] = []
let blockNumber: bigint


beforeAll(async () => {
  console.log(`proof-verify: seed ${testSeed} (TEST_SEED=${testSeed} replays it)`)
  anvil = await startAnvil()
  direct = Rpc.http(anvil.url)
  proxy = await startTamperProxy(anvil.url)
  proxied = Rpc.http(proxy.url, { retries: 0 })
  for (let i = 0; i < 12; i++) {
    const address = randHex(20)
    const balance = BigInt(randHex(1 + rand(16)))
    const nonce = BigInt(rand(1000))
    const code = i % 2 === 0 ? randHex(1 + rand(200)) : '0x'
    await Rpc.request(direct, 'anvil_setBalance', [address, Rpc.toQuantity(balance)])
    await Rpc.request(direct, 'anvil_setNonce', [address, Rpc.toQuantity(nonce)])
    const storage: Written['storage'] = []
    if (code !== '0x') {
      await Rpc.request(direct, 'anvil_setCode', [address, code])
      for (let k = 0; k < 1 + rand(8); k++) {
        const slot = k % 2 === 0 ? randHex(32) : (`0x${rand(16).toString(16).padStart(64, '0')}` as `0x${string}`)
        if (storage.some((s) => s.slot === slot)) continue
        const value = `0x${BigInt(randHex(1 + rand(32))).toString(16).padStart(64, '0')}` as `0x${string}`
        await Rpc.request(direct, 'anvil_setStorageAt', [address, slot, value])
        storage.push({ slot, value })
      }
    }
    accounts.push({ address: address.toLowerCase() as `0x${string}`, balance, nonce, code, storage })
  }
  await Rpc.request(direct, 'evm_mine', [])
  blockNumber = Rpc.quantity(await Rpc.request(direct, 'eth_blockNumber', []), 'block')
}, 60_000)

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

/** Slots to read for an account: the written ones plus a never-written one (proven zero). */
const slotsOf = (a: Written) => [...a.storage.map((s) => s.slot), randHex(32)]

describe('verified reads on anvil', () => {
  it('every written account, code and slot verifies at the block and equals what was written', async () => {
    for (const a of accounts) {
      const slots = slotsOf(a)
      const { header, account } = await ProofVerify.readAccount(direct, a.address, { block: Rpc.toQuantity(blockNumber), slots })
      expect(header.number).toBe(blockNumber)
      const block = Rpc.object(await Rpc.request(direct, 'eth_getBlockByNumber', [Rpc.toQuantity(blockNumber), false]), 'block')
      expect(header.hash).toBe(block.hash)
      expect(header.anchor).toBe('node')
      expect(account.balance).toBe(a.balance)
      expect(account.nonce).toBe(a.nonce)
      expect(account.code).toBe(a.code)
      expect(account.codeHash).toBe(Hash.keccak256(a.code))
      expect(header.hardfork).toBe('prague')
      for (const s of a.storage) expect(account.storage.find((x) => x.slot === s.slot)?.value).toBe(s.value)
      expect(BigInt(account.storage.at(-1)!.value)).toBe(0n)
      if (a.code === '0x') expect(account.storageRoot).toBe(ProofVerify.EMPTY_TRIE_ROOT)
    }
  })

  it('an account that was never touched is proven absent (zero balance, empty code and storage)', async () => {
    const { account } = await ProofVerify.readAccount(direct, randHex(20), { slots: [randHex(32)] })
    expect(account.balance).toBe(0n)
    expect(account.nonce).toBe(0n)
    expect(account.codeHash).toBe(ProofVerify.EMPTY_CODE_HASH)
    expect(account.storage[0]!.value).toBe(`0x${'0'.repeat(64)}`)
  })

  it('the header anchors to a given hash, and a different anchored hash is refused', async () => {
    const at = Rpc.toQuantity(blockNumber)
    const block = Rpc.object(await Rpc.request(direct, 'eth_getBlockByNumber', [at, false]), 'block')
    const ok = await ProofVerify.readAccount(direct, accounts[0]!.address, { block: at, expectedHash: block.hash as string })
    expect(ok.header.anchor).toBe('expected')
    const other = Rpc.object(await Rpc.request(direct, 'eth_getBlockByNumber', [Rpc.toQuantity(blockNumber - 1n), false]), 'block')
    await expect(ProofVerify.readAccount(direct, accounts[0]!.address, { block: at, expectedHash: other.hash as string })).rejects.toThrow(/not to the anchored hash/)
  })
})

describe('two nodes', () => {
  it('a second node that disagrees on the block hash is reported as such', async () => {
    const other = await startAnvil()
    try {
      const second = Rpc.http(other.url)
      await Rpc.request(second, 'anvil_setBalance', [accounts[0]!.address, '0x1'])
      while (Rpc.quantity(await Rpc.request(second, 'eth_blockNumber', []), 'n') < blockNumber) await Rpc.request(second, 'evm_mine', [])
      const at = Rpc.toQuantity(blockNumber)
      const theirs = Rpc.object(await Rpc.request(second, 'eth_getBlockByNumber', [at, false]), 'block')
      await expect(ProofVerify.readAccount(direct, accounts[0]!.address, { block: at, expectedHash: theirs.hash as string })).rejects.toThrow(
        new RegExp(`Block ${blockNumber}'s header hashes to 0x[0-9a-f]{64}, not to the anchored hash ${theirs.hash as string}: the node and the anchor disagree`),
      )
      const ours = Rpc.object(await Rpc.request(direct, 'eth_getBlockByNumber', [at, false]), 'block')
      expect(ours.hash).not.toBe(theirs.hash)
    } finally {
      await other.stop()
    }
  }, 60_000)
})

type Kind = 'balance' | 'storage' | 'code' | 'proof node' | 'header field'
const HEADER_FIELDS = ['hash', 'parentHash', 'sha3Uncles', 'miner', 'stateRoot', 'transactionsRoot', 'receiptsRoot', 'logsBloom', 'difficulty', 'number', 'gasLimit', 'gasUsed', 'timestamp', 'extraData', 'mixHash', 'nonce', 'baseFeePerGas', 'withdrawalsRoot', 'blobGasUsed', 'excessBlobGas', 'parentBeaconBlockRoot', 'requestsHash']

/** Sets up one random tampering; returns what the error must name. */
function arm(kind: Kind, a: Written, slots: `0x${string}`[]): RegExp {
  const set = (method: string, mutate: (r: Json | string) => Json | string) => (proxy.tamper = { method, mutate, applied: false })
  switch (kind) {
    case 'balance': {
      set('eth_getProof', (r) => ({ ...(r as Json), balance: Rpc.toQuantity(BigInt((r as Json).balance as string) + 1n + BigInt(rand(1e9))) }))
      return new RegExp(`balance of ${a.address}`)
    }
    case 'storage': {
      const i = rand(slots.length)
      set('eth_getProof', (r) => {
        const sp = ((r as Json).storageProof as Json[]).map((e, k) => (k === i ? { ...e, value: Rpc.toQuantity(BigInt(e.value as string) ^ (1n + BigInt(rand(1e9)))) } : e))
        return { ...(r as Json), storageProof: sp }
      })
      return new RegExp(`${a.address} slot ${slots[i]}`)
    }
    case 'code':
      set('eth_getCode', (r) => flipByte(r as string))
      return new RegExp(`code the node sent for ${a.address}`)
    case 'proof node': {
      const stored = a.storage.some((s) => BigInt(s.value) !== 0n)
      const lists = [{ slot: null as string | null }, ...(stored ? slots.map((s) => ({ slot: s as string | null })) : [])]
      const pick = lists[rand(lists.length)]!
      set('eth_getProof', (r) => {
        const p = r as Json
        if (pick.slot === null) {
          const nodes = [...(p.accountProof as string[])]
          const j = rand(nodes.length)
          nodes[j] = flipByte(nodes[j]!)
          return { ...p, accountProof: nodes }
        }
        const sp = (p.storageProof as Json[]).map((e) => {
          if (BigInt(e.key as string) !== BigInt(pick.slot!)) return e
          const nodes = [...(e.proof as string[])]
          const j = rand(nodes.length)
          nodes[j] = flipByte(nodes[j]!)
          return { ...e, proof: nodes }
        })
        return { ...p, storageProof: sp }
      })
      return pick.slot === null ? new RegExp(`account proof of ${a.address} does not verify`) : new RegExp(`proof of ${a.address} slot ${pick.slot} does not verify`)
    }
    case 'header field': {
      set('eth_getBlockByNumber', (r) => {
        const b = { ...(r as Json) }
        const present = HEADER_FIELDS.filter((f) => typeof b[f] === 'string')
        const field = present[rand(present.length)]!
        const v = b[field] as string
        b[field] = /^(difficulty|number|gasLimit|gasUsed|timestamp|baseFeePerGas|blobGasUsed|excessBlobGas)$/.test(field) ? Rpc.toQuantity(BigInt(v) + 1n) : v === '0x' ? '0x01' : flipByte(v)
        return b
      })
      return /Block \d+'s header does not hash to its claimed hash|block header that cannot be read/
    }
  }
}

describe('a tampering proxy between the client and anvil', () => {
  it('honest answers through the proxy verify', async () => {
    proxy.tamper = null
    const a = accounts[0]!
    const { account } = await ProofVerify.readAccount(proxied, a.address, { block: Rpc.toQuantity(blockNumber), slots: slotsOf(a) })
    expect(account.balance).toBe(a.balance)
  })

  it(`${TAMPERINGS} random tamperings (one balance, storage word, code byte, proof node or header field each) are all caught, naming what changed`, async () => {
    const kinds: Kind[] = ['balance', 'storage', 'code', 'proof node', 'header field']
    const caught: Record<string, number> = {}
    for (let n = 0; n < TAMPERINGS; n++) {
      const kind = kinds[n % kinds.length]!
      const pool = kind === 'code' || kind === 'storage' ? accounts.filter((x) => x.code !== '0x' && x.storage.some((s) => BigInt(s.value) !== 0n)) : accounts
      const a = pool[rand(pool.length)]!
      const slots = slotsOf(a)
      const names = arm(kind, a, slots)
      let error: unknown = null
      try {
        await ProofVerify.readAccount(proxied, a.address, { block: Rpc.toQuantity(blockNumber), slots })
      } catch (e) {
        error = e
      }
      expect(proxy.tamper?.applied, `tampering ${n} (${kind}) was applied`).toBe(true)
      expect(error, `tampering ${n} (${kind}) of ${a.address} was caught (seed ${testSeed})`).toBeInstanceOf(BaseError)
      expect((error as BaseError).name).toMatch(/^ProofVerify\./)
      expect((error as BaseError).message, `tampering ${n} (${kind})`).toMatch(names)
      caught[kind] = (caught[kind] ?? 0) + 1
    }
    proxy.tamper = null
    console.log(`proof-verify: caught ${JSON.stringify(caught)}`)
    expect(Object.values(caught).reduce((x, y) => x + y, 0)).toBe(TAMPERINGS)
  }, 120_000)
})

describe('a real eth_getProof with a node added, moved, duplicated or dropped (issue #41)', () => {
  /** Short nodes (under 32 bytes, so a parent would hold them inlined): empty list, empty string, a 2-nibble leaf, a 31-byte list. */
  const SHORT = ['0xc0', '0x80', '0xc3822001', `0xde${'80'.repeat(30)}`]
  type Tamper = { name: string; apply: (nodes: string[]) => string[] }
  const tampers = (n: number): Tamper[] => [
    ...SHORT.map((s) => ({ name: `short node ${s.slice(0, 10)} appended`, apply: (x: string[]) => [...x, s] })),
    ...SHORT.map((s) => ({ name: `short node ${s.slice(0, 10)} inserted`, apply: (x: string[]) => { const i = 1 + rand(Math.max(1, x.length - 1)); return [...x.slice(0, i), s, ...x.slice(i)] } })),
    ...SHORT.map((s) => ({ name: `short node ${s.slice(0, 10)} put first`, apply: (x: string[]) => [s, ...x] })),
    ...(n >= 2 ? [{ name: 'two nodes swapped', apply: (x: string[]) => { const i = rand(x.length - 1); const y = [...x]; [y[i], y[i + 1]] = [y[i + 1]!, y[i]!]; return y } }] : []),
    { name: 'the list reversed', apply: (x: string[]) => (x.length >= 2 ? [...x].reverse() : [...x, ...x]) },
    { name: 'a node duplicated', apply: (x: string[]) => { const i = rand(x.length); return [...x.slice(0, i + 1), x[i]!, ...x.slice(i + 1)] } },
    { name: 'the last node repeated at the end', apply: (x: string[]) => [...x, x.at(-1)!] },
    { name: 'a node dropped', apply: (x: string[]) => { const i = rand(x.length); return [...x.slice(0, i), ...x.slice(i + 1)] } },
    { name: 'the last node dropped', apply: (x: string[]) => x.slice(0, -1) },
  ]

  it('each tampering of the account proof and of a storage proof is refused; the untampered answer verifies', async () => {
    const at = Rpc.toQuantity(blockNumber)
    const header = ProofVerify.verifyHeader(await Rpc.request(direct, 'eth_getBlockByNumber', [at, false]))
    let refused = 0
    for (const a of accounts.filter((x) => x.storage.some((s) => BigInt(s.value) !== 0n))) {
      const slots = a.storage.map((s) => s.slot)
      const raw = (await Rpc.request(direct, 'eth_getProof', [a.address, slots, at])) as Json
      const honest = await ProofVerify.verifyProof(header, raw, a.address, slots)
      expect(honest.balance).toBe(a.balance)
      for (const s of a.storage) expect(honest.storage.find((x) => x.slot === s.slot)?.value).toBe(s.value)
      const accountProof = raw.accountProof as string[]
      for (const t of tampers(accountProof.length)) {
        const tampered = { ...raw, accountProof: t.apply(accountProof) }
        await expect(ProofVerify.verifyProof(header, tampered, a.address, slots), `account proof, ${t.name}`).rejects.toThrow(new RegExp(`account proof of ${a.address} does not verify`))
        refused++
      }
      const sp = raw.storageProof as Json[]
      const i = sp.findIndex((e) => BigInt(e.value as string) !== 0n)
      const nodes = sp[i]!.proof as string[]
      for (const t of tampers(nodes.length)) {
        const tampered = { ...raw, storageProof: sp.map((e, k) => (k === i ? { ...e, proof: t.apply(nodes) } : e)) }
        await expect(ProofVerify.verifyProof(header, tampered, a.address, slots), `storage proof, ${t.name}`).rejects.toThrow(new RegExp(`proof of ${a.address} slot ${slots[i]} does not verify`))
        refused++
      }
    }
    console.log(`proof-verify: ${refused} added/moved/duplicated/dropped-node tamperings of anvil proofs refused`)
    expect(refused).toBeGreaterThan(40)
  })
})

describe('a devnet cheat without a block', () => {
  it('after an unmined anvil_setBalance of another account, a proof at latest does not match the header: refused, with the devnet hint; after evm_mine it verifies', async () => {
    const own = await startAnvil()
    try {
      const rpc = Rpc.http(own.url)
      const who = randHex(20)
      await Rpc.request(rpc, 'anvil_setBalance', [who, '0x64'])
      await Rpc.request(rpc, 'evm_mine', [])
      expect((await ProofVerify.readAccount(rpc, who)).account.balance).toBe(100n)
      // another account's cheat, not mined: anvil's latest state no longer has the header's state root
      await Rpc.request(rpc, 'anvil_setBalance', [randHex(20), '0x1'])
      const e = await ProofVerify.readAccount(rpc, who).then(() => undefined, (x: unknown) => x)
      expect(e).toBeInstanceOf(ProofVerify.ProofInvalidError)
      expect((e as BaseError).hints.join(' ')).toMatch(/On a local devnet, a cheat .* mine a block \(evm_mine\), then read again/)
      await Rpc.request(rpc, 'evm_mine', [])
      expect((await ProofVerify.readAccount(rpc, who)).account.balance).toBe(100n)
    } finally {
      await own.stop()
    }
  })
})

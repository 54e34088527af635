/**
 * The simulator's world state: a journaled EthereumJS StateManager over state read from a
 * JSON-RPC node at one block.
 *
 * - base layer: what the node said at `blockTag`, fetched in batches (`prefetch`) and, for
 *   anything the prefetch missed, lazily (one round trip per miss, counted in `misses`);
 * - overlay: writes of the simulation and state overrides, with checkpoint/commit/revert;
 * - a diff window per transaction (`startDiff` / `diff`): balances, nonces, code and storage
 *   slots (before, after), the shape of geth's prestateTracer in diff mode.
 *
 * The base layer stays when the overlay is reset, so chained simulations at the same block
 * share everything already fetched.
 *
 * @example
 * ```ts
 * const state = SimState.create(rpc, '0x10')
 * await SimState.prefetch(state, [addr], [[addr, '0x0']])
 * ```
 */
import type { StateManagerInterface } from '@ethereumjs/common'
import { Account, Address, bigIntToUnpaddedBytes, bytesToBigInt, bytesToHex, createAccount, hexToBytes, KECCAK256_NULL } from '@ethereumjs/util'
import { keccak_256 } from '@noble/hashes/sha3.js'
import * as SimRpc from './SimRpc'
import type { Override } from './StateOverrides'

type Hex = `0x${string}`
interface Acct {
  nonce: bigint
  balance: bigint
  codeHash: Uint8Array
}
const MISSING = Symbol('missing')
type Undo =
  | { k: 'acct'; a: string; prev: Acct | null | typeof MISSING }
  | { k: 'code'; a: string; prev: Uint8Array | typeof MISSING }
  | { k: 'slot'; a: string; s: string; prev: bigint | typeof MISSING }
  | { k: 'cleared'; a: string; prev: boolean }

/** An account's view in a diff: balance and nonce as hex quantities, the code hash, the code if it changed. */
export interface AccountView {
  balance: Hex
  nonce: number
  codeHash: Hex
}

/** Changes of one transaction. Addresses and slots lower case; slot values 32-byte hex. */
export interface Diff {
  accounts: Record<string, { before: AccountView | null; after: AccountView | null; code?: Hex }>
  storage: Record<string, Record<string, { before: Hex; after: Hex }>>
}

// bytesToHex gives lower case already
const slotKey = (key: Uint8Array) => bytesToHex(key)
/**
 * An Address's lower-case hex, remembered per Address object: the EVM passes the same few
 * objects (a frame's address, caller, code address) thousands of times per transaction.
 * Address bytes are not changed after construction (EthereumJS never writes them).
 */
const addrText = new WeakMap<Address, string>()
function addr(a: Address): string {
  let t = addrText.get(a)
  if (t === undefined) addrText.set(a, (t = a.toString()))
  return t
}
/**
 * Code hashes by the code's hex as the node sent it: many accounts share code (proxies,
 * clones, a contract deployed many times), and each keccak of it is computed once per process.
 * Bounded: cleared when it holds 512 entries.
 */
const codeHashes = new Map<string, Uint8Array>()
function codeHashOf(hex: string, c: Uint8Array): Uint8Array {
  if (!c.length) return KECCAK256_NULL
  let h = codeHashes.get(hex)
  if (!h) {
    if (codeHashes.size >= 512) codeHashes.clear()
    codeHashes.set(hex, (h = keccak_256(c)))
  }
  return h
}
const emptyHash = (c: Uint8Array) => (c.length ? keccak_256(c) : KECCAK256_NULL)

export class RpcStateManager implements StateManagerInterface {
  private baseAcct = new Map<string, Acct | null>()
  private baseCode = new Map<string, Uint8Array>()
  private baseSlot = new Map<string, Map<string, bigint>>()
  private acct = new Map<string, Acct | null>()
  private code = new Map<string, Uint8Array>()
  private slot = new Map<string, Map<string, bigint>>()
  private cleared = new Set<string>()
  private journal: Undo[][] = []
  private pre = { acct: new Map<string, Acct | null>(), slot: new Map<string, Map<string, bigint>>() }
  private origin = new Map<string, bigint>()
  /** Reads the prefetch did not cover (each cost a round trip). */
  misses = { accounts: 0, slots: 0 }

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const id = addr(address) + slotKey(key)
      let v = this.origin.get(id)
      if (v === undefined) {
        v = await this.readSlot(addr(address), slotKey(key))
        this.origin.set(id, v)
      }
      return bigIntToUnpaddedBytes(v)
    },
    clear: () => {
      this.origin.clear()
    },
  }

  constructor(
    readonly rpc: SimRpc.Client,
    readonly blockTag: Hex | 'pending',
  ) {}

  // ---------- prefetch ----------
  /** One batched request for every account and slot named (skips what is already loaded). */
  async prefetch(addresses: Iterable<string>, slots: Iterable<readonly [string, string]>): Promise<void> {
    const calls: SimRpc.Call[] = []
    const acctOrder: string[] = []
    for (const a of new Set([...addresses].map((x) => x.toLowerCase()))) {
      if (this.baseAcct.has(a)) continue
      acctOrder.push(a)
      calls.push(
        { method: 'eth_getBalance', params: [a, this.blockTag] },
        { method: 'eth_getTransactionCount', params: [a, this.blockTag] },
        { method: 'eth_getCode', params: [a, this.blockTag] },
      )
    }
    const slotOrder: [string, string][] = []
    const seen = new Set<string>()
    for (const [a0, s0] of slots) {
      const a = a0.toLowerCase()
      const s = word(BigInt(s0))
      if (this.baseSlot.get(a)?.has(s) || seen.has(a + s)) continue
      seen.add(a + s)
      slotOrder.push([a, s])
      calls.push({ method: 'eth_getStorageAt', params: [a, s, this.blockTag] })
    }
    const res = await SimRpc.batch<string>(this.rpc, calls)
    let i = 0
    for (const a of acctOrder) this.setBase(a, res[i++]!, res[i++]!, res[i++]!)
    for (const [a, s] of slotOrder) this.setBaseSlot(a, s, BigInt(res[i++]!))
  }

  /**
   * Seeds the base layer with a node's own account of the state (the prestate tracer's answer:
   * balance, nonce, code and storage of every account and slot a transaction touches, as they
   * were just before it ran). Missing fields are zero or empty, as the tracer leaves them out.
   * Replaces what was fetched before for those accounts and slots; counts nothing as a miss.
   */
  seed(accounts: Record<string, { balance?: string; nonce?: number | string; code?: string; storage?: Record<string, string> }>): void {
    for (const [a0, acc] of Object.entries(accounts)) {
      const a = a0.toLowerCase()
      this.setBase(a, acc.balance ?? '0x0', `0x${BigInt(acc.nonce ?? 0).toString(16)}`, acc.code ?? '0x')
      for (const [s, v] of Object.entries(acc.storage ?? {})) this.setBaseSlot(a, word(BigInt(s)), BigInt(v))
    }
  }

  private setBase(a: string, bal: string, nonce: string, code: string) {
    const c = hexToBytes(code as Hex)
    const balance = BigInt(bal)
    const n = BigInt(nonce)
    this.baseCode.set(a, c)
    this.baseAcct.set(a, balance === 0n && n === 0n && c.length === 0 ? null : { balance, nonce: n, codeHash: codeHashOf(code.toLowerCase(), c) })
  }
  private setBaseSlot(a: string, s: string, v: bigint) {
    let m = this.baseSlot.get(a)
    if (!m) this.baseSlot.set(a, (m = new Map()))
    m.set(s, v)
  }

  private async loadAccount(a: string) {
    if (this.baseAcct.has(a)) return
    this.misses.accounts++
    const [b, n, c] = await SimRpc.batch<string>(this.rpc, [
      { method: 'eth_getBalance', params: [a, this.blockTag] },
      { method: 'eth_getTransactionCount', params: [a, this.blockTag] },
      { method: 'eth_getCode', params: [a, this.blockTag] },
    ])
    this.setBase(a, b!, n!, c!)
  }

  // ---------- reads ----------
  // Each read answers from memory without an extra await when it can (the EVM makes thousands
  // per transaction); only a miss goes to the node.
  private readAcct(a: string): Acct | null | Promise<Acct | null> {
    if (this.acct.has(a)) return this.acct.get(a)!
    if (this.baseAcct.has(a)) return this.baseAcct.get(a)!
    return this.loadAccount(a).then(() => this.baseAcct.get(a)!)
  }
  private readSlot(a: string, s: string): bigint | Promise<bigint> {
    const o = this.slot.get(a)?.get(s)
    if (o !== undefined) return o
    if (this.cleared.has(a)) return 0n
    const b = this.baseSlot.get(a)?.get(s)
    if (b !== undefined) return b
    return this.fetchSlot(a, s)
  }
  private async fetchSlot(a: string, s: string): Promise<bigint> {
    this.misses.slots++
    const v = BigInt(await SimRpc.call<string>(this.rpc, 'eth_getStorageAt', [a, s, this.blockTag]))
    this.setBaseSlot(a, s, v)
    return v
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const r0 = this.readAcct(addr(address))
    const r = r0 instanceof Promise ? await r0 : r0
    if (!r) return undefined
    return createAccount({ nonce: r.nonce, balance: r.balance, codeHash: r.codeHash })
  }
  async getCode(address: Address): Promise<Uint8Array> {
    const a = addr(address)
    if (this.code.has(a)) return this.code.get(a)!
    await this.loadAccount(a)
    return this.baseCode.get(a) ?? new Uint8Array()
  }
  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length
  }
  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    if (key.length !== 32) throw new Error('Storage key must be 32 bytes long')
    const v = this.readSlot(addr(address), slotKey(key))
    return bigIntToUnpaddedBytes(typeof v === 'bigint' ? v : await v)
  }
  /** A slot's current value (overlay over base). */
  async slotValue(address: string, slot: bigint): Promise<bigint> {
    return this.readSlot(address.toLowerCase(), word(slot))
  }

  // ---------- writes (journaled) ----------
  private log(u: Undo) {
    this.journal[this.journal.length - 1]?.push(u)
  }
  private async writeAcct(a: string, v: Acct | null) {
    const cur = this.acct.has(a) ? this.acct.get(a)! : MISSING
    if (!this.pre.acct.has(a)) this.pre.acct.set(a, cur === MISSING ? await this.readAcct(a) : cur)
    this.log({ k: 'acct', a, prev: cur })
    this.acct.set(a, v)
  }
  async putAccount(address: Address, account?: Account): Promise<void> {
    await this.writeAcct(addr(address), account ? { nonce: account.nonce, balance: account.balance, codeHash: account.codeHash } : null)
  }
  async deleteAccount(address: Address): Promise<void> {
    const a = addr(address)
    await this.writeAcct(a, null)
    this.putCodeRaw(a, new Uint8Array())
    await this.clearStorage(address)
  }
  async modifyAccountFields(address: Address, f: { nonce?: bigint; balance?: bigint; codeHash?: Uint8Array; storageRoot?: Uint8Array }): Promise<void> {
    const cur = (await this.readAcct(addr(address))) ?? { nonce: 0n, balance: 0n, codeHash: KECCAK256_NULL }
    await this.writeAcct(addr(address), { nonce: f.nonce ?? cur.nonce, balance: f.balance ?? cur.balance, codeHash: f.codeHash ?? cur.codeHash })
  }
  private putCodeRaw(a: string, value: Uint8Array) {
    this.log({ k: 'code', a, prev: this.code.has(a) ? this.code.get(a)! : MISSING })
    this.code.set(a, value)
  }
  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.putCodeRaw(addr(address), value)
    await this.modifyAccountFields(address, { codeHash: emptyHash(value) })
  }
  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const a = addr(address)
    const s = slotKey(key)
    let m = this.slot.get(a)
    if (!m) this.slot.set(a, (m = new Map()))
    const cur = m.has(s) ? m.get(s)! : MISSING
    let pm = this.pre.slot.get(a)
    if (!pm) this.pre.slot.set(a, (pm = new Map()))
    if (!pm.has(s)) pm.set(s, cur === MISSING ? await this.readSlot(a, s) : cur)
    this.log({ k: 'slot', a, s, prev: cur })
    m.set(s, value.length ? bytesToBigInt(value) : 0n)
  }
  async clearStorage(address: Address): Promise<void> {
    const a = addr(address)
    // every slot we know of is written to zero, so reverts and diffs see it
    const known = new Set([...(this.slot.get(a)?.keys() ?? []), ...(this.baseSlot.get(a)?.keys() ?? [])])
    for (const s of known) await this.putStorage(address, hexToBytes(s as Hex), new Uint8Array())
    this.log({ k: 'cleared', a, prev: this.cleared.has(a) })
    this.cleared.add(a)
  }

  async checkpoint(): Promise<void> {
    this.journal.push([])
  }
  async commit(): Promise<void> {
    const top = this.journal.pop()!
    if (this.journal.length) this.journal[this.journal.length - 1]!.push(...top)
  }
  async revert(): Promise<void> {
    const top = this.journal.pop()!
    for (let i = top.length - 1; i >= 0; i--) {
      const u = top[i]!
      if (u.k === 'acct') {
        if (u.prev === MISSING) this.acct.delete(u.a)
        else this.acct.set(u.a, u.prev)
      } else if (u.k === 'code') {
        if (u.prev === MISSING) this.code.delete(u.a)
        else this.code.set(u.a, u.prev)
      } else if (u.k === 'slot') {
        if (u.prev === MISSING) this.slot.get(u.a)!.delete(u.s)
        else this.slot.get(u.a)!.set(u.s, u.prev)
      } else if (u.prev) this.cleared.add(u.a)
      else this.cleared.delete(u.a)
    }
  }
  async flush(): Promise<void> {}

  // ---------- diff ----------
  /** Starts a new diff window (before each simulated transaction). */
  startDiff(): void {
    this.pre = { acct: new Map(), slot: new Map() }
  }
  /** Changes since `startDiff`. */
  async diff(): Promise<Diff> {
    const accounts: Diff['accounts'] = {}
    const view = (x: Acct | null): AccountView | null => x && { balance: `0x${x.balance.toString(16)}`, nonce: Number(x.nonce), codeHash: bytesToHex(x.codeHash) }
    for (const [a, before] of this.pre.acct) {
      const after = await this.readAcct(a)
      const b = view(before)
      const f = view(after)
      if (JSON.stringify(b) !== JSON.stringify(f)) {
        accounts[a] = { before: b, after: f }
        if (b?.codeHash !== f?.codeHash && this.code.has(a)) accounts[a].code = bytesToHex(this.code.get(a)!)
      }
    }
    const storage: Diff['storage'] = {}
    for (const [a, m] of this.pre.slot)
      for (const [s, before] of m) {
        const after = await this.readSlot(a, s)
        if (after !== before) (storage[a] ??= {})[s] = { before: word(before), after: word(after) }
      }
    return { accounts, storage }
  }

  /** Drops every simulated write and override; keeps what was fetched from the node. */
  resetOverlay(): void {
    this.acct.clear()
    this.code.clear()
    this.slot.clear()
    this.cleared.clear()
    this.journal = []
    this.origin.clear()
    this.startDiff()
  }

  // ---------- overrides ----------
  /** Applies state overrides to one account (outside any diff window the caller reports). */
  async override(address: string, o: Override): Promise<void> {
    const A = new Address(hexToBytes(address.toLowerCase() as Hex))
    if (o.code !== undefined) await this.putCode(A, hexToBytes(o.code))
    if (o.balance !== undefined || o.nonce !== undefined) await this.modifyAccountFields(A, { ...(o.balance !== undefined ? { balance: o.balance } : {}), ...(o.nonce !== undefined ? { nonce: o.nonce } : {}) })
    if (o.state) {
      await this.clearStorage(A)
      for (const [k, v] of Object.entries(o.state)) await this.putStorage(A, hexToBytes(word(BigInt(k))), bigIntToUnpaddedBytes(BigInt(v)))
    }
    if (o.stateDiff) for (const [k, v] of Object.entries(o.stateDiff)) await this.putStorage(A, hexToBytes(word(BigInt(k))), bigIntToUnpaddedBytes(BigInt(v)))
  }

  // ---------- interface stubs (no trie: state roots are not computed) ----------
  async getStateRoot(): Promise<Uint8Array> {
    return new Uint8Array(32)
  }
  async setStateRoot(): Promise<void> {}
  async hasStateRoot(): Promise<boolean> {
    return false
  }
  clearCaches(): void {}
  shallowCopy(): StateManagerInterface {
    return this
  }
  async dumpStorage(address: Address): Promise<Record<string, string>> {
    const out: Record<string, string> = {}
    for (const [s, v] of this.slot.get(addr(address)) ?? []) out[s] = `0x${v.toString(16)}`
    return out
  }
}

/** A state manager reading `blockTag` through `rpc`. */
export function create(rpc: SimRpc.Client, blockTag: Hex | 'pending'): RpcStateManager {
  return new RpcStateManager(rpc, blockTag)
}

/** A 32-byte word of a slot number or value. */
export function word(v: bigint): Hex {
  return `0x${v.toString(16).padStart(64, '0')}`
}

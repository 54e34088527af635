/**
 * The recorder's SHA3 preimages name mapping entries in the debugger's storage panel (issue 24/25).
 * test/chain/ledgerKit.ts's Ledger, compiled by solc-js with storageLayout, runs on anvil; each
 * mined transaction is replayed by DebugTrace.replay, and at the frame's last step the slots
 * stored are named by SlotNames from the step view's preimages: `balances[<checksummed>]`,
 * `allowance[<owner>][<spender>]`, `byId[<decimal>]`, `byName["<text>"]`. Each slot is held equal
 * to the slot ethers v5 computes (keccak256 of the ABI-encoded key and slot), and each address in
 * a name to ethers' checksum. A hostile trace (thousands of distinct SHA3s) stays within the cap.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import * as DebugTrace from './DebugTrace'
import * as SimRpc from '../sim/SimRpc'
import * as SlotNames from '../storage/SlotNames'
import * as StorageLayout from '../storage/StorageLayout'
import { anvil, mined, rpc, useAnvil } from '../../../test/chain/nodeKit'
import { compileLedger, type LedgerBuild } from '../../../test/chain/ledgerKit'

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
let ledger: LedgerBuild
let iface: ethers.utils.Interface
let address: string
let layout: StorageLayout.Layout

/** Sends `fn(args)` to Ledger, replays it with the recorder, and returns the recording and the step view at the frame's last step. */
async function recorded(fn: string, args: unknown[]) {
  const h = await rpc<`0x${string}`>('eth_sendTransaction', [{ from: A0, to: address, data: iface.encodeFunctionData(fn, args), gas: '0xf00000' }])
  expect((await mined(h)).status).toBe('0x1')
  const { recording } = await DebugTrace.replay(SimRpc.create(SimRpc.httpTransport(anvil.url)), h)
  const view = DebugTrace.step(recording, recording.frames[0]!.lastStep)
  const stored = view.storage.filter((s) => s.kind === 'sstore').map((s) => s.slot)
  const names = SlotNames.name(layout, stored, { preimages: view.preimages ?? [] })
  return { recording, view, stored, label: (slot: string) => names.get(slot as `0x${string}`)?.map((n) => n.label).join(', ') }
}

const entry = (label: string) => ledger.storageLayout.storage.find((e) => e.label === label)!
const mapSlot = (keyType: string, key: unknown, slot: ethers.BigNumberish) => ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode([keyType, 'uint256'], [key, slot]))

useAnvil()
beforeAll(async () => {
  ledger = compileLedger()
  iface = new ethers.utils.Interface(ledger.abi as never)
  layout = StorageLayout.parse(JSON.stringify(ledger.storageLayout))
  address = (await mined(await rpc<string>('eth_sendTransaction', [{ from: A0, data: ledger.bytecode, gas: '0xf00000' }]))).contractAddress
}, 120_000)

describe('mapping entries named from the recorded SHA3 inputs', () => {
  it('balances[to], allowance[owner][spender], byId[id] and byName[name] at the step after their SSTOREs', async () => {
    const to = ethers.Wallet.createRandom().address.toLowerCase()
    const spender = ethers.Wallet.createRandom().address.toLowerCase()
    const idKey = 1_000_000_007n
    const text = 'a key longer than one word, so its preimage is not 64 bytes'
    const { stored, label, view } = await recorded('move', [to, spender, idKey, text])
    const bal = mapSlot('address', to, entry('balances').slot)
    const allow = mapSlot('address', spender, mapSlot('address', A0, entry('allowance').slot))
    const byId = mapSlot('uint256', idKey, entry('byId').slot)
    const byName = ethers.utils.keccak256(ethers.utils.concat([ethers.utils.toUtf8Bytes(text), ethers.utils.hexZeroPad(ethers.utils.hexlify(Number(entry('byName').slot)), 32)]))
    for (const s of [bal, allow, byId, byName]) expect(stored).toContain(s)
    expect(label(bal)).toBe(`balances[${ethers.utils.getAddress(to)}]`)
    expect(label(allow)).toBe(`allowance[${ethers.utils.getAddress(A0)}][${ethers.utils.getAddress(spender)}]`)
    expect(label(byId)).toBe(`byId[${idKey}]`)
    expect(label(byName)).toBe(`byName[${JSON.stringify(text)}]`)
    expect(label(ethers.utils.hexZeroPad('0x0', 32))).toBe('total')
    // only what the slots lead to crosses to the page: the four entries and the outer allowance level
    expect(view.preimages).toHaveLength(5)
  }, 60_000)

  it('a step before any mapping write carries no preimages', async () => {
    const { recording } = await recorded('move', [A0, A0, 1n, 'x'])
    expect(DebugTrace.step(recording, 0).preimages).toBeUndefined()
  }, 60_000)
})

describe('the preimage cap (a hostile trace)', () => {
  it(`keeps at most ${DebugTrace.PREIMAGE_LIMIT} distinct 64-byte inputs; the rest are counted, and a key hashed before the cap is still named`, async () => {
    const n = DebugTrace.PREIMAGE_LIMIT + 1000
    const to = ethers.Wallet.createRandom().address
    const { recording, stored, label } = await recorded('noise', [n, 64, to])
    const sha3Steps = recording.op.reduce((a, op) => a + (op === 0x20 ? 1 : 0), 0)
    expect(sha3Steps).toBe(n + 2) // the loop and the two balance writes, all distinct
    expect(recording.preimages).toHaveLength(DebugTrace.PREIMAGE_LIMIT)
    expect(recording.preimagesDropped).toBe(sha3Steps - DebugTrace.PREIMAGE_LIMIT)
    expect(recording.preimages.reduce((a, p) => a + p.length, 0)).toBeLessThanOrEqual(DebugTrace.PREIMAGE_BYTES)
    const first = mapSlot('address', to, entry('balances').slot)
    expect(label(first)).toBe(`balances[${ethers.utils.getAddress(to)}]`)
    // the last write's key was hashed past the cap: its slot stays unnamed (the documented limit)
    const last = mapSlot('address', A0, entry('balances').slot)
    expect(stored).toContain(last)
    expect(label(last)).toBeUndefined()
  }, 120_000)

  it(`keeps at most ${DebugTrace.PREIMAGE_BYTES} bytes of long inputs`, async () => {
    const len = DebugTrace.PREIMAGE_MAX_LENGTH
    const { recording } = await recorded('noise', [400, len, ethers.Wallet.createRandom().address])
    const kept = recording.preimages.filter((p) => p.length === len)
    expect(kept).toHaveLength(Math.floor((DebugTrace.PREIMAGE_BYTES - 64) / len)) // the first balance write's 64 bytes came first
    const bytes = recording.preimages.reduce((a, p) => a + p.length, 0)
    expect(bytes).toBeLessThanOrEqual(DebugTrace.PREIMAGE_BYTES)
    expect(DebugTrace.PREIMAGE_BYTES - bytes).toBeLessThan(len + 64)
    // every SHA3 past the cap is counted (the last balance write's 64 bytes still fit, and are kept)
    expect(recording.preimages.at(-1)).toHaveLength(64)
    expect(recording.preimagesDropped).toBe(400 + 2 - recording.preimages.length)
  }, 120_000)

  it(`a step view carries at most ${DebugTrace.PREIMAGES_PER_STEP} preimages, and at most 64 KiB of them`, () => {
    const base = ethers.utils.hexZeroPad('0x01', 32)
    const make = (n: number, keyBytes: number) => {
      const inputs = Array.from({ length: n }, (_, i) => ethers.utils.arrayify(ethers.utils.concat([ethers.utils.hexZeroPad(ethers.utils.hexlify(i + 1), keyBytes), base])))
      const rec = { preimages: inputs } as unknown as DebugTrace.Recording
      return { rec, slots: inputs.map((p) => BigInt(ethers.utils.keccak256(p))) }
    }
    const small = make(300, 32)
    expect(DebugTrace.preimagesOf(small.rec, small.slots.slice(0, 10))).toHaveLength(10)
    expect(DebugTrace.preimagesOf(small.rec, small.slots)).toHaveLength(DebugTrace.PREIMAGES_PER_STEP)
    const long = make(100, 1024)
    const out = DebugTrace.preimagesOf(long.rec, long.slots)
    const bytes = out.reduce((a, h) => a + (h.length - 2) / 2, 0)
    expect(bytes).toBeGreaterThanOrEqual(64 * 1024)
    expect(bytes).toBeLessThan(64 * 1024 + 1056)
  })
})

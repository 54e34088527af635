/**
 * Slot names against solc's layout and keccak256 computed by ethers v5 (issue 25). Vars
 * (test/storageKit.ts, compiled by solc-js with storageLayout) is deployed on anvil; transactions
 * write packed value types, dynamic-array elements, mapping entries (plain and nested) and a long
 * string. The slots anvil's own trace says were stored (SSTORE) are named, with the mapping keys
 * taken from the trace's SHA3 inputs; each name equals what solc's layout and ethers' keccak256
 * place there. (anvil runs with `--steps-tracing`, without which its struct log is empty.)
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import * as StorageLayout from './StorageLayout'
import * as SlotNames from './SlotNames'
import { mined, rpc, useAnvil } from '../../../test/chain/nodeKit'
import { compileVars, type Compiled } from '../../../test/storageKit'

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
let vars: Compiled
let iface: ethers.utils.Interface
let address: string
let layout: StorageLayout.Layout

interface Log { op: string; stack?: string[]; memory?: string[] }

/** The slots a transaction stored and the SHA3 inputs it hashed, from anvil's debug_traceTransaction. */
async function traced(fn: string, args: unknown[]): Promise<{ stored: string[]; preimages: string[] }> {
  const h = await rpc<string>('eth_sendTransaction', [{ from: A0, to: address, data: iface.encodeFunctionData(fn, args), gas: '0x1c9c380' }])
  expect((await mined(h)).status).toBe('0x1')
  const { structLogs } = await rpc<{ structLogs: Log[] }>('debug_traceTransaction', [h, { enableMemory: true, disableStorage: true }])
  const stored: string[] = []
  const preimages: string[] = []
  for (const l of structLogs) {
    const st = l.stack ?? []
    const top = (k: number) => BigInt(st[st.length - 1 - k]!)
    if (l.op === 'SSTORE') stored.push(ethers.utils.hexZeroPad(ethers.BigNumber.from(top(0)).toHexString(), 32))
    if (l.op === 'KECCAK256' || l.op === 'SHA3') {
      const mem = (l.memory ?? []).map((w) => w.replace(/^0x/, '')).join('')
      const off = Number(top(0))
      const len = Number(top(1))
      preimages.push(`0x${mem.slice(off * 2, (off + len) * 2)}`)
    }
  }
  return { stored, preimages }
}

const entry = (label: string) => (vars.layout.storage as { label: string; slot: string; offset: number }[]).find((e) => e.label === label)!
const word = (n: ethers.BigNumberish) => ethers.utils.hexZeroPad(ethers.BigNumber.from(n).toHexString(), 32)
const keccakOf = (slot: ethers.BigNumberish) => ethers.BigNumber.from(ethers.utils.keccak256(word(slot)))
const mapSlot = (keyType: string, key: unknown, slot: ethers.BigNumberish) => ethers.utils.keccak256(ethers.utils.defaultAbiCoder.encode([keyType, 'uint256'], [key, slot]))

useAnvil(['--steps-tracing'])
beforeAll(async () => {
  vars = compileVars()
  iface = new ethers.utils.Interface(vars.abi as never)
  layout = StorageLayout.parse(JSON.stringify(vars.layout))
  const h = await rpc<string>('eth_sendTransaction', [{ from: A0, data: vars.bytecode, gas: '0x1c9c380' }])
  address = (await mined(h)).contractAddress
}, 120_000)

describe('SlotNames on the slots a transaction stored on anvil', () => {
  it('packed value types: every variable solc places in the slot, at its offset', async () => {
    const owner = ethers.Wallet.createRandom().address
    const t = await traced('setValues', [7, 200, -5, true, owner, '0x01020304', 2, ethers.utils.hexlify(crypto.getRandomValues(new Uint8Array(32))), -9])
    const names = SlotNames.name(layout, t.stored)
    const small = entry('small')
    const expected = (vars.layout.storage as { label: string; slot: string; offset: number }[]).filter((e) => e.slot === small.slot).map((e) => ({ label: e.label, offset: e.offset }))
    expect(expected.length).toBeGreaterThan(3)
    expect(names.get(word(small.slot) as `0x${string}`)?.map((n) => ({ label: n.label, offset: n.offset }))).toEqual(expected.sort((a, b) => a.offset - b.offset))
    // every slot stored is named
    for (const s of t.stored) expect(names.has(s as `0x${string}`), s).toBe(true)
  }, 60_000)

  it('read: each variable of every slot stored, cut from the word the node holds, equals what its getter returns (random values, seed printed)', async () => {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0]!
    console.log(`SlotNames.read seed ${seed}`)
    let x = seed || 1
    const next = () => ((x = (x * 1103515245 + 12345) >>> 0), x)
    const small = next() % 256
    const neg = (next() % 65536) - 32768
    const big = -(BigInt(next()) << 200n) - BigInt(next())
    const owner = ethers.utils.getAddress(ethers.utils.hexlify(crypto.getRandomValues(new Uint8Array(20))))
    const tag = ethers.utils.hexlify(crypto.getRandomValues(new Uint8Array(4)))
    const t = await traced('setValues', [next(), small, neg, next() % 2 === 0, owner, tag, next() % 3, ethers.utils.hexlify(crypto.getRandomValues(new Uint8Array(32))), big])
    const names = SlotNames.name(layout, t.stored)
    const checked = new Set<string>()
    for (const s of new Set(t.stored)) {
      const word = await rpc<string>('eth_getStorageAt', [address, s, 'latest'])
      const found = names.get(s as `0x${string}`)!
      const text = SlotNames.read(found, word)!
      const parts = found.length === 1 ? [[found[0]!.label, text]] : text.split(', ').map((p) => p.split(' = '))
      expect(parts.map((p) => p[0])).toEqual(found.map((n) => n.label))
      for (const [label, value] of parts) {
        const got = iface.decodeFunctionResult(label!, await rpc<string>('eth_call', [{ to: address, data: iface.encodeFunctionData(label!) }, 'latest']))[0] as unknown
        expect(value, `${label} (seed ${seed})`).toBe(ethers.BigNumber.isBigNumber(got) ? got.toString() : typeof got === 'number' ? String(got) : String(got))
        checked.add(label!)
      }
    }
    expect(checked.size, 'the nine variables setValues writes').toBe(9)
    // what is not a value type is not read from one word; a word out of range reads nothing
    expect(SlotNames.read([{ label: 'longStr (data word 0)', type: 'bytes', offset: 0, size: 32 }], word(1))).toBeUndefined()
    expect(SlotNames.read([{ label: 'a', type: 'uint256', offset: 0, size: 32 }], 2n ** 256n)).toBeUndefined()
    expect(SlotNames.read([{ label: 'a', type: 'uint256', offset: 0, size: 32 }], 'not hex')).toBeUndefined()
  }, 60_000)

  it('dynamic-array elements, packed four uint64 a slot, and a long string\'s data words', async () => {
    const dyn = ['1', '2', '3', '4', '5', '6']
    const long = 'x'.repeat(70)
    const a = await traced('setArrays', [['1', '2', '3'], dyn, [1, 2, 3, 4, 5], ['a', 'b'.repeat(40)]])
    const b = await traced('setTexts', ['hi', long, '0x'])
    const names = SlotNames.name(layout, [...a.stored, ...b.stored])
    const second = word(keccakOf(entry('dyn').slot).add(1)) as `0x${string}`
    expect(a.stored).toContain(second)
    expect(names.get(second)!.map((n) => [n.label, n.offset])).toEqual([['dyn[4]', 0], ['dyn[5]', 8], ['dyn[6]', 16], ['dyn[7]', 24]])
    // names[1] is a long string in a dynamic array: its data words at keccak(keccak(names.slot) + 1)
    const n1 = keccakOf(keccakOf(entry('names').slot).add(1))
    expect(names.get(word(n1) as `0x${string}`)!.map((n) => n.label)).toEqual(['names[1] (data word 0)'])
    const start = keccakOf(entry('longStr').slot)
    for (let i = 0; i < 3; i++) {
      const w = word(start.add(i)) as `0x${string}`
      expect(b.stored).toContain(w)
      expect(names.get(w)!.map((n) => n.label)).toEqual([`longStr (data word ${i})`])
    }
    expect(names.get(word(entry('longStr').slot) as `0x${string}`)!.map((n) => n.label)).toEqual(['longStr'])
    for (const s of [...a.stored, ...b.stored]) expect(names.has(s as `0x${string}`), s).toBe(true)
  }, 60_000)

  it('mapping entries: keys from the trace\'s SHA3 inputs, or given by the person', async () => {
    const k = ethers.Wallet.createRandom().address
    const t = await traced('setMaps', [k, 42, 9, true, 3, 5, 'z'.repeat(40), ['8', '9']])
    const names = SlotNames.name(layout, t.stored, { preimages: t.preimages })
    const bal = mapSlot('address', k, entry('balances').slot) as `0x${string}`
    expect(names.get(bal)!.map((n) => n.label)).toEqual([`balances[${k}]`])
    const allowed = mapSlot('uint256', 9, mapSlot('address', k, entry('allowed').slot)) as `0x${string}`
    expect(names.get(allowed)!.map((n) => n.label)).toEqual([`allowed[${k}][9]`])
    const byId = ethers.BigNumber.from(mapSlot('uint256', 3, entry('byId').slot))
    expect(names.get(word(byId.add(1)) as `0x${string}`)!.map((n) => n.label)).toEqual(['byId[3].who'])
    expect(names.get(word(keccakOf(byId.add(3)).add(1)) as `0x${string}`)!.map((n) => n.label)).toEqual(['byId[3].list[1]'])
    expect(names.get(word(keccakOf(byId.add(2)).add(1)) as `0x${string}`)!.map((n) => n.label)).toEqual(['byId[3].name (data word 1)'])
    for (const s of t.stored) expect(names.has(s as `0x${string}`), s).toBe(true)
    // without the trace, the keys a person gives
    const given = SlotNames.name(layout, t.stored, { keys: StorageLayout.parseKeys(`balances: ${k}\nallowed: ${k}, 9`) })
    expect(given.get(bal)!.map((n) => n.label)).toEqual([`balances[${k}]`])
    expect(given.get(allowed)!.map((n) => n.label)).toEqual([`allowed[${k}][9]`])
    expect(given.has(word(byId.add(1)) as `0x${string}`)).toBe(false)
  }, 60_000)

  it('an ERC-7201 namespace\'s variables, and a slot nothing names', async () => {
    const k = ethers.Wallet.createRandom().address
    const t = await traced('setNs', [1, 'hello', k, 2, 3, true])
    const names = SlotNames.name(layout, [...t.stored, word(123456)], { preimages: t.preimages })
    const root = ethers.BigNumber.from(vars.root)
    const ns = `erc7201:test.storage.Vars`
    expect(names.get(word(root) as `0x${string}`)!.map((n) => n.label)).toEqual([`${ns}.count`])
    expect(names.get(word(mapSlot('address', k, root.add(2))) as `0x${string}`)!.map((n) => n.label)).toEqual([`${ns}.m[${k}]`])
    expect(SlotNames.describe(names.get(word(root.add(3)) as `0x${string}`)!)).toBe(`${ns}.small (offset 0), ${ns}.on (offset 1)`)
    expect(names.has(word(123456) as `0x${string}`)).toBe(false)
  }, 60_000)
})

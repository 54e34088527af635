/**
 * Storage by variable name against the contract's own getters (issue 25). Starts anvil
 * (@foundry-rs/anvil) and deploys Vars (test/storageKit.ts, compiled by solc-js with its
 * storageLayout): a variable of every kind, with random values written by transactions, twice.
 * At both blocks every value the layout names (packed value types, short and long strings and
 * bytes, fixed and dynamic arrays with their lengths, a struct, nested mappings at given keys,
 * an ERC-7201 namespace whose root `cast index-erc7201` computes) decodes to what its getter
 * returns through eth_call at that block, decoded by ethers v5.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import * as Rpc from '../chain/Rpc'
import * as TxSend from '../tx/TxSend'
import * as StorageLayout from './StorageLayout'
import * as StorageRead from './StorageRead'
import { startAnvil, type Anvil } from '../../../test/support'
import { compileVars, NAMESPACE, type Compiled } from '../../../test/storageKit'

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
let anvil: Anvil
let rpc: Rpc.Transport
let vars: Compiled
let iface: ethers.utils.Interface
let address: string

const rand = (n: number) => crypto.getRandomValues(new Uint8Array(n))
const hex = (n: number) => ethers.utils.hexlify(rand(n))
const int = (max: number) => Number(BigInt(hex(4)) % BigInt(max))
const text = (len: number) => Array.from({ length: len }, () => 'abcdé xyz€'[int(10)]).join('')
const list = (len: number) => Array.from({ length: len }, () => BigInt(hex(32)).toString())

async function send(fn: string, args: unknown[]): Promise<string> {
  const h = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from: A0, to: address, data: iface.encodeFunctionData(fn, args) }])) as `0x${string}`
  const r = await TxSend.waitForReceipt(rpc, h, { timeoutMs: 30_000, pollMs: 50 })
  expect(r.status).toBe('success')
  return `0x${r.blockNumber.toString(16)}`
}

const KEYS = { k1: ethers.Wallet.createRandom().address, k2: ethers.Wallet.createRandom().address, n: 7, id: 3 }

/** Writes a fresh random value into every variable; returns the block of the last write. */
async function writeRound(): Promise<string> {
  await send('setValues', [hex(32), int(256), -int(32768), int(2) === 1, ethers.Wallet.createRandom().address, hex(4), int(3), hex(32), BigInt(hex(31)) * -1n])
  await send('setTexts', [text(1 + int(30)), text(32 + int(90)), hex(int(80))])
  await send('setArrays', [list(3), Array.from({ length: 2 + int(7) }, () => BigInt(hex(8)).toString()), Array.from({ length: 5 }, () => int(65536)), [text(5), text(40), text(int(3))]])
  await send('setStruct', [BigInt(hex(16)).toString(), ethers.Wallet.createRandom().address, text(50), list(1 + int(4))])
  await send('setMaps', [KEYS.k1, hex(32), KEYS.n, true, KEYS.id, BigInt(hex(16)).toString(), text(10), list(2)])
  await send('setMaps', [KEYS.k2, hex(32), KEYS.n + 1, int(2) === 1, KEYS.id + 1, BigInt(hex(16)).toString(), text(33), list(int(3))])
  return send('setNs', [hex(32), text(int(60)), KEYS.k1, hex(32), int(256), int(2) === 1])
}

function show(v: unknown): string {
  if (ethers.BigNumber.isBigNumber(v)) return v.toString()
  if (typeof v === 'boolean' || typeof v === 'number') return String(v)
  return (v as string).startsWith('0x') && !ethers.utils.isAddress(v as string) ? (v as string).toLowerCase() : (v as string)
}

async function call(fn: string, args: unknown[], block: string): Promise<ethers.utils.Result> {
  const out = (await Rpc.request(rpc, 'eth_call', [{ to: address, data: iface.encodeFunctionData(fn, args) }, block])) as string
  return iface.decodeFunctionResult(fn, out)
}

/** What the getters say a decoded value's label holds. */
async function getter(label: string, block: string): Promise<string> {
  let m: RegExpExecArray | null
  const one = async (fn: string, args: unknown[] = []) => show((await call(fn, args, block))[0])
  if ((m = /^ns:(\w+)$/.exec(label))) return one(`ns${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)}`)
  if ((m = /^ns:m\[(0x\w+)\]$/.exec(label))) return one('nsM', [m[1]])
  if ((m = /^(fixedNums|dyn|packedFixed|names)\[(\d+)\]$/.exec(label))) return one(m[1]!, [m[2]])
  if ((m = /^s\.(x|who|name)$/.exec(label))) return show((await call('s', [], block))[m[1]!])
  if ((m = /^s\.list\[(\d+)\]$/.exec(label))) return one('sList', [m[1]])
  if ((m = /^balances\[(0x\w+)\]$/.exec(label))) return one('balances', [m[1]])
  if ((m = /^allowed\[(0x\w+)\]\[(\d+)\]$/.exec(label))) return one('allowed', [m[1], m[2]])
  if ((m = /^byId\[(\d+)\]\.(x|who|name)$/.exec(label))) return show((await call('byId', [m[1]], block))[m[2]!])
  if ((m = /^byId\[(\d+)\]\.list\[(\d+)\]$/.exec(label))) return one('byIdList', [m[1], m[2]])
  if (/^\w+$/.test(label)) return one(label)
  throw new Error(`no getter for ${label}`)
}

async function length(label: string, block: string): Promise<string | undefined> {
  const m = /^byId\[(\d+)\]\.list$/.exec(label)
  if (m) return show((await call('byIdListLength', [m[1]], block))[0])
  const fn = { dyn: 'dynLength', names: 'namesLength', 's.list': 'sListLength' }[label]
  if (fn) return show((await call(fn, [], block))[0])
  return { fixedNums: '3', packedFixed: '5' }[label]
}

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  vars = compileVars()
  iface = new ethers.utils.Interface(vars.abi as never)
  const h = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from: A0, data: vars.bytecode }])) as `0x${string}`
  address = (await TxSend.waitForReceipt(rpc, h, { timeoutMs: 30_000, pollMs: 50 })).contractAddress as string
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('StorageRead against the getters on anvil', () => {
  it('the ERC-7201 root is the one cast index-erc7201 computes', () => {
    expect(StorageLayout.namespaceRoot(`erc7201:${NAMESPACE}`)).toBe(vars.root)
  })

  it('every variable the layout names decodes to what its getter returns, at two blocks', async () => {
    const layout = StorageLayout.parse(JSON.stringify(vars.layout))
    const keys = StorageLayout.parseKeys(`balances: ${KEYS.k1}\nbalances: ${KEYS.k2}\nallowed: ${KEYS.k1}, ${KEYS.n}\nallowed: ${KEYS.k2}, ${KEYS.n + 1}\nbyId: ${KEYS.id}\nbyId: ${KEYS.id + 1}\nm: ${KEYS.k1}`)
    const blocks = [await writeRound(), await writeRound()]
    for (const block of blocks) {
      const r = await StorageRead.read(rpc, layout, address, block as Rpc.BlockTag, { keys, arrayItems: 10, maxBytes: 10_000 })
      let values = 0
      let lengths = 0
      for (const v of r.variables) {
        const ns = v.type === 'ERC-7201 namespace'
        for (const { node } of StorageLayout.flatten(ns ? v.children! : [v])) {
          const label = ns ? `ns:${node.label}` : node.label
          if (node.value !== undefined) {
            expect(node.value, `${label} at ${block}`).toBe(await getter(label, block))
            values++
          }
          const len = /^length (\d+)/.exec(node.note ?? '')
          if (len) {
            expect(len[1], `${label}.length at ${block}`).toBe(await length(label, block))
            lengths++
          }
        }
      }
      const flat = StorageLayout.flatten(r.variables)
      expect(flat.some((f) => f.node.note?.startsWith('short form')) && flat.some((f) => f.node.note?.startsWith('long form'))).toBe(true)
      console.log(`block ${BigInt(block)}: ${values} values and ${lengths} lengths equal their getters; ${r.reads} slots read in ${r.rounds} rounds`)
      expect(values).toBeGreaterThan(40)
      // OpenZeppelin's manifests leave out encoding, key, value and base: read from the type ids, the same values
      const bare = JSON.parse(JSON.stringify(vars.layout)) as { types: Record<string, Record<string, unknown>> }
      for (const t of Object.values(bare.types)) for (const k of ['encoding', 'key', 'value', 'base']) delete t[k]
      const again = await StorageRead.read(rpc, StorageLayout.parse(JSON.stringify(bare)), address, block as Rpc.BlockTag, { keys, arrayItems: 10, maxBytes: 10_000 })
      expect(again.variables).toEqual(r.variables)
    }
  }, 120_000)

  it('with checkCode, says how much code is at the address, as cast code does: none at an empty account (#41)', async () => {
    const { cast } = await import('../../../test/support')
    const layout = StorageLayout.parse(JSON.stringify(vars.layout))
    const empty = ethers.Wallet.createRandom().address.toLowerCase()
    for (const at of [address, empty]) {
      const code = cast(['code', at, '--rpc-url', anvil.url])
      const r = await StorageRead.read(rpc, layout, at, 'latest', { checkCode: true })
      expect(r.codeBytes, at).toBe((code.length - 2) / 2)
    }
    expect(cast(['code', empty, '--rpc-url', anvil.url])).toBe('0x')
    // without the option, no code is asked for
    expect((await StorageRead.read(rpc, layout, empty, 'latest')).codeBytes).toBeUndefined()
  })
})

/**
 * /contract-read's ERC-20 preset against `cast erc20-token` and `cast call` on anvil, with
 * OpenZeppelin's ERC20 (tokenKit: GLT, 6 decimals): name, symbol, decimals, totalSupply,
 * balanceOf and allowance read through the tool equal cast's answers, amounts also shown in
 * units as ethers v5 formats them, an unlimited allowance flagged and a limited one not, and a
 * contract that is no token gets no units. Random amounts; seed printed (TEST_SEED replays).
 */
import { utils } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Erc20Preset from '../../src/core/abi/Erc20Preset'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import tool from '../../src/tools/contract-read'
import meta from '../../src/tools/contract-read/meta'
import { withDefaults } from '../../src/tools/define'
import type { Row } from '../../src/tools/types'
import { castAsync, startAnvil, testSeed, type Anvil } from '../support'
import { KEYS, TO, addr } from './sendKit'
import { compile, deploy } from './tokenKit'

const ERC20 = new utils.Interface(Erc20Preset.ABI_TEXT.split('\n'))
const MAX = (2n ** 256n - 1n).toString()
let anvil: Anvil
let rpc: Rpc.Transport
let token: `0x${string}`
let notToken: `0x${string}`
const owner = addr(KEYS[0]) as `0x${string}`
const spender = addr(KEYS[1]) as `0x${string}`
const supply = 10n ** 15n + BigInt(Math.floor(Math.random() * 1e12))
const sent = BigInt(Math.floor(Math.random() * 1e12))

async function send(data: string) {
  const p = await TxSend.prepare(rpc, { chainId: 31337, from: owner, to: token, value: 0n, data: data as `0x${string}` })
  await TxSend.waitForReceipt(rpc, await TxSend.signAndSend(rpc, p, KEYS[0]), { pollMs: 50 })
}

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  const c = compile()
  token = await deploy(rpc, c.GlanceToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [supply]).slice(2))
  notToken = await deploy(rpc, c.NotAToken!.bytecode)
  await send(ERC20.encodeFunctionData('transfer', [TO, sent]))
  await send(ERC20.encodeFunctionData('approve', [spender, MAX]))
  console.log(`erc20-preset: seed ${testSeed}, supply ${supply}, sent ${sent}`)
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

/** The tool's rows for one read of the preset ABI. */
async function read(fn: string, args: string[] = [], address = token): Promise<Map<string, Row>> {
  const p = tool.parse(withDefaults(meta, { address, abi: Erc20Preset.ABI_TEXT, function: fn, args: JSON.stringify(args) }))
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  const r = await tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url })
  return new Map(r.sections.flatMap((s) => s.rows.map((row) => [row.label, row] as const)))
}
const erc20 = (...a: string[]) => castAsync(['erc20-token', ...a, '--rpc-url', anvil.url])
/** cast prints big numbers with a scientific hint ("1000 [1e3]"): the number only. */
const num = (s: string) => s.split(' ')[0]!
const units = (v: bigint) => {
  const [w, f] = utils.formatUnits(v, 6).split('.')
  return `${BigInt(w!).toLocaleString('en-US')}${f && f !== '0' ? `.${f}` : ''} GLT`
}

describe('contract-read ERC-20 preset against cast (OpenZeppelin ERC20 on anvil)', () => {
  it('name, symbol and decimals equal cast erc20-token\'s', async () => {
    expect((await read('name')).get('#1 (string)')?.value).toBe(await erc20('name', token))
    expect((await read('symbol')).get('#1 (string)')?.value).toBe(await erc20('symbol', token))
    expect((await read('decimals')).get('#1 (uint8)')?.value).toBe(num(await erc20('decimals', token)))
  })
  it('totalSupply and balances equal cast\'s, and show in units', async () => {
    const ts = await read('totalSupply')
    expect(ts.get('#1 (uint256)')?.value).toBe(num(await castAsync(['call', token, 'totalSupply()(uint256)', '--rpc-url', anvil.url])))
    expect(ts.get('In units')?.value).toBe(units(supply))
    for (const [who, amount] of [[owner, supply - sent], [TO, sent]] as const) {
      const b = await read('balanceOf', [who])
      expect(b.get('#1 (uint256)')?.value).toBe(num(await erc20('balance', token, who)))
      expect(b.get('#1 (uint256)')?.value).toBe(amount.toString())
      expect(b.get('In units')?.value).toBe(units(amount))
    }
  })
  it('an unlimited allowance is flagged; none is not', async () => {
    const a = await read('allowance', [owner, spender])
    expect(a.get('#1 (uint256)')?.value).toBe(num(await erc20('allowance', token, owner, spender)))
    expect(a.get('In units')).toMatchObject({ value: 'unlimited GLT', tone: 'warn' })
    const none = await read('allowance', [spender, owner])
    expect(none.get('In units')).toMatchObject({ value: '0 GLT' })
    expect(none.get('In units')?.tone).toBeUndefined()
  })
  it('a contract that is not a token: the read reverts, with no units', async () => {
    const r = await read('balanceOf', [owner], notToken)
    expect(r.get('Reverted')).toBeDefined()
    expect(r.has('In units')).toBe(false)
  })
})

/**
 * Known token amounts in units (#23), against a real anvil: OpenZeppelin's ERC20 (compiled here
 * with solc-js, 6 decimals, symbol GLT) is deployed, and the send confirmation's review of a
 * transfer, an approval and a transferFrom of that token reads its symbol and decimals from the
 * node and shows each amount in units beside the raw integer, as ethers v5 formats it.
 */
import { utils } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as TxWarnings from '../../src/core/tx/TxWarnings'
import { summaryRows } from '../../src/tools/send-transaction'
import { startAnvil, type Anvil } from '../support'
import { KEYS, TO, addr } from './sendKit'
import { compile, deploy } from './tokenKit'

const ERC20 = new utils.Interface(['function transfer(address to, uint256 value)', 'function approve(address spender, uint256 value)', 'function transferFrom(address from, address to, uint256 value)'])
let anvil: Anvil
let rpc: Rpc.Transport
let token: `0x${string}`
let notToken: `0x${string}`
const from = addr(KEYS[0]) as `0x${string}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  const c = compile()
  token = await deploy(rpc, c.GlanceToken!.bytecode + utils.defaultAbiCoder.encode(['uint256'], [10n ** 15n]).slice(2))
  notToken = await deploy(rpc, c.NotAToken!.bytecode)
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

/** The confirmation's rows for a call to `to`, reviewed against the node. */
async function rows(to: `0x${string}`, data: `0x${string}`) {
  const tx = { from, to, value: 0n, data }
  const [summary, review] = await Promise.all([TxSend.prepare(rpc, { chainId: 31337, ...tx, gas: 200_000n }), TxWarnings.review(rpc, tx)])
  return { review, rows: summaryRows({ summary, review }, 'ether') }
}

describe('token amounts in the send confirmation, from OpenZeppelin ERC20 on anvil', () => {
  it('a transfer, an approval and a transferFrom: the amount in GLT as ethers v5 formats it with 6 decimals, the raw integer beside it', async () => {
    // the token's own answers, read here with ethers' coder
    const call = async (d: string) => (await rpc.request({ method: 'eth_call', params: [{ to: token, data: d }, 'latest'] })) as string
    expect(utils.defaultAbiCoder.decode(['string'], await call('0x95d89b41'))[0]).toBe('GLT')
    expect(Number(utils.defaultAbiCoder.decode(['uint8'], await call('0x313ce567'))[0])).toBe(6)
    for (const [fn, args, amount] of [
      ['transfer', [TO, 1234500000n], 1234500000n],
      ['approve', [TO, 5n], 5n],
      ['transferFrom', [from, TO, 10n ** 12n], 10n ** 12n],
    ] as const) {
      const { review, rows: r } = await rows(token, ERC20.encodeFunctionData(fn, args as never) as `0x${string}`)
      expect(review.tokenAmount).toEqual({ fn, amount, token: { symbol: 'GLT', decimals: 6 } })
      const row = r.find((x) => x.label === `Token amount (${fn})`)!
      expect(row.value).toBe(`${utils.commify(utils.formatUnits(amount, 6)).replace(/\.0$/, '')} GLT`)
      expect(row.note).toContain(`${amount} in the token's smallest units`)
    }
  })

  it('an unlimited approval reads "unlimited GLT"', async () => {
    const { rows: r } = await rows(token, ERC20.encodeFunctionData('approve', [TO, (1n << 256n) - 1n]) as `0x${string}`)
    expect(r.find((x) => x.label === 'Token amount (approve)')!.value).toBe('unlimited GLT')
  })

  it('/transaction: a mined transfer of the token shows its amount in GLT', async () => {
    const p = await TxSend.prepare(rpc, { chainId: 31337, from, to: token, value: 0n, data: ERC20.encodeFunctionData('transfer', [TO, 2500000n]) as `0x${string}` })
    const hash = await TxSend.signAndSend(rpc, p, KEYS[0])
    await TxSend.waitForReceipt(rpc, hash, { pollMs: 50 })
    const tool = (await import('../../src/tools/transaction')).default
    const parsed = tool.parse({ hash })
    if (!parsed.ok) throw new Error('parse')
    const result = await tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url } as never)
    const row = result.sections.flatMap((s) => s.rows).find((r) => r.label === 'Token amount (transfer)')!
    expect(row.value).toBe(`${utils.formatUnits(2500000n, 6).replace(/\.0$/, '')} GLT`)
    expect(row.value).toBe('2.5 GLT')
  })

  it('a contract that is no token: the amount stays raw, no units are made up', async () => {
    const { review, rows: r } = await rows(notToken, ERC20.encodeFunctionData('transfer', [TO, 77n]) as `0x${string}`)
    expect(review.tokenAmount).toEqual({ fn: 'transfer', amount: 77n, token: undefined })
    const row = r.find((x) => x.label === 'Token amount (transfer)')!
    expect(row.value).toBe('77')
    expect(row.note).toContain('could not be read')
  })
})

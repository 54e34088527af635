/**
 * The account tool's "Verify with proofs" on a real anvil (started here): an honest node's
 * answer shows a Verified row holding block N's hash (eth_getBlockByNumber's) and values equal
 * to what was written; a node that changes its plain balance, a proof's storage root or a
 * slot's word is refused with the account (and slot) named, and nothing is shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil, type Anvil } from '../../../test/support'
import { withDefaults } from '../define'
import tool from './index'
import * as Rpc from '../../core/chain/Rpc'

let anvil: Anvil
let rpc: Rpc.Transport
const C = '0x4000000000000000000000000000000000000004'
const CODE = '0x6001600055'
const WORD = `0x${'00'.repeat(31)}2a`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  await Rpc.request(rpc, 'anvil_setCode', [C, CODE])
  await Rpc.request(rpc, 'anvil_setBalance', [C, '0x1234'])
  await Rpc.request(rpc, 'anvil_setStorageAt', [C, '0x7', WORD])
  await Rpc.request(rpc, 'evm_mine', [])
})
afterAll(async () => {
  await anvil?.stop()
})

/** The same anvil, with one method's answer changed. */
const lying = (method: string, change: (r: Record<string, unknown> | string) => unknown): Rpc.Eip1193Like => ({
  request: async (args) => {
    const r = await rpc.request(args)
    return args.method === method ? change(r as Record<string, unknown> | string) : r
  },
})

async function run(node: Rpc.Eip1193Like) {
  const p = tool.parse(withDefaults(tool, { address: C, slots: '7', unit: 'wei', verify: 'true' }))
  if (!p.ok) throw new Error('parse')
  return tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: node })
}

describe('Account: verify with proofs', () => {
  it('an honest node: the Verified row holds the block hash, values are what was written', async () => {
    const r = await run(rpc)
    const rows = r.sections[0]!.rows
    const row = (label: string) => rows.find((x) => x.label === label)!
    const n = Rpc.quantity(await Rpc.request(rpc, 'eth_blockNumber', []), 'n')
    const block = (await Rpc.request(rpc, 'eth_getBlockByNumber', [Rpc.toQuantity(n), false])) as { hash: string }
    expect(row('Verified').value).toBe(block.hash)
    expect(row('Verified').note).toMatch(new RegExp(`block ${n}'s header`))
    expect(row('Balance (wei)').value).toBe(String(0x1234))
    expect(row('Code').value).toBe(CODE)
    const storage = r.sections.find((s) => s.title === 'Storage')!.rows
    expect(storage[0]!.value).toBe(WORD)
  })

  it('without the tick there is no Verified row', async () => {
    const p = tool.parse(withDefaults(tool, { address: C }))
    if (!p.ok) throw new Error('parse')
    const r = await tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc })
    expect(r.sections[0]!.rows.some((x) => x.label === 'Verified')).toBe(false)
  })

  it('a changed plain balance, proof storage root or slot word is refused, naming the account and slot', async () => {
    await expect(run(lying('eth_getBalance', () => '0x1235'))).rejects.toThrow(new RegExp(`balance of ${C} \\(4661\\) is not what its proof`))
    await expect(run(lying('eth_getProof', (r) => ({ ...(r as object), storageHash: `0x${'ab'.repeat(32)}` })))).rejects.toThrow(/storageHash of 0x4000000000000000000000000000000000000004/)
    await expect(run(lying('eth_getStorageAt', () => `0x${'00'.repeat(31)}2b`))).rejects.toThrow(new RegExp(`${C} slot 0x0{63}7`))
    await expect(run(lying('eth_getCode', () => '0x6001600056'))).rejects.toThrow(new RegExp(`code the node sent for ${C}`))
  })
})

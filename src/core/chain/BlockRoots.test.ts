/**
 * BlockRoots against a real anvil (the header's roots are anvil's, an independent source): for
 * blocks of legacy, EIP-2930, EIP-1559 and EIP-7702 transactions (each type alone, and mixed with
 * reverts, creations and nested calls: test/chain/blockKit.ts) and the empty genesis block, the
 * rebuilt transactions and receipts roots equal the header's; a listing with a transaction or a
 * receipt dropped, moved, added or changed is refused, naming the root that failed. (EIP-4844: no
 * KZG library here to make a blob transaction anvil accepts; its envelope is ox's, as the others.)
 */
import { Hash, TransactionEnvelope as TxEnvelope, Transaction } from 'ox'
import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { beforeAll, describe, expect, it } from 'vitest'
import { anvil, rpc, useAnvil } from '../../../test/chain/nodeKit'
import { mixedBlock } from '../../../test/chain/blockKit'
import { ANVIL_KEYS, inOneBlock } from '../../../test/support'
import * as BlockRoots from './BlockRoots'

useAnvil()

type Listing = { block: Record<string, unknown> & { transactions: Record<string, unknown>[] }; receipts: Record<string, unknown>[] }
const listing = async (n: number): Promise<Listing> => ({ block: await rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, true]), receipts: await rpc('eth_getBlockReceipts', [`0x${n.toString(16)}`]) })
const copy = <T>(x: T): T => structuredClone(x)

let mixed: Listing
beforeAll(async () => {
  mixed = await listing((await mixedBlock(rpc, 35)).number)
}, 60_000)

describe('BlockRoots (anvil)', () => {
  it('gives the header\'s roots for the empty genesis block and a block of each type', async () => {
    const g = await listing(0)
    expect((await BlockRoots.check(g.block, g.receipts)).transactionsRoot).toBe(g.block.transactionsRoot)
    const [a0, a1, a2] = await rpc<string[]>('eth_accounts')
    const eoa = privateKeyToAccount(ANVIL_KEYS[1] as `0x${string}`)
    const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEYS[0] as `0x${string}`), chain: foundry, transport: http(anvil.url) })
    const n0 = Number(BigInt(await rpc<string>('eth_getTransactionCount', [a0, 'latest'])))
    const n1 = Number(BigInt(await rpc<string>('eth_getTransactionCount', [a1, 'latest'])))
    const kinds: Record<string, (() => Promise<string>)[]> = {
      legacy: [0, 1, 2].map((i) => () => rpc('eth_sendTransaction', [{ from: a1, to: a2, value: '0x1', gasPrice: '0xb2d05e00', gas: '0x5208', nonce: `0x${(n1 + i).toString(16)}` }])),
      eip2930: [3, 4].map((i) => () => rpc('eth_sendTransaction', [{ from: a1, to: a2, value: '0x2', type: '0x1', gasPrice: '0xb2d05e00', gas: '0x10000', nonce: `0x${(n1 + i).toString(16)}`, accessList: [{ address: a2, storageKeys: [`0x${'00'.repeat(31)}07`] }] }])),
      eip1559: [5, 6].map((i) => () => rpc('eth_sendTransaction', [{ from: a1, to: a0, value: '0x3', data: '0xabcdef', gas: '0x10000', nonce: `0x${(n1 + i).toString(16)}` }])),
      eip7702: [0].map((i) => async () => {
        const authorization = await eoa.signAuthorization({ chainId: foundry.id, address: a2 as `0x${string}`, nonce: n1 + 7 })
        return wallet.sendTransaction({ authorizationList: [authorization], to: eoa.address, gas: 100_000n, nonce: n0 + i })
      }),
    }
    const types: Record<string, string> = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2', eip7702: '0x4' }
    for (const [kind, sends] of Object.entries(kinds)) {
      const hashes = await inOneBlock(anvil.url, sends)
      const l = await listing(Number(BigInt((await rpc<{ blockNumber: string }>('eth_getTransactionReceipt', [hashes[0]])).blockNumber)))
      expect(l.block.transactions.map((t) => t.type), kind).toEqual(hashes.map(() => types[kind]))
      const c = await BlockRoots.check(l.block, l.receipts)
      expect([c.transactionsRoot, c.receiptsRoot], kind).toEqual([l.block.transactionsRoot, l.block.receiptsRoot])
      // each transaction's envelope is the node's own raw transaction
      for (const t of l.block.transactions) expect(Hash.keccak256(await rpc<`0x${string}`>('eth_getRawTransactionByHash', [t.hash]))).toBe(t.hash)
    }
  }, 60_000)

  it('gives the header\'s roots for a mixed block (reverts, creations, nested calls, value transfers)', async () => {
    const c = await BlockRoots.check(mixed.block, mixed.receipts)
    expect(c.transactions).toBe(35)
    expect([c.transactionsRoot, c.receiptsRoot]).toEqual([mixed.block.transactionsRoot, mixed.block.receiptsRoot])
    expect(new Set(mixed.receipts.map((r) => r.status))).toEqual(new Set(['0x0', '0x1']))
  })

  it('refuses a dropped, moved or added transaction or receipt, naming the root', async () => {
    const txRoot = { name: 'BlockRoots.RootMismatchError', root: 'transactions' }
    const rcRoot = { name: 'BlockRoots.RootMismatchError', root: 'receipts' }
    const cases: [string, (l: Listing) => void, object][] = [
      ['a transaction dropped', (l) => l.block.transactions.splice(3, 1), txRoot],
      ['two transactions swapped', (l) => l.block.transactions.splice(2, 2, l.block.transactions[3]!, l.block.transactions[2]!), txRoot],
      ['a transaction added', (l) => l.block.transactions.push(l.block.transactions[0]!), txRoot],
      ['a receipt dropped', (l) => l.receipts.splice(5, 1), rcRoot],
      ['two receipts swapped', (l) => l.receipts.splice(2, 2, l.receipts[3]!, l.receipts[2]!), rcRoot],
      ['a receipt\'s status flipped', (l) => (l.receipts[4]!.status = l.receipts[4]!.status === '0x1' ? '0x0' : '0x1'), rcRoot],
      ['a receipt\'s gas changed', (l) => (l.receipts[1]!.cumulativeGasUsed = `0x${(BigInt(l.receipts[1]!.cumulativeGasUsed as string) + 1n).toString(16)}`), rcRoot],
    ]
    for (const [what, change, error] of cases) {
      const l = copy(mixed)
      change(l)
      await expect(BlockRoots.check(l.block, l.receipts), what).rejects.toMatchObject(error)
    }
  })

  it('refuses a changed transaction: under its own hash, and rehashed', async () => {
    const l = copy(mixed)
    const t = l.block.transactions[6]!
    t.value = `0x${(BigInt(t.value as string) + 1n).toString(16)}`
    await expect(BlockRoots.check(l.block, l.receipts)).rejects.toMatchObject({ name: 'BlockRoots.TxHashError', message: /Transaction 6 of the listing does not hash to its hash/ })
    t.hash = Hash.keccak256(TxEnvelope.serialize(Transaction.fromRpc(t as never) as never))
    await expect(BlockRoots.check(l.block, l.receipts)).rejects.toMatchObject({ name: 'BlockRoots.RootMismatchError', root: 'transactions', message: /do not give the header's transactionsRoot/ })
  })

  it('refuses a block whose header does not hash to its hash, and a type it does not encode', async () => {
    const l = copy(mixed)
    l.block.transactionsRoot = `0x${'00'.repeat(32)}`
    await expect(BlockRoots.check(l.block, l.receipts)).rejects.toMatchObject({ name: 'ProofVerify.HeaderHashError' })
    expect(() => BlockRoots.txType({ type: '0x7e' }, 'transaction 0')).toThrow(/Transaction 0 is of type 126, which this page does not encode/)
  })
})

/**
 * TxWarnings.review against a real anvil (started here; needs @foundry-rs/anvil), through a
 * local proxy (test/fault-server.ts): what a transaction about to be signed does, said plainly,
 * with call data built by Foundry's cast.
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import { KEYS, TO, addr, useStoreChain } from '../../../test/chain/sendKit'
import * as TxSend from './TxSend'
import * as SignatureTable from '../abi/SignatureTable'
import * as TxWarnings from './TxWarnings'

describe('on an automining anvil', () => {
  const chain = useStoreChain()

  it('warns about what is signed: approvals, zero address, no code, value to a contract, a call that would revert', async () => {
    const from = addr(KEYS[2])
    const kinds = async (to: string | null, value: bigint, data: `0x${string}`) => (await TxWarnings.review(chain.via, { from, to, value, data })).warnings.map((w) => w.kind).sort()
    const approve = (amount: bigint) => (`0x095ea7b3${'0'.repeat(24)}${TO.slice(2).toLowerCase()}${amount.toString(16).padStart(64, '0')}`) as `0x${string}`
    // ERC-20 approve, spender TO: cast calldata gives the same bytes
    expect(approve(TxWarnings.MAX_UINT256)).toBe(await castAsync(['calldata', 'approve(address,uint256)', TO, TxWarnings.MAX_UINT256.toString()]))
    expect(await kinds(TO, 0n, approve(TxWarnings.MAX_UINT256))).toEqual(['no-code', 'unlimited-approval'])
    expect(await kinds(TO, 0n, approve(10n ** 27n))).toEqual(['large-approval', 'no-code'])
    expect(await kinds(TO, 0n, approve(10n ** 18n))).toEqual(['no-code'])
    const forAll = (await castAsync(['calldata', 'setApprovalForAll(address,bool)', TO, 'true'])) as `0x${string}`
    expect(await kinds(TO, 0n, forAll)).toEqual(['approval-for-all', 'no-code'])
    const permit = (await castAsync(['calldata', 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)', from, TO, TxWarnings.MAX_UINT256.toString(), '1', '27', `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`])) as `0x${string}`
    expect(await kinds(TO, 0n, permit)).toContain('unlimited-approval')
    expect(await kinds(TxWarnings.ZERO, 1n, '0x')).toEqual(['zero-address'])
    expect(await kinds(TO, 1n, '0x')).toEqual([])
    // the Store contract: get() fine; value to it reverts (not payable) and is value to a contract; set(200) reverts "too big"
    const get = (await castAsync(['calldata', 'get()'])) as `0x${string}`
    expect(await kinds(chain.store, 0n, get)).toEqual([]) // get() is in the offline table (Zodiac's CirculatingSupply, #27)
    // value to the contract (its hand-assembled dispatcher does not check callvalue: get() with value succeeds)
    expect(await kinds(chain.store, 1n, get)).toEqual(['value-to-contract'])
    const set200 = (await castAsync(['calldata', 'set(uint256)', '200'])) as `0x${string}`
    const r = await TxWarnings.review(chain.via, { from, to: chain.store, value: 0n, data: set200 })
    expect(r.decoded.text).toBe(null) // set(uint256) is not in the offline table: said so
    expect(r.warnings.map((w) => w.kind).sort()).toEqual(['unknown-selector', 'would-revert'])
    expect(r.warnings.find((w) => w.kind === 'would-revert')!.text).toContain('too big')
    const withAbi = await TxWarnings.review(chain.via, { from, to: chain.store, value: 0n, data: set200 }, { abis: [[{ type: 'function', name: 'set', inputs: [{ name: 'v', type: 'uint256' }], outputs: [], stateMutability: 'nonpayable' }]] })
    expect(withAbi.decoded.text).toBe('set(v=200)')
    // simulated even when the gas limit is typed: prepare does not estimate, the review still catches it
    const p = await TxSend.prepare(chain.via, { chainId: 31337, from, to: chain.store, value: 0n, data: set200, gas: 100_000n })
    expect(p.estimated).not.toContain('gas')
    // transfer() of the offline table decodes without an ABI
    const transfer = (await castAsync(['calldata', 'transfer(address,uint256)', TO, '5'])) as `0x${string}`
    expect(TxWarnings.decode(transfer, [], await SignatureTable.load('function')).text).toBe(`transfer(to=${TO}, value=5)`)
  })

})

/**
 * Every read, a transfer, a contract deployment and calls signed in the page, and decoded
 * reverts, against a real anvil on a free loopback port. Values are compared with Foundry's
 * `cast` talking to the same node (an independent client).
 */
import { AbiFunction, Address, Ens } from 'ox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync, castOrRefusal, startAnvil, type Anvil } from '../support'
import { ENS_STUB_RUNTIME, STORE_ABI, STORE_INIT, STORE_RUNTIME_HEX } from './contracts'
import * as Abi from '../../src/core/abi/Abi'
import * as AbiCodec from '../../src/core/abi/AbiCodec'
import * as CalldataEncode from '../../src/core/abi/CalldataEncode'
import * as AccountInfo from '../../src/core/chain/AccountInfo'
import * as ChainBlocks from '../../src/core/chain/ChainBlocks'
import * as ChainCall from '../../src/core/chain/ChainCall'
import * as Chains from '../../src/core/chain/Chains'
import * as EnsName from '../../src/core/ens/Ens'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import * as Fees from '../../src/core/chain/Fees'
import * as Key from '../../src/core/keys/Key'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import * as StorageSlot from '../../src/core/hash/StorageSlot'

let anvil: Anvil
let rpc: Rpc.Transport
const KEY0 = ANVIL_KEYS[0]
const KEY1 = ANVIL_KEYS[1]
let A0: `0x${string}`
let A1: `0x${string}`
let store: `0x${string}`
let deployHash: `0x${string}`
let transferHash: `0x${string}`

const castRpc = () => ['--rpc-url', anvil.url]

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  A0 = Key.toAddress(KEY0)
  A1 = Key.toAddress(KEY1)
})
afterAll(async () => {
  await anvil?.stop()
})

async function sendSigned(key: string, draft: Omit<TxSend.Draft, 'chainId' | 'from'>) {
  const from = Key.toAddress(Key.parse(key))
  const p = await TxSend.prepare(rpc, { chainId: 31337, from, ...draft }, { url: anvil.url })
  const { raw, hash } = TxSend.sign(p, key)
  const info = await TxSend.broadcast(rpc, raw, { expectedChainId: 31337 })
  expect(info.hash).toBe(hash)
  const receipt = await TxSend.waitForReceipt(rpc, hash, { timeoutMs: 10_000, pollMs: 50 })
  return { p, raw, hash, receipt }
}

describe('connection info', () => {
  it('reads chain id, name, block, client version, fees', async () => {
    const info = await Chains.info(rpc)
    expect(info.chainId).toBe(Number(await castAsync(['chain-id', ...castRpc()])))
    expect(info.chainName).toBe('Anvil / Hardhat (local devnet)')
    expect(info.clientVersion).toBe(await castAsync(['client', ...castRpc()]))
    expect(info.blockNumber).toBe(Number(await castAsync(['block-number', ...castRpc()])))
    expect(info.gasPrice).toBe(BigInt(await castAsync(['gas-price', ...castRpc()])))
    expect(info.fees?.baseFee).toBeTypeOf('bigint')
    expect(info.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('suggests fees from eth_feeHistory', async () => {
    const f = await Fees.suggest(rpc)
    const base = BigInt((await castOrRefusal(['base-fee', 'pending', ...castRpc()])) || '0')
    if (base > 0n) expect(f.baseFee).toBe(base)
    expect(f.standard.maxFeePerGas).toBe(2n * f.baseFee! + f.standard.maxPriorityFeePerGas)
    expect(f.slow.maxPriorityFeePerGas <= f.fast.maxPriorityFeePerGas).toBe(true)
  })

  it('refuses a mismatched chain id', async () => {
    await expect(Chains.assertChainId(rpc, 1)).rejects.toThrow(/is on chain 31337, not on chain 1/)
  })
})

describe('write: signed in the page', () => {
  it('sends ether (EIP-1559), and the receipt lands', async () => {
    const before = BigInt(await castAsync(['balance', A1, ...castRpc()]))
    const { p, hash, receipt } = await sendSigned(KEY0, { to: A1, value: 1_234_567_890_000n, data: '0x' })
    transferHash = hash
    expect(p.estimated).toEqual(['nonce', 'fees', 'gas'])
    expect(p.gas).toBe(21000n)
    expect(p.affordable).toBe(true)
    expect(receipt.status).toBe('success')
    expect(BigInt(await castAsync(['balance', A1, ...castRpc()]))).toBe(before + 1_234_567_890_000n)
    // cast sees the same transaction, sender and hash
    const tx = JSON.parse(await castAsync(['tx', hash, '--json', ...castRpc()]))
    expect(tx.from.toLowerCase()).toBe(A0.toLowerCase())
    expect(BigInt(tx.value)).toBe(1_234_567_890_000n)
  })

  it('deploys a contract and reads it', async () => {
    const { receipt, hash } = await sendSigned(KEY0, { to: null, value: 0n, data: STORE_INIT as `0x${string}` })
    deployHash = hash
    expect(receipt.status).toBe('success')
    store = Address.checksum(receipt.contractAddress!)
    expect(await castAsync(['code', store, ...castRpc()])).toBe(STORE_RUNTIME_HEX)
    const abi = Abi.parse(STORE_ABI)
    const r = await ChainCall.read(rpc, { address: store, fn: Abi.pickFunction(abi, 'get'), args: [] })
    expect(r.outputs).toEqual([{ name: '#1', type: 'uint256', value: await castAsync(['call', store, 'get()(uint256)', ...castRpc()]) }])
    expect(r.outputs[0]!.value).toBe('42')
  })

  it('calls a state-changing function signed in the page, with a decoded log', async () => {
    const abi = Abi.parse(STORE_ABI)
    const fn = Abi.pickFunction(abi, 'set')
    const data = CalldataEncode.encodeCall(fn, AbiCodec.coerceAll(fn.inputs, AbiCodec.parseJsonValues('["77"]')))
    expect(data).toBe(await castAsync(['calldata', 'set(uint256)', '77']))
    const { receipt } = await sendSigned(KEY0, { to: store, value: 0n, data })
    expect(receipt.status).toBe('success')
    expect(receipt.logs).toHaveLength(1)
    expect(receipt.logs[0]!.topics[0]).toBe(await castAsync(['keccak', 'Set(uint256)']))
    expect(BigInt(receipt.logs[0]!.data)).toBe(77n)
    expect(await castAsync(['call', store, 'get()(uint256)', ...castRpc()])).toBe('77')
  })

  it('decodes a revert in eth_call, in gas estimation, and of a mined failed transaction', async () => {
    const abi = Abi.parse(STORE_ABI)
    const fn = Abi.pickFunction(abi, 'set')
    const data = CalldataEncode.encodeCall(fn, [101n])
    await expect(ChainCall.call(rpc, { to: store, data })).rejects.toMatchObject({ name: 'ChainCall.RevertError', revert: { kind: 'error', text: 'Error("too big")' } })
    await expect(TxSend.prepare(rpc, { chainId: 31337, from: A0, to: store, value: 0n, data })).rejects.toMatchObject({ name: 'TxSend.WouldRevertError' })
    // with an explicit gas limit it is sent, mined and fails; the reason is replayed
    const { hash, receipt } = await sendSigned(KEY0, { to: store, value: 0n, data, gas: 100_000n })
    expect(receipt.status).toBe('reverted')
    const t = await ChainBlocks.transaction(rpc, hash, abi)
    expect(t.receipt?.status).toBe('reverted')
    expect(t.revert?.text).toBe('Error("too big")')
    const castStatus = JSON.parse(await castAsync(['receipt', hash, '--json', ...castRpc()])).status
    expect(Number(castStatus)).toBe(0)
    // an unknown selector reverts without a reason
    await expect(ChainCall.call(rpc, { to: store, data: '0x12345678' })).rejects.toMatchObject({ revert: { kind: 'empty' } })
  })

  it('refuses to sign with the wrong key or for the wrong chain', async () => {
    const p = await TxSend.prepare(rpc, { chainId: 31337, from: A0, to: A1, value: 1n, data: '0x' })
    expect(() => TxSend.sign(p, KEY1)).toThrow(/belongs to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, not to the sender/)
    await expect(TxSend.prepare(rpc, { chainId: 1, from: A0, to: A1, value: 1n, data: '0x' })).rejects.toMatchObject({ name: 'Rpc.ChainMismatchError' })
    const wrong = TxSend.sign({ ...p, chainId: 1 }, KEY0).raw
    await expect(TxSend.broadcast(rpc, wrong)).rejects.toMatchObject({ name: 'Rpc.ChainMismatchError' })
    await expect(TxSend.broadcast(rpc, TxSend.sign(p, KEY0).raw, { expectedChainId: 5 })).rejects.toMatchObject({ name: 'Rpc.ChainMismatchError' })
  })

  it('sends through the node\'s own signer (eth_sendTransaction, like a browser wallet)', async () => {
    const p = await TxSend.prepare(rpc, { chainId: 31337, from: A1, to: A0, value: 5n, data: '0x' })
    const hash = await TxSend.sendWithWallet(rpc, p)
    const r = await TxSend.waitForReceipt(rpc, hash, { timeoutMs: 10_000, pollMs: 50 })
    expect(r.status).toBe('success')
  })

  it('broadcasts a raw transaction signed by cast', async () => {
    const nonce = await castAsync(['nonce', A1, ...castRpc()])
    const raw = await castAsync(['mktx', '--private-key', KEY1, '--nonce', nonce, '--gas-limit', '21000', '--gas-price', '10000000000', '--priority-gas-price', '1000000000', A0, '--value', '3', ...castRpc()])
    const info = await TxSend.broadcast(rpc, raw, { expectedChainId: 31337 })
    expect(info.from.toLowerCase()).toBe(A1.toLowerCase())
    expect(info.hash).toBe(await castAsync(['keccak', raw]))
    expect((await TxSend.waitForReceipt(rpc, info.hash, { timeoutMs: 10_000, pollMs: 50 })).status).toBe('success')
  })
})

describe('read', () => {
  it('inspects a funded account like cast', async () => {
    const a = await AccountInfo.inspect(rpc, A0)
    expect(a.balance).toBe(BigInt(await castAsync(['balance', A0, ...castRpc()])))
    expect(a.nonce).toBe(Number(await castAsync(['nonce', A0, ...castRpc()])))
    expect(a.kind).toBe('eoa')
    expect(a.codeSize).toBe(0)
  })

  it('inspects a contract: code, size, any slot, EIP-1967 slots', async () => {
    const impl = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    await rpc.request({ method: 'anvil_setStorageAt', params: [store, StorageSlot.PROXY_SLOTS.implementation, `0x${impl.slice(2).toLowerCase().padStart(64, '0')}`] })
    const a = await AccountInfo.inspect(rpc, store, { slots: [StorageSlot.parseSlotWord('0')] })
    expect(a.kind).toBe('contract')
    expect(a.codeSize).toBe((STORE_RUNTIME_HEX.length - 2) / 2)
    expect(a.slots[0]!.value).toBe(await castAsync(['storage', store, '0', ...castRpc()]))
    expect(a.eip1967).toEqual({ implementation: impl, admin: null, beacon: null })
  })

  it('EIP-1967 slot constants are keccak256(label) - 1', async () => {
    for (const [k, v] of Object.entries(StorageSlot.PROXY_SLOTS)) {
      const h = BigInt(await castAsync(['keccak', `eip1967.proxy.${k}`]))
      expect(BigInt(v)).toBe(h - 1n)
    }
  })

  it('shows an EIP-7702 delegation as such', async () => {
    const who = '0x00000000000000000000000000000000000000aa'
    await rpc.request({ method: 'anvil_setCode', params: [who, `0xef0100${store.slice(2).toLowerCase()}`] })
    const a = await AccountInfo.inspect(rpc, who)
    expect(a.kind).toBe('delegated')
    expect(a.delegate).toBe(store)
  })

  it('looks up blocks like cast', async () => {
    const b = await ChainBlocks.block(rpc, 'latest')
    const c = JSON.parse(await castAsync(['block', String(b.number), '--json', ...castRpc()]))
    expect(b.hash).toBe(c.hash)
    expect(b.timestamp).toBe(Number(c.timestamp))
    expect(b.gasUsed).toBe(BigInt(c.gasUsed))
    const byHash = await ChainBlocks.block(rpc, b.hash)
    expect(byHash.number).toBe(b.number)
    await expect(ChainBlocks.block(rpc, String(b.number + 1000))).rejects.toMatchObject({ name: 'ChainBlocks.NotFoundError' })
  })

  it('looks up a transaction and its receipt like cast', async () => {
    const t = await ChainBlocks.transaction(rpc, transferHash)
    const c = JSON.parse(await castAsync(['receipt', transferHash, '--json', ...castRpc()]))
    expect(t.receipt?.status).toBe('success')
    expect(t.receipt?.gasUsed).toBe(BigInt(c.gasUsed))
    expect(t.receipt?.effectiveGasPrice).toBe(BigInt(c.effectiveGasPrice))
    expect(t.to?.toLowerCase()).toBe(A1.toLowerCase())
    const d = await ChainBlocks.transaction(rpc, deployHash)
    expect(d.receipt?.contractAddress?.toLowerCase()).toBe(store.toLowerCase())
    await expect(ChainBlocks.transaction(rpc, `0x${'ab'.repeat(32)}`)).rejects.toMatchObject({ name: 'ChainBlocks.NotFoundError' })
  })

  it('reads at a chosen block', async () => {
    const deployed = (await ChainBlocks.transaction(rpc, deployHash)).blockNumber!
    const abi = Abi.parse(STORE_ABI)
    const r = await ChainCall.read(rpc, { address: store, fn: Abi.pickFunction(abi, 'get'), args: [], block: Rpc.toQuantity(deployed) })
    expect(r.outputs[0]!.value).toBe('42')
    await expect(ChainCall.read(rpc, { address: store, fn: Abi.pickFunction(abi, 'get'), args: [], block: Rpc.toQuantity(deployed - 1) })).rejects.toMatchObject({
      name: 'ChainCall.EmptyResultError',
    })
  })
})

describe('ENS', () => {
  it('says clearly that the devnet has no registry', async () => {
    await expect(EnsResolve.resolve(rpc, 'vitalik.eth')).rejects.toMatchObject({ name: 'EnsResolve.NoRegistryError' })
    await expect(EnsResolve.resolve(rpc, 'vitalik.eth')).rejects.toThrow(/Anvil \/ Hardhat \(local devnet\) \(chain 31337\) has no ENS registry/)
  })

  it('resolves names and reverse records through a registry (stubbed at the registry address)', async () => {
    await rpc.request({ method: 'anvil_setCode', params: [EnsResolve.REGISTRY, ENS_STUB_RUNTIME] })
    const word = (hex: string) => `0x${hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`
    const keyOf = async (sig: string, node: string) => (await castAsync(['keccak', AbiFunction.encodeData(AbiFunction.from(`function ${sig} view returns (bytes32)` as never), [node as `0x${string}`])]))
    const slotPlus = (k: string, i: number) => word((BigInt(k) + BigInt(i)).toString(16))
    const set = (k: string, v: string) => rpc.request({ method: 'anvil_setStorageAt', params: [EnsResolve.REGISTRY, k, v] })
    const node = await castAsync(['namehash', 'alice.eth'])
    expect(EnsName.namehash('alice.eth')).toBe(node)
    // registry.resolver(node) = the stub itself; resolver.addr(node) = A1
    await set(await keyOf('resolver(bytes32)', node), word(EnsResolve.REGISTRY))
    await set(await keyOf('addr(bytes32)', node), word(A1))
    const r = await EnsResolve.resolve(rpc, 'Alice.eth')
    expect(r).toMatchObject({ name: 'alice.eth', address: A1 })
    // reverse: resolver(rnode) = stub; name(rnode) = "alice.eth" (ABI string: offset, length, bytes)
    const rnode = await castAsync(['namehash', `${A1.slice(2).toLowerCase()}.addr.reverse`])
    await set(await keyOf('resolver(bytes32)', rnode), word(EnsResolve.REGISTRY))
    const k = await keyOf('name(bytes32)', rnode)
    await set(k, word('20'))
    await set(slotPlus(k, 1), word('09'))
    await set(slotPlus(k, 2), `0x${Buffer.from('alice.eth').toString('hex').padEnd(64, '0')}`)
    const rev = await EnsResolve.lookup(rpc, A1)
    expect(rev).toMatchObject({ name: 'alice.eth', verified: true })
    // a name without a resolver
    await expect(EnsResolve.resolve(rpc, 'bob.eth')).rejects.toMatchObject({ name: 'EnsResolve.NotFoundError' })
    await rpc.request({ method: 'anvil_setCode', params: [EnsResolve.REGISTRY, '0x'] })
  })

  it('normalises names (ENSIP-15) and rejects invalid ones', () => {
    expect(EnsName.parseName('Nick.ETH')).toBe(Ens.normalize('nick.eth'))
    expect(() => EnsName.parseName('')).toThrow(/Enter an ENS name/)
    expect(() => EnsName.parseName('a..eth')).toThrow(EnsName.NotNormalizableError)
  })
})

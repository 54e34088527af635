/**
 * The contract-signature chain (anvil on Prague, for EIP-7702) shared by
 * src/core/sign/ContractSignature.test.ts and test/chain/contract-signature.test.ts: the
 * wallet-factory, the two EIP-7702 delegates (with and without ERC-1271), fresh keys and the
 * signing helpers. The chain's values are live bindings, set when `useWalletChain()`'s
 * beforeAll has run. Test contracts: test/fixtures/wallets.
 */
import { AbiFunction, AbiParameters, Address, Hex, Secp256k1, Signature } from 'ox'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import * as Rpc from '../../src/core/chain/Rpc'
import { startAnvil, type Anvil } from '../support'
import { deploy, rpcOf, wallets, type H, type RpcFn } from './safeKit'

export let anvil: Anvil
export let rpc: RpcFn
export let provider: Rpc.Transport
export let client: ReturnType<typeof createPublicClient>
export let deployer: H
export let factory: H
export let delegate: H
export let delegateNo1271: H
export const W = wallets.contracts

/** Starts the chain before the file's tests and deploys the factory and both delegates; stops it after. */
export function useWalletChain(): void {
  beforeAll(async () => {
    anvil = await startAnvil(['--hardfork', 'prague'])
    rpc = rpcOf(anvil.url)
    provider = Rpc.http(anvil.url)
    client = createPublicClient({ transport: http(anvil.url) })
    deployer = (await rpc<H[]>('eth_accounts'))[0]!
    factory = await deploy(rpc, deployer, W.WalletFactory.bytecode)
    delegate = await deploy(rpc, deployer, W.Delegate7702.bytecode)
    delegateNo1271 = await deploy(rpc, deployer, W.DelegateNo1271.bytecode)
  })
  afterAll(async () => {
    await anvil?.stop()
  })
}

export function bytes(n: number): H {
  const b = new Uint8Array(n)
  crypto.getRandomValues(b)
  return Hex.fromBytes(b) as H
}
/** A fresh key and its checksummed address. */
export const account = () => {
  const key = bytes(32)
  return { key, address: Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey: key }))) as H }
}
export const sign = (key: H, hash: H) => Signature.toHex(Secp256k1.sign({ payload: hash, privateKey: key })) as H
/** The ERC-1271 test wallet's init code for an owner. */
export const walletInit = (owner: H) => Hex.concat(W.Wallet1271.bytecode, AbiParameters.encode(AbiParameters.from('address'), [owner])) as H
export const deployFn = AbiFunction.from('function deploy(address o, bytes32 salt) returns (address)')

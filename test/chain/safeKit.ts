/**
 * Test plumbing for the Safe and contract-signature oracles: JSON-RPC to anvil, deploying the
 * published Safe artifacts (test/fixtures/safe) and our test wallets (test/fixtures/wallets),
 * and creating Safes through the versions' own proxy factories.
 */
import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AbiFunction, Address, Hex, Secp256k1 } from 'ox'

// Not from ../support, which loads vitest: the e2e specs use this file too.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export type H = `0x${string}`
export const ZERO = '0x0000000000000000000000000000000000000000' as const
export const SAFE_VERSIONS = ['1.0.0', '1.1.1', '1.2.0', '1.3.0', '1.4.1', '1.5.0'] as const
export type SafeVersion = (typeof SAFE_VERSIONS)[number]

export interface Artifact {
  contractName: string
  abi: readonly Record<string, unknown>[]
  bytecode: H
}

export function safeArtifact(version: SafeVersion, name: 'safe' | 'factory' | 'multiSend' | 'multiSendCallOnly'): Artifact | undefined {
  try {
    return JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', 'safe', version, `${name}.json`), 'utf8')) as Artifact
  } catch {
    return undefined
  }
}

export const wallets = JSON.parse(readFileSync(join(repoRoot, 'test', 'fixtures', 'wallets', 'Wallets.json'), 'utf8')) as {
  contracts: Record<'Wallet1271' | 'WalletFactory' | 'Delegate7702' | 'DelegateNo1271', Artifact>
}

export function fn(abi: readonly Record<string, unknown>[], name: string): AbiFunction.AbiFunction {
  const f = abi.find((x) => x.type === 'function' && x.name === name)
  if (!f) throw new Error(`no function ${name}`)
  return AbiFunction.from(f as never)
}

let id = 0
export function rpcOf(url: string) {
  return async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const j = (await r.json()) as { result?: T; error?: { message: string } }
    if (j.error) throw new Error(`${method}: ${j.error.message}`)
    return j.result as T
  }
}
export type RpcFn = ReturnType<typeof rpcOf>

export interface Receipt {
  status: H
  contractAddress: H | null
  logs: { address: H; topics: H[] }[]
}

export async function send(rpc: RpcFn, tx: Record<string, unknown>): Promise<Receipt> {
  const hash = await rpc<H>('eth_sendTransaction', [{ gas: Hex.fromNumber(8_000_000), ...tx }])
  for (let i = 0; i < 500; i++) {
    const r = await rpc<Receipt | null>('eth_getTransactionReceipt', [hash])
    if (r) return r
    await new Promise((res) => setTimeout(res, 10))
  }
  throw new Error(`no receipt for ${hash}`)
}

export async function deploy(rpc: RpcFn, from: H, creationCode: H): Promise<H> {
  const r = await send(rpc, { from, data: creationCode, gas: Hex.fromNumber(12_000_000) })
  if (r.status !== '0x1' || !r.contractAddress) throw new Error('deploy failed')
  return Address.checksum(r.contractAddress) as H
}

export async function call<T>(rpc: RpcFn, to: H, f: AbiFunction.AbiFunction, args: readonly unknown[] = []): Promise<T> {
  const raw = await rpc<H>('eth_call', [{ to, data: AbiFunction.encodeData(f, args as never) }, 'latest'])
  return AbiFunction.decodeResult(f, raw) as T
}

export interface Deployed {
  version: SafeVersion
  singleton: H
  factory: H
  multiSend: H
  multiSendCallOnly?: H
  safeAbi: readonly Record<string, unknown>[]
}

export async function deploySafeContracts(rpc: RpcFn, from: H, version: SafeVersion): Promise<Deployed> {
  const safe = safeArtifact(version, 'safe')!
  const out: Deployed = {
    version,
    singleton: await deploy(rpc, from, safe.bytecode),
    factory: await deploy(rpc, from, safeArtifact(version, 'factory')!.bytecode),
    multiSend: await deploy(rpc, from, safeArtifact(version, 'multiSend')!.bytecode),
    safeAbi: safe.abi,
  }
  const cso = safeArtifact(version, 'multiSendCallOnly')
  if (cso) out.multiSendCallOnly = await deploy(rpc, from, cso.bytecode)
  return out
}

/** A new Safe proxy with these owners and threshold, through the version's own factory. */
export async function createSafe(rpc: RpcFn, from: H, d: Deployed, owners: readonly H[], threshold: bigint, salt: bigint): Promise<H> {
  const setup = fn(d.safeAbi, 'setup')
  // setup()'s parameters differ (1.0.0 has no fallbackHandler): fill them by name.
  const byName: Record<string, unknown> = { _owners: owners, _threshold: threshold, to: ZERO, data: '0x', fallbackHandler: ZERO, paymentToken: ZERO, payment: 0n, paymentReceiver: ZERO }
  const initializer = AbiFunction.encodeData(setup, setup.inputs.map((i) => byName[i.name!]) as never)
  const factoryAbi = safeArtifact(d.version, 'factory')!.abi
  const data = AbiFunction.encodeData(fn(factoryAbi, 'createProxyWithNonce'), [d.singleton, initializer, salt])
  const predicted = await rpc<H>('eth_call', [{ from, to: d.factory, data }, 'latest'])
  const r = await send(rpc, { from, to: d.factory, data })
  if (r.status !== '0x1') throw new Error(`${d.version}: createProxyWithNonce failed`)
  return Address.checksum(Hex.slice(predicted, 12, 32)) as H
}

/** n random bytes (crypto.getRandomValues, seeded in tests by test/support). */
export function bytes(n: number): H {
  const b = new Uint8Array(n)
  crypto.getRandomValues(b)
  return Hex.fromBytes(b) as H
}

/** The checksummed address of a private key. */
export const ownerOf = (k: H) => Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey: k }))) as H

/**
 * Intrinsic gas, differential against a real anvil node (Prague rules): for random
 * transactions, a gas limit one below IntrinsicGas.required is refused by the node as too low
 * (or, where anvil's pool lets it in, never mined), and exactly `required` is mined. Also: ethers v5 / published
 * figures for the fixed cases. The seed is printed (test/support.ts testSeed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_KEYS, startAnvil, testSeed, type Anvil } from '../../../test/support'
import * as Authorization from './Authorization'
import * as IntrinsicGas from './IntrinsicGas'
import * as TxBuild from './TxBuild'
import * as TxDecode from './TxDecode'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil(['--hardfork', 'prague'])
}, 40_000)
afterAll(async () => {
  await anvil?.stop()
})

async function rpc(method: string, params: unknown[]): Promise<{ result?: any; error?: { message: string } }> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return r.json()
}

/** anvil's automine mines after eth_sendRawTransaction returns: poll the receipt (liveness bound, not a timing assertion). */
async function receipt(hash: string): Promise<unknown> {
  for (let i = 0; i < 100; i++) {
    const r = (await rpc('eth_getTransactionReceipt', [hash])).result
    if (r) return r
    await new Promise((res) => setTimeout(res, 50))
  }
  return null
}

const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const rand = (n: number) => Math.floor(Math.random() * n)
const hexOf = (bytes: number[]) => `0x${bytes.map((b) => b.toString(16).padStart(2, '0')).join('')}` as `0x${string}`
function randomData(): `0x${string}` {
  const len = [0, 1, 4, 36, 100, 300][rand(6)]!
  const zeroShare = Math.random()
  return hexOf(Array.from({ length: len }, () => (Math.random() < zeroShare ? 0 : 1 + rand(255))))
}

describe('IntrinsicGas against anvil (Prague)', () => {
  it('a plain transfer needs 21,000; 1 zero + 1 non-zero byte of data 21,020 (EIP-2028)', () => {
    expect(IntrinsicGas.of({ to: SENDER, data: '0x' }).required).toBe(21_000n)
    expect(IntrinsicGas.of({ to: SENDER, data: '0x00ff' }).standard).toBe(21_020n)
  })

  it(`random transactions: one below required is refused as too low, required is not (seed ${testSeed})`, async () => {
    const chainId = BigInt((await rpc('eth_chainId', [])).result)
    for (let i = 0; i < 16; i++) {
      const create = rand(4) === 0
      const type = create ? (['eip1559', 'eip2930'] as const)[rand(2)]! : (['eip1559', 'eip2930', 'eip7702'] as const)[rand(3)]!
      const data = randomData()
      const accessList = Array.from({ length: rand(3) }, () => ({ address: hexOf(Array.from({ length: 20 }, () => rand(256))), storageKeys: Array.from({ length: rand(3) }, () => hexOf(Array.from({ length: 32 }, () => rand(256)))) }))
      const authorizationList = type === 'eip7702' ? Array.from({ length: 1 + rand(2) }, (_, k) => Authorization.sign({ chainId, address: hexOf(Array.from({ length: 20 }, () => rand(256))), nonce: BigInt(k) }, ANVIL_KEYS[1])) : undefined
      const to = create ? undefined : hexOf(Array.from({ length: 20 }, () => rand(256)))
      const shape = { ...(to ? { to } : {}), data, accessList, ...(authorizationList ? { authorizationList } : {}) }
      const need = IntrinsicGas.of(shape).required
      const nonce = BigInt((await rpc('eth_getTransactionCount', [SENDER, 'latest'])).result)
      const base = { type, chainId, nonce, value: 0n, data, ...(to ? { to } : {}), accessList, ...(authorizationList ? { authorizationList } : {}) }
      const fees = type === 'eip2930' ? { gasPrice: 10_000_000_000n } : { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1n }
      const low = TxBuild.sign({ ...base, ...fees, gas: need - 1n } as TxBuild.Input, ANVIL_KEYS[0])
      const what = `tx ${i} ${JSON.stringify(IntrinsicGas.of(shape), (_k, v) => (typeof v === 'bigint' ? String(v) : v))}: ${type}${create ? ' (create)' : ''}, ${(data.length - 2) / 2} bytes, ${accessList.length} access items, ${authorizationList?.length ?? 0} auths, required ${need}`
      // anvil's pool checks only part of the rule (no access list) at send; its block builder
      // drops the rest: refused = an error at send, or never mined (no receipt) under automine.
      const refused = await rpc('eth_sendRawTransaction', [low.raw])
      const lowHash = refused.result as string | undefined
      if (!refused.error) refused.error = { message: 'let into the pool: checked below, once the same nonce is mined' }
      else expect(refused.error?.message ?? 'accepted', what).toMatch(/intrinsic gas too low|floor data gas|gas too low/i)
      // and tx-decode flags it
      expect(TxDecode.decode(low.raw).problems.join(' '), what).toMatch(/intrinsic gas too low/)
      // twice the fee, so it replaces a too-low one that anvil's pool kept
      const fees2 = type === 'eip2930' ? { gasPrice: 20_000_000_000n } : { maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 2n }
      const ok = TxBuild.sign({ ...base, ...fees2, gas: need } as TxBuild.Input, ANVIL_KEYS[0])
      const accepted = await rpc('eth_sendRawTransaction', [ok.raw])
      expect(accepted.error?.message ?? 'accepted', what).toBe('accepted')
      expect(await receipt(accepted.result), `${what}: mined with exactly required`).toBeTruthy()
      // the same nonce is now taken: a too-low transaction that the pool let in was never mined
      if (lowHash) expect((await rpc('eth_getTransactionReceipt', [lowHash])).result ?? null, `${what}: mined with gas below required`).toBeNull()
      expect(TxDecode.decode(ok.raw).problems.join(' '), what).not.toMatch(/intrinsic gas too low/)
    }
  }, 60_000)
})

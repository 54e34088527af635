/**
 * The random transaction mix of the step recorder's differential suite (src/core/debug/DebugTrace.test.ts),
 * on the chain of test/chain/debugKit.ts: nested calls, DELEGATECALL proxies, caught and uncaught
 * reverts, CREATE/CREATE2 (in a call and as the transaction), precompiles (every one the default
 * hardfork has but the KZG point evaluation, with valid, invalid and out-of-gas inputs), transient
 * storage, storage refunds, out of gas, and EIP-7702: type-4 transactions that set, change or clear
 * the delegation of an EOA (some with an authorization of the wrong nonce, which is skipped), calls to
 * the delegated EOA, and CALL, DELEGATECALL and STATICCALL to it from a contract that first reads its
 * code (EXTCODESIZE, EXTCODEHASH and EXTCODECOPY see the 23-byte delegation designator).
 *
 * The KZG point evaluation precompile (0x0a) is left out: EthereumJS needs a KZG library
 * (common.customCrypto.kzg) for it, and the app ships none, so the in-page EVM cannot run it.
 */
import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createWalletClient, encodeDeployData, http, sha256, type Abi, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { A0, A1, acct0, OTHER } from './sim/contracts'
import { KEYS } from './sendKit'
import { anvil, c, data, dbg, deploy, h32, mined, rpc, send } from './debugKit'

/** anvil's account 3: it never sends, it only signs authorizations (so its nonce is only theirs). */
export const delegated = privateKeyToAccount(KEYS[1])
export const D = delegated.address.toLowerCase() as Hex
const ZERO = `0x${'0'.repeat(40)}` as Hex
const IDENTITY = `0x${'0'.repeat(39)}4` as Hex

let dNonce = 0
let sponsor: ReturnType<typeof createWalletClient> | undefined

/**
 * A type-4 transaction from A0 (signed here, at its pending nonce) carrying D's authorization to
 * `target` (the zero address clears it); with `valid` false the authorization's nonce is wrong.
 */
export async function setCode(target: Hex, to: Hex, input: Hex, valid = true): Promise<Hex> {
  const auth = await delegated.signAuthorization({ chainId: foundry.id, address: target, nonce: valid ? dNonce : dNonce + 7 })
  if (valid) dNonce++
  sponsor ??= createWalletClient({ account: acct0, chain: foundry, transport: http(anvil.url) })
  const nonce = Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [A0, 'pending'])))
  return sponsor.sendTransaction({ account: acct0, chain: foundry, authorizationList: [auth], to, data: input, gas: 600_000n, nonce })
}

/** Deploys the mix's own contracts, gives D tokens and delegates it to Delegate. */
export async function setupMix(): Promise<void> {
  c.delegate ??= await deploy('Delegate')
  c.via ??= await deploy('Via')
  dNonce = Number(BigInt(await rpc<Hex>('eth_getTransactionCount', [D, 'latest'])))
  await mined(await send(A0, c.token!, data('Token', 'transfer', [D, 1000n])))
  await mined(await setCode(c.delegate, D, data('Delegate', 'ping', [c.token, OTHER])))
}

const hexOf = (b: Uint8Array) => bytesToHex(b)
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n))
const u256 = (v: bigint) => h32(v).slice(2)
/** The bn254 generator (1, 2). */
const G1 = u256(1n) + u256(2n)

/** A precompile's address and an input for it: valid, malformed or of the wrong length. */
function precompileInput(pick: <T>(a: readonly T[]) => T, rnd: (n: number) => bigint): [bigint, Hex] {
  const a = pick([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 0x0bn, 0x0cn, 0x0dn, 0x0en, 0x0fn, 0x10n, 0x11n, 0x100n, 0x12n])
  const junk = () => hexOf(randomBytes(Number(rnd(300))))
  if (Math.random() < 0.25) return [a, junk()]
  switch (a) {
    case 1n: return [a, `0x${u256(rnd(2 ** 48))}${u256(27n + rnd(2))}${u256(1n + rnd(1000))}${u256(1n + rnd(1000))}`]
    case 5n: {
      // modexp: small lengths, or one past the 1,024-byte bound (EIP-7823)
      const [b, e, m] = [rnd(40), pick([rnd(40), 1025n]), rnd(40)]
      return [a, `0x${u256(b)}${u256(e)}${u256(m)}${hexOf(randomBytes(Number(b + (e > 64n ? 0n : e) + m))).slice(2)}`]
    }
    case 6n: return [a, `0x${G1}${G1}`]
    case 7n: return [a, `0x${G1}${u256(rnd(2 ** 48))}`]
    case 8n: return [a, pick(['0x', `0x${'00'.repeat(192)}`, `0x${'00'.repeat(191)}`] as const)]
    case 9n: {
      const rounds = Number(rnd(40)).toString(16).padStart(8, '0')
      return [a, `0x${rounds}${hexOf(randomBytes(208)).slice(2)}${pick(['00', '01', '02'])}`]
    }
    // BLS12-381 with points at infinity and zero scalars / field elements: valid inputs of each size
    case 0x0bn: return [a, `0x${'00'.repeat(256)}`]
    case 0x0cn: return [a, `0x${'00'.repeat(160 * (1 + Number(rnd(3))))}`]
    case 0x0dn: return [a, `0x${'00'.repeat(512)}`]
    case 0x0en: return [a, `0x${'00'.repeat(288 * (1 + Number(rnd(2))))}`]
    case 0x0fn: return [a, `0x${'00'.repeat(384)}`]
    case 0x10n: return [a, `0x${'00'.repeat(64)}`]
    case 0x11n: return [a, `0x${'00'.repeat(128)}`]
    case 0x100n: {
      // P256VERIFY (EIP-7951): a valid signature, or one with a flipped hash
      const key = p256.utils.randomSecretKey()
      const msg = randomBytes(32)
      const sig = p256.sign(msg, key, { prehash: false })
      const pub = p256.getPublicKey(key, false)
      const h = Math.random() < 0.5 ? msg : sha256(msg, 'bytes')
      return [a, `0x${hexOf(h).slice(2)}${hexOf(sig).slice(2)}${hexOf(pub.subarray(1)).slice(2)}`]
    }
    default: return [a, junk()]
  }
}

/** The mix: each entry sends one transaction (into the block being built) and returns its hash. */
export function mix(pick: <T>(a: readonly T[]) => T, rnd: (n: number) => bigint): (() => Promise<Hex>)[] {
  const who = () => pick([A0, A1])
  const box = (v: bigint) => encodeDeployData({ abi: dbg.Box!.abi as Abi, bytecode: dbg.Box!.bytecode, args: [v] } as never)
  const toD = () =>
    pick([
      data('Delegate', 'ping', [c.token, pick([OTHER, A1])]),
      data('Dbg', 'lock', [rnd(100)]),
      data('Dbg', 'deep', [rnd(4)]),
      data('Dbg', 'mem', [rnd(64), '0x1234']),
      data('Dbg', 'boom', [rnd(9)]),
      '0x',
    ] as Hex[])
  return [
    () => send(who(), c.orch!, data('Orchestrator', 'run', [c.leaf, c.proxy, c.token, OTHER]), 10n + rnd(100)),
    () => send(who(), c.orch!, data('Orchestrator', 'fail', [c.leaf]), 0n, 300_000n),
    () => send(who(), c.orch!, data('Orchestrator', pick(['fill', 'clear']), [rnd(8)]), 0n, 600_000n),
    () => send(who(), c.dbg!, data('Dbg', 'lock', [rnd(1000)]), 0n, 500_000n),
    () => send(who(), c.dbg!, data('Dbg', 'deep', [rnd(6)]), 0n, 1_500_000n),
    () => send(who(), c.dbg!, data('Dbg', 'make', [h32(rnd(2 ** 40)), pick([1n, 13n, rnd(50)])]), rnd(5), 1_000_000n),
    () => send(who(), c.dbg!, data('Dbg', 'mem', [rnd(200), `0x${'ab'.repeat(Number(rnd(80)))}`]), 0n, 1_500_000n),
    () => send(who(), c.dbg!, data('Dbg', 'boom', [rnd(9)]), 0n, 200_000n),
    () => send(who(), c.proxy!, data('Logic', 'inc', [c.leaf]), 0n, 300_000n),
    () => send(who(), c.payProxy!, data('Misc', 'payIn', []), rnd(1000), 200_000n),
    () => send(who(), c.misc!, data('Misc', 'pre', [`0x${'cd'.repeat(Number(rnd(100)))}`]), 0n, 300_000n),
    () => send(who(), c.n0!, data('Node', 'walk', [1n + rnd(4), rnd(100)]), 0n, 2_000_000n),
    () => send(who(), c.token!, data('Token', 'transfer', [pick([A0, A1, OTHER, D]), rnd(10)]), 0n, 200_000n),
    () => send(who(), c.misc!, data('Misc', 'spin', []), 0n, 30_000n + rnd(40_000)),
    () => send(who(), undefined, box(pick([4n, 13n, rnd(20)])), rnd(3), 500_000n),
    () => {
      const [a, x] = precompileInput(pick, rnd)
      return send(who(), c.via!, data('Via', 'pre', [a, pick([0n, 100n, 3000n, rnd(200_000), 400_000n]), x]), 0n, 900_000n)
    },
    // EIP-7702
    () => setCode(pick([c.delegate!, c.dbg!, ZERO]), pick([D, c.via!]), toD(), Math.random() < 0.8),
    () => send(who(), D, toD(), pick([0n, rnd(3)]), 600_000n),
    () => send(who(), c.via!, data('Via', 'via', [pick([D, D, c.leaf!, c.proxy!, c.dbg!, IDENTITY]), rnd(3), toD()]), rnd(2), 800_000n),
  ]
}

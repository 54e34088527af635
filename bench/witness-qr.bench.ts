/**
 * The signer's witness by QR code (#26): on a local anvil started here, the witness of an
 * ERC-20 transfer and of a swap through a router — Uniswap V2's own Router02, Factory and Pair
 * as @uniswap/v2-periphery and v2-core publish them (the devnet has no router of its own), one
 * pair of two ERC-20s with liquidity — in bytes, gzipped, and in QR frames (UR `ew-witness`,
 * fountain-coded by SignWitness.toUr, at the 200 and 400 bytes a frame /qr-request offers:
 * the pure fragments a signer needs at least, the animation showing twice as many). Timed:
 * packing the swap's witness against the plain simulation, and the QR round trip (encode into
 * parts, decode them back) against the offline verify + re-run. The case names carry the
 * sizes measured in setup.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import * as SignWitness from '../src/core/qr/SignWitness'
import * as SimRpc from '../src/core/sim/SimRpc'
import * as SimWitness from '../src/core/sim/SimWitness'
import * as Simulation from '../src/core/sim/Simulation'
import { compile } from '../test/chain/sim/contracts'
import type { BenchCase, BenchSuite } from './harness'

const FROM = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as const
const OTHER = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as const
const DEADLINE = 2n ** 40n
type Which = 'transfer' | 'swap'
let url = ''
let child: ChildProcess | undefined
let id = 1
const calls: Partial<Record<Which, Simulation.CallInput>> = {}
const witnesses: Partial<Record<Which, Uint8Array>> = {}

const uniswap = (pkg: 'v2-core' | 'v2-periphery', name: string) => {
  const j = createRequire(import.meta.url)(`@uniswap/${pkg}/build/${name}.json`) as { abi: Abi; bytecode: string }
  return { abi: j.abi, bytecode: (j.bytecode.startsWith('0x') ? j.bytecode : `0x${j.bytecode}`) as Hex }
}

async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: id++, method, params }) })
  const j = (await r.json()) as { result?: T; error?: { message: string } }
  if (j.error) throw new Error(`${method}: ${j.error.message}`)
  return j.result as T
}
async function send(tx: Record<string, string>): Promise<any> {
  const h = await rpc<string>('eth_sendTransaction', [{ from: FROM, gas: '0x989680', ...tx }])
  for (let i = 0; i < 400; i++) {
    const r = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [h])
    if (r) {
      if (r.status !== '0x1') throw new Error(`reverted: ${JSON.stringify(tx).slice(0, 80)}`)
      return r
    }
    await new Promise((res) => setTimeout(res, 25))
  }
  throw new Error(`not mined: ${h}`)
}
const deploy = async (c: { abi: Abi; bytecode: Hex }, args: unknown[] = []) => (await send({ data: encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args }) })).contractAddress as Hex
const call = (to: Hex, c: { abi: Abi }, functionName: string, args: unknown[]) => send({ to, data: encodeFunctionData({ abi: c.abi, functionName, args }) })

/** The witness's size, gzipped size, proofs and QR frames, as the case name says them. */
async function measure(which: Which, c: BenchCase) {
  const on = await SimWitness.simulate(SimRpc.httpTransport(url), calls[which]!)
  if (on.result.status !== 'success') throw new Error(`${which}: the simulation says ${on.result.status}`)
  const bytes = on.witness
  witnesses[which] = bytes
  const w = SimWitness.decode(bytes)
  const slots = w.accounts.reduce((n, a) => n + a.slots.length, 0)
  const [f200, f400] = await Promise.all([200, 400].map(async (f) => (await SignWitness.toUr(bytes, { maxFragmentLength: f, extra: 0 })).fragments))
  c.name += ` [${w.accounts.length} accounts, ${slots} slots; witness ${bytes.length} bytes, ${gzipSync(bytes).length} gzipped; QR frames (ew-witness, gzipped): ${f200} of 200 bytes, ${f400} of 400 bytes (at 4 a second, ${Math.ceil(f400! / 4)} s of pure fragments)]`
}

let ready: Promise<void> | undefined
function setup(): Promise<void> {
  ready ??= (async () => {
    const port = await new Promise<number>((res) => {
      const s = createServer()
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => res(p))
      })
    })
    child = spawn(join(import.meta.dirname, '..', 'node_modules', '.bin', 'anvil'), ['--host', '127.0.0.1', '--port', String(port), '--silent'], { stdio: 'ignore' })
    child.unref()
    process.on('exit', () => child?.kill('SIGTERM'))
    url = `http://127.0.0.1:${port}`
    for (let i = 0; i < 300; i++) {
      try {
        await rpc('eth_chainId')
        break
      } catch {
        await new Promise((r) => setTimeout(r, 100))
      }
    }
    const Token = compile().Token!
    const [a, b] = [await deploy(Token, [10n ** 27n]), await deploy(Token, [10n ** 27n])]
    calls.transfer = { from: FROM, to: a, data: encodeFunctionData({ abi: Token.abi, functionName: 'transfer', args: [OTHER, 5n] }), gas: 200_000n }
    // Uniswap V2 as published: WETH9, the factory, Router02; one A/B pair with liquidity
    const weth = await deploy(uniswap('v2-periphery', 'WETH9'))
    const factory = await deploy(uniswap('v2-core', 'UniswapV2Factory'), [FROM])
    const Router = uniswap('v2-periphery', 'UniswapV2Router02')
    const router = await deploy(Router, [factory, weth])
    for (const t of [a, b]) await call(t, Token, 'approve', [router, 2n ** 255n])
    await call(router, Router, 'addLiquidity', [a, b, 10n ** 24n, 2n * 10n ** 24n, 0n, 0n, FROM, DEADLINE])
    calls.swap = { from: FROM, to: router, data: encodeFunctionData({ abi: Router.abi, functionName: 'swapExactTokensForTokens', args: [10n ** 18n, 1n, [a, b], OTHER, DEADLINE] }), gas: 400_000n }
    await measure('transfer', cases[0]!)
    await measure('swap', cases[1]!)
  })()
  return ready
}

/** Encodes the witness into QR parts and decodes them back (pure fragments only, as a signer that misses nothing). */
const qrRoundTrip = (which: Which, fragment: number) => async () => {
  const d = SignWitness.urDecoder()
  for (const p of (await SignWitness.toUr(witnesses[which]!, { maxFragmentLength: fragment, extra: 0 })).parts) d.receive(p)
  return SignWitness.fromUr(d.result()!)
}

const cases: BenchCase[] = [
  {
    name: 'ERC-20 transfer: the witness into 400-byte QR parts and back, vs verify + re-run offline',
    setup,
    ours: qrRoundTrip('transfer', 400),
    baselines: { 'verify + re-run': () => SimWitness.replay(witnesses.transfer!, calls.transfer!) },
    rounds: 6,
    minMs: 400,
  },
  {
    name: 'Uniswap V2 swap (Router02, one pair): the witness into 400-byte QR parts and back, vs verify + re-run offline',
    setup,
    ours: qrRoundTrip('swap', 400),
    baselines: { 'verify + re-run': () => SimWitness.replay(witnesses.swap!, calls.swap!) },
    rounds: 6,
    minMs: 400,
  },
  {
    name: 'Uniswap V2 swap: simulate + pack the witness, vs the plain simulation',
    setup,
    ours: () => SimWitness.simulate(SimRpc.httpTransport(url), calls.swap!),
    baselines: {
      'plain simulation': async () => {
        const s = await Simulation.openAt(SimRpc.create(SimRpc.httpTransport(url)), 'latest', { call: calls.swap! })
        await Simulation.call(s, calls.swap!)
      },
    },
    rounds: 6,
    minMs: 600,
  },
]

const suite: BenchSuite = { name: 'Witness by QR code for the offline signer (#26)', cases }
export default suite

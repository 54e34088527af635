/**
 * cast parity (#27) for transactions on the devnet, against `cast … --rpc-url` on one anvil.
 * Seeded (TEST_SEED replays).
 *
 * estimate → /send-transaction's review (the gas limit the node estimated), for random calls
 * to a contract whose gas depends on its arguments, plain transfers and data to accounts;
 * run → /simulate's replay of a mined transaction (status, gas used, revert reason, the call
 * tree), for random transactions several to a block, some reverting;
 * erc20-token mint and burn → the ERC-20 preset's mint and burn, reviewed and sent through
 * /send-transaction (the amount in the token's units), against `cast erc20-token mint/burn` on an
 * OpenZeppelin token with both (tokenKit's MintBurnToken), for random amounts;
 * batch-mktx and batch-send are Tempo's batch transaction (type 0x76), which an Ethereum node
 * refuses: shown here, from cast's own output, so that docs/CAST.md can say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, castOrRefusal, runTool, startAnvil, testSeed, ANVIL_KEYS, type Anvil, randomInt as int, randomHex as hex } from '../support'
import { compile } from './solc'
import { solidity } from './registry'
import * as Rpc from '../../src/core/chain/Rpc'
import * as SimRpc from '../../src/core/sim/SimRpc'
import * as TxSend from '../../src/core/tx/TxSend'
import { simulate } from '../../src/tools/simulate/engine'
import { parse as parseSimulate } from '../../src/tools/simulate/input'
import type { Frame } from '../../src/core/sim/CallTrace'
import * as Abi from '../../src/core/abi/Abi'
import * as CalldataEncode from '../../src/core/abi/CalldataEncode'
import * as Erc20Preset from '../../src/core/abi/Erc20Preset'
import * as TokenAmount from '../../src/core/abi/TokenAmount'
import { compile as compileTokens, deploy } from './tokenKit'

const SOURCE = solidity(`contract Leaf {
  uint256 public x;
  function set(uint256 v) external { if (v % 7 == 6) revert("six"); x = v; }
}
contract Work {
  mapping(uint256 => uint256) public slots;
  Leaf public leaf;
  constructor() { leaf = new Leaf(); }
  function fill(uint256 n, bytes calldata b) external returns (uint256) {
    for (uint256 i = 0; i < n; i++) slots[i] = i + b.length + 1;
    return n;
  }
  function run(uint256 v, uint256 n) external {
    for (uint256 i = 0; i < n; i++) slots[v + i] = v;
    try leaf.set(v + 1) {} catch {}
    leaf.set(v);
  }
}`)

let anvil: Anvil
let rpc: Rpc.Transport
let work: string
const castRpc = () => ['--rpc-url', anvil.url]
const mined = (h: string) => TxSend.waitForReceipt(rpc, h as `0x${string}`, { timeoutMs: 10_000, pollMs: 50 })

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  console.log(`cast parity of transactions on the devnet: seed ${testSeed}`)
  const out = await castAsync(['send', '--private-key', ANVIL_KEYS[0], '--json', ...castRpc(), '--create', compile(SOURCE).Work!.bytecode])
  work = (JSON.parse(out) as { contractAddress: string }).contractAddress
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('cast parity of transactions (anvil)', () => {
  it('estimate: /send-transaction\'s estimated gas limit is cast estimate\'s, for random calls, transfers and data', async () => {
    const from = await castAsync(['wallet', 'address', ANVIL_KEYS[1]])
    for (let i = 0; i < 10; i++) {
      const kind = i % 3
      const to = kind === 0 ? work : hex(20)
      const value = kind === 0 ? '0' : String(int(10 ** 9)) // fill is not payable
      const data = kind === 0 ? await castAsync(['calldata', 'fill(uint256,bytes)', String(int(12)), hex(int(200))]) : kind === 1 ? '0x' : hex(1 + int(300))
      const want = await castAsync(['estimate', '--from', from, '--value', value, to, ...(data === '0x' ? [] : [data]), ...castRpc()])
      const rows = await runTool('send-transaction', { signer: 'key', privateKey: ANVIL_KEYS[1], to, value, unit: 'wei', data, chainId: '31337' }, { rpc, rpcUrl: anvil.url })
      expect(rows.get('Gas limit'), `${to} ${data}`).toBe(want)
    }
  })

  it('run: /simulate\'s replay of a mined transaction is cast run\'s (status, gas used, revert reason, the calls), several to a block', async () => {
    await Rpc.request(rpc, 'anvil_setAutomine', [false])
    const hashes: string[] = []
    const nonces = await Promise.all(ANVIL_KEYS.map(async (k) => Number(await castAsync(['nonce', await castAsync(['wallet', 'address', k]), ...castRpc()]))))
    try {
      for (let i = 0; i < 6; i++) {
        const v = int(2) ? 7 * int(7) + 6 : int(50) // v % 7 == 6 reverts: about half the transactions
        const args = ['run(uint256,uint256)', String(v), String(int(6))]
        hashes.push(await castAsync(['send', '--async', '--private-key', ANVIL_KEYS[i % 2]!, '--nonce', String(nonces[i % 2]!++), '--gas-limit', '600000', work, ...args, ...castRpc()]))
      }
      await Rpc.request(rpc, 'evm_mine', [])
    } finally {
      await Rpc.request(rpc, 'anvil_setAutomine', [true])
    }
    const client = SimRpc.create(SimRpc.httpTransport(anvil.url))
    for (const hash of hashes) {
      const receipt = await mined(hash)
      const out = await castAsync(['run', hash, ...castRpc()])
      const p = parseSimulate({ mode: 'hash', hash, from: '', value: '', gas: '', block: 'latest', raw: '', overrides: '', abi: '', steps: 'false', compare: 'false', chain: 'false' })
      if (!p.ok) throw new Error(JSON.stringify(p.errors))
      const { result } = await simulate(client, p.value, {})
      const castGas = /Gas used: (\d+)/.exec(out)?.[1]
      expect(castGas, out).toBeDefined()
      expect(BigInt(result.gasUsed), `${hash}\n${out}`).toBe(BigInt(castGas!))
      expect(BigInt(result.gasUsed)).toBe(BigInt(receipt.gasUsed))
      expect(result.status, out).toBe(/Transaction successfully executed/.test(out) ? 'success' : 'reverted')
      expect(result.status).toBe(receipt.status)
      if (result.status === 'reverted') expect(out).toContain(`[Revert] ${result.revertReason!}`)
      // the call tree, frame by frame in order: cast prints each as `[gas used] address::selector(args)`
      // (the root's gas without the intrinsic cost, which our root frame includes: compared above)
      const castFrames = out.split('\n').map((l) => /\[(\d+)\] (0x[0-9a-fA-F]{40})::([0-9a-f]{8})/.exec(l)).filter((m) => m !== null).map((m) => [BigInt(m[1]!), m[2]!.toLowerCase(), `0x${m[3]}`] as const)
      const ours: (readonly [bigint, string, string])[] = []
      const walk = (f: Frame) => {
        ours.push([BigInt(f.gasUsed), (f.to ?? '').toLowerCase(), f.input.slice(0, 10)])
        for (const c of f.calls ?? []) walk(c)
      }
      walk(result.trace)
      expect(ours.length, out).toBe(castFrames.length)
      expect(ours.slice(1), `the inner calls in order (${hash})\n${out}`).toEqual(castFrames.slice(1))
      expect(ours[0]!.slice(1)).toEqual(castFrames[0]!.slice(1))
    }
  })

  it('batch-mktx and batch-send: cast builds one Tempo transaction (type 0x76) of several calls, which an Ethereum node refuses', async () => {
    const calls = Array.from({ length: 2 + int(3) }, () => (int(2) ? `${hex(20)}:${1 + int(1000)}` : `${hex(20)}::transfer(address,uint256):${hex(20)},${int(10 ** 6)}`))
    const out = await castAsync(['batch-mktx', '--private-key', ANVIL_KEYS[0], '--chain', '31337', '--nonce', '0', '--gas-limit', '200000', '--gas-price', '10gwei', '--priority-gas-price', '1gwei', ...calls.flatMap((c) => ['--call', c])])
    const raw = out.split('\n').pop()!
    expect(raw, out).toMatch(/^0x76/)
    expect(await castOrRefusal(['publish', raw, ...castRpc()]), 'anvil refuses a Tempo transaction').toBe('')
    const rows = await runTool('broadcast', { raw }, { rpc, rpcUrl: anvil.url }).catch((e: Error) => new Map([['error', e.message]]))
    expect(rows.get('error') ?? '', 'the page refuses it too').not.toBe('')
  })

  it('erc20-token mint and burn: the preset\'s mint and burn, sent through /send-transaction, are cast erc20-token mint and burn (call data, amount in units, supply and balances)', async () => {
    const token = await deploy(rpc, compileTokens().MintBurnToken!.bytecode)
    const preset = Abi.functions(Abi.parse(Erc20Preset.ABI_TEXT))
    const fn = (name: string) => preset.find((f) => f.name === name)!
    const erc20 = async (...a: string[]) => BigInt((await castAsync(['erc20-token', ...a, ...castRpc()])).split(' ')[0]!)
    const owner = await castAsync(['wallet', 'address', ANVIL_KEYS[0]])
    const input = async (hash: string) => (JSON.parse(await castAsync(['tx', hash, '--json', ...castRpc()])) as { input: string }).input
    for (let i = 0; i < 4; i++) {
      const op = i % 2 === 0 ? 'mint' : 'burn'
      const to = i === 0 ? owner : hex(20)
      const holder = op === 'mint' ? to : owner
      const balance = await erc20('balance', token, holder)
      const amount = op === 'mint' ? BigInt(hex(1 + int(12))) : balance / BigInt(2 + int(5)) // burnt twice: at most what the owner holds
      const supply = await erc20('total-supply', token)
      const castArgs = op === 'mint' ? [token, to, amount.toString()] : [token, amount.toString()]
      const hash = await castAsync(['erc20-token', op, ...castArgs, '--private-key', ANVIL_KEYS[0], '--async', ...castRpc()])
      expect((await mined(hash)).status).toBe('success')
      const data = CalldataEncode.encodeCall(fn(op), op === 'mint' ? [to, amount] : [amount])
      expect(data, `${op} ${amount}`).toBe(await input(hash))
      const rows = await runTool('send-transaction', { signer: 'key', privateKey: ANVIL_KEYS[0], to: token, data, abi: Erc20Preset.ABI_TEXT, value: '0', chainId: '31337', confirm: 'true' }, { rpc, rpcUrl: anvil.url })
      expect(rows.get(`Token amount (${op})`), `${op} ${amount}`).toBe(TokenAmount.text(amount, { symbol: 'MBT', decimals: 8 }))
      expect(rows.get('Receipt / Status') ?? rows.get('Status'), `${op} ${amount}`).toMatch(/success/i)
      const sign = op === 'mint' ? 1n : -1n
      expect(await erc20('total-supply', token), `${op} twice`).toBe(supply + 2n * sign * amount)
      expect(await erc20('balance', token, holder)).toBe(balance + 2n * sign * amount)
    }
  })
})

/**
 * Reads a cast or Etherscan user expects (issue 12, part B), against a real anvil on a free
 * loopback port: the revert reason of a mined failed transaction that is not first in its
 * block, … Values are checked against Foundry's `cast` on the same node, or against the test
 * contract's source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import { REGISTRY, SIMPLE_RESOLVER, solidity, wildcardResolver } from './registry'
import * as Abi from '../../src/core/abi/Abi'
import * as ChainBlocks from '../../src/core/chain/ChainBlocks'
import * as Logs from '../../src/core/chain/Logs'
import logsTool from '../../src/tools/logs'
import contractReadTool from '../../src/tools/contract-read'
import deployTool from '../../src/tools/deploy'
import rpcConsoleTool from '../../src/tools/rpc-console'
import * as RpcConsole from '../../src/core/chain/RpcConsole'
import * as EnsResolve from '../../src/core/ens/EnsResolve'
import ensTool from '../../src/tools/ens-resolve'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import * as Proxy from '../../src/core/chain/Proxy'
import { withDefaults } from '../../src/tools/define'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'

let anvil: Anvil
let rpc: Rpc.Transport
const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const A1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const castRpc = () => ['--rpc-url', anvil.url]

export const ONCE_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Once {
  uint256 public x;
  function set(uint256 v) external { require(x == 0, "already set"); x = v; }
}`

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
})
afterAll(async () => {
  await anvil?.stop()
})

const send = (tx: Record<string, string>) => Rpc.request(rpc, 'eth_sendTransaction', [tx]) as Promise<`0x${string}`>
async function deploy(bytecode: `0x${string}`): Promise<`0x${string}`> {
  const h = await send({ from: A0, data: bytecode })
  const r = await TxSend.waitForReceipt(rpc, h, { timeoutMs: 10_000, pollMs: 50 })
  return r.contractAddress as `0x${string}`
}

/** A node like geth without the debug namespace (and, optionally, without eth_simulateV1): the same anvil, those methods refused as geth refuses them. */
function without(methods: string[]): Rpc.Eip1193Like {
  return {
    request: async (args) => {
      if (methods.includes(args.method)) throw new Rpc.NodeError({ method: args.method }, -32601, `the method ${args.method} does not exist/is not available`)
      return rpc.request(args)
    },
  }
}

describe('revert reason of a mined failed transaction', () => {
  let failed: `0x${string}`
  let block: number
  beforeAll(async () => {
    const once = await deploy(compile(ONCE_SOURCE).Once!.bytecode)
    const set = async (v: number) => (await castAsync(['calldata', 'set(uint256)', String(v)])) as `0x${string}`
    // automine off: two transactions in one block; the second fails only because the first set x
    await Rpc.request(rpc, 'evm_setAutomine', [false])
    try {
      const first = await send({ from: A0, to: once, data: await set(1), gas: '0x30000' })
      failed = await send({ from: A1, to: once, data: await set(2), gas: '0x30000' })
      await Rpc.request(rpc, 'evm_mine', [])
      expect((await TxSend.waitForReceipt(rpc, first, { timeoutMs: 10_000, pollMs: 50 })).status).toBe('success')
    } finally {
      await Rpc.request(rpc, 'evm_setAutomine', [true])
    }
    // cast sees it failed, in the same block as the first, second in it
    expect(await castAsync(['receipt', failed, 'status', ...castRpc()])).toMatch(/^(0|false)/)
    expect(await castAsync(['receipt', failed, 'transactionIndex', ...castRpc()])).toBe('1')
    block = Number(await castAsync(['receipt', failed, 'blockNumber', ...castRpc()]))
    // and alone on the parent state it does not revert: the naive replay finds nothing
    expect(await castAsync(['call', once, 'set(uint256)', '2', '--from', A1, '--block', String(block - 1), ...castRpc()])).toBe('0x')
  })

  it('is read from the node\'s trace when it offers debug_traceTransaction', async () => {
    const t = await ChainBlocks.transaction(rpc, failed)
    expect(t.receipt?.status).toBe('reverted')
    expect(t.revert?.text).toBe('Error("already set")')
    expect(t.revert?.data).toBe(await castAsync(['calldata', 'Error(string)', 'already set']))
    expect(t.revertHow).toMatchObject({ method: 'debug_traceTransaction', certainty: 'exact' })
  })

  it('is found by replaying the block\'s earlier transactions first when there is no trace', async () => {
    const t = await ChainBlocks.transaction(without(['debug_traceTransaction']), failed)
    expect(t.revert?.text).toBe('Error("already set")')
    expect(t.revert?.data).toBe(await castAsync(['calldata', 'Error(string)', 'already set']))
    expect(t.revertHow).toMatchObject({ method: 'eth_simulateV1', certainty: 'replayed' })
    expect(t.revertHow?.note).toContain(`before block ${block}: its 1 earlier transaction first`)
  })

  it('is still found when the lookup says pending while the receipt is mined (anvil just after mining); a transaction in the pool stays pending', async () => {
    // the node behind answers honestly; this client hands back its lookup as if still in the pool
    const stale: Rpc.Eip1193Like = {
      async request(args) {
        const v = await rpc.request(args)
        return args.method === 'eth_getTransactionByHash' && v ? { ...(v as object), blockNumber: null, blockHash: null, transactionIndex: null } : v
      },
    }
    const t = await ChainBlocks.transaction(stale, failed)
    expect([t.blockNumber, t.receipt?.status, t.revert?.text]).toEqual([block, 'reverted', 'Error("already set")'])
    await Rpc.request(rpc, 'evm_setAutomine', [false])
    try {
      const waiting = await send({ from: A0, to: A1, value: '0x1' })
      const p = await ChainBlocks.transaction(rpc, waiting)
      expect([p.blockNumber, p.receipt]).toEqual([null, null])
    } finally {
      await Rpc.request(rpc, 'evm_setAutomine', [true])
      await Rpc.request(rpc, 'evm_mine', [])
    }
  })

  it('says it is approximate when only eth_call on the parent state is left', async () => {
    const t = await ChainBlocks.transaction(without(['debug_traceTransaction', 'eth_simulateV1']), failed)
    expect(t.revert).toBeNull()
    expect(t.revertHow).toMatchObject({ method: 'eth_call', certainty: 'approximate' })
    expect(t.revertHow?.note).toMatch(/earlier transactions were not replayed.*The replay did not revert/)
  })
})

export const EMITTER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Emitter {
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Note(string indexed tag, bytes32 indexed id, string text);
  function send(address[] calldata tos, uint256 v) external { for (uint256 i = 0; i < tos.length; i++) emit Transfer(msg.sender, tos[i], v + i); }
  function note(string calldata tag, bytes32 id, string calldata text) external { emit Note(tag, id, text); }
}`
const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value)'
const NOTE = 'Note(string indexed tag, bytes32 indexed id, string text)'

/** cast logs --json, as comparable rows. */
async function castLogs(args: string[]): Promise<string[]> {
  const out = JSON.parse(await castAsync(['logs', '--json', ...args, ...castRpc()])) as { transactionHash: string; logIndex: string; topics: string[]; data: string; blockNumber: string }[]
  return out.map((l) => `${Number(l.blockNumber)} ${l.transactionHash} ${Number(l.logIndex)} ${l.topics.join(',')} ${l.data}`)
}
/** RFC 4180 CSV, parsed (quoted cells with "" for a quote). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  for (const line of text.trim().split('\r\n')) {
    const cells: string[] = []
    const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g
    let m: RegExpExecArray | null
    while ((m = re.exec(line)) && m[0] !== '') {
      cells.push(m[2] !== undefined ? m[2].replace(/""/g, '"') : m[1]!)
      if (m[3] === '') break
    }
    rows.push(cells)
  }
  return rows
}
const rowsOf = (logs: Logs.Log[]) => logs.map((l) => `${l.blockNumber} ${l.transactionHash} ${l.logIndex} ${l.topics.join(',')} ${l.data}`)

describe('log queries, against cast logs', () => {
  let emitter: `0x${string}`
  let first: number
  const A2 = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
  beforeAll(async () => {
    emitter = await deploy(compile(EMITTER_SOURCE).Emitter!.bytecode)
    first = Number(await castAsync(['block-number', ...castRpc()]))
    // 12 blocks of transfers (to A1 and A2 in turn, from A0 and A1), and notes
    for (let i = 0; i < 12; i++) {
      const data = (await castAsync(['calldata', 'send(address[],uint256)', `[${i % 2 ? A1 : A2},${A1}]`, String(i * 10)])) as `0x${string}`
      const h = await send({ from: i % 3 ? A0 : A1, to: emitter, data })
      await TxSend.waitForReceipt(rpc, h, { timeoutMs: 10_000, pollMs: 50 })
    }
    for (const [tag, text] of [['hello', 'first'], ['world', 'second'], ['hello', 'third, with "quotes"']]) {
      const data = (await castAsync(['calldata', 'note(string,bytes32,string)', tag!, `0x${'11'.repeat(32)}`, text!])) as `0x${string}`
      await TxSend.waitForReceipt(rpc, await send({ from: A0, to: emitter, data }), { timeoutMs: 10_000, pollMs: 50 })
    }
  })

  it('an event with an indexed filter gives the same logs as cast logs', async () => {
    const ev = Logs.pickEvent(undefined, TRANSFER)
    for (const [filters, castArgs] of [
      [`to = ${A1}`, [TRANSFER, '', A1]],
      [`from = ${A1}\nto = ${A2}`, [TRANSFER, A1, A2]],
      ['', [TRANSFER]],
    ] as const) {
      const r = await Logs.query(rpc, { address: [emitter], topics: Logs.topicsFor(ev, Logs.parseFilters(ev, filters)), fromBlock: 0, toBlock: 'latest' })
      const expected = await castLogs(['--from-block', '0', '--to-block', 'latest', '--address', emitter, ...castArgs])
      expect(expected.length).toBeGreaterThan(0)
      expect(rowsOf(r.logs)).toEqual(expected)
    }
  })

  it('matches indexed strings by their keccak256, as cast does', async () => {
    const ev = Logs.pickEvent(Abi.parse(`event ${NOTE}`), 'Note')
    const r = await Logs.query(rpc, { address: [emitter], topics: Logs.topicsFor(ev, Logs.parseFilters(ev, 'tag = hello')), fromBlock: first, toBlock: 'latest' })
    expect(r.logs).toHaveLength(2)
    expect(r.logs[0]!.topics[1]).toBe(await castAsync(['keccak', 'hello']))
    // cast given the topics themselves: keccak256 of the canonical signature, and of the string
    const topic0 = await castAsync(['keccak', 'Note(string,bytes32,string)'])
    expect(rowsOf(r.logs)).toEqual(await castLogs(['--from-block', String(first), '--to-block', 'latest', '--address', emitter, topic0, await castAsync(['keccak', 'hello'])]))
    const d = Logs.decode(r.logs[1]!, ev)
    expect(d.args.find((a) => a.name === 'text')?.value).toBe('third, with "quotes"')
  })

  it('splits a range the node refuses into pages it accepts, and writes CSV', async () => {
    // the same anvil behind a limit of 3 blocks per eth_getLogs, answered as Alchemy-style nodes do
    const limited: Rpc.Eip1193Like = {
      request: async (args) => {
        if (args.method === 'eth_getLogs') {
          const f = (args.params as { fromBlock: string; toBlock: string }[])[0]!
          if (Number(f.toBlock) - Number(f.fromBlock) + 1 > 3) throw new Rpc.NodeError({ method: 'eth_getLogs' }, -32602, 'Log response size exceeded. You can make eth_getLogs requests with up to a 3 block range.')
        }
        return rpc.request(args)
      },
    }
    const ev = Logs.pickEvent(undefined, TRANSFER)
    const topics = Logs.topicsFor(ev, [])
    const r = await Logs.query(limited, { address: [emitter], topics, fromBlock: 0, toBlock: 'latest' })
    expect(r.splits).toBeGreaterThan(0)
    expect(r.pages.every((p) => p.to - p.from + 1 <= 3)).toBe(true)
    expect(rowsOf(r.logs)).toEqual(await castLogs(['--from-block', '0', '--to-block', 'latest', '--address', emitter, TRANSFER]))
    // the tool, on the same limited node: CSV rows, one per log, parsed back
    const parsed = logsTool.parse(withDefaults(logsTool, { address: emitter, event: TRANSFER, filters: `to = ${A2}` }))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const res = await logsTool.run(parsed.value, { signal: new AbortController().signal, progress: () => {}, rpc: limited, rpcUrl: anvil.url })
    const csv = parseCsv((res.data as { csv: string }).csv)
    const expected = await castLogs(['--from-block', '0', '--address', emitter, TRANSFER, '', A2])
    expect(csv).toHaveLength(expected.length + 1)
    expect(csv[0]).toEqual(['blockNumber', 'transactionHash', 'logIndex', 'address', 'event', 'from', 'to', 'value', 'topics', 'data'])
    const castFirst = JSON.parse(await castAsync(['logs', '--json', '--from-block', '0', '--address', emitter, TRANSFER, '', A2, ...castRpc()]))[0] as { data: string; transactionHash: string }
    const cells = csv[1]!
    expect(cells[4]).toBe('Transfer(address,address,uint256)')
    expect(cells[1]).toBe(castFirst.transactionHash)
    expect(cells[6]!.toLowerCase()).toBe(A2)
    expect(cells[7]).toBe(await castAsync(['to-dec', castFirst.data]))
  })

  it('gives up with a clear error, after a bounded number of requests, when the node refuses every range', async () => {
    let calls = 0
    const refusing: Rpc.Eip1193Like = {
      request: async (args) => {
        if (args.method === 'eth_getLogs') {
          calls++
          throw new Rpc.NodeError({ method: 'eth_getLogs' }, -32005, 'query returned more than 10000 results')
        }
        return rpc.request(args)
      },
    }
    await expect(Logs.query(refusing, { topics: [], fromBlock: 0, toBlock: 'latest' })).rejects.toMatchObject({ name: 'Logs.NodeLimitError', message: expect.stringMatching(/more than 10000 results/) })
    expect(calls).toBeLessThanOrEqual(Logs.MAX_SPLITS + 1)
  })

  it('names bad filters at the field', () => {
    const errs = (raw: Record<string, string>) => {
      const p = logsTool.parse(withDefaults(logsTool, raw))
      return p.ok ? {} : p.errors
    }
    expect(errs({ event: TRANSFER, filters: 'amount = 1' }).filters).toMatch(/no indexed argument "amount"; its indexed arguments are from, to/)
    expect(errs({ event: TRANSFER, filters: 'to = 0x12' }).filters).toMatch(/to/)
    expect(errs({ event: 'Transfer', abi: '' }).event).toMatch(/not an event signature/)
    expect(errs({ fromBlock: '10', toBlock: '2' }).fromBlock).toMatch(/after its end 2/)
    expect(errs({ filters: 'x' }).filters).toMatch(/need an event/)
  })
})

export const PROXY_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Impl {
  uint256 public x;
  function get() external view returns (uint256) { return x; }
  function who() external view returns (address) { return msg.sender; }
  function paid() external payable returns (uint256) { return msg.value; }
  function balanceOfSender() external view returns (uint256) { return msg.sender.balance; }
}
interface IBeacon { function implementation() external view returns (address); }
contract Beacon {
  address public implementation;
  constructor(address i) { implementation = i; }
}
/** A proxy that keeps its target in a given slot (an implementation, or a beacon when isBeacon). */
contract SlotProxy {
  bytes32 immutable slot;
  bool immutable isBeacon;
  constructor(bytes32 s, address target, bool beacon, uint256 x) {
    slot = s; isBeacon = beacon;
    assembly { sstore(s, target) sstore(0, x) }
  }
  fallback() external payable {
    bytes32 s = slot;
    address t;
    assembly { t := sload(s) }
    if (isBeacon) t = IBeacon(t).implementation();
    assembly {
      calldatacopy(0, 0, calldatasize())
      let r := delegatecall(gas(), t, 0, calldatasize(), 0, 0)
      returndatacopy(0, 0, returndatasize())
      switch r case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
    }
  }
}`
const IMPL_ABI = 'function get() view returns (uint256)\nfunction who() view returns (address)\nfunction paid() payable returns (uint256)\nfunction balanceOfSender() view returns (uint256)'

/** cast's number output without its scientific-notation annotation ("1500000000000000000 [1.5e18]"). */
const castNumber = async (args: string[]) => (await castAsync(args)).replace(/ \[[^\]]*\]$/, '')

describe('contract read: msg.value, from, block, state overrides, and through proxies', () => {
  const c = () => compile(PROXY_SOURCE)
  let impl: `0x${string}`
  const proxies: Record<string, `0x${string}`> = {}
  let beacon: `0x${string}`
  const run = async (raw: Record<string, string>) => {
    const p = contractReadTool.parse(withDefaults(contractReadTool, raw))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await contractReadTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url })
    const m = new Map<string, string>()
    for (const s of r.sections) for (const row of s.rows) m.set(row.label, row.value)
    return m
  }
  beforeAll(async () => {
    impl = await deploy(c().Impl!.bytecode)
    beacon = await deploy(`${c().Beacon!.bytecode}${impl.slice(2).padStart(64, '0')}` as `0x${string}`)
    const args = async (slot: string, target: string, isBeacon: boolean, x: number) => (await castAsync(['abi-encode', 'f(bytes32,address,bool,uint256)', slot, target, String(isBeacon), String(x)])).slice(2)
    proxies.eip1967 = await deploy(`${c().SlotProxy!.bytecode}${await args(Proxy.SLOTS.eip1967Implementation, impl, false, 1967)}` as `0x${string}`)
    proxies.eip1822 = await deploy(`${c().SlotProxy!.bytecode}${await args(Proxy.SLOTS.eip1822Proxiable, impl, false, 1822)}` as `0x${string}`)
    proxies.beacon = await deploy(`${c().SlotProxy!.bytecode}${await args(Proxy.SLOTS.eip1967Beacon, beacon, true, 4)}` as `0x${string}`)
  })

  // The slots themselves are checked against their standards in src/core/chain/Proxy.test.ts.
  it('finds the implementation of EIP-1967, beacon and EIP-1822 proxies, as cast does, and reads through them', async () => {
    const f1967 = await Proxy.implementationOf(rpc, proxies.eip1967!)
    expect(f1967?.kind).toBe('eip1967')
    expect(f1967?.implementation).toBe((await castAsync(['implementation', proxies.eip1967!, ...castRpc()])).toLowerCase())
    const fb = await Proxy.implementationOf(rpc, proxies.beacon!)
    // cast --beacon reads the beacon slot; the beacon's implementation() is then cast call's
    expect(fb?.kind).toBe('eip1967-beacon')
    expect(fb?.beacon).toBe((await castAsync(['implementation', '--beacon', proxies.beacon!, ...castRpc()])).toLowerCase())
    expect(fb?.implementation).toBe((await castAsync(['call', fb!.beacon!, 'implementation()(address)', ...castRpc()])).toLowerCase())
    const f1822 = await Proxy.implementationOf(rpc, proxies.eip1822!)
    expect(f1822?.kind).toBe('eip1822')
    expect(`0x${f1822!.implementation.slice(2).padStart(64, '0')}`).toBe(await castAsync(['storage', proxies.eip1822!, Proxy.SLOTS.eip1822Proxiable, ...castRpc()]))
    expect(await Proxy.implementationOf(rpc, impl)).toBeNull()
    for (const [kind, p] of Object.entries(proxies)) {
      const rows = await run({ address: p, abi: IMPL_ABI, function: 'get', args: '', proxy: 'true' })
      expect(rows.get('#1 (uint256)'), kind).toBe(await castAsync(['call', p, 'get()(uint256)', ...castRpc()]))
      expect(rows.get('Implementation')!.toLowerCase()).toBe(impl)
    }
    await expect(run({ address: impl, abi: IMPL_ABI, function: 'get', args: '', proxy: 'true' })).rejects.toMatchObject({ name: 'Proxy.NotAProxyError' })
  })

  it('sends msg.value and from, at a block, with state overrides, as cast call does', async () => {
    const p = proxies.eip1967!
    const rows = await run({ address: p, abi: IMPL_ABI, function: 'paid', args: '', value: '1.5', from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(rows.get('#1 (uint256)')).toBe(await castNumber(['call', p, 'paid()(uint256)', '--value', '1.5ether', '--from', A1, ...castRpc()]))
    const who = await run({ address: p, abi: IMPL_ABI, function: 'who', args: '', from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
    expect(who.get('#1 (address)')).toBe(await castAsync(['call', p, 'who()(address)', '--from', A1, ...castRpc()]))
    // storage slot 0 (x) and the sender's balance overridden
    const overrides = JSON.stringify({ [p]: { stateDiff: { '0x0': '77' } }, [A1]: { balance: '0x1234' } })
    const x = await run({ address: p, abi: IMPL_ABI, function: 'get', args: '', overrides })
    expect(x.get('#1 (uint256)')).toBe(await castAsync(['call', p, 'get()(uint256)', '--override-state-diff', `${p}:0x0:77`, ...castRpc()]))
    expect(x.get('#1 (uint256)')).toBe('77')
    const bal = await run({ address: p, abi: IMPL_ABI, function: 'balanceOfSender', args: '', from: A1, overrides })
    expect(bal.get('#1 (uint256)')).toBe(await castNumber(['call', p, 'balanceOfSender()(uint256)', '--from', A1, '--override-balance', `${A1}:0x1234`, ...castRpc()]))
    // at the block the proxy was deployed in (two before the latest: the EIP-1822 and beacon proxies came after), and the one before (no code yet)
    const deployedAt = Number(await castAsync(['receipt', (await castAsync(['rpc', 'eth_getTransactionByBlockNumberAndIndex', `0x${(Number(await castAsync(['block-number', ...castRpc()])) - 2).toString(16)}`, '0x0', ...castRpc()])).match(/"hash":"(0x[0-9a-f]+)"/)![1]!, 'blockNumber', ...castRpc()]))
    expect(await castAsync(['code', p, '--block', String(deployedAt - 1), ...castRpc()])).toBe('0x')
    expect((await run({ address: p, abi: IMPL_ABI, function: 'get', args: '', block: String(deployedAt) })).get('#1 (uint256)')).toBe('1967')
    await expect(run({ address: p, abi: IMPL_ABI, function: 'get', args: '', block: String(deployedAt - 1) })).rejects.toMatchObject({ name: 'ChainCall.EmptyResultError' })
  })

  it('names a bad override or value at its field', () => {
    const errs = (raw: Record<string, string>) => {
      const p = contractReadTool.parse(withDefaults(contractReadTool, { address: A0, abi: IMPL_ABI, function: 'get', args: '', ...raw }))
      return p.ok ? {} : p.errors
    }
    expect(errs({ overrides: '{oops' }).overrides).toMatch(/not valid JSON/)
    expect(errs({ overrides: '{"0x12": {}}' }).overrides).toMatch(/is not an address/)
    expect(errs({ overrides: `{"${A0}": {"balanse": "1"}}` }).overrides).toMatch(/unknown key "balanse"/)
    expect(errs({ overrides: `{"${A0}": {"state": {}, "stateDiff": {}}}` }).overrides).toMatch(/not both/)
    expect(errs({ value: 'lots' }).value).toBeTruthy()
  })
})

describe('deploy: constructor arguments appended to init code', () => {
  const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Token {
  string public name; address public owner; uint256[] public amounts;
  constructor(string memory n, address o, uint256[] memory a) { name = n; owner = o; amounts = a; }
}`
  it('encodes as cast abi-encode does, and the contract deployed with it holds the arguments', async () => {
    const c = compile(SOURCE).Token!
    const args = '["Wrapped \\"Test\\" ✓", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", ["1", "115792089237316195423570985008687907853269984665640564039457584007913129639935"]]'
    const p = deployTool.parse(withDefaults(deployTool, { bytecode: JSON.stringify({ bytecode: { object: c.bytecode.slice(2) } }), abi: JSON.stringify(c.abi), args }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await deployTool.run(p.value, { signal: new AbortController().signal, progress: () => {} })
    const rows = new Map(r.sections.flatMap((s) => s.rows.map((x) => [x.label, x] as const)))
    const encoded = await castAsync(['abi-encode', 'constructor(string,address,uint256[])', 'Wrapped "Test" ✓', A1, `[1,${2n ** 256n - 1n}]`])
    expect(rows.get('Constructor')?.value).toBe('constructor(string,address,uint256[])')
    expect(rows.get('Encoded arguments')?.value).toBe(encoded)
    const data = rows.get('Init code with arguments')!
    expect(data.value).toBe(`${c.bytecode}${encoded.slice(2)}`)
    expect(data.open).toMatchObject({ tool: 'send-transaction', inputs: { to: '', data: data.value } })
    const token = await deploy(data.value as `0x${string}`)
    expect(await castAsync(['call', token, 'name()(string)', ...castRpc()])).toBe('"Wrapped \\"Test\\" ✓"')
    expect((await castAsync(['call', token, 'owner()(address)', ...castRpc()])).toLowerCase()).toBe(A1)
    expect(await castAsync(['call', token, 'amounts(uint256)(uint256)', '0', ...castRpc()])).toBe('1')
  })
  it('names a missing argument, a bad bytecode and unlinked libraries at their fields', () => {
    const errs = (raw: Record<string, string>) => {
      const p = deployTool.parse(withDefaults(deployTool, raw))
      return p.ok ? {} : p.errors
    }
    expect(errs({ bytecode: '0x60', abi: 'constructor(uint256 x)', args: '' }).args).toMatch(/Expected 1 value \(uint256 x\), got 0/)
    expect(errs({ bytecode: '0x6g', abi: '' }).bytecode).toBeTruthy()
    expect(errs({ bytecode: `0x60__$${'a'.repeat(34)}$__60` }).bytecode).toMatch(/unlinked library/)
    expect(errs({ bytecode: '{"abi": []}' }).bytecode).toMatch(/no "bytecode" field/)
  })
})

describe('rpc console: batches, curl and cast commands', () => {
  const sh = async (cmd: string) => (await promisify(execFile)('sh', ['-c', cmd], { env: { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH}`, NO_COLOR: '1' } })).stdout.trim()
  const run = async (raw: Record<string, string>, provider: Rpc.Eip1193Like = rpc, url: string | null = anvil.url) => {
    const p = rpcConsoleTool.parse(withDefaults(rpcConsoleTool, raw))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await rpcConsoleTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc: provider, ...(url ? { rpcUrl: url } : {}) })
    return new Map(r.sections.flatMap((x) => x.rows.map((row) => [row.label, row.value] as const)))
  }
  const BATCH = JSON.stringify([{ method: 'eth_chainId' }, { method: 'eth_getBalance', params: [A1, 'latest'] }, { method: 'eth_noSuchMethod', params: [] }, ['eth_getTransactionCount', [A0, 'latest']]])

  it('sends a batch as one JSON array; each answer matches cast rpc', async () => {
    let posts = 0
    const counting: Rpc.FetchLike = async (u, init) => {
      posts++
      return fetch(u, init as RequestInit) as never
    }
    const r = await RpcConsole.batch(rpc, anvil.url, RpcConsole.parseBatch(BATCH), { fetch: counting })
    expect(posts).toBe(1)
    expect(r.asBatch).toBe(true)
    expect(r.answers[0]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_chainId', ...castRpc()])))
    expect(r.answers[1]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_getBalance', A1, 'latest', ...castRpc()])))
    expect(r.answers[2]!.error?.code).toBe(-32601)
    expect(r.answers[3]!.result).toBe(JSON.parse(await castAsync(['rpc', 'eth_getTransactionCount', A0, 'latest', ...castRpc()])))
    // the tool's rows, and a provider without batches (a browser wallet): sent one by one, said so
    const rows = await run({ mode: 'batch', batch: BATCH })
    expect(rows.get('1. eth_chainId')).toBe(`"${r.answers[0]!.result}"`)
    expect(rows.get('3. eth_noSuchMethod')).toMatch(/^error -32601/)
    expect(rows.get('Sent as')).toBe('one JSON-RPC batch of 4 (one HTTP request)')
    const wallet: Rpc.Eip1193Like = { request: (a) => rpc.request(a) }
    expect((await run({ mode: 'batch', batch: BATCH }, wallet, null)).get('Sent as')).toBe('4 separate requests (this provider takes no batches)')
  })

  it('the curl and cast commands it shows, run in a shell, give the same answer', async () => {
    const rows = await run({ mode: 'single', method: 'eth_getBalance', params: JSON.stringify([A1, 'latest']) })
    const viaCurl = JSON.parse(await sh(rows.get('As curl')!)) as { result: string }
    expect(JSON.stringify(viaCurl.result)).toBe(rows.get('Response'))
    expect(rows.get('As cast')).toBe(`cast rpc eth_getBalance ${A1} latest --rpc-url ${anvil.url}`)
    expect(await sh(rows.get('As cast')!)).toBe(rows.get('Response'))
    // a call with an object param, and a batch, through curl
    const call = await run({ mode: 'single', method: 'eth_call', params: JSON.stringify([{ to: A0, data: '0x' }, 'latest']) })
    expect(await sh(call.get('As cast')!)).toBe(call.get('Response'))
    const b = await run({ mode: 'batch', batch: BATCH })
    const viaCurlBatch = JSON.parse(await sh(b.get('As curl')!)) as { id: number; result?: unknown }[]
    expect(JSON.stringify(viaCurlBatch.find((x) => x.id === 1)?.result)).toBe(b.get('1. eth_chainId'))
  })

  // Masking API keys in what it shows: src/core/chain/RpcConsole.test.ts.
  it('names a bad batch at its field', () => {
    const errs = (batch: string) => {
      const p = rpcConsoleTool.parse(withDefaults(rpcConsoleTool, { mode: 'batch', batch }))
      return p.ok ? {} : p.errors
    }
    expect(errs('{').batch).toMatch(/not valid JSON/)
    expect(errs('{}').batch).toMatch(/JSON array of requests/)
    expect(errs('[]').batch).toMatch(/empty/)
    expect(errs('[{"params": []}]').batch).toMatch(/Request 1 has no valid "method"/)
    expect(errs('[{"method": "eth_call", "params": {}}]').batch).toMatch(/"params" must be a JSON array/)
  })
})

export const ENS_SOURCE = solidity(
  REGISTRY,
  SIMPLE_RESOLVER,
  wildcardResolver('Wildcard', 'An ENSIP-10 wildcard resolver: any name\'s address is the last 20 bytes of keccak256(its DNS encoding); its "description" text is fixed.', {
    description: 'abi.encode("any name under wild.eth")',
  }),
  `/** An ENSIP-10 resolver that answers with EIP-3668 OffchainLookup (CCIP-read). */
contract Offchain {
  error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923; }
  function resolve(bytes calldata, bytes calldata data) external view returns (bytes memory) {
    string[] memory urls = new string[](1);
    urls[0] = "https://gateway.example.invalid/{sender}/{data}.json";
    revert OffchainLookup(address(this), urls, data, this.resolve.selector, "");
  }
}`,
)

describe('ENS: ENSIP-10 wildcards and text records on a test registry', () => {
  const c = () => compile(ENS_SOURCE)
  let simple: `0x${string}`
  let wildcard: `0x${string}`
  const namehash = async (n: string) => (await castAsync(['namehash', n])) as `0x${string}`
  const tx = async (to: string, sig: string, ...args: string[]) => {
    const data = (await castAsync(['calldata', sig, ...args])) as `0x${string}`
    await TxSend.waitForReceipt(rpc, await send({ from: A0, to, data }), { timeoutMs: 10_000, pollMs: 50 })
  }
  /** DNS wire format (RFC 1035 §3.1), as ENSIP-10 specifies: a length byte before each label, a zero byte at the end. */
  const dns = (name: string) => `0x${name.split('.').map((l) => Buffer.from(l).length.toString(16).padStart(2, '0') + Buffer.from(l).toString('hex')).join('')}00`
  const run = async (query: string) => {
    const p = ensTool.parse(withDefaults(ensTool, { query }))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    const r = await ensTool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url })
    return { rows: new Map(r.sections.flatMap((x) => x.rows.map((row) => [row.label, row.value] as const))), notes: r.notes ?? [] }
  }
  beforeAll(async () => {
    const registry = await deploy(c().Registry!.bytecode)
    await Rpc.request(rpc, 'anvil_setCode', [EnsResolve.REGISTRY, await Rpc.request(rpc, 'eth_getCode', [registry, 'latest'])])
    simple = await deploy(c().Simple!.bytecode)
    wildcard = await deploy(c().Wildcard!.bytecode)
    const offchain = await deploy(c().Offchain!.bytecode)
    await tx(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', await namehash('direct.eth'), simple)
    await tx(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', await namehash('wild.eth'), wildcard)
    await tx(EnsResolve.REGISTRY, 'setResolver(bytes32,address)', await namehash('off.eth'), offchain)
    await tx(simple, 'setAddr(bytes32,address)', await namehash('direct.eth'), A1)
    await tx(simple, 'setText(bytes32,string,string)', await namehash('direct.eth'), 'url', 'https://example.org')
    await tx(simple, 'setText(bytes32,string,string)', await namehash('direct.eth'), 'com.github', 'someone')
  })

  it('resolves a name with its own resolver, with its text records, as cast does', async () => {
    const r = await EnsResolve.resolve(rpc, 'direct.eth')
    expect(r).toMatchObject({ resolverName: 'direct.eth', extended: false, resolver: expect.stringMatching(new RegExp(simple, 'i')) })
    // cast resolve-name needs a chain it knows ENS on; the resolver asked directly by cast
    expect(r.address.toLowerCase()).toBe((await castAsync(['call', simple, 'addr(bytes32)(address)', await namehash('direct.eth'), ...castRpc()])).toLowerCase())
    const t = await EnsResolve.texts(rpc, 'direct.eth')
    expect(t).toEqual([
      { key: 'url', value: JSON.parse(await castAsync(['call', simple, 'text(bytes32,string)(string)', await namehash('direct.eth'), 'url', ...castRpc()])) as string },
      { key: 'com.github', value: 'someone' },
    ])
    const { rows } = await run('direct.eth')
    expect(rows.get('Text: url')).toBe('https://example.org')
    expect(rows.get('Wildcard (ENSIP-10)')).toBe('no')
  })

  it('resolves a subname through its parent\'s wildcard resolver with resolve(bytes,bytes) and the DNS-encoded name', async () => {
    const r = await EnsResolve.resolve(rpc, 'Sub.Wild.eth')
    expect(r).toMatchObject({ name: 'sub.wild.eth', resolverName: 'wild.eth', extended: true })
    // the contract's rule, computed here from the DNS wire format
    expect(r.address.toLowerCase()).toBe(`0x${(await castAsync(['keccak', dns('sub.wild.eth')])).slice(-40)}`)
    // the resolver asked by cast the ENSIP-10 way: resolve(dns name, addr(node) call data)
    const inner = await castAsync(['call', wildcard, 'resolve(bytes,bytes)(bytes)', dns('sub.wild.eth'), await castAsync(['calldata', 'addr(bytes32)', await namehash('sub.wild.eth')]), ...castRpc()])
    expect(r.address.toLowerCase()).toBe((await castAsync(['abi-decode', 'f()(address)', inner])).toLowerCase())
    const t = await EnsResolve.texts(rpc, 'sub.wild.eth', ['description', 'url'])
    expect(t).toHaveLength(1)
    const innerText = await castAsync(['call', wildcard, 'resolve(bytes,bytes)(bytes)', dns('sub.wild.eth'), await castAsync(['calldata', 'text(bytes32,string)', await namehash('sub.wild.eth'), 'description']), ...castRpc()])
    expect(t[0]).toEqual({ key: 'description', value: JSON.parse(await castAsync(['abi-decode', 'f()(string)', innerText])) as string })
    const { rows } = await run('sub.wild.eth')
    expect(rows.get('Resolver found at')).toBe('wild.eth')
    expect(rows.get('Wildcard (ENSIP-10)')).toBe('yes')
  })

  it('does not use a parent\'s resolver that does not support wildcards', async () => {
    await expect(EnsResolve.resolve(rpc, 'x.direct.eth')).rejects.toMatchObject({ name: 'EnsResolve.NotFoundError', message: expect.stringMatching(/does not support wildcards/) })
    await expect(EnsResolve.resolve(rpc, 'nobody.test')).rejects.toMatchObject({ name: 'EnsResolve.NotFoundError' })
  })

  it('refuses CCIP-read (EIP-3668) without contacting the gateway, naming its host', async () => {
    const seen: string[] = []
    const watching: Rpc.Eip1193Like = { request: (a) => (seen.push(a.method), rpc.request(a)) }
    await expect(EnsResolve.resolve(watching, 'off.eth')).rejects.toMatchObject({ name: 'EnsResolve.OffchainLookupError', urls: ['https://gateway.example.invalid/{sender}/{data}.json'] })
    expect(new Set(seen)).toEqual(new Set(['eth_getCode', 'eth_call']))
    const { notes } = await run('off.eth')
    expect(notes[0]?.text).toMatch(/CCIP-read.*gateway\.example\.invalid.*host other than the node/)
  })
})

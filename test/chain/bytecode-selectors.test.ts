/**
 * bytecode-selectors reading code from the node (issue 17): a contract compiled by solc-js
 * and an EIP-1967 proxy in front of it, deployed on a real anvil. The selectors listed for
 * the address, and for the proxy followed to its implementation, are the ones `cast
 * selectors` lists for the code `cast code` reads from the same node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { castAsync, startAnvil, type Anvil } from '../support'
import { compile } from './solc'
import * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import tool from '../../src/tools/bytecode-selectors'
import { withDefaults } from '../../src/tools/define'
import type { Named } from '../../src/tools/bytecode-selectors'
import type { RunContext } from '../../src/tools/types'

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Token {
  mapping(address => uint256) public balanceOf;
  uint256 public totalSupply;
  function transfer(address to, uint256 v) external returns (bool) { balanceOf[msg.sender] -= v; balanceOf[to] += v; return true; }
  function mint(uint256 v) external { balanceOf[msg.sender] += v; totalSupply += v; }
  function name() external pure returns (string memory) { return "T"; }
}
contract Proxy1967 {
  bytes32 constant SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
  constructor(address impl) { assembly { sstore(SLOT, impl) } }
  fallback() external payable {
    assembly {
      let impl := sload(SLOT)
      calldatacopy(0, 0, calldatasize())
      let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
      returndatacopy(0, 0, returndatasize())
      switch ok case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
    }
  }
}`

const A0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
let anvil: Anvil
let rpc: Rpc.Transport
let ctx: RunContext
let token: `0x${string}`
let proxy: `0x${string}`

async function deploy(data: string): Promise<`0x${string}`> {
  const h = (await Rpc.request(rpc, 'eth_sendTransaction', [{ from: A0, data }])) as `0x${string}`
  return (await TxSend.waitForReceipt(rpc, h, { timeoutMs: 30_000, pollMs: 50 })).contractAddress as `0x${string}`
}

/** What cast lists for the code at `address` on the node: `cast selectors $(cast code address)`. */
async function castSelectors(address: string): Promise<string[]> {
  const code = await castAsync(['code', address, '--rpc-url', anvil.url])
  const out = await castAsync(['selectors', code])
  return out === '' ? [] : out.split('\n').map((l) => l.split(/\s/)[0]!)
}

async function run(inputs: Record<string, string>) {
  const parsed = tool.parse(withDefaults(tool, inputs))
  if (!parsed.ok) throw new Error(`did not parse: ${JSON.stringify(parsed.errors)}`)
  return tool.run(parsed.value, ctx)
}

beforeAll(async () => {
  anvil = await startAnvil()
  rpc = Rpc.http(anvil.url)
  ctx = { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: anvil.url }
  const c = compile(SOURCE)
  token = await deploy(c.Token!.bytecode)
  const arg = (await castAsync(['abi-encode', 'f(address)', token])).slice(2)
  proxy = await deploy(`${c.Proxy1967!.bytecode}${arg}`)
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('bytecode-selectors from an address on the node', () => {
  it('lists what cast selectors lists for the code at the address', async () => {
    const theirs = await castSelectors(token)
    expect(theirs.length).toBe(5)
    const result = await run({ source: 'address', address: token })
    expect((result.data as Named[]).map((n) => n.selector).sort()).toEqual(theirs.sort())
    const code = result.sections.find((s) => s.title === 'Code')!.rows
    expect(code.find((r) => r.label === 'Code size')!.value).toBe(`${((await castAsync(['code', token, '--rpc-url', anvil.url])).length - 2) / 2} bytes`)
  })

  it('follows an EIP-1967 proxy to its implementation when asked, and names it (cast implementation)', async () => {
    const impl = await castAsync(['implementation', proxy, '--rpc-url', anvil.url])
    expect(impl.toLowerCase()).toBe(token)
    const result = await run({ source: 'address', address: proxy, proxy: 'true' })
    expect((result.data as Named[]).map((n) => n.selector).sort()).toEqual((await castSelectors(token)).sort())
    const rows = result.sections.find((s) => s.title === 'Code')!.rows
    expect(rows.find((r) => r.label === 'Implementation')!.value).toBe(await castAsync(['to-check-sum-address', impl]))
  })

  it('without following, the proxy\'s own code dispatches what cast selectors finds in it', async () => {
    const result = await run({ source: 'address', address: proxy })
    expect((result.data as Named[]).map((n) => n.selector).sort()).toEqual((await castSelectors(proxy)).sort())
  })

  it('refuses an address with no code, a non-proxy to follow, and no node, each at its field', async () => {
    await expect(run({ source: 'address', address: '0x000000000000000000000000000000000000dead' })).rejects.toMatchObject({ field: 'address', message: expect.stringMatching(/No code at 0x000000000000000000000000000000000000dead/) })
    await expect(run({ source: 'address', address: token, proxy: 'true' })).rejects.toMatchObject({ field: 'proxy' })
    const parsed = tool.parse(withDefaults(tool, { source: 'address', address: token }))
    if (!parsed.ok) throw new Error('did not parse')
    await expect(tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {} })).rejects.toMatchObject({ field: 'address', name: 'Rpc.NotConnectedError' })
  })
})

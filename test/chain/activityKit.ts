/**
 * A chain for /address-activity (#38): a Hub contract called for 500 blocks, directly, through a
 * Relay (an internal call, some of which revert), with plain payments, and paying its callers
 * back (frames from the Hub), among transactions that never touch it. Mined with automine off,
 * one evm_mine per block, so 500 blocks take seconds. Used by test/chain/address-activity.test.ts
 * and e2e/address-activity.spec.ts; `nodeTraces` is anvil's own trace_filter answer, asked in one
 * request, to compare with.
 */
import { nodeRpc } from '../support'
import { compile } from './solc'

export const ACTIVITY_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Hub {
  function ping(uint256 v) external payable returns (uint256) {
    require(v % 7 != 3, "unlucky");
    if (v % 3 == 0) payable(msg.sender).transfer(1);
    return v + 1;
  }
  receive() external payable {}
}
contract Relay {
  function relay(address hub, uint256 v) external {
    (bool ok, ) = hub.call(abi.encodeWithSignature("ping(uint256)", v));
    ok;
  }
  receive() external payable {}
}`

/** anvil's default accounts 0 to 5 (unlocked). */
export const SENDERS = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
] as const

export interface ActivityChain {
  hub: `0x${string}`
  relay: `0x${string}`
  fromBlock: number
  toBlock: number
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`
const word = (n: number | bigint) => n.toString(16).padStart(64, '0')

async function mined(url: string, hash: string): Promise<{ contractAddress: `0x${string}` }> {
  for (let i = 0; i < 200; i++) {
    const r = await nodeRpc<{ contractAddress: `0x${string}` } | null>(url, 'eth_getTransactionReceipt', [hash])
    if (r) return r
    await new Promise((res) => setTimeout(res, 25))
  }
  throw new Error(`${hash} was not mined`)
}

/** Deploys Hub and Relay, then mines `blocks` blocks with two transactions each (of five kinds, four touching the Hub). */
export async function buildActivityChain(url: string, blocks = 500): Promise<ActivityChain> {
  const c = compile(ACTIVITY_SOL)
  const deploy = async (from: string, data: string) => (await mined(url, await nodeRpc<string>(url, 'eth_sendTransaction', [{ from, data }]))).contractAddress.toLowerCase() as `0x${string}`
  const hub = await deploy(SENDERS[0], c.Hub!.bytecode)
  const relay = await deploy(SENDERS[0], c.Relay!.bytecode)
  await nodeRpc(url, 'evm_setAutomine', [false])
  // selectors: `cast sig "ping(uint256)"`, `cast sig "relay(address,uint256)"`
  const ping = (v: number) => `0x773acdef${word(v)}`
  const kinds = [
    (i: number) => ({ from: SENDERS[0], to: hub, data: ping(i), value: hex(1) }),
    (i: number) => ({ from: SENDERS[1], to: relay, data: `0xeeec0e24${word(BigInt(hub))}${word(i)}` }),
    () => ({ from: SENDERS[2], to: hub, value: hex(1000) }),
    () => ({ from: SENDERS[3], to: SENDERS[4], value: hex(5) }),
    (i: number) => ({ from: SENDERS[5], to: hub, data: ping(i + 1) }),
  ]
  const fromBlock = Number(await nodeRpc<string>(url, 'eth_blockNumber')) + 1
  try {
    for (let i = 0; i < blocks; i++) {
      const txs = [kinds[i % 5]!(i), kinds[(i + 2) % 5]!(i)]
      // distinct senders: each transaction's nonce is the node's to choose, in any order
      await Promise.all(txs.map((tx) => nodeRpc(url, 'eth_sendTransaction', [{ gas: hex(200_000), ...tx }])))
      await nodeRpc(url, 'evm_mine', [])
    }
  } finally {
    await nodeRpc(url, 'evm_setAutomine', [true])
  }
  return { hub, relay, fromBlock, toBlock: fromBlock + blocks - 1 }
}

/** A trace_filter entry as the node sends it (the fields compared). */
export interface NodeTrace {
  action: { from?: string; to?: string; value?: string; callType?: string; address?: string; refundAddress?: string; balance?: string; creationMethod?: string }
  result?: { address?: string } | null
  blockNumber: number
  transactionHash: string | null
  transactionPosition: number | null
  traceAddress: number[]
  type: string
  error?: string
}

/** The most blocks anvil's trace_filter takes in one request ("block range too large, currently limited to 300"). */
export const ANVIL_TRACE_RANGE = 300

/** anvil's own answer: every frame from or to `address` in the blocks, without paging, in requests of anvil's 300 blocks. */
export async function nodeTraces(url: string, address: string, fromBlock: number, toBlock: number, key: 'both' | 'fromAddress' | 'toAddress' = 'both'): Promise<NodeTrace[]> {
  const out: NodeTrace[] = []
  for (let a = fromBlock; a <= toBlock; a += ANVIL_TRACE_RANGE) {
    const filter = { fromBlock: hex(a), toBlock: hex(Math.min(toBlock, a + ANVIL_TRACE_RANGE - 1)), ...(key === 'both' ? { fromAddress: [address], toAddress: [address], mode: 'union' } : { [key]: [address] }) }
    out.push(...(await nodeRpc<NodeTrace[]>(url, 'trace_filter', [filter])))
  }
  return out
}

/**
 * A node trace as one comparable line, read here from the node's JSON (not by the code under
 * test): block, transaction, frame, call type, from, to, value in wei, error.
 */
export function traceLine(t: NodeTrace): string {
  const kind = t.type === 'call' ? t.action.callType : t.type === 'create' ? (t.action.creationMethod ?? 'create') : t.type === 'suicide' ? 'selfdestruct' : t.type
  const from = t.type === 'suicide' ? t.action.address : t.action.from
  const to = t.type === 'create' ? (t.result?.address ?? '') : t.type === 'suicide' ? t.action.refundAddress : t.action.to
  const value = BigInt(t.type === 'suicide' ? (t.action.balance ?? '0x0') : (t.action.value ?? '0x0'))
  return [t.blockNumber, t.transactionHash, t.transactionPosition, t.traceAddress.join('.') || 'top', kind, from, to, value, t.error ?? ''].join(' ')
}

/**
 * The deploy preamble the /debug specs share: a JSON-RPC request to the devnet, and a contract
 * deployed from an address of the spec's own (funded with anvil_setBalance, signed for by the node
 * with anvil_impersonateAccount), then the call recorded on /debug up to its summary's status.
 */
import type { Locator, Page } from '@playwright/test'
import { encodeDeployData, type Abi } from 'viem'
import { compileFull, type SolcOutput } from '../test/chain/sourceKit'
import { expect, openTool } from './fixtures'

/** One JSON-RPC request to the devnet: its result, or its error. */
export async function rpc<T = any>(url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { message: string; data?: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await r.json()) as { result?: T; error?: { message: string; data?: string } }
}

/** Sends `tx` from `from` (an impersonated account) and waits for its receipt. */
export async function sendAndWait(url: string, from: string, tx: Record<string, string>): Promise<any> {
  const { result: hash, error } = await rpc<string>(url, 'eth_sendTransaction', [{ from, ...tx }])
  if (!hash) throw new Error(error?.message)
  for (let i = 0; i < 100; i++) {
    const { result } = await rpc(url, 'eth_getTransactionReceipt', [hash])
    if (result) return result
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('not mined')
}

/** Funds `from` with 1 ether, lets the devnet sign for it, deploys `data` from it with `gas`, and returns the contract's address. */
export async function deployFrom(url: string, from: string, data: string, gas = '0x300000'): Promise<string> {
  await rpc(url, 'anvil_setBalance', [from, '0xde0b6b3a7640000'])
  await rpc(url, 'anvil_impersonateAccount', [from])
  return (await sendAndWait(url, from, { gas, data })).contractAddress as string
}

/** Opens /debug on a call, records it, waits until the summary's Status reads `status`, and returns the summary. */
export async function debugCall(page: Page, call: { from: string; to: string; data: string }, status: 'success' | 'reverted'): Promise<Locator> {
  await openTool(page, 'debug', { mode: 'call', ...call })
  await page.getByRole('button', { name: 'Debug', exact: true }).click()
  const summary = page.getByRole('region', { name: 'Result' })
  await expect(summary.getByRole('status', { name: 'Status', exact: true })).toHaveText(status, { timeout: 30_000 })
  return summary
}

/** The Slots contract compiled by solc (abi, creation code, storageLayout). */
export interface SlotsContract {
  abi: Abi
  evm: { bytecode: { object: string } }
  storageLayout: { storage: { label: string; slot: string; offset: number }[] }
}

/**
 * The slot-naming specs' contract (src/Slots.sol: a uint256, a packed uint8, bool and address, a
 * dynamic array and a string): `go()` runs `go`, `more` adds functions. Compiled by solc with
 * `outputs` (storageLayout among them) and deployed from `from` ({@link deployFrom}); returns
 * solc's whole output, the contract, and its address.
 */
export async function deploySlots(url: string, from: string, go: string, more: string, outputs: string[]): Promise<{ output: SolcOutput; c: SlotsContract; address: string }> {
  const path = 'src/Slots.sol'
  const sol = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Slots {
  uint256 first; uint8 a; bool b; address c; uint256[] list; string text;
  function go() external { ${go} }
${more}}
`
  const { output } = compileFull({ [path]: sol }, false, { outputSelection: { '*': { '*': outputs } } })
  const c = (output.contracts[path] as unknown as Record<string, SlotsContract>).Slots!
  return { output, c, address: await deployFrom(url, from, encodeDeployData({ abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` })) }
}

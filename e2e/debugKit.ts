/**
 * The deploy preamble the /debug specs share: a JSON-RPC request to the devnet, and a contract
 * deployed from an address of the spec's own (funded with anvil_setBalance, signed for by the node
 * with anvil_impersonateAccount), then the call recorded on /debug up to its summary's status.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, openTool } from './fixtures'

/** One JSON-RPC request to the devnet: its result, or its error. */
export async function rpc<T = any>(url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { message: string; data?: string } }> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await r.json()) as { result?: T; error?: { message: string; data?: string } }
}

/** Sends `tx` from `from` (an impersonated account) and waits for its receipt. */
async function sendAndWait(url: string, from: string, tx: Record<string, string>): Promise<any> {
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

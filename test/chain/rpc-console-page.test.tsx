// @vitest-environment jsdom
/**
 * The JSON-RPC console page against a real anvil: an object answer (a block with its
 * transactions) is shown as indented JSON, its lines kept in a block that scrolls (the raw
 * answer reads at a glance, not as one long line), equal to the node's own answer fetched here
 * over plain HTTP and indented by JSON.stringify(parsed, null, 2); a scalar answer stays a plain
 * value; each request joins the history, whose cells carry the names a phone shows above them.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startAnvil, type Anvil } from '../support'
import * as Rpc from '../../src/core/chain/Rpc'
import type { RawInput } from '../../src/tools/types'
import meta from '../../src/tools/rpc-console/meta'
import tool from '../../src/tools/rpc-console'
import RpcConsolePage from '../../src/ui/features/rpc-console'

let anvil: Anvil
vi.mock('../../src/ui/connection/store', async (original) => ({
  ...(await original<object>()),
  getProvider: () => ({ rpc: Rpc.http(anvil.url), rpcUrl: anvil.url }),
}))

beforeAll(async () => {
  anvil = await startAnvil()
  // a block with a transaction in it, so the answer nests objects in an array
  const [from] = (await node('eth_accounts', [])) as string[]
  await node('eth_sendTransaction', [{ from, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x2386f26fc10000' }])
}, 60_000)
afterAll(async () => {
  cleanup()
  await anvil?.stop()
})

/** The node's answer over plain HTTP, not through the app. */
async function node(method: string, params: unknown[]): Promise<unknown> {
  const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await r.json()) as { result?: unknown; error?: unknown }
  if (body.error) throw new Error(JSON.stringify(body.error))
  return body.result
}

function Harness({ initial }: { initial: RawInput }) {
  const [values, setVals] = useState<RawInput>(initial)
  return <RpcConsolePage meta={meta} tool={tool} values={values} setValues={(p) => setVals((v) => ({ ...v, ...p }))} files={{}} setFile={() => {}} />
}

describe('rpc-console page: the raw answer reads at a glance', () => {
  it('an object answer is indented JSON equal to JSON.stringify(the node’s answer, null, 2), in a block; a scalar stays a value; both join the history', async () => {
    render(<Harness initial={{ mode: 'single', method: 'eth_getBlockByNumber', params: '["0x1", true]' }} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send request' })))
    const shown = await screen.findByRole('status', { name: 'Response' }, { timeout: 20_000 })
    const expected = JSON.stringify(await node('eth_getBlockByNumber', ['0x1', true]), null, 2)
    expect(expected.split('\n').length).toBeGreaterThan(40)
    expect(shown.textContent).toBe(expected)
    // a block that keeps the lines (pre), reachable by Tab to scroll it, with Copy beside it
    expect(shown.tagName).toBe('PRE')
    expect(shown.getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('button', { name: 'Copy Response' })).toBeTruthy()

    fireEvent.change(screen.getByRole('textbox', { name: 'Method' }), { target: { value: 'eth_chainId' } })
    fireEvent.change(screen.getByLabelText('Params (JSON array)'), { target: { value: '[]' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send request' })))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Response' }).textContent).toBe(JSON.stringify(`0x${(31337).toString(16)}`)), { timeout: 20_000 })
    expect(screen.getByRole('status', { name: 'Response' }).tagName).toBe('OUTPUT')

    const history = screen.getByRole('table', { name: 'Request history' })
    const rows = within(history).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['eth_chainId', 'eth_getBlockByNumber'])
    // the names a phone shows above the params and the response (the column headers are hidden there)
    expect(within(rows[1]!).getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual([null, 'Params', 'Response', null, null])
  }, 60_000)
})

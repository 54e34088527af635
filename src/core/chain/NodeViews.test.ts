/**
 * NodeViews: the pool and Parity-trace answers read into rows; malformed entries marked, never
 * thrown; sizes bounded. (The views against cast on a real anvil: test/chain/node-views.test.ts.)
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { utils } from 'ethers'
import * as NodeViews from './NodeViews'

// the node answers in lower case; the views show addresses checksummed (EIP-55, by ethers v5 here)
const A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const B = '0x000000000000000000000000000000000000dead'
const cA = utils.getAddress(A)
const cB = utils.getAddress(B)

describe('NodeViews', () => {
  it('reads txpool_status counts and marks what is not a count', () => {
    expect(NodeViews.view('txpool_status', { pending: '0x1a', queued: '0x0' })).toEqual([
      { label: 'Pending', value: '26' },
      { label: 'Queued', value: '0' },
    ])
    expect(NodeViews.view('txpool_status', { pending: 'lots', queued: '0x0' })![0]).toMatchObject({ tone: 'error', value: expect.stringMatching(/not a count/) })
  })

  it('reads txpool_content by sender and nonce (in nonce order), and txpool_contentFrom without the sender level', () => {
    const tx = (nonce: number, value: string) => ({ nonce: `0x${nonce.toString(16)}`, gas: '0x5208', maxFeePerGas: '0x3b9aca00', to: B, value, input: '0x', hash: `0x${String(nonce).padStart(64, '0')}` })
    const rows = NodeViews.view('txpool_content', { pending: { [A]: { '10': tx(10, '0x2'), '9': tx(9, '0xde0b6b3a7640000') } }, queued: {} })!
    expect(rows.map((r) => r.label)).toEqual(['Queued transactions', 'Pending transactions', `Pending · ${cA} nonce 9`, `Pending · ${cA} nonce 10`])
    expect(rows[2]!.value).toBe(`${cB}: 1 ETH + 21000 gas × 1 gwei max · 0x${'9'.padStart(64, '0')}`)
    const from = NodeViews.view('txpool_contentFrom', { pending: { '3': tx(3, '0x0') }, queued: {} })!
    expect(from.find((r) => r.label === 'Pending · nonce 3')?.value).toMatch(/^0x0+dEaD: 0 ETH/)
    expect(NodeViews.view('txpool_content', { pending: { [A]: { '1': { to: 'nope' } } }, queued: {} })!.some((r) => r.tone === 'error')).toBe(true)
  })

  it('reads Parity trace frames by trace address, with errors and creates', () => {
    const rows = NodeViews.view('trace_transaction', [
      { action: { from: A, callType: 'call', gas: '0x100', input: '0x60fe47b1', to: B, value: '0x0' }, result: { gasUsed: '0x10', output: '0x' }, subtraces: 1, traceAddress: [], type: 'call', transactionPosition: 0 },
      { action: { from: B, gas: '0x50', value: '0x0', init: '0x00' }, result: { address: A, gasUsed: '0x5', code: '0x' }, subtraces: 0, traceAddress: [0], type: 'create' },
      { action: { from: B, callType: 'delegatecall', gas: '0x10', input: '0x', to: A, value: '0x0' }, error: 'Reverted', subtraces: 0, traceAddress: [1], type: 'call' },
    ])!
    expect(rows[0]).toEqual({ label: 'tx 0 · top call', value: `${cA} → ${cB} · 0x60fe47b1 · 0 ETH · gas used 16 of 256 · 1 subcall` })
    expect(rows[1]!.value).toBe(`${cB} creates ${cA} · 0 ETH · gas used 5 of 80`)
    expect(rows[2]).toMatchObject({ label: '1 delegatecall', tone: 'error', value: expect.stringMatching(/error: Reverted$/) })
  })

  it('labels a storage slot short: a small one by its number, a hashed one cut in the middle with its whole key in the value', () => {
    const proof = (key: string) => ({ address: A, balance: '0x0', nonce: '0x1', codeHash: `0x${'1'.repeat(64)}`, storageHash: `0x${'2'.repeat(64)}`, accountProof: ['0x00'], storageProof: [{ key, value: '0x2a', proof: ['0x0102'] }] })
    const small = NodeViews.view('eth_getProof', proof(`0x${'0'.repeat(63)}3`))!
    expect(small.at(-1)).toEqual({ label: 'Storage slot 3', value: '0x2a (1 trie node, 2 bytes)' })
    const hashed = `0x${'ab'.repeat(32)}`
    expect(NodeViews.view('eth_getProof', proof(hashed))!.at(-1)).toEqual({ label: 'Storage slot 0xabababab…abababab', value: `${hashed}: 0x2a (1 trie node, 2 bytes)` })
    expect(NodeViews.view('eth_getProof', proof(hashed))![0]).toEqual({ label: 'Address', value: cA })
  })

  it('never throws on any JSON a node could send, and bounds the rows', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NodeViews.METHODS), fc.jsonValue(), (m, v) => {
        const r = NodeViews.view(m, v)
        if (r) expect(r.length).toBeLessThanOrEqual(NodeViews.MAX_ROWS + 3)
      }),
      { numRuns: 2000 },
    )
    const huge = Array.from({ length: 2000 }, (_, i) => ({ action: { from: A, callType: 'call', gas: '0x1', input: '0x', to: B, value: '0x0' }, subtraces: 0, traceAddress: [i], type: 'call' }))
    const rows = NodeViews.view('trace_block', huge)!
    expect(rows).toHaveLength(NodeViews.MAX_ROWS + 1)
    expect(rows.at(-1)!.value).toMatch(/^1500 more frames/)
    expect(NodeViews.view('eth_chainId', '0x1')).toBeNull()
  })
})

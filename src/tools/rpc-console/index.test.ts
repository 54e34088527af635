import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import tool from './index'

const errors = (raw: Record<string, string>) => {
  const p = tool.parse(withDefaults(tool, raw))
  return p.ok ? {} : p.errors
}

describe('rpc-console: parse', () => {
  it('accepts a method and JSON params', () => {
    const p = tool.parse(withDefaults(tool, { method: ' eth_getBalance ', params: '["0x0", "latest"]' }))
    expect(p.ok && p.value).toEqual({ mode: 'single', method: 'eth_getBalance', params: ['0x0', 'latest'], batch: [] })
  })
  it('names bad methods and params', () => {
    expect(errors({ method: 'eth chainId' }).method).toMatch(/is not a JSON-RPC method name/)
    expect(errors({ method: '' }).method).toMatch(/is not a JSON-RPC method name/)
    expect(errors({ method: 'eth_chainId', params: '{oops' }).params).toMatch(/not valid JSON/)
    expect(errors({ method: 'eth_chainId', params: '{"a":1}' }).params).toMatch(/must be a JSON array/)
  })
  it('shows node errors as errors with the endpoint', async () => {
    const p = tool.parse(withDefaults(tool, { method: 'eth_foo' }))
    if (!p.ok) throw new Error('parse')
    const rpc = { request: async () => Promise.reject({ code: -32601, message: 'Method not found' }) }
    await expect(tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, rpc, rpcUrl: 'http://127.0.0.1:8545' })).rejects.toThrow(/127\.0\.0\.1:8545 \(eth_foo\) returned error -32601/)
  })
})

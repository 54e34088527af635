import { utils } from 'ethers'
import { describe, expect, it } from 'vitest'
import type * as Rpc from './Rpc'
import * as TokenInfo from './TokenInfo'

// ethers v5 encodes what a token answers (an independent ABI coder)
const str = (s: string) => utils.defaultAbiCoder.encode(['string'], [s])
const u = (n: number | bigint) => utils.defaultAbiCoder.encode(['uint256'], [n])

/** A node whose eth_call answers symbol() and decimals() as given (an Error: the call fails). */
function node(symbol: string | Error, decimals: string | Error): Rpc.Eip1193Like {
  return {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      if (method !== 'eth_call') throw new Error(method)
      const data = (params as [{ data: string }])[0].data
      const answer = data === '0x95d89b41' ? symbol : data === '0x313ce567' ? decimals : new Error('unknown')
      if (answer instanceof Error) throw answer
      return answer
    },
  } as Rpc.Eip1193Like
}

describe('TokenInfo', () => {
  it('decodes symbol() as an ABI string or a bytes32 (MKR), and refuses what no token answers', () => {
    expect(TokenInfo.decodeSymbol(str('USDC'))).toBe('USDC')
    expect(TokenInfo.decodeSymbol(utils.formatBytes32String('MKR'))).toBe('MKR')
    expect(TokenInfo.decodeSymbol('0x')).toBeUndefined()
    expect(TokenInfo.decodeSymbol(str(''))).toBeUndefined()
    expect(TokenInfo.decodeSymbol(str('x'.repeat(33)))).toBeUndefined()
    expect(TokenInfo.decodeSymbol(str('bad\nname'))).toBeUndefined()
  })
  it('decodes decimals() as one word up to 77', () => {
    expect(TokenInfo.decodeDecimals(u(6))).toBe(6)
    expect(TokenInfo.decodeDecimals(u(18))).toBe(18)
    expect(TokenInfo.decodeDecimals(u(78))).toBeUndefined()
    expect(TokenInfo.decodeDecimals('0x06')).toBeUndefined()
  })
  it('reads both from the node; either failing leaves the token unknown', async () => {
    expect(await TokenInfo.read(node(str('GLT'), u(6)), '0x0000000000000000000000000000000000000001')).toEqual({ symbol: 'GLT', decimals: 6 })
    expect(await TokenInfo.read(node(new Error('execution reverted'), u(6)), '0x0000000000000000000000000000000000000001')).toBeUndefined()
    expect(await TokenInfo.read(node(str('GLT'), '0x'), '0x0000000000000000000000000000000000000001')).toBeUndefined()
  })
})

/** CalldataEncode: call data from a function and its values, as viem and ethers v5 encode it. */
import { ethers } from 'ethers'
import fc from 'fast-check'
import { encodeFunctionData, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import * as Abi from './Abi'
import * as CalldataEncode from './CalldataEncode'

const [transfer, multi, custom] = Abi.parse(
  [
    'function transfer(address to, uint256 amount) returns (bool)',
    'function multi((uint8 a, bytes b)[] items, string note, int24[2] ticks)',
    'error Custom(uint256 code, string why)',
  ].join('\n'),
) as [Abi.FunctionItem, Abi.FunctionItem, Abi.ErrorItem]

describe('CalldataEncode', () => {
  it('encodes a call as viem encodeFunctionData and ethers v5 encodeFunctionData do (property)', () => {
    const iface = new ethers.utils.Interface(['function transfer(address to, uint256 amount) returns (bool)'])
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (bytes, amount) => {
        const to = ethers.utils.getAddress(ethers.utils.hexlify(bytes))
        const data = CalldataEncode.encodeCall(transfer, [to, amount])
        expect(data).toBe(encodeFunctionData({ abi: [transfer], functionName: 'transfer', args: [to, amount] }))
        expect(data).toBe(iface.encodeFunctionData('transfer', [to, amount]))
      }),
      { numRuns: 100 },
    )
  })

  it('tuples, dynamic arrays and fixed arrays of signed integers', () => {
    const args = [[{ a: 1, b: '0xdead' }, { a: 255, b: '0x' }], 'note', [-8388608, 8388607]]
    const viemArgs = [[{ a: 1, b: '0xdead' }, { a: 255, b: '0x' }], 'note', [-8388608, 8388607]] as const
    expect(CalldataEncode.encodeCall(multi, args)).toBe(encodeFunctionData({ abi: [multi], functionName: 'multi', args: viemArgs as never }))
  })

  it('selectors of functions and errors are keccak256 of the canonical signature, first 4 bytes', () => {
    expect(CalldataEncode.selectorOf(transfer)).toBe('0xa9059cbb')
    expect(CalldataEncode.selectorOf(multi)).toBe(toFunctionSelector('multi((uint8,bytes)[],string,int24[2])'))
    expect(CalldataEncode.selectorOf(custom)).toBe(ethers.utils.id('Custom(uint256,string)').slice(0, 10))
  })
})

/**
 * SignatureKeys: what people paste to look up a function or an event, cut to the key the
 * table is indexed by. The keys are computed independently with viem.
 */
import { encodeFunctionData, parseAbi, toEventSelector, toFunctionSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import * as SignatureKeys from './SignatureKeys'

const transfer = toFunctionSelector('transfer(address,uint256)')
const topic = toEventSelector('Transfer(address,address,uint256)')

describe('SignatureKeys.parse', () => {
  it('a selector, a topic and call data (cut to its selector), separated by lines, spaces or commas', () => {
    const call = encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', 5n] })
    const keys = SignatureKeys.parse(`${transfer}\n${topic}, ${call}  ${transfer.slice(2).toUpperCase()}`)
    expect(keys.map((k) => [k.key.toLowerCase(), k.kind, k.cut])).toEqual([
      [transfer, 'selector', false],
      [topic, 'topic', false],
      [transfer, 'selector', true],
      [transfer, 'selector', false],
    ])
    expect(keys[2]!.text).toBe(call)
  })

  it('refuses empty input, too many values and values shorter than a selector', () => {
    expect(() => SignatureKeys.parse(' \n ,')).toThrow(expect.objectContaining({ name: 'SignatureKeys.EmptyError' }))
    expect(() => SignatureKeys.parse(Array(SignatureKeys.MAX_KEYS + 1).fill(transfer).join('\n'))).toThrow(expect.objectContaining({ name: 'SignatureKeys.TooManyError' }))
    expect(SignatureKeys.parse(Array(SignatureKeys.MAX_KEYS).fill(transfer).join('\n'))).toHaveLength(SignatureKeys.MAX_KEYS)
    expect(() => SignatureKeys.parse('0xa9059c')).toThrow(expect.objectContaining({ name: 'SignatureKeys.TooShortError' }))
    expect(() => SignatureKeys.parse(`${transfer} 0xzz`)).toThrow(/value 2/)
  })
})

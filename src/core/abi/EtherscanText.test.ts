import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, testSeed } from '../../../test/support'
import * as EtherscanText from './EtherscanText'

/** Etherscan's "Default View" of call data: Function line, MethodID, one numbered word per line. */
function explorerView(signature: string, data: string): string {
  const body = data.slice(10)
  const words = body.match(/.{64}/g) ?? []
  return [`Function: ${signature}`, '', `MethodID: ${data.slice(0, 10)}`, ...words.map((w, i) => `[${i}]:  ${w}`)].join('\n')
}

describe('EtherscanText.toHex', () => {
  it('gives back the call data cast encoded, for random transfers', async () => {
    for (const [to, amount] of fc.sample(fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })), { numRuns: 10, seed: testSeed })) {
      const data = await castAsync(['calldata', 'transfer(address,uint256)', `0x${Buffer.from(to).toString('hex')}`, amount.toString()])
      expect(EtherscanText.toHex(explorerView('transfer(address _to, uint256 _value)', data))).toBe(data)
    }
  })

  it('leaves plain hex and anything else to the hex reader', () => {
    expect(EtherscanText.toHex('0xa9059cbb')).toBeUndefined()
    expect(EtherscanText.toHex('')).toBeUndefined()
    expect(EtherscanText.toHex('MethodID: 0xa9059cbb\n[1]:  00')).toBeUndefined() // words out of order
    fc.assert(fc.property(fc.string(), (s) => {
      const h = EtherscanText.toHex(s)
      if (h !== undefined) expect(h).toMatch(/^0x[0-9a-f]*$/)
    }))
  })
})

/**
 * Erc20Preset: the preset ABI's selectors equal those `cast sig` gives for EIP-20's functions,
 * amounts in units as ethers v5 formats them, and an unlimited allowance flagged. The reads on
 * an OpenZeppelin ERC20 against `cast call`: test/chain/erc20-preset.test.ts.
 */
import { utils } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as Abi from './Abi'
import * as Erc20Preset from './Erc20Preset'

describe('Erc20Preset', () => {
  it('the ABI parses, and its selectors are cast sig\'s', async () => {
    const entries = Abi.entries(Abi.functions(Abi.parse(Erc20Preset.ABI_TEXT)))
    expect(entries.map((e) => e.signature)).toEqual(['name()', 'symbol()', 'decimals()', 'totalSupply()', 'balanceOf(address)', 'allowance(address,address)', 'transfer(address,uint256)', 'approve(address,uint256)', 'transferFrom(address,address,uint256)', 'mint(address,uint256)', 'burn(uint256)'])
    for (const e of entries) expect(e.selector).toBe(await castAsync(['sig', e.signature]))
  })
  it('amount reads in units, as ethers v5 formats them (random amounts and decimals)', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), fc.integer({ min: 0, max: 36 }), (v, d) => {
      const r = Erc20Preset.amount('balanceOf(address)', v, { symbol: 'T', decimals: d })!
      const [whole, frac] = utils.formatUnits(v, d).split('.')
      const expected = `${BigInt(whole!).toLocaleString('en-US')}${frac && frac !== '0' ? `.${frac}` : ''} T`
      expect(r).toEqual({ text: expected, unlimited: false })
    }), { numRuns: 200 })
  })
  it('an allowance at or above 2^128 is unlimited; other reads are not amounts', () => {
    expect(Erc20Preset.amount('allowance(address,address)', 2n ** 256n - 1n, { symbol: 'USDC', decimals: 6 })).toEqual({ text: 'unlimited USDC', unlimited: true })
    expect(Erc20Preset.amount('allowance(address,address)', 2n ** 128n - 1n, { symbol: 'USDC', decimals: 6 })?.unlimited).toBe(false)
    expect(Erc20Preset.amount('decimals()', 6n, { symbol: 'USDC', decimals: 6 })).toBeNull()
  })
})

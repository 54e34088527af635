import { utils } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as TokenAmount from './TokenAmount'

// ethers v5 encodes the calls (an independent ABI coder)
const ERC20 = new utils.Interface([
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
  'function balanceOf(address owner)',
])
const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('TokenAmount', () => {
  it('finds the amount of each ERC-20 call that moves or allows tokens, and none in other calls', () => {
    expect(TokenAmount.of(ERC20.encodeFunctionData('transfer', [A, 1234500000n]))).toEqual({ fn: 'transfer', amount: 1234500000n })
    expect(TokenAmount.of(ERC20.encodeFunctionData('approve', [A, 7n]))).toEqual({ fn: 'approve', amount: 7n })
    expect(TokenAmount.of(ERC20.encodeFunctionData('transferFrom', [A, B, 99n]))).toEqual({ fn: 'transferFrom', amount: 99n })
    expect(TokenAmount.of(ERC20.encodeFunctionData('increaseAllowance', [A, 5n]))).toEqual({ fn: 'increaseAllowance', amount: 5n })
    expect(TokenAmount.of(ERC20.encodeFunctionData('decreaseAllowance', [A, 6n]))).toEqual({ fn: 'decreaseAllowance', amount: 6n })
    const mintable = new utils.Interface(['function mint(address to, uint256 amount)', 'function burn(uint256 amount)'])
    expect(TokenAmount.of(mintable.encodeFunctionData('mint', [A, 8n]))).toEqual({ fn: 'mint', amount: 8n })
    expect(TokenAmount.of(mintable.encodeFunctionData('burn', [9n]))).toEqual({ fn: 'burn', amount: 9n })
    expect(TokenAmount.of(ERC20.encodeFunctionData('balanceOf', [A]))).toBeNull()
    expect(TokenAmount.of('0xa9059cbb')).toBeNull() // cut short
    expect(TokenAmount.of('0x')).toBeNull()
  })

  it('shows an amount in units with its symbol, as ethers v5 formats it, grouped; an unlimited one as unlimited', () => {
    for (const [amount, decimals] of [
      [1234500000n, 6],
      [10n ** 18n, 18],
      [1n, 18],
      [123456789012345678901234n, 18],
      [0n, 6],
      [42n, 0],
    ] as const) {
      const ethersText = utils.commify(utils.formatUnits(amount, decimals)).replace(/\.0$/, '')
      expect(TokenAmount.text(amount, { symbol: 'TKN', decimals })).toBe(`${ethersText} TKN`)
    }
    expect(TokenAmount.text(2n ** 256n - 1n, { symbol: 'USDC', decimals: 6 })).toBe('unlimited USDC')
  })

  it('knows the well-known mainnet tokens by address, whatever its case, and only on their chain', () => {
    expect(TokenAmount.known(1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toEqual({ symbol: 'USDC', decimals: 6 })
    expect(TokenAmount.known(1, '0xdac17f958d2ee523a2206206994597c13d831ec7')).toEqual({ symbol: 'USDT', decimals: 6 })
    expect(TokenAmount.known(10, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBeUndefined()
    // every listed address is a valid EIP-55 address once checksummed (no typo in the list)
    for (const a of Object.keys(TokenAmount.KNOWN[1]!)) expect(utils.getAddress(a).toLowerCase()).toBe(a)
  })
})

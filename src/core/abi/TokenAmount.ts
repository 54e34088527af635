/**
 * Token amounts in decoded calls (#23): the ERC-20 amount a call moves or allows, read from
 * its call data by selector, and shown in the token's units with its symbol when the token is
 * known (read from the node, `chain/TokenInfo`, or one of the well-known tokens listed here).
 *
 * @example
 * ```ts
 * TokenAmount.of('0xa9059cbb' + to + amount) // { fn: 'transfer', amount: 1234500000n }
 * TokenAmount.text(1234500000n, { symbol: 'USDC', decimals: 6 }) // '1,234.5 USDC'
 * ```
 */
import * as Units from '../format/Units'
import { UNLIMITED } from './Approval'

export interface Token {
  symbol: string
  decimals: number
}

/** ERC-20 functions with an amount, by selector: the function and the 32-byte word the amount is in. */
const AMOUNT_AT: Record<string, { fn: string; word: number }> = {
  '0xa9059cbb': { fn: 'transfer', word: 1 }, // transfer(address to, uint256 value)
  '0x095ea7b3': { fn: 'approve', word: 1 }, // approve(address spender, uint256 value)
  '0x23b872dd': { fn: 'transferFrom', word: 2 }, // transferFrom(address from, address to, uint256 value)
  '0x39509351': { fn: 'increaseAllowance', word: 1 }, // increaseAllowance(address spender, uint256 addedValue)
  '0xa457c2d7': { fn: 'decreaseAllowance', word: 1 }, // decreaseAllowance(address spender, uint256 subtractedValue)
  '0x40c10f19': { fn: 'mint', word: 1 }, // mint(address to, uint256 amount): not EIP-20, what cast erc20-token mint calls
  '0x42966c68': { fn: 'burn', word: 0 }, // burn(uint256 amount): OpenZeppelin's ERC20Burnable, what cast erc20-token burn calls
}

/** The token amount of an ERC-20 call (transfer, approve, transferFrom, allowance changes, mint and burn), or null. */
export function of(data: string): { fn: string; amount: bigint } | null {
  const at = AMOUNT_AT[data.slice(0, 10).toLowerCase()]
  if (!at) return null
  const start = 10 + 64 * at.word
  const word = data.slice(start, start + 64)
  if (!/^[0-9a-fA-F]{64}$/.test(word)) return null
  return { fn: at.fn, amount: BigInt(`0x${word}`) }
}

/** Well-known tokens by chain id and lower-case address (symbol and decimals as their contracts return them). */
export const KNOWN: Readonly<Record<number, Readonly<Record<string, Token>>>> = {
  1: {
    '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6 },
    '0xdac17f958d2ee523a2206206994597c13d831ec7': { symbol: 'USDT', decimals: 6 },
    '0x6b175474e89094c44da98b954eedeac495271d0f': { symbol: 'DAI', decimals: 18 },
    '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { symbol: 'WETH', decimals: 18 },
    '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': { symbol: 'WBTC', decimals: 8 },
  },
}

/** A well-known token on this chain, or undefined. */
export function known(chainId: number, address: string): Token | undefined {
  return KNOWN[chainId]?.[address.toLowerCase()]
}

/** The amount in the token's units with its symbol ("1,234.5 USDC"); "unlimited" at or above 2^128. */
export function text(amount: bigint, token: Token): string {
  if (amount >= UNLIMITED) return `unlimited ${token.symbol}`
  const [whole, frac] = Units.format(amount, token.decimals).split('.')
  return `${BigInt(whole!).toLocaleString('en-US')}${frac ? `.${frac}` : ''} ${token.symbol}`
}

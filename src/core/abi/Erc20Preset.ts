/**
 * The ERC-20 preset of /contract-read (#27, cast erc20-token): the standard interface as
 * human-readable lines, and the reads whose single uint256 result is an amount of the token
 * (balanceOf, allowance, totalSupply), shown in the token's units; an allowance at or above
 * Approval.UNLIMITED is flagged as unlimited.
 *
 * @example
 * ```ts
 * Erc20Preset.amount('allowance(address,address)', 2n ** 256n - 1n, { symbol: 'USDC', decimals: 6 })
 * // { text: 'unlimited USDC', unlimited: true }
 * ```
 */
import { UNLIMITED } from './Approval'
import * as TokenAmount from './TokenAmount'

/** EIP-20's functions and events, one per line (Abi.parse reads them), with the mint and burn many tokens add. */
export const ABI_TEXT = [
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  // not EIP-20, but what cast erc20-token mint and burn call (OpenZeppelin's ERC20Burnable has burn)
  'function mint(address to, uint256 amount)',
  'function burn(uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
].join('\n')

/** Reads whose one uint256 result is an amount of the token. */
export const AMOUNT_READS: ReadonlySet<string> = new Set(['balanceOf(address)', 'allowance(address,address)', 'totalSupply()'])

/** The amount in units ("1,234.5 USDC"), and whether it is an unlimited allowance; null when `signature` is not an amount read. */
export function amount(signature: string, value: bigint, token: TokenAmount.Token): { text: string; unlimited: boolean } | null {
  if (!AMOUNT_READS.has(signature)) return null
  const unlimited = signature === 'allowance(address,address)' && value >= UNLIMITED
  return { text: TokenAmount.text(value, token), unlimited }
}

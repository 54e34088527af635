/**
 * A token's symbol and decimals, read from the node with two eth_calls (symbol(), decimals()),
 * for showing its amounts in units (#23). Undefined when either read fails or answers
 * something no ERC-20 would (not a token): an amount is then shown raw, never in made-up units.
 *
 * @example
 * ```ts
 * await TokenInfo.read(rpc, '0xA0b8…eB48') // { symbol: 'USDC', decimals: 6 }
 * ```
 */
import type { Token } from '../abi/TokenAmount'
import * as Rpc from './Rpc'

/** symbol() and decimals() of `address` at `block`, or undefined. */
export async function read(rpc: Rpc.Eip1193Like | undefined, address: string, block = 'latest'): Promise<Token | undefined> {
  const [s, d] = await Promise.allSettled([
    Rpc.request(rpc, 'eth_call', [{ to: address, data: '0x95d89b41' }, block]), // symbol()
    Rpc.request(rpc, 'eth_call', [{ to: address, data: '0x313ce567' }, block]), // decimals()
  ])
  if (s.status !== 'fulfilled' || d.status !== 'fulfilled') return undefined
  const symbol = decodeSymbol(s.value)
  const decimals = decodeDecimals(d.value)
  return symbol !== undefined && decimals !== undefined ? { symbol, decimals } : undefined
}

/** decimals() as returned: one word holding 0 to 77 (Units' limit), else undefined. */
export function decodeDecimals(hex: unknown): number | undefined {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hex)) return undefined
  const v = BigInt(hex)
  return v <= 77n ? Number(v) : undefined
}

/** symbol() as returned: an ABI string, or a bytes32 (old tokens such as MKR); printable, 1 to 32 characters. */
export function decodeSymbol(hex: unknown): string | undefined {
  if (typeof hex !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(hex)) return undefined
  const body = hex.slice(2)
  let bytes: string
  if (body.length === 64) bytes = body.replace(/(00)+$/, '')
  else {
    if (body.length < 128) return undefined
    const offset = Number.parseInt(body.slice(0, 64), 16)
    if (offset !== 32) return undefined
    const len = Number.parseInt(body.slice(64, 128), 16)
    if (!(len >= 1 && len <= 32) || body.length < 128 + len * 2) return undefined
    bytes = body.slice(128, 128 + len * 2)
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes.match(/../g) ?? [], (b) => Number.parseInt(b, 16)))
  return text.length >= 1 && text.length <= 32 && /^[\x21-\x7e]+$/.test(text) ? text : undefined
}

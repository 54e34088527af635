/**
 * Explorer links (#37): the connected chain's EIP-3091 block explorers (from the chain list,
 * loaded only here) for an address, a transaction or a block, as rows whose link the person
 * opens. Nothing is requested from an explorer. None on a chain the list has no explorer for
 * (or a local devnet, whose id the registry gives to a public testnet).
 */
import * as ChainList from '../../core/chain/ChainList'
import * as Rpc from '../../core/chain/Rpc'
import type { Row, RunContext } from '../types'

/** At most this many explorers (the registry lists the chain's own first). */
const SHOWN = 3

/** The connected chain in the chain list; none for a local devnet (its id is a public testnet's in the registry) or an id it does not list. */
export async function listedChain(ctx: Pick<RunContext, 'rpc'>, chainId?: number | bigint | null): Promise<ChainList.Chain | undefined> {
  let id = chainId ?? undefined
  if (id === undefined) {
    try {
      id = BigInt(Rpc.quantity(await Rpc.request(ctx.rpc, 'eth_chainId'), 'the chain id'))
    } catch {
      return undefined
    }
  }
  // not for a devnet, before the list is loaded at all
  if (!ChainList.speaksFor(id)) return undefined
  return (await ChainList.load()).byId(id)
}

/** The value on the chain's explorers, as link rows (and for an address, its EIP-3770 form on this chain). */
export async function explorerRows(ctx: Pick<RunContext, 'rpc'>, kind: ChainList.ExplorerKind, value: string | number | bigint, chainId?: number | bigint | null): Promise<Row[]> {
  const chain = await listedChain(ctx, chainId)
  if (!chain) return []
  const rows: Row[] = chain.explorers.slice(0, SHOWN).map((x) => {
    const url = ChainList.explorerUrl(x, kind, value)
    return { label: `On ${x.name}`, value: url, note: `${chain.name}'s explorer (a link: the page asks it nothing)`, href: { url, label: `Open on ${x.name}` } }
  })
  if (kind === 'address') rows.push({ label: 'EIP-3770', value: ChainList.withPrefix(chain, String(value)), note: `The address with ${chain.name}'s short name, as chain-aware wallets and Safe write it.` })
  return rows
}

/**
 * Explorer links (#37): the connected chain's EIP-3091 block explorers (from the chain list,
 * loaded only here) for an address, a transaction or a block, as rows whose link the person
 * opens. Nothing is requested from an explorer. None on a chain the list has no explorer for
 * (or a local devnet, whose id the registry gives to a public testnet).
 */
import * as ChainList from '../../core/chain/ChainList'
import * as Chains from '../../core/chain/Chains'
import * as Rpc from '../../core/chain/Rpc'
import type { Row, RunContext } from '../types'

/** At most this many explorers (the registry lists the chain's own first). */
const SHOWN = 3

export async function explorerRows(ctx: Pick<RunContext, 'rpc'>, kind: ChainList.ExplorerKind, value: string | number | bigint, chainId?: number | bigint | null): Promise<Row[]> {
  let id = chainId ?? undefined
  if (id === undefined) {
    try {
      id = BigInt(Rpc.quantity(await Rpc.request(ctx.rpc, 'eth_chainId'), 'the chain id'))
    } catch {
      return []
    }
  }
  // a local devnet's id (31337, 1337) is also a public testnet's in the registry: no explorer shows a devnet
  if (Chains.table[Number(id)]?.local) return []
  const chain = (await ChainList.load()).byId(id)
  if (!chain?.explorers.length) return []
  return chain.explorers.slice(0, SHOWN).map((x) => {
    const url = ChainList.explorerUrl(x, kind, value)
    return { label: `On ${x.name}`, value: url, note: `${chain.name}'s explorer (a link: the page asks it nothing)`, href: { url, label: `Open on ${x.name}` } }
  })
}

/**
 * Explorer links in the page's own views (#37): the connected chain as the chain list names it
 * (its EIP-3770 short name, its EIP-3091 explorers), for decoded addresses (ResultView's "Show
 * as") and the addresses of a trace or a simulation. Nothing on a local devnet (the registry
 * gives its id to a public testnet) or a chain the list does not know. The list loads when a
 * view first asks, never on the first screen; an explorer is a link the person opens, never a
 * request of the page's.
 */
import { useEffect, useState } from 'react'
import * as ChainList from '../../core/chain/ChainList'
import * as Chains from '../../core/chain/Chains'
import { useChainId } from '../connection/store'

let list: ChainList.List | undefined

/** The connected chain in the chain list, or nothing (not connected, a local devnet, not listed; `wanted` false: not asked). */
export function useListedChain(wanted = true): ChainList.Chain | undefined {
  const id = useChainId(wanted)
  const listed = id !== undefined && !Chains.table[id]?.local
  const [, setLoaded] = useState(!!list)
  useEffect(() => {
    if (!listed || list) return
    let live = true
    ChainList.load().then(
      (l) => {
        list = l
        if (live) setLoaded(true)
      },
      // no list, no links (the value is shown all the same)
      () => {},
    )
    return () => {
      live = false
    }
  }, [listed])
  return listed ? list?.byId(id) : undefined
}

/** The first explorer's page for the value (https only), or nothing. */
export function explorerHref(chain: ChainList.Chain | undefined, kind: ChainList.ExplorerKind, value: string): { url: string; name: string } | undefined {
  const x = chain?.explorers.find((e) => /^https:\/\//.test(e.url))
  return x && { url: ChainList.explorerUrl(x, kind, value), name: x.name }
}

/** "Open on <explorer>" for the value, or nothing; `what` names the value in the link's name where several share a view (a table's rows). */
export function ExplorerLink({ chain, kind, value, what }: { chain: ChainList.Chain | undefined; kind: ChainList.ExplorerKind; value: string; what?: string }) {
  const href = explorerHref(chain, kind, value)
  if (!href) return null
  // another site, opened by the person: no referrer, no opener
  return (
    <a href={href.url} target="_blank" rel="noopener noreferrer" aria-label={what ? `Open ${what} on ${href.name}` : undefined}>
      Open on {href.name}
    </a>
  )
}

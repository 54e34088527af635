/**
 * Explorer links in the page's own views (#37): the connected chain as the chain list names it
 * (its EIP-3770 short name, its EIP-3091 explorers), for every address, transaction and block a
 * result row shows (`rowExplorer`: a decoded address, a trace frame's, a log's, any row that opens
 * /account, /transaction or /block) and a simulation's asset table; each address can be copied in
 * its EIP-3770 form (`PrefixedCopy`). Nothing on a local devnet (the registry
 * gives its id to a public testnet) or a chain the list does not know. The list loads when a
 * view first asks, never on the first screen; an explorer is a link the person opens, never a
 * request of the page's.
 */
import { useEffect, useSyncExternalStore } from 'react'
import * as ChainList from '../../core/chain/ChainList'
import type { Row } from '../../tools/types'
import { useChainId } from '../connection/store'
import { CopyButton } from './CopyButton'

/**
 * The chain list, loaded once for every view that asks: a store, so a row drawn at any moment
 * (before, during or after another row's load) draws again when the list arrives. Asked once
 * (`ChainList.load` keeps its one answer, a failed load included), not once per row drawn.
 */
const listStore = {
  list: undefined as ChainList.List | undefined,
  asked: false,
  listeners: new Set<() => void>(),
  subscribe(f: () => void) {
    listStore.listeners.add(f)
    return () => void listStore.listeners.delete(f)
  },
  get: () => listStore.list,
  load() {
    if (listStore.asked) return
    listStore.asked = true
    ChainList.load().then(
      (l) => {
        listStore.list = l
        for (const f of listStore.listeners) f()
      },
      // no list, no links (the value is shown all the same)
      () => {},
    )
  },
}

/** The connected chain in the chain list, or nothing (not connected, a local devnet, not listed; `wanted` false: not asked). */
export function useListedChain(wanted = true): ChainList.Chain | undefined {
  const id = useChainId(wanted)
  const asks = id !== undefined && ChainList.speaksFor(id)
  const list = useSyncExternalStore(listStore.subscribe, listStore.get)
  useEffect(() => {
    if (asks) listStore.load()
  }, [asks])
  return asks && list ? ChainList.listed(list, id) : undefined
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

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HASH = /^0x[0-9a-fA-F]{64}$/
/** A row that opens its value in one of these tools shows that kind of value. */
const OPENS: Partial<Record<string, ChainList.ExplorerKind>> = { account: 'address', transaction: 'tx', block: 'block' }

/**
 * What a result row's value is on an explorer: an address (a decoded one, `Row.explorer`, or a
 * row that opens it in /account), a transaction (a hash that opens /transaction), a block (a
 * number or hash that opens /block); nothing for a secret or a value of another shape.
 */
export function rowExplorer(row: Pick<Row, 'value' | 'secret' | 'abiType' | 'explorer' | 'open'>): ChainList.ExplorerKind | undefined {
  if (row.secret) return undefined
  const kind = row.explorer ?? (row.abiType === 'address' ? 'address' : OPENS[row.open?.tool ?? ''])
  const fits = kind === 'address' || kind === 'token' ? ADDRESS.test(row.value) : kind === 'tx' ? HASH.test(row.value) : kind === 'block' ? /^\d{1,20}$/.test(row.value) || HASH.test(row.value) : false
  return fits ? kind : undefined
}

/** Copy the address as `shortName:0x…` (EIP-3770) for the connected chain: an icon button with the prefix beside it; `address` as it is to be copied (checksummed). */
export function PrefixedCopy({ chain, address, label }: { chain: ChainList.Chain | undefined; address: string; label: string }) {
  if (!chain?.shortName) return null
  const value = ChainList.withPrefix(chain, address)
  return <CopyButton value={value} label={`${label} as ${chain.shortName}:0x… (EIP-3770)`} text={`${chain.shortName}:`} />
}

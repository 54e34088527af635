/**
 * EIP-3770 in an address field (#37): `eth:0x…` pasted or typed is checked against the connected
 * chain (the chain list loads then, not before) and, when the prefix names it, replaced by the
 * address alone, with a note saying what the prefix was read as; a prefix of another chain, or
 * one the list does not know, is an error at the field that names both chains. Nothing is sent.
 * A field of several addresses (`address: 'list'`, comma- or space-separated: /logs) reads each;
 * so does a field of mapping keys (`address: 'keys'`, a line each: `balances: oeth:0x…`, /storage-
 * read), whose name before the first colon of a line is no prefix.
 */
import { useEffect, useState } from 'react'
import * as ChainList from '../../core/chain/ChainList'
import * as Chains from '../../core/chain/Chains'
import { BaseError } from '../../core/Errors'
import { getConnection, useChainId } from '../connection/store'

const WHOLE = /^0x[0-9a-fA-F]{40}$/
/** The separators of a list of addresses, kept (captured) so the text is put back as it was typed. */
const SEPARATORS = /([\s,]+)/
/** The same, and a line's leading `name:` (a mapping's, `cfg.roles:`), which is part of no item. */
const KEY_SEPARATORS = /((?:^|\n)[^:\n]*:[ \t]*|[ \t\r,]+)/

/** How a field holds addresses: one, a list, or lines of mapping keys. */
export type Many = boolean | 'keys'

/**
 * The field's text cut into items (even indices) and the separators between them (odd indices:
 * joined back, the text as typed). An item carrying a prefix before a whole address is read now;
 * others wait for more typing.
 */
function items(value: string, many: Many): string[] {
  return many === 'keys' ? value.split(KEY_SEPARATORS) : many ? value.split(SEPARATORS) : [value]
}
const ready = (item: string) => {
  const { prefix, address } = ChainList.splitPrefix(item)
  return prefix !== undefined && WHOLE.test(address)
}

/** Whether the text holds a prefixed address to read (a whole address after a prefix: `eth:0x5a…` is not cut short at `eth:0x`). */
export function hasPrefix(value: string, many: Many = false): boolean {
  return items(value, many).some((t, i) => i % 2 === 0 && ready(t))
}

/**
 * The text with each whole prefixed address replaced by the address alone, when every prefix
 * names `chainId`, and the chain they named (none when the text holds no prefix: see hasPrefix).
 * Throws ChainList's error for the first prefix that does not name it.
 */
export function readPrefixes(value: string, many: Many, list: ChainList.List, chainId: number, connectedName?: string): { value: string; chain?: ChainList.Chain } {
  let chain: ChainList.Chain | undefined
  const out = items(value, many).map((t, i) => {
    if (i % 2 === 1 || !ready(t)) return t
    const read = ChainList.parseAddress(t, list, chainId, connectedName)
    chain = read.chain
    return read.address
  })
  return { value: out.join(''), ...(chain ? { chain } : {}) }
}

export function useChainPrefix(enabled: boolean | 'list' | 'keys', value: string, onChange: (v: string) => void): { note?: string | undefined; error?: string | undefined } {
  const [read, setRead] = useState<{ note?: string; error?: string; value?: string }>({})
  // read again when the connected chain changes or first answers: a prefix typed before the node
  // answered is not left refused as "no node connected" once one is
  const chainId = useChainId(!!enabled)
  useEffect(() => {
    if (!enabled) return
    const many: Many = enabled === 'keys' ? 'keys' : enabled === 'list'
    if (!hasPrefix(value, many)) {
      // the note stays on the address it produced, and goes when the address is changed
      setRead((r) => (r.value === value || (!r.note && !r.error) ? r : {}))
      return
    }
    let live = true
    void (async () => {
      const info = getConnection().info
      const { prefix } = ChainList.splitPrefix(items(value, many).find((t, i) => i % 2 === 0 && ready(t))!)
      let next: { note?: string; error?: string; value?: string }
      if (!info) next = { error: `"${prefix}:" is a chain prefix (EIP-3770): it is checked against the connected chain, and no node is connected yet. Connect, or paste the address alone.` }
      else {
        try {
          const list = await ChainList.load()
          const local = Chains.table[info.chainId]?.local ? info.chainName : undefined
          const { value: address, chain } = readPrefixes(value, many, list, info.chainId, local)
          next = { note: `"${prefix}:" is ${chain!.name} (chain ${chain!.id}), the connected chain (EIP-3770): read as the address${many ? 'es' : ''} alone.`, value: address }
        } catch (e) {
          next = { error: e instanceof BaseError ? [e.shortMessage, ...e.hints].join(' ') : 'The chain list could not be loaded: paste the address alone.' }
        }
      }
      if (!live) return
      setRead(next)
      if (next.value !== undefined) onChange(next.value)
    })()
    return () => {
      live = false
    }
    // onChange is stable (FieldList gives each field callbacks that never change)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, value, chainId])
  return { note: read.note, error: read.error }
}

/**
 * EIP-3770 in an address field (#37): `eth:0x…` pasted or typed is checked against the connected
 * chain (the chain list loads then, not before) and, when the prefix names it, replaced by the
 * address alone, with a note saying what the prefix was read as; a prefix of another chain, or
 * one the list does not know, is an error at the field that names both chains. Nothing is sent.
 */
import { useEffect, useState } from 'react'
import * as ChainList from '../../core/chain/ChainList'
import * as Chains from '../../core/chain/Chains'
import { BaseError } from '../../core/Errors'
import { getConnection } from '../connection/store'

export function useChainPrefix(enabled: boolean, value: string, onChange: (v: string) => void): { note?: string | undefined; error?: string | undefined } {
  const [read, setRead] = useState<{ note?: string; error?: string; value?: string }>({})
  useEffect(() => {
    if (!enabled) return
    const { prefix, address: typed } = ChainList.splitPrefix(value)
    // read once the address after the prefix is whole (typing `eth:0x5a…` is not cut short at `eth:0x`)
    if (prefix === undefined || !/^0x[0-9a-fA-F]{40}$/.test(typed)) {
      // the note stays on the address it produced, and goes when the address is changed
      setRead((r) => (r.value === value || (!r.note && !r.error) ? r : {}))
      return
    }
    let live = true
    void (async () => {
      const info = getConnection().info
      let next: { note?: string; error?: string; value?: string }
      if (!info) next = { error: `"${prefix}:" is a chain prefix (EIP-3770): it is checked against the connected chain, and no node is connected yet. Connect, or paste the address alone.` }
      else {
        try {
          const list = await ChainList.load()
          const local = Chains.table[info.chainId]?.local ? info.chainName : undefined
          const { address, chain } = ChainList.parseAddress(value, list, info.chainId, local)
          next = { note: `"${prefix}:" is ${chain!.name} (chain ${chain!.id}), the connected chain (EIP-3770): read as the address alone.`, value: address }
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
  }, [enabled, value])
  return { note: read.note, error: read.error }
}

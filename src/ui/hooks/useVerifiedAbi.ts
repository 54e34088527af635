/**
 * The verified ABI of an address (#36), for a page where an address appears (/contract-read):
 * while the person's opt-in is on, and only when they ask (`ask`), the contract's verified source
 * is fetched from the host named beside the box, read and checked against the chain's code in the
 * verified-source worker (a mismatch is refused, never used), and behind a proxy the
 * implementation's too (`core/debug/VerifiedAbi.lookup`). It gives the ABI, both names, and the
 * one line that says which source named it. Nothing is sent while the opt-in is off, nor before
 * `ask`; the host is asked through the page's connection policy, like the tool runner's lookups.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import * as Net from '../../core/chain/Net'
import type * as VerifiedAbi from '../../core/debug/VerifiedAbi'
import type * as VerifiedSource from '../../core/debug/VerifiedSource'
import type { ErrorInfo } from '../../core/Errors'
import { policedFetch } from '../connection/connectPolicy'

export type VerifiedAbiState =
  | { status: 'off' | 'idle' | 'loading' }
  | { status: 'done'; named: VerifiedAbi.Named }
  | { status: 'error'; error: ErrorInfo }

export interface VerifiedAbiHook {
  state: VerifiedAbiState
  /** Fetch and check now (does nothing while the opt-in is off or the address is not one). */
  ask: () => void
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The page's fetch, policed like the tool runner's lookups (`policedFetch`: a host the page's policy does not name gets a message, and is allowed from the next load). */
export const pageFetch: VerifiedSource.FetchLike = (url, init) => policedFetch(Net.fetchFn())(url, init as never) as unknown as ReturnType<VerifiedSource.FetchLike>

export function useVerifiedAbi({ on, host, address }: { on: boolean; host: string; address: string }): VerifiedAbiHook {
  const [state, setState] = useState<VerifiedAbiState>({ status: on ? 'idle' : 'off' })
  const current = useRef<AbortController | null>(null)
  const target = address.trim()

  // another address, host or the opt-in turned off: what was named no longer holds
  useEffect(() => {
    current.current?.abort()
    current.current = null
    setState({ status: on ? 'idle' : 'off' })
  }, [on, host, target])
  useEffect(() => () => current.current?.abort(), [])

  const ask = useCallback(() => {
    if (!on || !ADDRESS.test(target)) return
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    setState({ status: 'loading' })
    void (async () => {
      try {
        const [VerifiedAbi, client, { getProvider }, { sourceCache }] = await Promise.all([import('../../core/debug/VerifiedAbi'), import('../../workers/verifiedSourceClient'), import('../connection/store'), import('./sourceCache')])
        const { RelayedError } = await import('../../core/Errors')
        const read: VerifiedAbi.Reader = async (text, asked, code) => {
          const r = await client.readChecked(text, asked, code).promise
          if (!r.ok) throw new RelayedError(r.error)
          return r.value
        }
        // the page's kept sources first: a hit sends nothing to the host
        const named = await VerifiedAbi.lookup({ rpc: getProvider().rpc, fetch: pageFetch, host, read, signal: controller.signal, cache: sourceCache }, target)
        if (current.current === controller) setState({ status: 'done', named })
      } catch (e) {
        const { toErrorInfo } = await import('../../core/Errors')
        if (current.current === controller) setState({ status: 'error', error: toErrorInfo(e) })
      }
    })()
  }, [on, host, target])

  return { state, ask }
}

/**
 * The debugger's opt-in verified sources (#36): off until the person ticks it; then each code
 * address the recording ran (the debug worker's gas profile lists them) gets its verified source
 * from the host named beside the box, read and checked in the verified-source worker, and handed
 * to the debug worker as compiler output (see ./verifiedSources). The host is asked only through
 * the page's connection policy: a host it does not name gets a message saying how to allow it
 * (and is allowed from the next load), as the lookups of the tool runner do.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import * as Net from '../../../core/chain/Net'
import type { ErrorInfo } from '../../../core/Errors'
import type { Summary } from '../../../tools/debug/rows'
import type { DebugWorker } from '../../../workers/debugClient'
import { policedFetch } from '../../connection/connectPolicy'
import type { ArtifactFile } from './useSource'
import type { Fetched } from './verifiedSources'
import type * as VerifiedSource from '../../../core/debug/VerifiedSource'

/** VerifiedSource.DEFAULT_HOST (not imported: the module loads only once the person opts in). */
export const DEFAULT_HOST = 'https://sourcify.dev/server'

export interface VerifiedSources {
  on: boolean
  setOn: (on: boolean) => void
  host: string
  setHost: (host: string) => void
  loading: boolean
  /** What the last fetch named and refused. */
  fetched: Fetched | undefined
  /** Why nothing could be fetched (a bad host, no node). */
  error: ErrorInfo | undefined
  /** The compiler output to hand the debug worker beside the dropped files. */
  files: readonly ArtifactFile[]
}

const NONE: readonly ArtifactFile[] = []

/** The page's fetch, policed like the tool runner's lookups (`policedFetch`: a host the page's policy does not name gets a message, and is allowed from the next load). */
const pageFetch: VerifiedSource.FetchLike = (url, init) => policedFetch(Net.fetchFn())(url, init as never) as unknown as ReturnType<VerifiedSource.FetchLike>

export function useVerifiedSources(worker: DebugWorker, summary: Summary): VerifiedSources {
  const [on, setOnState] = useState(false)
  const [host, setHost] = useState(DEFAULT_HOST)
  const [loading, setLoading] = useState(false)
  const [fetched, setFetched] = useState<Fetched>()
  const [error, setError] = useState<ErrorInfo>()
  const hostRef = useRef(host)
  hostRef.current = host
  const setOn = useCallback((v: boolean) => setOnState(v), [])

  useEffect(() => {
    setFetched(undefined)
    setError(undefined)
    if (!on) return
    const controller = new AbortController()
    let live = true
    setLoading(true)
    void (async () => {
      try {
        const [{ fetchVerified }, VerifiedSource, client, { getProvider }, { sourceCache }] = await Promise.all([import('./verifiedSources'), import('../../../core/debug/VerifiedSource'), import('../../../workers/verifiedSourceClient'), import('../../connection/store'), import('../../hooks/sourceCache')])
        const target = VerifiedSource.normalizeHost(hostRef.current)
        const profile = await worker.ask({ kind: 'profile' })
        if (!profile.ok) throw Object.assign(new Error(profile.error.message), { info: profile.error })
        const got = await fetchVerified(
          profile.value.frames.map((f) => f.codeAddress),
          { rpc: getProvider().rpc, fetch: pageFetch, host: target, read: (text, asked, code) => client.readChecked(text, asked, code).promise, signal: controller.signal, cache: sourceCache },
        )
        if (live) setFetched(got)
      } catch (e) {
        const { toErrorInfo } = await import('../../../core/Errors')
        if (live) setError((e as { info?: ErrorInfo }).info ?? toErrorInfo(e))
      } finally {
        if (live) setLoading(false)
      }
    })()
    return () => {
      live = false
      controller.abort()
    }
  }, [on, worker, summary])

  return { on, setOn, host, setHost, loading, fetched, error, files: fetched?.files.length ? fetched.files : NONE }
}

/**
 * Verified sources for a recording (#36): each code address the recording ran gets its verified
 * source fetched from a Sourcify-compatible host (only after the person opted in), read and
 * checked against the chain's code off the main thread (`read`: verifiedSourceClient.readChecked
 * on the page), and written as compiler output the debug worker reads through the same
 * 'artifacts' ask as a dropped file: solc standard-JSON output with the sources' texts, the
 * runtime code, its source map and immutable references. A mismatch is refused (its reason
 * kept, nothing handed over). No React here: the hook and the test call it alike.
 */
import type { Eip1193Like } from '../../../core/chain/Rpc'
import * as Rpc from '../../../core/chain/Rpc'
import * as SourceCache from '../../../core/debug/SourceCache'
import type * as VerifiedSource from '../../../core/debug/VerifiedSource'
import { RelayedError, toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type * as Outcome from '../../../core/Outcome'
import type { ArtifactFile } from './useSource'

/** A contract named by a verified source. */
export interface Named {
  address: string
  name: string
  path: string
  match: 'full' | 'partial'
  /** `verified source from <host>, full match` */
  by: string
}

export interface Fetched {
  files: ArtifactFile[]
  named: Named[]
  /** Addresses not named, with why (not verified there, refused as a mismatch, the host unreachable…). */
  failed: { address: string; error: ErrorInfo }[]
}

/** Reads and checks an answer (off the main thread on the page). */
export type Reader = (text: string, asked: { chainId: string; address: string }, code: Uint8Array) => Promise<Outcome.Outcome<VerifiedSource.Checked>>

export interface Options {
  rpc: Eip1193Like
  fetch: VerifiedSource.FetchLike
  host: string
  read: Reader
  signal?: VerifiedSource.SignalLike
  /** The page's kept sources: asked first (a hit sends nothing to the host); what matched is kept. */
  cache?: SourceCache.Store | undefined
}

/** The checked answer as solc standard-JSON output (what `Artifacts.parse` reads from a dropped file). */
export function asCompilerOutput(a: VerifiedSource.Answer): string {
  const immutableReferences: Record<string, { start: number; length: number }[]> = {}
  for (const i of a.runtime.immutables) (immutableReferences[String(i.id)] ??= []).push({ start: i.start, length: i.length })
  return JSON.stringify({
    sources: Object.fromEntries(a.sources.map((s) => [s.path, { ...(s.id !== undefined ? { id: s.id } : {}), content: s.content }])),
    contracts: { [a.path]: { [a.name]: { abi: a.abi, ...(a.storageLayout ? { storageLayout: a.storageLayout } : {}), evm: { deployedBytecode: { object: a.runtime.code, sourceMap: a.runtime.sourceMap, immutableReferences } } } } },
  })
}

const fromHex = (h: string): Uint8Array => {
  const b = new Uint8Array((h.length - 2) >> 1)
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return b
}

/** Fetches, checks and converts the verified source of each address (in turn; no code: skipped, nothing sent). */
export async function fetchVerified(addresses: readonly string[], o: Options): Promise<Fetched> {
  const out: Fetched = { files: [], named: [], failed: [] }
  const unique = [...new Set(addresses.map((a) => a.toLowerCase()))]
  if (!unique.length) return out
  const chainId = String(Rpc.safeInteger(await Rpc.request(o.rpc, 'eth_chainId'), 'the chain id'))
  for (const address of unique) {
    if (o.signal?.aborted) break
    try {
      const code = fromHex(Rpc.data(await Rpc.request(o.rpc, 'eth_getCode', [address, 'latest']), 'the code'))
      if (code.length === 0) continue
      const read: SourceCache.Reader = async (text, asked, c) => {
        const r = await o.read(text, asked, c)
        if (!r.ok) throw new RelayedError(r.error)
        return r.value
      }
      const got = await SourceCache.obtain({ fetch: o.fetch, host: o.host, cache: o.cache, read, signal: o.signal }, chainId, address, code)
      const { answer, check } = got.checked
      const by = SourceCache.by(got)
      out.named.push({ address, name: answer.name, path: answer.path, match: check.kind, by })
      out.files.push({ name: `${by}: ${answer.name} at ${address}`, text: asCompilerOutput(answer) })
    } catch (e) {
      out.failed.push({ address, error: toErrorInfo(e) })
    }
  }
  return out
}

/**
 * Simulation capsules on /simulate (issue #26): export the form's call, with the witness of
 * everything it read, as one file whose SHA-256 is shown; open a capsule with no node and see
 * the same report (its SHA-256 equal, byte for byte). A capsule that does not verify, or is
 * from another hardfork, is refused with a message and nothing from it is shown. With the
 * verified-source lookup ticked (#36), the export carries the sources that named its report, and
 * an opened capsule is named by the sources it carries (checked against its proofs, no host).
 */
import { useEffect, useMemo, useState } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type { Shown } from '../../../tools/simulate/capsule'
import type { Input } from '../../../tools/simulate'
import type { RawInput } from '../../../tools/types'
import { ErrorNotice, Field, ResultView } from '../../components'
import { Assets } from '../../components/SimulationSummary'
import { VerifiedSources } from '../../components/SimulationView'
import { TraceTree } from '../../components/TraceTree'
import { getProvider } from '../../connection/store'
import { HASH_ROUTING } from '../../router'
import * as SimCapsule from '../../../core/sim/SimCapsule'

/** The capsule's rows, and for an exported one small enough, the link that carries it. */
function withLink(shown: Shown & { opened: boolean }, link: string | null): Shown['sections'] {
  if (shown.opened) return shown.sections
  const row = link
    ? { label: 'Capsule link', value: link, note: 'The capsule rides in the fragment (after #), which browsers never send to a server; it holds no secret.' }
    : { label: 'Capsule link', value: 'too large for a link: share the file', mono: false, copy: false }
  return [...shown.sections, { title: 'Share', rows: [row] }]
}

const FILE_SPEC = { name: 'capsule', label: 'Open a capsule', kind: 'file', help: 'A .ewc file: verified and replayed here, with no node.' } as const

/** The link that carries a small capsule (null when it is too large for one). */
function linkFor(bytes: Uint8Array | undefined): string | null {
  const f = bytes && !HASH_ROUTING ? SimCapsule.toFragment(bytes) : null
  return f ? `${location.origin}${location.pathname}#${f}` : null
}

/** With the lookup ticked: the sources that name the report, to carry (the same lookup as the simulation's, its cache first). */
async function carryFor(input: Input): Promise<import('../../../tools/simulate/capsule').Carry | undefined> {
  if (!input.lookup) return undefined
  const { carrySources } = await import('../../hooks/verifiedNames')
  return (report) => carrySources(report, input.host ?? '', new AbortController().signal)
}

export default function CapsulePanel({ input, values, link = '' }: { input: Input | undefined; values: RawInput; link?: string }) {
  const [file, setFile] = useState<File | undefined>()
  const [shown, setShown] = useState<(Shown & { opened: boolean }) | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<(ErrorInfo & { opening: boolean }) | null>(null)
  const [url, setUrl] = useState<string | undefined>()
  // the exported capsule's link, encoded once (a 12 KB capsule is 16 KB of text)
  const shareLink = useMemo(() => (shown && !shown.opened ? linkFor(shown.bytes) : null), [shown])

  useEffect(() => {
    if (!shown?.bytes) return setUrl(undefined)
    const u = URL.createObjectURL(new Blob([shown.bytes as BlobPart], { type: 'application/octet-stream' }))
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [shown])

  useEffect(() => {
    if (!link) return
    try {
      const bytes = SimCapsule.fromFragment(link)
      if (bytes) void act(async (k) => k.openCapsule(bytes, (await import('../../hooks/verifiedNames')).offThread), true)
    } catch (e) {
      setError({ ...toErrorInfo(e), opening: true })
    }
    // once, for the link the page was opened with
  }, [link])

  const act = async (f: (k: typeof import('../../../tools/simulate/capsule')) => Promise<Shown>, opened: boolean) => {
    setBusy(true)
    setError(null)
    setShown(undefined)
    try {
      setShown({ ...(await f(await import('../../../tools/simulate/capsule'))), opened })
    } catch (e) {
      setError({ ...toErrorInfo(e), opening: opened })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="result" aria-label="Capsule">
      <h2>Capsule</h2>
      <p className="hint">One file with the call, the hardfork, the overrides and the proofs of every account and slot it reads: opened anywhere, with no node, it gives the same report.</p>
      <div className="actions" style={{ marginBottom: 16 }}>
        <button type="button" disabled={busy || !input || input.mode !== 'call'} onClick={() => input && void act(async (k) => k.exportCapsule(input, values.overrides ?? '', getProvider().rpc, getProvider().rpcUrl, await carryFor(input)), false)}>
          Export a capsule
        </button>
        {url && shown && !shown.opened && (
          <a className="button" href={url} download={`capsule-${shown.sha256.slice(2, 10)}.ewc`}>
            Save the capsule
          </a>
        )}
      </div>
      <Field
        spec={FILE_SPEC}
        value=""
        onChange={() => undefined}
        file={file}
        onFile={(f) => {
          setFile(f)
          if (f) void f.arrayBuffer().then((b) => act(async (k) => k.openCapsule(new Uint8Array(b), (await import('../../hooks/verifiedNames')).offThread), true))
        }}
      />
      {busy && <p role="status">Checking the proofs and simulating…</p>}
      <ErrorNotice error={error ?? undefined} lead={error?.opening ? 'Capsule refused' : 'No capsule made'} />
      {shown && (
        <>
          <ResultView result={{ sections: withLink(shown, shareLink), notes: shown.report.warnings.map((text) => ({ tone: 'warn' as const, text })) }} label={shown.opened ? 'Opened capsule' : 'Exported capsule'} />
          {shareLink && (
            <p>
              <a href={shareLink}>Link with this capsule</a>: opens this report anywhere, replayed from the proofs it carries.
            </p>
          )}
          {shown.report.named && <VerifiedSources named={shown.report.named} />}
          <Assets assets={shown.report.assets} tokens={shown.report.tokens} />
          <TraceTree report={shown.report} />
        </>
      )}
    </section>
  )
}

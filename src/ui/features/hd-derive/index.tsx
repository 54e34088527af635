import { useEffect, useState } from 'react'
import type tool from '../../../tools/hd-derive'
import { csvParts } from '../../../tools/hd-derive'
import split, { LAST_INDEX, sliceCount } from '../../../tools/hd-derive/split'
import * as PublicTestKeys from '../../../core/keys/PublicTestKeys'
import { grouped, ResultColumns, ResultNotes, RunForm, RunStatus, useToolPage, type ToolPageProps } from '../../components'
import { AccountsTable, type Account } from './AccountsTable'

const NONE: readonly Account[] = []

/**
 * A paged table of HD addresses: the tool's split (`src/tools/hd-derive/split.ts`) has one
 * worker compute the seed and the path's parent key, then one worker per core derive a slice
 * each; the table fills in as they finish. Private keys stay hidden until revealed (and hide
 * again on a click); any row can join the in-page keyring for the signing tools; CSV export.
 */
export default function HdDerivePage(props: ToolPageProps<typeof tool>) {
  const { values, setValues } = props
  // Workers with the tool loaded wait once a source is filled in (and again after each run),
  // started once the page is idle (not in the frame that draws a run's last rows): one for the
  // seed and one per slice of the range asked for, so Derive starts computing the seed at once
  // and no worker has to start (load the tool, compile the WebAssembly engine, warm the per-child
  // code) after it (#39). 150 ms after the last change: soon enough for them to be ready when a
  // person reaches Derive (at 500 ms they were still loading 0.7 s after the last key: 0.33–0.39×
  // ethers v5, against 0.20–0.25× once ready).
  const cores = (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2
  const page = useToolPage(props, {
    split,
    warm: ({ values, running }) => !!(values.phrase?.trim() || values.xpub?.trim()) && !running,
    warmDelay: 150,
    warmWorkers: 1 + sliceCount(Number(values.count || '10') || 10, cores),
  })
  const [reveal, setReveal] = useState(false)
  const [added, setAdded] = useState<ReadonlySet<string>>(() => new Set())
  const { state, view } = page
  const running = state.status === 'running'
  const rows = view.data?.accounts ?? NONE
  const watchOnly = rows.length > 0 && rows.every((r) => !r.privateKey)
  // A public test key or phrase: from the workers' slices, or the phrase itself (with a passphrase, its keys are not the public ones).
  const notes = view.data?.notes ?? PublicTestKeys.notes({ phrases: [values.phrase] })
  const csvHref = useCsvHref(rows, reveal && !watchOnly, running)
  const start = Number(values.start || '0') || 0
  const count = Number(values.count || '10') || 10

  const derive = (patch?: { start: string }) => {
    setReveal(false)
    void page.run(patch)
  }
  const goTo = (to: number) => {
    const s = String(Math.max(0, to))
    setValues({ start: s })
    derive({ start: s })
  }
  const withKeys = reveal && !watchOnly
  const form = (
    <>
      <RunForm page={page} submitLabel="Derive" onSubmit={() => derive()} />
      <RunStatus page={page} submitLabel="Derive" />
    </>
  )
  // The table is as wide as the screen allows: it follows the form, scrolled into view when a run ends.
  const result = rows.length > 0 && (
    <section className="result" aria-label="Result">
      <ResultNotes notes={notes} />
      {watchOnly && (
        <p className="notice notice-info" role="note">
          Watch-only: derived from the xpub, so there are no private keys.
        </p>
      )}
      {start + count > LAST_INDEX + 1 && !running && (
        <p className="notice notice-info" role="note">
          Only {rows.length} address{rows.length === 1 ? '' : 'es'} of the {count} asked for: index {grouped(LAST_INDEX)} (2^31 - 1) is the last
          non-hardened index, so the range stops there.
        </p>
      )}
      <div className="actions">
        {!watchOnly && (
          <button type="button" aria-pressed={reveal} onClick={() => setReveal((r) => !r)}>
            {reveal ? 'Hide private keys' : 'Reveal private keys'}
          </button>
        )}
        {csvHref && (
          <a className="button" href={csvHref} download={`addresses-${start}-${start + rows.length - 1}${withKeys ? '-with-keys' : ''}.csv`}>
            Download CSV{withKeys ? ' (with private keys)' : ''}
          </a>
        )}
        <button type="button" disabled={running || start === 0} onClick={() => goTo(start - count)}>
          Previous page
        </button>
        <button type="button" disabled={running || start + count > LAST_INDEX} onClick={() => goTo(start + count)}>
          Next page
        </button>
      </div>
      <AccountsTable rows={rows} watchOnly={watchOnly} reveal={reveal} added={added} onAdd={(a) => setAdded((s) => new Set([...s, a]))} />
    </section>
  )
  return <ResultColumns form={form} result={result} revealed={state.status === 'done' ? view.data : undefined} stacked />
}

/**
 * The CSV of the rows as a Blob URL, made from one part per row (never one big string), in a
 * task of its own (not in the one that draws a run's last rows), and revoked when it changes.
 */
function useCsvHref(rows: readonly Account[], withKeys: boolean, running: boolean): string | undefined {
  const [href, setHref] = useState<string>()
  useEffect(() => {
    if (!rows.length || running) return setHref(undefined)
    let url: string | undefined
    const t = setTimeout(() => {
      url = URL.createObjectURL(new Blob(csvParts(rows, withKeys), { type: 'text/csv' }))
      setHref(url)
    }, 0)
    return () => {
      clearTimeout(t)
      if (url) URL.revokeObjectURL(url)
      setHref(undefined)
    }
  }, [rows, withKeys, running])
  return href
}

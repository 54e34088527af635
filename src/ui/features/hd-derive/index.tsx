import { useEffect, useRef, useState, type FormEvent } from 'react'
import type { ErrorInfo } from '../../../core/Errors'
import * as Outcome from '../../../core/Outcome'
import { withDefaults } from '../../../tools/define'
import { csvParts, type HdData } from '../../../tools/hd-derive'
import type { RawInput, ToolResult } from '../../../tools/types'
import { dropSpare, prewarm, runSlice, shareInWorker } from '../../../workers/split'
import { useWorkerPool } from '../../hooks/useWorkerPool'
import { CopyButton, FieldList, grouped, keyring, type ToolPageProps } from '../../components'

type Row = HdData['accounts'][number]

/** The last non-hardened child index, 2^31 - 1. */
const LAST_INDEX = 2 ** 31 - 1

/** One worker's accounts, as table rows. */
function rowsOf(result: ToolResult): Row[] {
  return (result as ToolResult<HdData>).data?.accounts ?? []
}

/** Row height of the virtualized table (px) and the height of its scrolling view. */
const ROW_H = 40
const VIEW_H = 560
/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 8

/** Splits `count` indexes from `start` into at most `parts` contiguous chunks. */
function chunks(start: number, count: number, parts: number): [number, number][] {
  const out: [number, number][] = []
  const size = Math.ceil(count / parts)
  for (let s = start; s < start + count; s += size) out.push([s, Math.min(size, start + count - s)])
  return out
}

/**
 * A paged table of HD addresses: each page is split across one worker per core and fills
 * in as the workers finish. Private keys stay hidden until revealed (and hide again on a
 * click); any row can join the in-page keyring for the signing tools; CSV export.
 */
export default function HdDerivePage({ meta, tool, values, setValues }: ToolPageProps) {
  const [rows, setRows] = useState<Row[]>([])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<ErrorInfo>()
  const [running, setRunning] = useState(false)
  const [progress, setProgress] = useState(0)
  /** The seed and the path's parent key are computed first (`share`), then the slices derive. */
  const [step, setStep] = useState<'share' | 'derive'>('share')
  const [reveal, setReveal] = useState(false)
  const [csvHref, setCsvHref] = useState<string>()
  const [added, setAdded] = useState<string[]>([])
  const [scrollTop, setScrollTop] = useState(0)
  const { workers, stop } = useWorkerPool<{ cancel: () => void }>()
  const seq = useRef(0)
  // A worker with the tool loaded waits once a source is filled in (and again after each run):
  // Derive starts computing the seed at once, while the slices' workers start.
  const filled = !!(values.phrase?.trim() || values.xpub?.trim())
  useEffect(() => {
    if (!filled || running) return
    // Started once the page is idle: not in the frame that draws a run's last rows.
    const t = setTimeout(() => prewarm(meta.id), 500)
    return () => clearTimeout(t)
  }, [meta.id, filled, running])
  useEffect(() => () => dropSpare(meta.id), [meta.id])

  const derive = (start: number) => {
    stop()
    const my = ++seq.current
    const raw: RawInput = withDefaults(meta, { ...values, start: String(start) })
    const parsed = tool.parse(raw)
    setError(undefined)
    setReveal(false)
    if (!parsed.ok) {
      setFieldErrors(parsed.errors)
      return
    }
    setFieldErrors({})
    setRows([])
    // Non-hardened indexes end at 2^31 - 1: the range is clipped there (and said so below).
    const count = Math.min((parsed.value as { count: number }).count, LAST_INDEX + 1 - start)
    const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8, Math.ceil(count / 10)))
    const parts = chunks(start, count, cores)
    const done = new Array<number>(parts.length).fill(0)
    // What the workers sent is kept here and drawn once per frame: a frame draws the rows that
    // arrived in it (in index order: slice k holds the k-th range) and the progress, however
    // many messages came, and React renders only the rows in view.
    const got: Row[][] = parts.map(() => [])
    let frame = 0
    const draw = () => {
      frame = 0
      if (my !== seq.current) return
      setProgress(done.reduce((a, b) => a + b, 0) / count)
      setRows(got.flat())
    }
    const later = () => {
      frame ||= requestAnimationFrame(draw)
    }
    setRunning(true)
    setProgress(0)
    // One worker parses the form and computes the seed (PBKDF2) and the path's parent key, once;
    // the slices' workers start meanwhile and derive below that key: they never see the phrase.
    const sh = shareInWorker(meta.id, raw, () => {})
    setStep('share')
    const shared = sh.promise.then((o) => (o.ok ? o.value.shared : Promise.reject(new Error('no shared key'))))
    shared.catch(() => {}) // each slice ends as cancelled; the share's own error is shown below
    void sh.promise.then((o) => {
      if (my !== seq.current) return
      if (o.ok) return setStep('derive')
      if (Outcome.isCancelled(o.error)) return
      stop()
      setError(o.error)
      if (o.fieldErrors) setFieldErrors(o.fieldErrors)
      setRunning(false)
    })
    const rangeRaw = (s: number, n: number): RawInput => ({ preset: raw.preset!, path: raw.path!, start: String(s), count: String(n) })
    let left = parts.length
    const slices = parts.map(([s, n], k) => {
      const w = runSlice(meta.id, rangeRaw(s, n), shared, (f) => {
        if (my !== seq.current) return
        done[k] = f * n
        later()
      }, { dataOnly: true }) // the table reads `data`: the rows would cross from the worker for nothing
      void w.promise.then((out) => {
        if (my !== seq.current) return
        if (out.ok) {
          done[k] = n
          got[k] = rowsOf(out.value)
          later()
        } else if (!Outcome.isCancelled(out.error)) {
          stop()
          setError(out.error)
          if (out.fieldErrors) setFieldErrors(out.fieldErrors)
        }
        if (--left === 0 || !out.ok) {
          // The last rows are drawn with the end of the run, in one render.
          cancelAnimationFrame(frame)
          draw()
          setRunning(false)
        }
      })
      return w
    })
    workers.current = [sh, ...slices]
  }

  const start = Number(values.start || '0') || 0
  const count = Number(values.count || '10') || 10
  const watchOnly = rows.length > 0 && rows.every((r) => !r.privateKey)

  useEffect(() => {
    if (!rows.length || running) return setCsvHref(undefined)
    // A Blob from one part per row: the CSV is never one big string. Made in a task of its own,
    // not in the one that draws the run's last rows.
    let url: string | undefined
    const t = setTimeout(() => {
      url = URL.createObjectURL(new Blob(csvParts(rows, reveal && !watchOnly), { type: 'text/csv' }))
      setCsvHref(url)
    }, 0)
    return () => {
      clearTimeout(t)
      if (url) URL.revokeObjectURL(url)
      setCsvHref(undefined)
    }
  }, [rows, reveal, watchOnly, running])
  // Only the rows in view (and a few around) are rendered: 10,000 rows scroll like 10.
  const first = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN)
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW_H) / ROW_H) + OVERSCAN)
  const columns = watchOnly ? 4 : 5

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    derive(start)
  }
  const page = (to: number) => {
    const s = Math.max(0, to)
    setValues({ start: String(s) })
    derive(s)
  }
  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={values} errors={fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={running}>
            Derive
          </button>
        </div>
      </form>
      {running && (
        <div className="progress" role="status">
          {step === 'share' ? (
            <>
              <progress aria-label="Progress" />
              <span>{values.phrase?.trim() && !/^[a-z]prv/.test(values.phrase.trim()) ? 'Computing the seed (PBKDF2, 2,048 rounds)…' : 'Deriving the path…'}</span>
            </>
          ) : (
            <>
              <progress max={100} value={Math.round(progress * 100)} aria-label="Progress" />
              <span>
                {grouped(Math.round(progress * count))} of {grouped(count)} addresses derived ({Math.round(progress * 100)}%)
              </span>
            </>
          )}
          <button
            type="button"
            onClick={() => {
              stop()
              seq.current++
              setRunning(false)
              setError(Outcome.cancelled())
            }}
          >
            Cancel
          </button>
        </div>
      )}
      {error && (
        <div className={`notice ${Outcome.isCancelled(error) ? 'notice-info' : 'notice-error'}`} role="alert">
          <strong>{error.message}</strong>
          {error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {rows.length > 0 && (
        <section className="result" aria-label="Result">
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
              <a className="button" href={csvHref} download={`addresses-${start}-${start + rows.length - 1}${reveal && !watchOnly ? '-with-keys' : ''}.csv`}>
                Download CSV{reveal && !watchOnly ? ' (with private keys)' : ''}
              </a>
            )}
            <button type="button" disabled={running || start === 0} onClick={() => page(start - count)}>
              Previous page
            </button>
            <button type="button" disabled={running || start + count > LAST_INDEX} onClick={() => page(start + count)}>
              Next page
            </button>
          </div>
          <div className="table-scroll" style={{ maxHeight: VIEW_H, overflowY: 'auto' }} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
            <table aria-label="Derived addresses" aria-rowcount={rows.length + 1} data-rows={rows.length}>
              <thead>
                <tr>
                  <th scope="col">Index</th>
                  <th scope="col">Path</th>
                  <th scope="col">Address</th>
                  <th scope="col">Public key</th>
                  {!watchOnly && <th scope="col">Private key</th>}
                </tr>
              </thead>
              <tbody>
                {first > 0 && (
                  <tr aria-hidden="true" style={{ height: first * ROW_H }}>
                    <td colSpan={columns} />
                  </tr>
                )}
                {rows.slice(first, last).map((r, i) => (
                  <tr key={r.index} aria-rowindex={first + i + 2} style={{ height: ROW_H, whiteSpace: 'nowrap' }}>
                    <td>{r.index}</td>
                    <td className="mono">{r.path}</td>
                    <td className="mono">
                      <output aria-label={`Address ${r.path}`}>{r.address}</output> <CopyButton value={r.address} label={`address ${r.path}`} />
                    </td>
                    <td className="mono">
                      <output aria-label={`Public key ${r.path}`}>{r.publicKey}</output>
                    </td>
                    {!watchOnly && (
                      <td className="mono">
                        {reveal ? <output aria-label={`Private key ${r.path}`}>{r.privateKey}</output> : '••••••••'}{' '}
                        <button
                          type="button"
                          disabled={added.includes(r.address)}
                          onClick={() => {
                            keyring.add({ address: r.address, privateKey: r.privateKey!, label: r.path })
                            setAdded((a) => [...a, r.address])
                          }}
                        >
                          {added.includes(r.address) ? 'In keyring' : 'Use for signing'}
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
                {last < rows.length && (
                  <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_H }}>
                    <td colSpan={columns} />
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  )
}

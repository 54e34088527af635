import { useEffect, useState } from 'react'
import * as VisibleText from '../../core/VisibleText'
import { findTool } from '../../tools/registry'
import type { Row, ToolResult } from '../../tools/types'
import { toolHref } from '../url'
import { CopyButton } from './CopyButton'
import { Link } from './Link'

/**
 * Longest value laid out in full (characters). A longer one (a megabyte of bytes) is shown by
 * its start, and the copy button copies all of it: laying out millions of characters would
 * freeze the page for seconds and show nothing a person reads.
 */
export const SHOWN_CHARS = 8192

/** One output row: label, value (the start of a very long one), copy button, reveal for secrets, link to another tool. */
export function ResultRow({ row }: { row: Row }) {
  const [revealed, setRevealed] = useState(false)
  // A revealed secret is hidden again when the input changes (a new value is never shown unasked).
  useEffect(() => setRevealed(false), [row.value])
  const hidden = row.secret && !revealed
  const long = row.value.length > SHOWN_CHARS
  const target = row.open && !row.secret ? findTool(row.open.tool) : undefined
  // Bidirectional overrides and zero-width characters are shown, never applied.
  const shown = VisibleText.reveal(long ? row.value.slice(0, SHOWN_CHARS) : row.value)
  return (
    <div className={`row${row.tone ? ` tone-${row.tone}` : ''}`}>
      <dt>{row.label}</dt>
      <dd>
        <output className={row.mono === false ? 'value' : 'value mono'} aria-label={row.label}>
          {hidden ? '•••••••• (hidden)' : long ? `${shown.text}…` : shown.text}
        </output>
        {long && !hidden && (
          <small className="note">
            Showing the first {SHOWN_CHARS.toLocaleString('en-US')} of {row.value.length.toLocaleString('en-US')} characters{row.copy !== false ? '; Copy copies all of them' : ''}.
          </small>
        )}
        <span className="row-actions">
          {row.secret && (
            <button type="button" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
              {revealed ? `Hide ${row.label}` : `Reveal ${row.label}`}
            </button>
          )}
          {row.copy !== false && !hidden && <CopyButton value={row.value} label={row.label} />}
          {target && row.open && <Link to={toolHref(target.meta, row.open.inputs)}>{row.open.label ?? `Open in ${target.meta.title}`}</Link>}
        </span>
        {row.note && <small className="note">{VisibleText.reveal(row.note).text}</small>}
        {!hidden && shown.found.length > 0 && (
          <small className="note tone-warn" role="note">
            {VisibleText.warning(shown.found)}
          </small>
        )}
      </dd>
    </div>
  )
}

/** Rows a section shows at first; more on request. Thousands of rows (a guessed megabyte of words) would freeze the page. */
export const ROWS_SHOWN = 100

/** A section's rows, the first `ROWS_SHOWN` at first, then more on each click. */
function SectionRows({ rows }: { rows: readonly Row[] }) {
  const [shown, setShown] = useState(ROWS_SHOWN)
  const left = rows.length - shown
  return (
    <>
      <dl>
        {rows.slice(0, shown).map((r, j) => (
          <ResultRow key={`${r.label}-${j}`} row={r} />
        ))}
      </dl>
      {left > 0 && (
        <p className="hint">
          {left.toLocaleString('en-US')} more row{left === 1 ? '' : 's'} not shown.{' '}
          <button type="button" onClick={() => setShown((n) => n + ROWS_SHOWN * 10)}>
            Show {Math.min(left, ROWS_SHOWN * 10).toLocaleString('en-US')} more
          </button>
        </p>
      )}
    </>
  )
}

export function ResultView({ result, stale = false }: { result: ToolResult; stale?: boolean }) {
  return (
    <section className={stale ? 'result stale' : 'result'} aria-label={stale ? 'Outdated result' : 'Result'}>
      {result.notes?.map((n, i) => (
        <p key={i} className={`notice notice-${n.tone}`} role={n.tone === 'error' ? 'alert' : 'note'}>
          {n.text}
        </p>
      ))}
      {result.sections.map((s, i) => (
        <div key={i} className="section">
          {s.title && <h2 className="section-title">{s.title}</h2>}
          <SectionRows rows={s.rows} />
        </div>
      ))}
    </section>
  )
}

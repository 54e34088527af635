import { useEffect, useState } from 'react'
import * as VisibleText from '../../core/VisibleText'
import { findTool } from '../../tools/registry'
import type { Row, ToolResult } from '../../tools/types'
import { toolHref } from '../url'
import { CopyButton } from './CopyButton'
import { Link } from './Link'

/** One output row: label, value in full, copy button, reveal for secrets, link to another tool. */
export function ResultRow({ row }: { row: Row }) {
  const [revealed, setRevealed] = useState(false)
  // A revealed secret is hidden again when the input changes (a new value is never shown unasked).
  useEffect(() => setRevealed(false), [row.value])
  const hidden = row.secret && !revealed
  const target = row.open && !row.secret ? findTool(row.open.tool) : undefined
  // Bidirectional overrides and zero-width characters are shown, never applied.
  const shown = VisibleText.reveal(row.value)
  return (
    <div className={`row${row.tone ? ` tone-${row.tone}` : ''}`}>
      <dt>{row.label}</dt>
      <dd>
        <output className={row.mono === false ? 'value' : 'value mono'} aria-label={row.label}>
          {hidden ? '•••••••• (hidden)' : shown.text}
        </output>
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

export function ResultView({ result }: { result: ToolResult }) {
  return (
    <section className="result" aria-label="Result">
      {result.notes?.map((n, i) => (
        <p key={i} className={`notice notice-${n.tone}`} role={n.tone === 'error' ? 'alert' : 'note'}>
          {n.text}
        </p>
      ))}
      {result.sections.map((s, i) => (
        <div key={i} className="section">
          {s.title && <h3>{s.title}</h3>}
          <dl>
            {s.rows.map((r, j) => (
              <ResultRow key={`${r.label}-${j}`} row={r} />
            ))}
          </dl>
        </div>
      ))}
    </section>
  )
}

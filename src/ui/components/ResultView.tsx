import { type CSSProperties, Fragment, lazy, memo, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react'
import type * as ChainList from '../../core/chain/ChainList'
import * as VisibleText from '../../core/format/VisibleText'
import { findTool } from '../../tools/registry'
import type { Note, Row, Section, ToolResult } from '../../tools/types'
import { toolHref } from '../url'
import { CopyButton } from './CopyButton'
import { ExplorerLink, PrefixedCopy, rowExplorer, useListedChain } from './explorerLink'
import { isPlainClick, Link } from './Link'
import { requestExampleRun } from '../hooks/exampleRun'
import { grouped } from './numbers'
import { useProgressiveRows } from './progressive'
import { type Choice, decimalsOf, FormatControls, RAW, TypeFormatsBar, useTypeFormats, useValueFormat } from './valueFormats'

/**
 * Longest value laid out in full (characters). A longer one (a megabyte of bytes) is shown by
 * its start, and the copy button copies all of it: laying out millions of characters would
 * freeze the page for seconds and show nothing a person reads.
 */
export const SHOWN_CHARS = 8192

interface Formatted {
  /** The value shown (formatted, or raw). */
  value: string
  /** The format controls, or nothing when the value has only its raw form. */
  controls: ReactNode
  /** Set when a formatted form is shown: the raw value (for a second copy button). */
  raw?: string
  error?: string
  /** The connected chain when the chain list names it (not a devnet) and the value is an address, a transaction or a block: its explorer link. */
  chain?: ChainList.Chain | undefined
  /** What the value is on an explorer (rowExplorer). */
  explorer?: ChainList.ExplorerKind | undefined
  /** An address's EIP-3770 form's address part: checksummed (once the formatter has loaded). */
  checksummed?: string | undefined
}

/**
 * The format of a decoded value with an ABI type: amounts in units with a decimals picker, unix
 * times as dates, addresses checksummed, lowercase or, on a chain the chain list names, with its
 * EIP-3770 prefix (`oeth:0x…`), bytes32 strings as text. Inside a result, the row follows the
 * choice made for its type above the rows, and "Show as…" gives it one of its own; a row alone
 * has its own choice. Raw by default; the raw value stays one press away (the "Raw" toggle).
 */
function useFormatted(row: Row): Formatted {
  const types = useTypeFormats()
  const explorer = rowExplorer(row)
  const chain = useListedChain(explorer !== undefined)
  const isAddress = explorer === 'address' || explorer === 'token'
  const vf = useValueFormat((!!row.abiType && !row.secret) || (isAddress && !!chain))
  const [own, setOwn] = useState<Choice | null>(null)
  const [open, setOpen] = useState(false)
  const [showRaw, setShowRaw] = useState(false)
  // Judged once per value (a page of rows is drawn again when anything above it changes).
  const kinds = useMemo(() => (vf && row.abiType && !row.secret ? vf.choices(row.abiType, row.value, chain?.shortName) : []), [vf, row.abiType, row.value, row.secret, chain])
  const checksummed = useMemo(() => (vf && isAddress && chain ? vf.show('address', row.value, { kind: 'checksum' }) : undefined), [vf, isAddress, chain, row.value])
  const where = { chain, explorer, checksummed }
  if (kinds.length < 2) return { value: row.value, controls: null, ...where }
  const choice = own ?? (types ? types.of(row.abiType!) : RAW)
  const active = kinds.includes(choice.kind) ? choice.kind : 'raw'
  let value = row.value
  const wanted = decimalsOf(choice)
  const decimals = wanted.decimals
  let error = wanted.error
  if (active !== 'raw' && !error)
    try {
      value = vf!.show(row.abiType!, row.value, { kind: active, decimals, ...(chain ? { shortName: chain.shortName } : {}) })
    } catch (e) {
      error = e instanceof Error ? e.message.split('\n')[0] : 'This value cannot be shown in that form.'
    }
  const formatted = active !== 'raw' && !error && !showRaw
  // inside a result the row's own choice is one press away; alone, it is the only one
  const ownShown = !types || open || own !== null
  const controls = (
    <span className="value-format">
      {types && (
        <button type="button" aria-expanded={ownShown} onClick={() => {
            // back to the type's choice closes the row's own; otherwise it opens or closes
            setOpen(!own && !open)
            setOwn(null)
          }}>
          {own ? `As every ${row.abiType}` : 'Show as…'} <span className="visually-hidden">({row.label})</span>
        </button>
      )}
      {ownShown && (
        <FormatControls
          kinds={kinds}
          choice={choice}
          onChange={setOwn}
          label={
            <>
              Show as <span className="visually-hidden">({row.label})</span>
            </>
          }
          name={row.label}
          commonDecimals={vf!.COMMON_DECIMALS}
          shortName={chain?.shortName}
          error={error}
        />
      )}
      {active !== 'raw' && !error && (
        <>
          {' '}
          <button type="button" aria-pressed={showRaw} onClick={() => setShowRaw((r) => !r)}>
            Raw
          </button>
        </>
      )}
    </span>
  )
  return { value: formatted ? value : row.value, controls, ...where, ...(formatted ? { raw: row.value } : {}), ...(error ? { error } : {}) }
}

/**
 * A value with no spaces long enough to overflow a phone's width: hex, a hash, base58. Compact
 * JSON (`{"parentHash":"0x…",…}`) has no spaces either but is a document, not a token: it wraps.
 */
const ONE_TOKEN = /^(?![[{])\S{25,}$/

/**
 * A long single-token value that never wraps mid-value: when it does not fit, its middle is
 * cut with an ellipsis and the last 8 characters stay in view (the full text is still the
 * element's text, so Copy, find-in-page and assistive technology get all of it). A click or
 * tap shows it whole, wrapped; Copy copies it either way.
 */
export function MiddleEllipsis({ text, expandable = true }: { text: string; /** false: the whole value only on hover and by Copy (a table of fixed row heights). */ expandable?: boolean }) {
  const [whole, setWhole] = useState(false)
  return (
    <span className={whole ? 'mid whole' : expandable ? 'mid' : 'mid fixed'} title={whole ? undefined : text} onClick={expandable ? () => setWhole((w) => !w) : undefined}>
      <span className="mid-head">{text.slice(0, -8)}</span>
      <span className="mid-tail">{text.slice(-8)}</span>
    </span>
  )
}

/**
 * A document's lines (Row.lines), each a block that wraps under its own indent plus two, so a
 * long value broken onto the next line stays under its key, not at the block's edge. The text
 * between them is the newline, so the element's text is the document as it is.
 */
function DocLines({ text }: { text: string }) {
  return text.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i ? '\n' : ''}
      <span className="line" style={{ '--hang': `${line.search(/\S|$/) + 2}ch` } as CSSProperties}>
        {line}
      </span>
    </Fragment>
  ))
}

/** A row's hand-off to another tool: a link with the inputs in the URL, which runs the tool as it opens when `open.run` (on a plain click only: a new tab opens the form, filled). */
export function OpenLink({ open, label }: { open: NonNullable<Row['open']>; label?: string }) {
  const target = findTool(open.tool)
  if (!target) return null
  return (
    <Link to={toolHref(target.meta, open.inputs)} aria-label={label} onClick={open.run ? (e) => isPlainClick(e) && requestExampleRun(target.meta.id, open.inputs) : undefined}>
      {open.label ?? `Open in ${target.meta.title}`}
    </Link>
  )
}

/** One output row: label, value (the start of a very long one), copy button, reveal for secrets, link to another tool, a format choice for typed values. */
export const ResultRow = memo(function ResultRow({ row, fold }: { row: Row; fold?: Fold }) {
  const [revealed, setRevealed] = useState(false)
  // A revealed secret is hidden again when the input changes (a new value is never shown unasked).
  useEffect(() => setRevealed(false), [row.value])
  const hidden = row.secret && !revealed
  const fmt = useFormatted(row)
  const long = fmt.value.length > SHOWN_CHARS
  // Bidirectional overrides and zero-width characters are shown, never applied.
  const shown = VisibleText.reveal(long ? fmt.value.slice(0, SHOWN_CHARS) : fmt.value)
  return (
    <div className={`row${row.tone ? ` tone-${row.tone}` : ''}`} data-depth={row.depth ? Math.min(row.depth, 4) : undefined}>
      <dt>
        {fold && (
          // a struct's (or an array's) fields fold under it: the glyph is drawn by CSS, so the label's text stays the label
          <button type="button" className="fold" aria-expanded={fold.open} aria-label={`Fields of ${row.label}`} title={fold.open ? 'Fold its fields' : 'Unfold its fields'} onClick={fold.toggle} />
        )}
        {row.label}
        {fold && !fold.open && <small className="hint"> ({grouped(fold.count)} folded)</small>}
      </dt>
      <dd>
        {row.lines && !row.secret ? (
          // a document (indented JSON): its lines kept, in a block that scrolls (reachable by Tab to scroll it)
          <pre className="value mono lines" role="status" aria-label={row.label} tabIndex={0}>
            <DocLines text={long ? `${shown.text}…` : shown.text} />
          </pre>
        ) : (
          <output className={row.mono === false ? 'value' : 'value mono'} aria-label={row.label} translate={row.secret ? 'no' : undefined}>
            {hidden ? '•••••••• (hidden)' : long ? `${shown.text}…` : row.mono !== false && ONE_TOKEN.test(shown.text) ? <MiddleEllipsis text={shown.text} /> : shown.text}
          </output>
        )}
        {long && !hidden && (
          <small className="note">
            Showing the first {grouped(SHOWN_CHARS)} of {grouped(fmt.value.length)} characters{row.copy !== false ? '; Copy copies all of them' : ''}.
          </small>
        )}
        <span className="row-actions">
          {row.secret && (
            <button type="button" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
              {revealed ? `Hide ${row.label}` : `Reveal ${row.label}`}
            </button>
          )}
          {row.copy !== false && !hidden && <CopyButton value={fmt.value} label={row.label} />}
          {row.copy !== false && fmt.raw !== undefined && <CopyButton value={fmt.raw} label={`${row.label} (raw)`} />}
          {row.copy !== false && fmt.checksummed && <PrefixedCopy chain={fmt.chain} address={fmt.checksummed} label={row.label} />}
          {row.open && !row.secret && <OpenLink open={row.open} />}
          {row.href && /^https:\/\//.test(row.href.url) && (
            // another site, opened by the person: a link, never a request of the page's (no referrer, no opener)
            <a href={row.href.url} target="_blank" rel="noopener noreferrer">
              {row.href.label}
            </a>
          )}
          {fmt.chain && fmt.explorer && <ExplorerLink chain={fmt.chain} kind={fmt.explorer} value={row.value} />}
        </span>
        {fmt.controls}
        {row.note && <small className="note">{VisibleText.reveal(row.note).text}</small>}
        {!hidden && shown.found.length > 0 && (
          <small className="note tone-warn" role="note">
            {VisibleText.warning(shown.found)}
          </small>
        )}
      </dd>
    </div>
  )
})

const NONE_FOLDED: ReadonlySet<number> = new Set()

/** A row whose nested rows (a struct's fields, deeper ones too) can be folded under it. */
interface Fold {
  open: boolean
  /** How many rows it folds. */
  count: number
  toggle: () => void
}

/**
 * For each row, the index just past its nested rows (the following rows deeper than it): one pass
 * with a stack of the rows still open, so a deep tree of thousands of rows stays linear.
 */
export function subtreeEnds(rows: readonly Row[]): number[] {
  const ends = rows.map((_, i) => i + 1)
  const open: number[] = []
  rows.forEach((r, i) => {
    const d = r.depth ?? 0
    while (open.length && (rows[open.at(-1)!]!.depth ?? 0) >= d) ends[open.pop()!] = i
    open.push(i)
  })
  for (const i of open) ends[i] = rows.length
  return ends
}

/** Rows a section shows at first; more on request. Thousands of rows (a guessed megabyte of words) would freeze the page. */
export const ROWS_SHOWN = 100

/**
 * A section's rows: the first `drawn` of those it shows (the rest follow a few frames later,
 * see `useProgressiveRows`), and a button for more once all it shows are drawn.
 */
function SectionRows({ rows, shown, drawn, onMore }: { rows: readonly Row[]; shown: number; drawn: number; onMore: () => void }) {
  const left = rows.length - shown
  // the rows folded, for these rows only: a new result opens unfolded (derived in render, no effect to reset it)
  const [folds, setFolds] = useState<{ rows: readonly Row[]; at: ReadonlySet<number> }>(() => ({ rows, at: new Set() }))
  const folded = folds.rows === rows ? folds.at : NONE_FOLDED
  const toggle = (at: number) =>
    setFolds((f) => {
      const was = f.rows === rows ? f.at : NONE_FOLDED
      return { rows, at: was.has(at) ? new Set([...was].filter((k) => k !== at)) : new Set(was).add(at) }
    })
  const ends = useMemo(() => (rows.some((r) => r.depth) ? subtreeEnds(rows) : undefined), [rows])
  const items: ReactNode[] = []
  for (let j = 0; j < drawn; j++) {
    const r = rows[j]!
    const end = ends?.[j] ?? j + 1
    const at = j
    const fold = end > j + 1 ? { open: !folded.has(j), count: end - j - 1, toggle: () => toggle(at) } : undefined
    items.push(<ResultRow key={`${r.label}-${j}`} row={r} fold={fold} />)
    if (fold && !fold.open) j = end - 1
  }
  return (
    <>
      <dl>{items}</dl>
      {left > 0 && (
        <p className="hint">
          {grouped(left)} more row{left === 1 ? '' : 's'} not shown.{' '}
          <button type="button" onClick={onMore}>
            Show {grouped(Math.min(left, ROWS_SHOWN * 10))} more
          </button>
        </p>
      )}
    </>
  )
}

// A note that depends on the connected chain: loads the connection only when a result has one.
const ChainNote = lazy(() => import('../connection/ChainNote'))

/** A result's notes (for pages that draw their own result, like the HD table). */
export function ResultNotes({ notes }: { notes?: readonly Note[] }) {
  return notes?.map((n, i) => {
    const note = (
      <p className={`notice notice-${n.tone}`} role={n.tone === 'error' ? 'alert' : 'note'}>
        {n.text}
      </p>
    )
    const when = n.whenChainIsNot
    if (when?.replaces)
      return (
        <Suspense key={i} fallback={note}>
          <ChainNote {...when} otherwise={note} />
        </Suspense>
      )
    return (
      <Fragment key={i}>
        {note}
        {when && (
          <Suspense fallback={null}>
            <ChainNote {...when} />
          </Suspense>
        )}
      </Fragment>
    )
  })
}

const rowsOf = (s: Section) => s.rows

/**
 * `label` names the region when a page shows more than one result (landmarks must differ).
 * Rows are drawn a screen at a time (`useProgressiveRows`): the region is `aria-busy` until all
 * are in.
 */
export function ResultView({ result, stale = false, label = 'Result' }: { result: ToolResult; stale?: boolean; label?: string }) {
  const [more, setMore] = useState<readonly number[]>([])
  const shown = result.sections.map((s, i) => Math.min(s.rows.length, more[i] ?? ROWS_SHOWN))
  const { drawn, pending } = useProgressiveRows(result.sections, rowsOf, shown)
  const groups = useMemo(() => result.sections.map(rowsOf), [result.sections])
  return (
    <section className={stale ? 'result stale' : 'result'} aria-label={stale ? `Outdated ${label.toLowerCase()}` : label} aria-busy={pending || undefined}>
      <ResultNotes notes={result.notes} />
      <TypeFormatsBar groups={groups}>
        {result.sections.map((s, i) => (
          <div key={i} className="section">
            {s.title && <h2 className="section-title">{s.title}</h2>}
            <SectionRows
              rows={s.rows}
              shown={more[i] ?? ROWS_SHOWN}
              drawn={drawn[i] ?? 0}
              onMore={() => setMore((m) => Object.assign([...m], { [i]: (m[i] ?? ROWS_SHOWN) + ROWS_SHOWN * 10 }))}
            />
          </div>
        ))}
      </TypeFormatsBar>
    </section>
  )
}

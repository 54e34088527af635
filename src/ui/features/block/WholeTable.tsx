import { useId, useMemo, useState } from 'react'
import type * as BlockWhole from '../../../core/chain/BlockWhole'
import * as ChainFormat from '../../../core/chain/ChainFormat'
import { CopyButton, grouped, MiddleEllipsis, OpenLink } from '../../components'

type Row = BlockWhole.TxRow
type Key = 'index' | 'status' | 'gasUsed' | 'frames' | 'value' | 'contracts' | 'slots'

const COLUMNS: { key: Key; title: string }[] = [
  { key: 'index', title: 'Index' },
  { key: 'status', title: 'Status' },
  { key: 'gasUsed', title: 'Gas used' },
  { key: 'frames', title: 'Calls' },
  { key: 'value', title: 'Value moved' },
  { key: 'contracts', title: 'Contracts touched' },
  { key: 'slots', title: 'Slots written' },
]

/** A row's number in a column (absent readings sort first). */
function sortValue(r: Row, k: Key): bigint {
  switch (k) {
    case 'status':
      return r.status === 'reverted' ? 1n : 0n
    case 'contracts':
      return BigInt(r.contracts?.length ?? -1)
    case 'slots':
      return BigInt(r.slots?.length ?? -1)
    case 'frames':
      return BigInt(r.frames ?? -1)
    case 'value':
      return r.value ?? -1n
    default:
      return BigInt(r[k])
  }
}

/** Whether `r` holds `text` (lower case): its hash, sender, callee, created contract, a contract it touched or wrote. */
function matches(r: Row, text: string): boolean {
  if (!text) return true
  const all = [r.hash, r.from, r.to ?? '', r.created ?? '', ...(r.contracts ?? []), ...(r.slots ?? []).map((s) => `${s.address} ${s.slot}`)]
  return all.some((v) => v.includes(text))
}

/**
 * Every transaction of a block as a table: sortable by each column (a button in its header,
 * aria-sort said), filtered by text (hash, address or slot) and by status, each row one click
 * from /debug and /simulate (both run as they open).
 */
export function WholeTable({ whole }: { whole: BlockWhole.Whole }) {
  const [sort, setSort] = useState<{ key: Key; descending: boolean }>({ key: 'index', descending: false })
  const [text, setText] = useState('')
  const [status, setStatus] = useState<'all' | 'success' | 'reverted'>('all')
  const filterId = useId()
  const statusId = useId()
  const rows = useMemo(() => {
    const t = text.trim().toLowerCase()
    const shown = whole.rows.filter((r) => (status === 'all' || r.status === status) && matches(r, t))
    const sign = sort.descending ? -1 : 1
    return shown.sort((a, b) => {
      const x = sortValue(a, sort.key)
      const y = sortValue(b, sort.key)
      return x === y ? a.index - b.index : x < y ? -sign : sign
    })
  }, [whole.rows, text, status, sort])
  const traced = whole.engine.calls !== 'none'
  return (
    <section className="section block-whole" aria-label="Every transaction">
      <h3>Every transaction ({grouped(whole.rows.length)})</h3>
      <div className="actions">
        <label htmlFor={filterId}>Filter</label>
        <input id={filterId} type="search" value={text} placeholder="hash, address or slot" onChange={(e) => setText(e.target.value)} />
        <label htmlFor={statusId}>Status</label>
        <select id={statusId} value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
          <option value="all">All</option>
          <option value="success">Success</option>
          <option value="reverted">Reverted</option>
        </select>
        <output aria-live="polite" aria-label="Transactions shown">
          {rows.length === whole.rows.length ? `${grouped(rows.length)} shown` : `${grouped(rows.length)} of ${grouped(whole.rows.length)} shown`}
        </output>
      </div>
      <table aria-label="Every transaction of the block" data-rows={rows.length}>
        <thead>
          <tr>
            {COLUMNS.slice(0, 1).map((c) => header(c, sort, setSort))}
            <th scope="col">Hash</th>
            {COLUMNS.slice(1).map((c) => header(c, sort, setSort))}
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <TxLine key={r.hash} r={r} traced={traced} />
          ))}
        </tbody>
      </table>
    </section>
  )
}

function header(c: { key: Key; title: string }, sort: { key: Key; descending: boolean }, setSort: (s: { key: Key; descending: boolean }) => void) {
  const on = sort.key === c.key
  return (
    <th key={c.key} scope="col" aria-sort={on ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" onClick={() => setSort({ key: c.key, descending: on ? !sort.descending : c.key !== 'index' })}>
        {c.title}
        {on ? (sort.descending ? ' ▼' : ' ▲') : ''}
      </button>
    </th>
  )
}

function TxLine({ r, traced }: { r: Row; traced: boolean }) {
  const n = `#${r.index}`
  return (
    <tr>
      <td>{r.index}</td>
      <td className="mono">
        <output aria-label={`Hash ${n}`}>
          <MiddleEllipsis text={r.hash} expandable={false} />
        </output>{' '}
        <CopyButton value={r.hash} label={`hash ${n}`} />
      </td>
      <td className={r.status === 'reverted' ? 'tone-error' : 'tone-ok'}>
        <output aria-label={`Status ${n}`}>{r.status}</output>
        {r.disagreement && <small className="note tone-warn"> {r.disagreement}</small>}
      </td>
      <td>
        <output aria-label={`Gas used ${n}`}>{r.gasUsed.toString()}</output>
      </td>
      <td>
        <output aria-label={`Calls ${n}`}>{traced && r.frames !== null ? r.frames : '—'}</output>
      </td>
      <td>
        <output aria-label={`Value moved ${n}`}>{r.value === null ? '—' : r.value === 0n ? '0' : ChainFormat.native(r.value)}</output>
      </td>
      <td>
        <List label={`Contracts touched ${n}`} items={r.contracts} />
      </td>
      <td>
        <List label={`Slots written ${n}`} items={r.slots?.map((s) => `${s.address} ${s.slot}`) ?? null} />
      </td>
      <td>
        <OpenLink open={{ tool: 'debug', inputs: { mode: 'hash', hash: r.hash }, label: 'Debug', run: true }} label={`Debug ${n}`} />{' '}
        <OpenLink open={{ tool: 'simulate', inputs: { mode: 'hash', hash: r.hash }, label: 'Simulate', run: true }} label={`Simulate ${n}`} />
      </td>
    </tr>
  )
}

/** A count, and the items behind a disclosure (a keyboard opens it). */
function List({ label, items }: { label: string; items: string[] | null }) {
  if (items === null) return <output aria-label={label}>—</output>
  if (items.length === 0) return <output aria-label={label}>0</output>
  return (
    <details>
      <summary>
        <output aria-label={label}>{items.length}</output>
      </summary>
      <ul className="mono">
        {items.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </details>
  )
}

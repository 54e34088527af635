import { useState } from 'react'
import type { HdData } from '../../../tools/hd-derive'
import { CopyButton, keyring, MiddleEllipsis } from '../../components'

export type Account = HdData['accounts'][number]

/** Row height of the virtualized table (px) and the height of its scrolling view. */
const ROW_H = 40
const VIEW_H = 560
/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 8

/**
 * The derived accounts as a table that renders only the rows in view (and a few around): 10,000
 * rows scroll like 10. Private keys show only while revealed; any row can join the in-page
 * keyring for the signing tools.
 */
export function AccountsTable({ rows, watchOnly, reveal, added, onAdd }: { rows: readonly Account[]; watchOnly: boolean; reveal: boolean } & KeyringAdds) {
  const [scrollTop, setScrollTop] = useState(0)
  const first = Math.max(0, Math.floor(scrollTop / ROW_H) - OVERSCAN)
  const last = Math.min(rows.length, Math.ceil((scrollTop + VIEW_H) / ROW_H) + OVERSCAN)
  const columns = watchOnly ? 4 : 5
  return (
    // Focusable, so the keyboard scrolls it (arrows, Page Up/Down, Home, End) through every row.
    <div
      className="table-scroll accounts"
      role="region"
      aria-label="Address table"
      tabIndex={0}
      style={{ maxHeight: VIEW_H, overflowY: 'auto' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
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
            <AccountRow key={r.index} row={r} rowIndex={first + i + 2} watchOnly={watchOnly} reveal={reveal} added={added} onAdd={onAdd} />
          ))}
          {last < rows.length && (
            <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_H }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** The addresses this page put into the keyring (for the rest of the page's life), and how it adds one. */
interface KeyringAdds {
  added: ReadonlySet<string>
  onAdd: (address: string) => void
}

function AccountRow({ row: r, rowIndex, watchOnly, reveal, added, onAdd }: { row: Account; rowIndex: number; watchOnly: boolean; reveal: boolean } & KeyringAdds) {
  const inRing = added.has(r.address)
  return (
    <tr aria-rowindex={rowIndex} style={{ height: ROW_H, whiteSpace: 'nowrap' }}>
      <td>{r.index}</td>
      <td className="mono">{r.path}</td>
      <td className="mono">
        <output aria-label={`Address ${r.path}`}>{r.address}</output> <CopyButton value={r.address} label={`address ${r.path}`} />
      </td>
      <td className="mono key-cell">
        <output aria-label={`Public key ${r.path}`}>
          <MiddleEllipsis text={r.publicKey} expandable={false} />
        </output>{' '}
        <CopyButton value={r.publicKey} label={`public key ${r.path}`} />
      </td>
      {!watchOnly && (
        <td className="mono key-cell">
          {reveal ? (
            <>
              <output aria-label={`Private key ${r.path}`}>
                <MiddleEllipsis text={r.privateKey!} expandable={false} />
              </output>{' '}
              <CopyButton value={r.privateKey!} label={`private key ${r.path}`} />
            </>
          ) : (
            '••••••••'
          )}{' '}
          <button
            type="button"
            disabled={inRing}
            onClick={() => {
              keyring.add({ address: r.address, privateKey: r.privateKey!, label: r.path })
              onAdd(r.address)
            }}
          >
            {inRing ? 'In keyring' : 'Use for signing'}
          </button>
        </td>
      )}
    </tr>
  )
}

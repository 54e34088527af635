import { useId, useMemo, useState } from 'react'
import { CAPABILITIES, toolsOf } from '../tools/registry'
import { Link } from './components/Link'
import { AMBIGUOUS_NOTE, offersFor } from './offers'
import { searchTools } from './search'

/** The jobs most people come for, each one tool away. */
const STARTS: readonly { to: string; title: string; detail: string }[] = [
  { to: 'transaction', title: 'Look up a transaction', detail: 'status, decoded call, events, receipt' },
  { to: 'calldata-decode', title: 'Decode call data', detail: 'function, arguments, nested calls' },
  { to: 'simulate', title: 'Simulate a transaction', detail: 'call tree, gas, asset changes' },
  { to: 'send-transaction', title: 'Send a transaction', detail: 'build, review, simulate, sign' },
  { to: 'units', title: 'Convert units', detail: 'wei, gwei, ether, token decimals' },
  { to: 'address', title: 'Check an address', detail: 'checksum, what is wrong' },
  { to: 'keystore-decrypt', title: 'Unlock a keystore', detail: 'in this page only' },
  { to: 'hd-derive', title: 'Derive addresses', detail: 'from a phrase, xprv or xpub' },
  { to: 'debug', title: 'Debug a transaction', detail: 'step by step, source lines, gas' },
  { to: 'disassemble', title: 'Disassemble bytecode', detail: 'opcodes, functions, metadata' },
  { to: 'storage-read', title: 'Read storage by name', detail: 'variables, mappings, changes' },
  { to: 'safe-tx', title: 'Check a Safe transaction', detail: 'hashes as the Ledger shows them' },
]

const wideScreen = () => typeof matchMedia !== 'function' || matchMedia('(min-width: 700px)').matches

/**
 * The home page: a paste-anything box (the palette's detection, inline) that also filters the
 * tools, a few starting points, and every tool grouped by the nine capabilities (collapsed on a
 * phone, so any tool is a tap or two away).
 */
export function Catalogue() {
  const [query, setQuery] = useState('')
  const [wide] = useState(wideScreen)
  const boxId = useId()
  const value = query.trim()
  const offers = useMemo(() => offersFor(value), [value])
  const ambiguous = offers.some((o) => o.ambiguous)
  const matching = useMemo(() => (value && value.length <= 40 ? new Set(searchTools(value, 100).map((t) => t.id)) : null), [value])
  const filtering = !!value
  const shown = CAPABILITIES.map((c) => ({ c, tools: toolsOf(c.id).filter((t) => !matching || matching.has(t.id)) }))
  const count = shown.reduce((n, s) => n + s.tools.length, 0)

  return (
    <div className="catalogue">
      <h1>Ether Workbench</h1>
      <p className="lead">
        The Ethereum toolkit in your browser. Everything runs in this page: keys, recovery phrases and passwords never leave it.
      </p>
      <search className="home-search">
        <label htmlFor={boxId}>Paste a value, or type what you need</label>
        <input
          id={boxId}
          type="search"
          autoComplete="off"
          spellCheck={false}
          translate="no"
          placeholder="0x… a transaction hash, an address, call data, a signature; or “gwei”, “keystore”"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p className="help">
          Nothing you type here leaves the page. <kbd>Ctrl</kbd>+<kbd>K</kbd> opens the same search from any page.
        </p>
      </search>

      {offers.length > 0 && (
        <section aria-labelledby="home-offers" className="home-offers">
          {/* a value that may be a private key gets no default: every offer says what it takes the value for (#35) */}
          <h2 id="home-offers">{ambiguous ? 'A hash, or a private key?' : `This looks like ${offers[0]!.what}`}</h2>
          {ambiguous && <p className="help">{AMBIGUOUS_NOTE}</p>}
          <ul className="offer-list">
            {offers.map((o, i) => (
              <li key={o.key}>
                <button type="button" className={i === 0 && !ambiguous ? 'primary' : undefined} onClick={o.go}>
                  Open in {o.toolTitle}
                </button>{' '}
                <span className="hint">
                  {i > 0 || ambiguous ? `as ${o.what}: ` : ''}
                  {o.detail}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {!filtering && (
        <section aria-labelledby="home-starts">
          <h2 id="home-starts">Start here</h2>
          <ul className="starts">
            {STARTS.map((s) => (
              <li key={s.to}>
                <Link to={`/${s.to}`} className="start">
                  <strong>{s.title}</strong>
                  <span>{s.detail}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <p className="all-tools">{filtering ? (count ? `${count} ${count === 1 ? 'tool matches' : 'tools match'}` : 'No tool matches') : 'All tools, by what they work on'}</p>
      <p role="status" className="visually-hidden">
        {filtering ? `${count} ${count === 1 ? 'tool matches' : 'tools match'}${offers.length ? `; ${offers.length} ways to open the value` : ''}` : ''}
      </p>
      <div className="tool-groups">
      {shown.map(({ c, tools }) => {
        if (tools.length === 0) return null
        const headingId = `cap-${c.id}`
        return (
          <details key={`${c.id}-${filtering}`} className="capability" open={filtering || wide}>
            <summary>
              <h2 id={headingId} className="capability-title">{c.title}</h2>
              <span className="count" aria-hidden="true">{tools.length}</span>
            </summary>
            <ul className="cards" aria-labelledby={headingId}>
              {tools.map((t) => (
                <li key={t.id}>
                  <Link to={`/${t.id}`} className="card">
                    <strong>{t.title}</strong>
                    <span>{t.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        )
      })}
      </div>
    </div>
  )
}

import { CAPABILITIES, toolsOf } from '../tools/registry'
import { Link } from './components/Link'

/** The home page: every tool, grouped by the nine capabilities. */
export function Catalogue() {
  return (
    <div className="catalogue">
      <h1>Ether Workbench</h1>
      <p className="lead">
        The Ethereum toolkit in your browser. Everything runs in this page: keys, mnemonics and passwords never
        leave it. Press <kbd>Ctrl</kbd>+<kbd>K</kbd> to find a tool.
      </p>
      {CAPABILITIES.map((c) => {
        const tools = toolsOf(c.id)
        const headingId = `cap-${c.id}`
        return (
          <section key={c.id} aria-labelledby={headingId} className="capability">
            <h2 id={headingId}>{c.title}</h2>
            {tools.length === 0 ? (
              <p className="coming">Coming soon.</p>
            ) : (
              <ul className="cards">
                {tools.map((t) => (
                  <li key={t.id}>
                    <Link to={`/${t.id}`} className="card">
                      <strong>{t.title}</strong>
                      <span>{t.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )
      })}
    </div>
  )
}

import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react'
import { findTool } from '../tools/registry'
import { Catalogue } from './Catalogue'
import { ErrorBoundary } from './components/ErrorBoundary'
import { Link } from './components/Link'
import { Palette } from './Palette'
import { useLocation } from './router'
import { applyTheme, loadTheme, type Theme } from './theme'

// A tool's page (its form, fields, runner and result view) loads with the first tool opened, not with the home page.
const ToolRoute = lazy(() => import('./ToolRoute').then((m) => ({ default: m.ToolRoute })))

const badgeModules = import.meta.glob<{ default: ComponentType }>('./connection/ConnectionBadge.tsx')
const badgeLoader = Object.values(badgeModules)[0]
const ConnectionBadge = badgeLoader ? lazy(badgeLoader) : null

const THEMES: Theme[] = ['system', 'light', 'dark']

export function App() {
  const { path } = useLocation()
  const [paletteOpen, setPaletteOpen] = useState(false)
  const [theme, setTheme] = useState<Theme>(loadTheme)
  const [menuOpen, setMenuOpen] = useState(false)

  useEffect(() => applyTheme(theme), [theme])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        setPaletteOpen(true)
      } else if (e.key === 'Escape') setPaletteOpen(false) // one press, even while the search box holds text
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const id = decodeURIComponent(path.replace(/^\/+|\/+$/g, ''))
  const entry = id ? findTool(id) : undefined
  useEffect(() => {
    if (!id) document.title = 'Ether Workbench'
    else if (!entry) document.title = 'Not found · Ether Workbench'
  }, [id, entry])

  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          <span aria-hidden="true">⟠</span> Ether Workbench
        </Link>
        <button type="button" className="search-button" onClick={() => setPaletteOpen(true)} aria-keyshortcuts="Control+K Meta+K">
          Find a tool <kbd className="shortcut">Ctrl K</kbd>
        </button>
        <button
          type="button"
          className="menu-toggle icon"
          aria-expanded={menuOpen}
          aria-controls="header-tools"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">⋯</span>
          <span className="visually-hidden">Connection and theme</span>
        </button>
        <div id="header-tools" className={`header-tools${menuOpen ? ' open' : ''}`}>
        {ConnectionBadge && (
          <ErrorBoundary area="the connection">
            <Suspense fallback={null}>
              <ConnectionBadge />
            </Suspense>
          </ErrorBoundary>
        )}
        <label className="theme-select">
          <span>Theme</span>
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
            {THEMES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {!id ? (
          <Catalogue />
        ) : entry ? (
          <ErrorBoundary area={entry.meta.title} key={entry.meta.id}>
            <Suspense fallback={<p role="status">Loading {entry.meta.title}…</p>}>
              <ToolRoute entry={entry} />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <div className="not-found">
            <h1>No tool here</h1>
            <p>
              There is no tool at “/{id}”. <Link to="/">Browse all tools</Link> or press Ctrl+K to search.
            </p>
          </div>
        )}
      </main>
      <Palette open={paletteOpen} onClose={() => setPaletteOpen(false)} />
    </>
  )
}

import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { detect, inMemoryOnly, isSecretTarget } from '../tools/detect'
import { findTool } from '../tools/registry'
import { handOff } from './handoff'
import { navigate } from './router'
import { searchTools } from './search'
import { toolHref } from './url'

interface Choice {
  key: string
  title: string
  detail: string
  go: () => void
}

/** The command palette (Ctrl/Cmd-K): find a tool by name or keyword, Enter to open it. */
export function Palette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const results = useMemo<Choice[]>(() => {
    const value = query.trim()
    const detected: Choice[] = detect(value).slice(0, 6).flatMap((sug) => {
      const entry = findTool(sug.tool)
      if (!entry) return []
      // A secret field, or a value that may be a key (32 bytes, xprv) or reveals a wallet
      // (xpub), is handed over in memory: never in the URL, whichever tool takes it.
      const memory = inMemoryOnly(sug)
      const v = sug.value ?? value
      return [{
        key: `detect-${sug.tool}`,
        title: `Open ${sug.what} in ${entry.meta.title}`,
        detail: isSecretTarget(sug)
          ? 'kept in this page only, never in the URL'
          : sug.shape === 'extended-public-key'
            ? 'kept out of the URL: an xpub is not secret, but it reveals every address of the account'
            : sug.shape
              ? 'handed over in this page only, not in the URL: the value may be a private key'
              : entry.meta.summary,
        go: () => {
          if (memory) {
            handOff(sug.tool, { [sug.field]: v, ...sug.extra })
            navigate(`/${sug.tool}${sug.extra ? toolHref(entry.meta, sug.extra).slice(sug.tool.length + 1) : ''}`)
          } else navigate(toolHref(entry.meta, { ...sug.extra, [sug.field]: v }))
        },
      }]
    })
    const named: Choice[] = (value.length <= 40 ? searchTools(query) : []).map((t) => ({ key: t.id, title: t.title, detail: t.summary, go: () => navigate(`/${t.id}`) }))
    return [...named.slice(0, detected.length ? 4 : 12), ...detected]
  }, [query])

  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) {
      setQuery('')
      setActive(0)
      d.showModal()
    } else if (!open && d.open) d.close()
  }, [open])

  const choose = (c: Choice | undefined) => {
    if (!c) return
    onClose()
    c.go()
  }

  return (
    // A dialog's close event is a task of its own: one from an earlier close can arrive after
    // the palette was opened again (Ctrl-K right after choosing), and must not close it.
    <dialog ref={ref} className="palette" aria-label="Find a tool" onClose={() => !ref.current?.open && onClose()} onCancel={onClose}>
      <input
        type="search"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-label="Find a tool"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results[active] ? `${listId}-${results[active].key}` : undefined}
        placeholder="Find a tool, or paste a value: an address, call data, a signature…"
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setActive(0)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setActive((a) => Math.min(a + 1, results.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive((a) => Math.max(a - 1, 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            choose(results[active])
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Tools">
        {results.map((c, i) => (
          <li
            key={c.key}
            id={`${listId}-${c.key}`}
            role="option"
            aria-selected={i === active}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(c)}
          >
            <strong>{c.title}</strong> <span>{c.detail}</span>
          </li>
        ))}
        {results.length === 0 && <li className="empty">No tool matches “{query}”.</li>}
      </ul>
    </dialog>
  )
}

import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { navigate } from './router'
import { searchTools } from './search'

/** The command palette (Ctrl/Cmd-K): find a tool by name or keyword, Enter to open it. */
export function Palette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const results = useMemo(() => searchTools(query), [query])

  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) {
      setQuery('')
      setActive(0)
      d.showModal()
    } else if (!open && d.open) d.close()
  }, [open])

  const choose = (id: string | undefined) => {
    if (!id) return
    onClose()
    navigate(`/${id}`)
  }

  return (
    <dialog ref={ref} className="palette" aria-label="Find a tool" onClose={onClose} onCancel={onClose}>
      <input
        type="search"
        role="combobox"
        aria-label="Find a tool"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results[active] ? `${listId}-${results[active].id}` : undefined}
        placeholder="Find a tool: keccak, checksum, gwei, decode…"
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
            choose(results[active]?.id)
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Tools">
        {results.map((t, i) => (
          <li
            key={t.id}
            id={`${listId}-${t.id}`}
            role="option"
            aria-selected={i === active}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(t.id)}
          >
            <strong>{t.title}</strong> <span>{t.summary}</span>
          </li>
        ))}
        {results.length === 0 && <li className="empty">No tool matches “{query}”.</li>}
      </ul>
    </dialog>
  )
}

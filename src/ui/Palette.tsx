import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { navigate } from './router'
import { AMBIGUOUS_NOTE, offersFor, tooLongToOffer } from './offers'
import { searchTools } from './search'

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
  // null: not moved since the query changed (the first option, unless the value may be a secret)
  const [moved, setActive] = useState<number | null>(null)
  // A hostile paste (a 10,000-word "phrase", megabytes) is answered without entering the box (#28).
  const [refused, setRefused] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const { results, ambiguous } = useMemo(() => {
    const value = query.trim()
    const offers = offersFor(value)
    const detected: Choice[] = offers
    const named: Choice[] = (value.length <= 40 ? searchTools(query) : []).map((t) => ({ key: t.id, title: t.title, detail: t.summary, go: () => navigate(`/${t.id}`) }))
    return { results: [...named.slice(0, detected.length ? 4 : 12), ...detected], ambiguous: offers.some((o) => o.ambiguous) }
  }, [query])
  // A value that may be a private key gets no default: Enter opens nothing until an option is chosen (#35)
  const active = moved ?? (ambiguous ? -1 : 0)

  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) {
      setQuery('')
      setRefused(null)
      setActive(null)
      d.showModal()
    } else if (!open && d.open) d.close()
  }, [open])

  useEffect(() => {
    const el = input.current
    if (!el) return
    // Checked before the browser takes the text: a long insertion that no tool could take stays out of the box.
    const check = (text: string | null | undefined, e: Event) => {
      if (!text || text.length < 2048) return
      const why = tooLongToOffer(text.trim())
      if (!why) return
      e.preventDefault()
      setRefused(why)
    }
    const onPaste = (e: ClipboardEvent) => check(e.clipboardData?.getData('text/plain'), e)
    const onBeforeInput = (e: InputEvent) => {
      if (e.inputType !== 'insertFromPaste') check(e.data ?? e.dataTransfer?.getData('text/plain'), e)
    }
    el.addEventListener('paste', onPaste)
    el.addEventListener('beforeinput', onBeforeInput)
    return () => {
      el.removeEventListener('paste', onPaste)
      el.removeEventListener('beforeinput', onBeforeInput)
    }
  }, [])

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
        ref={input}
        type="search"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-label="Find a tool"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results[active] ? `${listId}-${results[active].key}` : undefined}
        aria-describedby={ambiguous ? `${listId}-note` : undefined}
        placeholder="Find a tool, or paste a value: an address, call data, a signature…"
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setRefused(null)
          setActive(null)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault()
            setActive(Math.min(active + 1, results.length - 1))
          } else if (e.key === 'ArrowUp') {
            e.preventDefault()
            setActive(Math.max(active - 1, 0))
          } else if (e.key === 'Enter') {
            e.preventDefault()
            choose(results[active])
          }
        }}
      />
      {ambiguous && (
        <p id={`${listId}-note`} role="status" className="help">
          {AMBIGUOUS_NOTE}
        </p>
      )}
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
        {refused ? (
          <li className="empty">{refused}</li>
        ) : (
          results.length === 0 && <li className="empty">{tooLongToOffer(query.trim()) ?? `No tool matches “${query}”.`}</li>
        )}
      </ul>
    </dialog>
  )
}

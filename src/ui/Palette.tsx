import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { navigate } from './router'
import { offersFor, tooLongToOffer } from './offers'
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
  const [active, setActive] = useState(0)
  // A hostile paste (a 10,000-word "phrase", megabytes) is answered without entering the box (#28).
  const [refused, setRefused] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const listId = useId()
  const results = useMemo<Choice[]>(() => {
    const value = query.trim()
    const detected: Choice[] = offersFor(value)
    const named: Choice[] = (value.length <= 40 ? searchTools(query) : []).map((t) => ({ key: t.id, title: t.title, detail: t.summary, go: () => navigate(`/${t.id}`) }))
    return [...named.slice(0, detected.length ? 4 : 12), ...detected]
  }, [query])

  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) {
      setQuery('')
      setRefused(null)
      setActive(0)
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
        placeholder="Find a tool, or paste a value: an address, call data, a signature…"
        autoFocus
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setRefused(null)
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
        {refused ? (
          <li className="empty">{refused}</li>
        ) : (
          results.length === 0 && <li className="empty">{tooLongToOffer(query.trim()) ?? `No tool matches “${query}”.`}</li>
        )}
      </ul>
    </dialog>
  )
}

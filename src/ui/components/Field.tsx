import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type DragEvent, type RefObject } from 'react'
import type { BlobLike, FieldSpec } from '../../tools/types'
import { useChainPrefix } from './chainPrefix'
import { grouped } from './numbers'

export interface FieldProps {
  spec: FieldSpec
  value: string
  error?: string
  onChange: (value: string) => void
  /** For `file` fields. */
  file?: BlobLike
  onFile?: (file: File | undefined) => void
}

/** Longest value a textarea holds in full; a longer one is held in memory and the box shows its start. */
export const LARGE_TEXT = 256 * 1024
/** How much of a held value the box shows. */
export const PREVIEW_CHARS = 4096
/** An insertion this long or longer is checked against LARGE_TEXT before the browser takes it. */
const LARGE_INSERT = 16 * 1024

/**
 * A textarea's uncontrolled text and large values (see docs/ARCHITECTURE.md, Forms).
 *
 * A textarea is uncontrolled: React never writes its value (a controlled textarea also copies
 * the value into its text content, so a pasted megabyte would sit in the DOM twice and be
 * compared on every key). The box's text is written here only when it changed other than by
 * typing in this box (an example, the URL, a reset); a typed value comes back as the very
 * string read from the box, so the check is one reference comparison however long it is.
 *
 * A value over LARGE_TEXT characters is not put in the box at all: laying out a megabyte of
 * text takes the browser most of a second, which no script can split. The box shows its
 * start, read-only, with its length; "Edit in full" puts all of it in the box, on request.
 */
function useTextArea(spec: FieldSpec, value: string, full: boolean, setFull: (f: boolean) => void, type: (v: string) => void) {
  const area = useRef<HTMLTextAreaElement>(null)
  const shownInArea = useRef<string | undefined>(undefined)
  const large = spec.kind === 'textarea' && !spec.secret && value.length > (spec.holdOver ?? LARGE_TEXT) && !full
  const inBox = large ? `${value.slice(0, PREVIEW_CHARS)}…` : value
  useLayoutEffect(() => {
    const el = area.current
    if (!el || inBox === shownInArea.current) return
    shownInArea.current = inBox
    if (el.value !== inBox) el.value = inBox
  }, [inBox])
  // A large insertion (a paste, a drop, text put in by a tool) is taken before the browser lays
  // it out in the box: the value goes to the form, and the box shows its start.
  const latest = useRef({ type, setFull, full })
  latest.current = { type, setFull, full }
  useEffect(() => {
    const el = area.current
    if (!el || spec.secret) return
    let pending: ReturnType<typeof setTimeout> | undefined
    // The value goes to the form in a task of its own: reading a megabyte from the clipboard
    // (~13 ms) and drawing the page with it then never add up in one task.
    const hand = (next: string) => {
      clearTimeout(pending)
      pending = setTimeout(() => {
        latest.current.setFull(false)
        latest.current.type(next)
      }, 0)
    }
    const take = (text: string | null | undefined, e: Event) => {
      if (!text || text.length < Math.min(LARGE_INSERT, spec.holdOver ?? LARGE_TEXT)) return
      const before = el.value
      // Into an empty box (the usual case) the pasted string itself is the value: not a concatenation to flatten later.
      const next = before ? before.slice(0, el.selectionStart) + text + before.slice(el.selectionEnd) : text
      if (next.length <= (spec.holdOver ?? LARGE_TEXT)) return
      e.preventDefault()
      hand(next)
    }
    const onPaste = (e: ClipboardEvent) => take(e.clipboardData?.getData('text/plain'), e)
    const onBeforeInput = (e: InputEvent) => {
      if (e.inputType === 'insertFromPaste') return // taken as a paste above, when large
      take(e.data ?? e.dataTransfer?.getData('text/plain'), e)
    }
    // A large value that reached the box in one input event all the same (set by an extension
    // or a script, not typed): the box shows its start at once, before anything else sees the
    // event, and the value goes on as a paste's does. Typing into a value shown in full is left alone.
    const onInput = (e: Event) => {
      if (latest.current.full || el.value.length <= (spec.holdOver ?? LARGE_TEXT)) return
      const next = el.value
      e.stopImmediatePropagation()
      el.value = `${next.slice(0, PREVIEW_CHARS)}…`
      hand(next)
    }
    // A text file dropped on the box: its text is the value (a large one held as a paste's is).
    const onDrop = (e: globalThis.DragEvent) => {
      const file = e.dataTransfer?.files[0]
      if (!file || (e.dataTransfer?.types.includes('text/plain') ?? false)) return
      e.preventDefault()
      void file.text().then((text) => {
        if (text.length > (spec.holdOver ?? LARGE_TEXT)) return hand(text)
        latest.current.setFull(false)
        latest.current.type(text)
      })
    }
    el.addEventListener('paste', onPaste)
    el.addEventListener('beforeinput', onBeforeInput)
    el.addEventListener('input', onInput)
    const onDragOver = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault()
    }
    el.addEventListener('drop', onDrop)
    el.addEventListener('dragover', onDragOver)
    return () => {
      el.removeEventListener('dragover', onDragOver)
      el.removeEventListener('paste', onPaste)
      el.removeEventListener('beforeinput', onBeforeInput)
      el.removeEventListener('input', onInput)
      el.removeEventListener('drop', onDrop)
      clearTimeout(pending)
    }
  }, [spec.secret, spec.kind, spec.holdOver])
  /** A value typed into the box: remembered as what the box shows, then passed on. */
  const typed = (v: string) => {
    shownInArea.current = v
    type(v)
  }
  return { area, large, typed }
}

/** The longest text a secret field takes unless its spec says otherwise: a keystore is a few KB; keys, phrases and passwords far less. */
export const SECRET_MAX_CHARS = 64 * 1024

/**
 * A hostile paste into a secret field (a 2 MB "keystore", a 10,000-word "phrase") is refused by
 * its size before the browser lays it out or anything parses it (#28): the box keeps what it
 * had, and the field says why.
 */
function useSecretBound(ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>, spec: FieldSpec, refuse: (message: string) => void) {
  const latest = useRef(refuse)
  latest.current = refuse
  useEffect(() => {
    const el = ref.current
    if (!el || !spec.secret) return
    const max = spec.maxChars ?? SECRET_MAX_CHARS
    const check = (text: string | null | undefined, e: Event) => {
      if (!text) return
      const kept = el.value.length - Math.abs((el.selectionEnd ?? 0) - (el.selectionStart ?? 0))
      if (kept + text.length <= max) return
      e.preventDefault()
      latest.current(`This paste is ${grouped(text.length)} characters; ${spec.label} takes at most ${grouped(max)}. Nothing was put in the box.`)
    }
    const onPaste = (e: ClipboardEvent) => check(e.clipboardData?.getData('text/plain'), e)
    const onBeforeInput = (e: InputEvent) => {
      if (e.inputType !== 'insertFromPaste') check(e.data ?? e.dataTransfer?.getData('text/plain'), e)
    }
    const box = el as HTMLElement
    box.addEventListener('paste', onPaste)
    box.addEventListener('beforeinput', onBeforeInput)
    return () => {
      box.removeEventListener('paste', onPaste)
      box.removeEventListener('beforeinput', onBeforeInput)
    }
  }, [ref, spec.secret, spec.maxChars, spec.label])
}

/** A file field: a file input in a drop zone, with the chosen file's name and size, and Clear. */
function FileControl({ common, file, onFile }: { common: { id: string } & Record<string, unknown>; file: BlobLike | undefined; onFile: FieldProps['onFile'] }) {
  const [over, setOver] = useState(false)
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    const f = e.dataTransfer.files[0]
    if (f) onFile?.(f)
  }
  return (
    <div
      className={`dropzone${over ? ' over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      {/* The browser's own file button (and its second copy of the name) stays hidden; the
          input keeps the focus and the keyboard (Enter or Space opens the picker), the styled
          label below is what a person sees and clicks. */}
      <input {...common} className="visually-hidden" type="file" onChange={(e) => onFile?.(e.target.files?.[0])} />
      <label htmlFor={common.id} className="file-pick" aria-hidden="true">
        {file ? 'Choose another file' : 'Choose a file'}
      </label>
      <span className="hint">{file ? `${file.name ?? 'file'}: ${grouped(file.size)} byte${file.size === 1 ? '' : 's'}` : 'or drop one here'}</span>
      {file && (
        <button type="button" onClick={() => onFile?.(undefined)}>
          Clear file
        </button>
      )}
    </div>
  )
}

/** The show/hide button of a secret text field. */
function RevealButton({ label, shown, toggle }: { label: string; shown: boolean; toggle: () => void }) {
  const text = shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`
  return (
    <button type="button" className="reveal icon" aria-pressed={shown} title={text} onClick={toggle}>
      <EyeIcon crossed={shown} />
      <span className="visually-hidden">{text}</span>
    </button>
  )
}

/**
 * One labelled input with its help text and its error, for any field kind. Drawn again only
 * when one of its props changed (FieldList gives each field callbacks that never change).
 */
export const Field = memo(function Field({ spec, value, error, onChange, file, onFile }: FieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errId = `${id}-err`
  const [shown, setShown] = useState(false)
  const [full, setFull] = useState(false)
  // A revealed secret is hidden again when its value changes other than by typing here
  // (an example, the keyring, a reset): a new secret is never shown unasked.
  const typedValue = useRef(value)
  useEffect(() => {
    if (value !== typedValue.current) {
      setShown(false)
      setFull(false)
    }
    typedValue.current = value
  }, [value])
  const type = (v: string) => {
    typedValue.current = v
    onChange(v)
  }
  const { area, large, typed } = useTextArea(spec, value, full, setFull, type)
  const input = useRef<HTMLInputElement>(null)
  const [refused, setRefused] = useState('')
  useEffect(() => setRefused(''), [value])
  useSecretBound(spec.kind === 'textarea' ? area : input, spec, setRefused)
  const prefix = useChainPrefix(spec.address ?? false, value, onChange)
  error = refused || prefix.error || error
  const largeId = `${id}-large`
  const describedBy = [spec.help ? helpId : '', large ? largeId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const
  const secretProps = spec.secret
    ? // translate="no": a browser's page translation would send the text to a translation service (#28).
      { autoComplete: 'off', spellCheck: false, autoCorrect: 'off', autoCapitalize: 'off', translate: 'no' as const, 'data-1p-ignore': true, 'data-lpignore': 'true' }
    : // autoComplete="off": the browser keeps no copy of the text for the session history (it
      // would serialize the box's text, a megabyte of call data, on every change of the URL).
      { spellCheck: false, ...(spec.kind === 'textarea' ? { autoComplete: 'off' } : {}) }

  let control
  if (spec.kind === 'select') {
    control = (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        {spec.options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  } else if (spec.kind === 'checkbox') {
    control = <input {...common} type="checkbox" checked={value === 'true'} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />
  } else if (spec.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        {...secretProps}
        className={spec.secret && !shown ? 'masked' : undefined}
        rows={spec.secret ? 3 : 5}
        placeholder={spec.placeholder}
        ref={area}
        readOnly={large}
        data-held={large ? value.length : undefined}
        onChange={(e) => {
          if (!large) typed(e.target.value)
        }}
      />
    )
  } else if (spec.kind === 'file') {
    control = <FileControl common={common} file={file} onFile={onFile} />
  } else {
    control = (
      <input
        {...common}
        {...secretProps}
        ref={input}
        type={spec.secret && !shown ? 'password' : 'text'}
        inputMode={spec.inputMode}
        placeholder={spec.placeholder}
        value={value}
        onChange={(e) => type(e.target.value)}
      />
    )
  }

  return (
    <div className={`field field-${spec.kind}${error ? ' has-error' : ''}`}>
      {spec.kind === 'checkbox' ? (
        <label htmlFor={id} className="checkbox-label">
          {control} {spec.label}
        </label>
      ) : (
        <>
          <label htmlFor={id}>{spec.label}</label>
          <div className="control-row">
            {control}
            {spec.secret && (spec.kind === 'text' || spec.kind === 'textarea') && <RevealButton label={spec.label} shown={shown} toggle={() => setShown((s) => !s)} />}
          </div>
        </>
      )}
      {large && (
        <p id={largeId} className="hint held" role="note">
          {grouped(value.length)} characters, held in this page's memory; the box shows the first {grouped(PREVIEW_CHARS)}.{' '}
          <button type="button" onClick={() => setFull(true)}>
            Edit in full
          </button>{' '}
          <button type="button" onClick={() => onChange('')}>
            Clear
          </button>
        </p>
      )}
      {spec.help && (
        <p id={helpId} className="help">
          {spec.help}
        </p>
      )}
      {prefix.note && !error && (
        <p className="help" role="status">
          {prefix.note}
        </p>
      )}
      {error && (
        <p id={errId} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
})

/** An eye (show) or a crossed-out eye (hide), drawn in the text colour. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  )
}

import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import type { BlobLike, FieldSpec } from '../../tools/types'

export interface FieldProps {
  spec: FieldSpec
  value: string
  error?: string
  onChange: (value: string) => void
  /** For `file` fields. */
  file?: BlobLike
  onFile?: (file: File | undefined) => void
}

/** One labelled input with its help text and its error, for any field kind. */
export function Field({ spec, value, error, onChange, file, onFile }: FieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errId = `${id}-err`
  const [shown, setShown] = useState(false)
  // A revealed secret is hidden again when its value changes other than by typing here
  // (an example, the keyring, a reset): a new secret is never shown unasked.
  const typed = useRef(value)
  useEffect(() => {
    if (value !== typed.current) setShown(false)
    typed.current = value
  }, [value])
  const type = (v: string) => {
    typed.current = v
    onChange(v)
  }
  const [over, setOver] = useState(false)
  const describedBy = [spec.help ? helpId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: spec.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const
  const secretProps = spec.secret
    ? { autoComplete: 'off', spellCheck: false, autoCorrect: 'off', autoCapitalize: 'off', 'data-1p-ignore': true, 'data-lpignore': 'true' }
    : { spellCheck: false }

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
        value={value}
        onChange={(e) => type(e.target.value)}
      />
    )
  } else if (spec.kind === 'file') {
    const onDrop = (e: DragEvent) => {
      e.preventDefault()
      setOver(false)
      const f = e.dataTransfer.files[0]
      if (f) onFile?.(f)
    }
    control = (
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <input {...common} type="file" onChange={(e) => onFile?.(e.target.files?.[0])} />
        <span className="hint">
          {file ? `${file.name ?? 'file'}: ${file.size.toLocaleString('en-US')} byte${file.size === 1 ? '' : 's'}` : 'or drop a file here'}
        </span>
        {file && (
          <button type="button" onClick={() => onFile?.(undefined)}>
            Clear file
          </button>
        )}
      </div>
    )
  } else {
    control = (
      <input
        {...common}
        {...secretProps}
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
            {spec.secret && (spec.kind === 'text' || spec.kind === 'textarea') && (
              <button
                type="button"
                className="reveal icon"
                aria-pressed={shown}
                title={shown ? `Hide ${spec.label.toLowerCase()}` : `Show ${spec.label.toLowerCase()}`}
                onClick={() => setShown((s) => !s)}
              >
                <EyeIcon crossed={shown} />
                <span className="visually-hidden">{shown ? `Hide ${spec.label.toLowerCase()}` : `Show ${spec.label.toLowerCase()}`}</span>
              </button>
            )}
          </div>
        </>
      )}
      {spec.help && (
        <p id={helpId} className="help">
          {spec.help}
        </p>
      )}
      {error && (
        <p id={errId} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

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

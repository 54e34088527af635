import { useEffect, useState } from 'react'
import { AlertIcon, CheckIcon, CopyIcon } from './icons'

/**
 * An icon button that copies `value` to the clipboard; its accessible name is "Copy <label>",
 * and for a moment it shows (and announces) "Copied" or "Copy failed". With nothing to copy (an
 * empty value: a box not filled yet) it is disabled and says so, rather than copying nothing.
 */
export function CopyButton({ value, label, text }: { value: string; label: string; /** Visible words beside the icon (which form it copies: `oeth:`), when a row has more than one copy. */ text?: string }) {
  const [copied, setCopied] = useState<'ok' | 'fail' | null>(null)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(null), 1500)
    return () => clearTimeout(t)
  }, [copied])
  const empty = value === ''
  return (
    <button
      type="button"
      className={`copy icon-button${copied ? ` copy-${copied}` : ''}`}
      aria-label={`Copy ${label}`}
      title={empty ? `Nothing to copy: ${label} is empty` : `Copy ${label}`}
      disabled={empty}
      onClick={() => {
        if (!navigator.clipboard) return setCopied('fail')
        navigator.clipboard.writeText(value).then(
          () => setCopied('ok'),
          () => setCopied('fail'),
        )
      }}
    >
      {copied === 'ok' ? <CheckIcon /> : copied === 'fail' ? <AlertIcon /> : <CopyIcon />}
      {text && !copied && <span aria-hidden="true">{text}</span>}
      <span className="copy-state" aria-live="polite">
        {copied === 'ok' ? 'Copied' : copied === 'fail' ? 'Copy failed' : ''}
      </span>
    </button>
  )
}

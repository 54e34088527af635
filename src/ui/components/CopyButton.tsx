import { useEffect, useState } from 'react'
import { AlertIcon, CheckIcon, CopyIcon } from './icons'

/**
 * An icon button that copies `value` to the clipboard; its accessible name is "Copy <label>",
 * and for a moment it shows (and announces) "Copied" or "Copy failed".
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState<'ok' | 'fail' | null>(null)
  useEffect(() => {
    if (!copied) return
    const t = setTimeout(() => setCopied(null), 1500)
    return () => clearTimeout(t)
  }, [copied])
  return (
    <button
      type="button"
      className={`copy icon-button${copied ? ` copy-${copied}` : ''}`}
      aria-label={`Copy ${label}`}
      title={`Copy ${label}`}
      onClick={() => {
        if (!navigator.clipboard) return setCopied('fail')
        navigator.clipboard.writeText(value).then(
          () => setCopied('ok'),
          () => setCopied('fail'),
        )
      }}
    >
      {copied === 'ok' ? <CheckIcon /> : copied === 'fail' ? <AlertIcon /> : <CopyIcon />}
      <span className="copy-state" aria-live="polite">
        {copied === 'ok' ? 'Copied' : copied === 'fail' ? 'Copy failed' : ''}
      </span>
    </button>
  )
}

import { useEffect, useState } from 'react'

/** Copies `value` to the clipboard; says "Copied" for a moment. */
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
      className="copy"
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
      {copied === 'ok' ? 'Copied' : copied === 'fail' ? 'Copy failed' : 'Copy'}
    </button>
  )
}

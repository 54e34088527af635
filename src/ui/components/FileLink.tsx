import { useEffect, useState, type ReactNode } from 'react'

/**
 * A download of text the page made (a profile, a CSV): a link to an object URL made while the
 * link is shown and revoked when it goes or the text changes. Nothing is uploaded.
 */
export function FileLink({ text, type, name, className = 'button', children }: { text: string | undefined; type: string; name: string; className?: string; children: ReactNode }) {
  const [href, setHref] = useState<string>()
  useEffect(() => {
    if (text === undefined) return setHref(undefined)
    const url = URL.createObjectURL(new Blob([text], { type }))
    setHref(url)
    return () => URL.revokeObjectURL(url)
  }, [text, type])
  if (!href) return null
  return (
    <a className={className} href={href} download={name}>
      {children}
    </a>
  )
}

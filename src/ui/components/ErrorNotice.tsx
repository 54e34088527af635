/**
 * The one error box of the app (a page kit part, re-exported by RunParts.tsx): in a file of its
 * own so the connection badge, on every screen, draws it without loading the rest of the kit.
 */
import type { ReactNode } from 'react'
import type { ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'

/**
 * An error that belongs to no single field: its message and hints; a cancelled run reads as
 * information. `lead` goes before the message ("Capsule refused"), `tone` 'warn' for a failure
 * the rest of the page does not depend on, `children` after the hints.
 */
export function ErrorNotice({ error, className, lead, tone, children }: { error: ErrorInfo | undefined; className?: string; lead?: string; tone?: 'error' | 'warn'; children?: ReactNode }) {
  if (!error) return null
  const kind = Outcome.isCancelled(error) ? 'info' : (tone ?? 'error')
  return (
    <div className={`notice notice-${kind}${className ? ` ${className}` : ''}`} role={kind === 'warn' ? 'note' : 'alert'}>
      <strong>
        {lead ? `${lead}: ` : ''}
        {error.message}
      </strong>
      {error.hints.map((h) => (
        <p key={h}>{h}</p>
      ))}
      {children}
    </div>
  )
}

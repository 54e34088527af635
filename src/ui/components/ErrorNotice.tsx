/**
 * The one error box of the app (a page kit part, re-exported by RunParts.tsx): in a file of its
 * own so the connection badge, on every screen, draws it without loading the rest of the kit.
 */
import type { ErrorInfo } from '../../core/Errors'
import * as Outcome from '../../core/Outcome'

/** An error that belongs to no single field: its message and hints; a cancelled run reads as information. */
export function ErrorNotice({ error, className }: { error: ErrorInfo | undefined; className?: string }) {
  if (!error) return null
  return (
    <div className={`notice ${Outcome.isCancelled(error) ? 'notice-info' : 'notice-error'}${className ? ` ${className}` : ''}`} role="alert">
      <strong>{error.message}</strong>
      {error.hints.map((h) => (
        <p key={h}>{h}</p>
      ))}
    </div>
  )
}

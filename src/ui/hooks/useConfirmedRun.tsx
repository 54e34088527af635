/**
 * The submit of a page that either checks one value at once or starts a long search (the
 * vanity and create2-salt pages): parse the raw values (field errors at the fields), run a
 * "check" in place (an error it throws goes to its field), and before a search that is
 * expected to take more than a day on this device, ask once to confirm ("Start anyway").
 * Any change of the values withdraws the question.
 */
import { useEffect, useState, type FormEvent, type ReactNode, type SyntheticEvent } from 'react'
import * as Vanity from '../../core/Vanity'
import type { RawInput, Tool, ToolResult } from '../../tools/types'

/** How many workers a search starts: one per core, between 1 and 32. */
export function searchCores(): number {
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
}

export interface ConfirmedRunOptions<I> {
  tool: Tool<any>
  /** The visible raw values, as `parse` is to see them. */
  raw: RawInput
  /** The page's values: a change withdraws a pending confirmation. */
  values: RawInput
  /** Whether the parsed input asks for the quick check (run in place) rather than a search. */
  isCheck: (input: I) => boolean
  /** The field a check's thrown error belongs to when the error names none. */
  checkField: string
  /** Expected attempts of the search the input asks for. */
  attempts: (input: I) => number
  /** Candidates per second the whole device is expected to try (all workers). */
  rate: number
  /** Starts the search (after confirmation where it is long). */
  start: (input: I) => void
}

export interface ConfirmedRun {
  errors: Record<string, string>
  /** The result of the last check, until the next submit. */
  checked: ToolResult | null
  onSubmit: (e?: SyntheticEvent) => void
  /** The "more than a day: start anyway?" question while it is asked, else null. */
  confirmation: ReactNode
}

export function useConfirmedRun<I>({ tool, raw, values, isCheck, checkField, attempts, rate, start }: ConfirmedRunOptions<I>): ConfirmedRun {
  const [errors, setErrors] = useState<Record<string, string>>({})
  /** The expected attempts of the search waiting for confirmation, or null when none is. */
  const [confirming, setConfirming] = useState<number | null>(null)
  const [checked, setChecked] = useState<ToolResult | null>(null)

  useEffect(() => setConfirming(null), [values])

  const onSubmit = (e?: SyntheticEvent | FormEvent) => {
    e?.preventDefault()
    setChecked(null)
    const p = tool.parse(raw)
    if (!p.ok) {
      setErrors(p.errors)
      return
    }
    setErrors({})
    const input = p.value as I
    if (isCheck(input)) {
      try {
        setChecked(tool.run(input, { signal: { aborted: false }, progress: () => {} }) as ToolResult)
      } catch (err) {
        const field = (err as { field?: string }).field ?? checkField
        setErrors({ [field]: (err as { shortMessage?: string }).shortMessage ?? String(err) })
      }
      return
    }
    const n = attempts(input)
    if (confirming === null && Vanity.needsConfirmation(n, rate)) {
      setConfirming(n)
      return
    }
    setConfirming(null)
    start(input)
  }

  const confirmation =
    confirming === null ? null : (
      <div className="notice notice-warn" role="alert">
        <strong>This is expected to take {Vanity.formatDuration(Vanity.expectedSeconds(confirming, rate))} on this device (more than a day).</strong>
        <p>A shorter pattern is 16 times faster per hex digit left out. Start anyway?</p>
        <button type="button" onClick={onSubmit}>
          Start anyway
        </button>
      </div>
    )

  return { errors, checked, onSubmit, confirmation }
}

/**
 * The form and submit of a page that either checks one value at once or starts a long search
 * (the vanity and create2-salt pages): parse the raw values (field errors at the fields), run a
 * "check" in place (an error it throws goes to its field), and before a search that is
 * expected to take more than a day on this device, ask once to confirm ("Start anyway").
 * Any change of the values withdraws the question.
 */
import { useEffect, useState, type FormEvent, type ReactNode, type SyntheticEvent } from 'react'
import * as Vanity from '../../core/address/Vanity'
import type { RawInput, Tool, ToolMeta, ToolResult } from '../../tools/types'
import { FieldList } from '../components/ToolForm'

/** How many workers a search starts: one per core, between 1 and 32. */
export function searchCores(): number {
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
}

/** The page: its tool, its values, and where it stands. */
export interface ConfirmedRunPage {
  meta: ToolMeta
  tool: Tool<any>
  /** The page's values: a change withdraws a pending confirmation. */
  values: RawInput
  setValues: (patch: RawInput) => void
  /** The visible raw values, as `parse` is to see them (`action` 'check' runs in place; anything else searches). */
  raw: RawInput
  /** While a search runs or is paused: the submit button is disabled. */
  busy: boolean
}

/** What a check and a search of this page need. */
export interface ConfirmedRunSearch<I> {
  /** The field a check's thrown error belongs to when the error names none. */
  checkField: string
  /** Candidates per second the whole device is expected to try (all workers). */
  rate: number
  /** Expected attempts of the search the input asks for. */
  attempts: (input: I) => number
  /** Starts the search (after confirmation where it is long). */
  start: (input: I) => void
}

export interface ConfirmedRun {
  /** The form: every visible field with its error, and the Check or Search button. */
  form: ReactNode
  /** The result of the last check, until the next submit. */
  checked: ToolResult | null
  /** The "more than a day: start anyway?" question while it is asked, else null. */
  confirmation: ReactNode
}

export function useConfirmedRun<I extends { action: string }>(
  { meta, tool, values, setValues, raw, busy }: ConfirmedRunPage,
  { checkField, rate, attempts, start }: ConfirmedRunSearch<I>,
): ConfirmedRun {
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
    if (input.action === 'check') {
      try {
        setChecked(tool.run(input, { signal: new AbortController().signal, progress: () => {} }) as ToolResult)
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

  const form = (
    <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
      <FieldList fields={meta.fields} values={values} errors={errors} setValues={setValues} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {raw.action === 'check' ? 'Check' : 'Search'}
        </button>
      </div>
    </form>
  )

  return { form, checked, confirmation }
}

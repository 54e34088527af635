/**
 * The question a long search asks first (the vanity and create2-salt pages): before a search
 * that is expected to take more than a day on this device, ask once to confirm ("Start
 * anyway"); asked again (the person presses Search a second time), it starts. Any change of the
 * values withdraws the question. The form, its field errors and the "check" action are the page
 * kit's (`useToolPage`, `RunForm`, `page.act('check')`).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import * as Vanity from '../../core/address/Vanity'
import type { ErrorInfo } from '../../core/Errors'
import { withDefaults } from '../../tools/define'
import type { RawInput, Tool, ToolAction, ToolResult } from '../../tools/types'
import type { ToolPage } from './useToolPage'

/** How many workers a search starts: one per core, between 1 and 32. */
export function searchCores(): number {
  return Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
}

export interface ConfirmedRun {
  /** Starts `start` at once, or first asks when `attempts` at `rate` takes more than a day (asked already: starts). */
  ask: (attempts: number, start: () => void) => void
  /** The "more than a day: start anyway?" question while it is asked, else null. */
  confirmation: ReactNode
}

/**
 * `values`: the page's values (a change withdraws the question); `rate`: candidates per second
 * the whole device is expected to try (all workers).
 */
export function useConfirmedRun(values: RawInput, rate: number): ConfirmedRun {
  /** The search waiting for confirmation (its expected attempts and its start), or null when none is. */
  const [pending, setPending] = useState<{ attempts: number; start: () => void } | null>(null)

  useEffect(() => setPending(null), [values])

  const ask = (attempts: number, start: () => void) => {
    if (pending === null && Vanity.needsConfirmation(attempts, rate)) {
      setPending({ attempts, start })
      return
    }
    setPending(null)
    start()
  }

  const confirmation =
    pending === null ? null : (
      <div className="notice notice-warn" role="alert">
        <strong>This is expected to take {Vanity.formatDuration(Vanity.expectedSeconds(pending.attempts, rate))} on this device (more than a day).</strong>
        <p>A shorter pattern is 16 times faster per hex digit left out. Start anyway?</p>
        <button
          type="button"
          onClick={() => {
            setPending(null)
            pending.start()
          }}
        >
          Start anyway
        </button>
      </div>
    )

  return { ask, confirmation }
}

/** A search page's tool: its run gives a plan (`kind: 'plan'`) or a check; its `check` action checks one value. */
type SearchTool<D> = Tool<any, D, { check: ToolAction<any, D> }>

export interface SearchSubmit {
  /** The form's submit: Check runs the `check` action; Search runs the tool, whose plan starts the search. */
  onSubmit: () => void
  /** The submit button's label. */
  submitLabel: 'Check' | 'Search'
  /** The question asked before a long search, else null. */
  confirmation: ReactNode
  /** The check's result: the action's, or a check the runner ran for "Try an example" while it is current. */
  checked: ToolResult | undefined
  /** Why the check failed, when no field names it. */
  checkError: ErrorInfo | undefined
}

/**
 * The submit of a search page (vanity, create2-salt) on the page kit: Search runs the tool (its
 * parse puts errors at the fields), and once that run settles with its plan, `search` gives the
 * search's expected attempts and its start, started at once or after asking (past a day at
 * `rate`). An example's run (not pressed) starts nothing. Check runs the tool's `check` action.
 */
export function useSearchSubmit<D extends { kind: string }>(
  page: ToolPage<SearchTool<D>>,
  rate: number,
  search: (data: D, raw: RawInput) => { attempts: number; start: () => void } | undefined,
): SearchSubmit {
  const { meta, values } = page
  const { ask, confirmation } = useConfirmedRun(values, rate)
  const checking = (values.action ?? 'mine') === 'check'
  const pressed = useRef(false)
  useEffect(() => {
    if (!pressed.current || page.state.status === 'running') return
    pressed.current = false
    const data = page.view.data
    const s = page.state.status === 'done' && data ? search(data, withDefaults(meta, values)) : undefined
    if (s) ask(s.attempts, s.start)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per settled run
  }, [page.state])
  const onSubmit = () => {
    if (checking) return void page.act('check')
    pressed.current = true
    void page.run()
  }
  const check = page.actions.check
  const checked = check.result ?? (!page.view.stale && page.view.data?.kind === 'check' ? page.view.result : undefined)
  return { onSubmit, submitLabel: checking ? 'Check' : 'Search', confirmation, checked, checkError: check.error }
}

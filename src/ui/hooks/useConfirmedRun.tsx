/**
 * The question a long search asks first (the vanity and create2-salt pages): before a search
 * that is expected to take more than a day on this device, ask once to confirm ("Start
 * anyway"); asked again (the person presses Search a second time), it starts. Any change of the
 * values withdraws the question. The form, its field errors and the "check" action are the page
 * kit's (`useToolPage`, `RunForm`, `page.act('check')`).
 */
import { useEffect, useState, type ReactNode } from 'react'
import * as Vanity from '../../core/address/Vanity'
import type { RawInput } from '../../tools/types'

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

import * as Vanity from '../../core/address/Vanity'
import type { VanityState } from '../hooks/useVanitySearch'

/** The estimate shown before a vanity search starts: attempts, and time on this device's cores. */
export function VanityEstimate({ pattern, ratePerCore, measured, unit }: { pattern: Vanity.Pattern; ratePerCore: number; measured: boolean; unit: string }) {
  const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
  const rate = ratePerCore * cores
  return (
    <section className="result" aria-label="Estimate">
      <dl className="section">
        <div className="row">
          <dt>Pattern</dt>
          <dd>{pattern.summary}</dd>
        </div>
        <div className="row">
          <dt>Expected attempts</dt>
          <dd>
            <output aria-label="Expected attempts">{Vanity.formatCount(pattern.attempts)}</output>
            {pattern.caseLetters > 0 && <small className="note">Includes ×{2 ** pattern.caseLetters} for {pattern.caseLetters} letters whose case must match.</small>}
          </dd>
        </div>
        <div className="row">
          <dt>Expected time</dt>
          <dd>
            <output aria-label="Expected time">{Vanity.formatDuration(Vanity.expectedSeconds(pattern.attempts, rate))}</output>
            <small className="note">
              On {cores} {cores === 1 ? 'core' : 'cores'} at {Vanity.formatCount(ratePerCore)} {unit} per second each ({measured ? 'measured on this device' : 'measured on a reference machine; a run measures yours'}). Half of all searches finish{' '}
              {Vanity.formatWithin(Vanity.secondsForChance(pattern.attempts, rate, 0.5))}, nine in ten {Vanity.formatWithin(Vanity.secondsForChance(pattern.attempts, rate, 0.9))}.
            </small>
          </dd>
        </div>
      </dl>
    </section>
  )
}

/** Live state of a running vanity search, with pause, resume and cancel. */
export function VanityPanel({ state, expected, unit, onPause, onResume, onCancel }: { state: VanityState; expected: number; unit: string; onPause: () => void; onResume: () => void; onCancel: () => void }) {
  if (state.status !== 'running' && state.status !== 'paused') return null
  const chance = 1 - Math.exp(-state.attempts / expected)
  const pct = Math.floor(chance * 100)
  // Once one is found, the odds of having found one are moot: the search says what it took.
  const found = state.status === 'paused' && (state.pausedFor === 'found' || state.pausedFor === 'goal')
  return (
    <div className="progress" role="status" aria-label="Search progress">
      {!found && (
        <progress max={100} value={pct} aria-label="Chance to have found one by now">
          {pct}%
        </progress>
      )}
      <span>
        {state.status === 'paused' ? (state.pausedFor === 'found' ? 'Found a match; the search is paused. ' : state.pausedFor === 'goal' ? 'Goal reached; the search is paused. ' : 'Paused. ') : 'Searching… '}
        <output aria-label="Attempts">{Vanity.formatCount(state.attempts)}</output> {unit} tried on {state.workers} {state.workers === 1 ? 'core' : 'cores'}
        {state.rate > 0 && (
          <>
            {' '}at <output aria-label="Rate">{Vanity.formatCount(state.rate)}</output>/s
          </>
        )}
         in {Vanity.formatDuration(state.seconds)}
        {found ? ` (${(state.attempts / expected).toFixed(2)} times the expected number).` : `; ${pct}% chance to have found one by now.`}
      </span>
      {state.status === 'running' ? (
        <button type="button" onClick={onPause}>
          Pause
        </button>
      ) : (
        <button type="button" onClick={onResume}>
          Resume
        </button>
      )}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {state.rejected > 0 && (
        <p className="notice notice-error" role="alert">
          {state.rejected} candidates from the fast search failed verification with the audited library and were discarded. Please report this.
        </p>
      )}
    </div>
  )
}

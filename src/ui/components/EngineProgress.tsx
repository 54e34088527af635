import type { SimulationState } from '../hooks/simulation'

/** A simulation engine's run going on: what it does, the node round trips and requests so far, and Cancel. */
export function EngineProgress({ doing, state, onCancel }: { doing: string; state: SimulationState<unknown>; onCancel: () => void }) {
  const trips = state.kind === 'running' ? state : { roundTrips: 0, requests: 0 }
  return (
    <div className="progress" role="status">
      <progress aria-label="Progress" />
      <span>
        {doing}
        {/* the engine done, the page still working on its answer (naming it): no round trips to count */}
        {state.kind !== 'done' && ` ${trips.roundTrips} node round trip${trips.roundTrips === 1 ? '' : 's'}, ${trips.requests} requests`}
      </span>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  )
}

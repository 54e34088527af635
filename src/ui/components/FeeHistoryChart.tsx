/**
 * Recent blocks' fees from the node, as a chart: reads `eth_feeHistory` (core/chain/FeeHistory, one
 * request) and draws it with FeeChart (d3). Import this file lazily, so that d3 and the fee
 * reading load only where the chart is drawn — for wherever fees are chosen:
 *
 * ```tsx
 * const FeeHistoryChart = lazy(() => import('../../components/FeeHistoryChart'))
 * <Suspense fallback={null}><FeeHistoryChart rpc={getProvider().rpc} blocks={20} /></Suspense>
 * ```
 */
import { useEffect, useState } from 'react'
import * as FeeHistory from '../../core/chain/FeeHistory'
import type * as Rpc from '../../core/chain/Rpc'
import FeeChart from './FeeChart'

type State = { kind: 'loading' } | { kind: 'done'; history: FeeHistory.History } | { kind: 'failed'; message: string }

export default function FeeHistoryChart({ rpc, newest = 'latest', blocks = FeeHistory.DEFAULT_BLOCKS, title }: { rpc: Rpc.Eip1193Like | undefined; newest?: Rpc.BlockTag | bigint; blocks?: number; title?: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' })
  const key = String(newest)
  useEffect(() => {
    let live = true
    setState({ kind: 'loading' })
    FeeHistory.read(rpc, { blocks, newest }).then(
      (history) => live && setState({ kind: 'done', history }),
      (e: unknown) => live && setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `newest` is compared by its text (a bigint is a new value each render)
  }, [rpc, key, blocks])
  if (state.kind === 'loading') return <p className="hint">Reading recent fees from the node…</p>
  if (state.kind === 'failed') return <p className="hint">The node did not give its fee history ({state.message}).</p>
  return <FeeChart history={state.history} {...(title ? { title } : {})} />
}

/**
 * Broadcast a signed transaction: the hash (known from the bytes) is shown as soon as it is
 * sent, before any waiting; the wait for the receipt can be stopped ("stopped waiting; the
 * node holds 0x…"), which stops waiting, not knowing. Nothing here ever sends twice.
 *
 * The tool's own run does it all (src/tools/broadcast): it streams the sent transaction and the
 * state of its wait (`ctx.stream`) and ends with the receipt; "Stop waiting" cancels the run,
 * whose last streamed result stays, its wait said stopped.
 */
import { useState } from 'react'
import type tool from '../../../tools/broadcast'
import type { ToolResult } from '../../../tools/types'
import { ErrorNotice, RunForm, useToolPage, type ToolPageProps } from '../../components'
import { SentView } from '../../components/SentTransaction'

export default function BroadcastPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const { state, view } = page
  // "Broadcast another": the result shown last, put away until the next broadcast.
  const [dismissed, setDismissed] = useState<ToolResult | undefined>()
  const running = state.status === 'running'
  const result = view.result !== dismissed ? view.result : undefined
  // A run that ended while it waited was stopped (cancelled): its last notes give way to that.
  const stopped = !running && !!view.data?.waiting
  const shown = result && stopped && view.data ? { ...result, notes: [...(result.notes ?? []).filter((n) => n.tone === 'error'), { tone: 'warn' as const, text: view.data.ifStopped }] } : result
  if (!shown)
    return (
      <>
        <RunForm page={page} submitLabel={running ? 'Sending…' : 'Broadcast'} />
        {state.status === 'error' && <ErrorNotice error={view.error} />}
      </>
    )
  return (
    <SentView
      label="Broadcast result"
      result={shown}
      waiting={running && !!view.data?.waiting}
      onStop={page.cancel}
      again={
        <button type="button" onClick={() => setDismissed(view.result)}>
          Broadcast another
        </button>
      }
    />
  )
}

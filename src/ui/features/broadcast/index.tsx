/**
 * Broadcast a signed transaction: the hash (known from the bytes) is shown as soon as it is
 * sent, before any waiting; the wait for the receipt can be stopped ("stopped waiting; the
 * node holds 0x…"), which stops waiting, not knowing. Nothing here ever sends twice.
 *
 * The shared runner parses the form, reaches the node and routes errors to their fields; its
 * run here is `broadcastOnce` (the tool's own run would also wait for the receipt, which this
 * page shows as it goes). The receipt is watched by the watcher send-transaction shares.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react'
import { toErrorInfo } from '../../../core/Errors'
import { broadcastOnce, receiptRows, sentRows, type Input } from '../../../tools/broadcast'
import type { Row, Tool, ToolResult } from '../../../tools/types'
import { FormError, MetaFields, useToolRun, type ToolPageProps } from '../../components'
import { SentView, stillWaiting, useReceiptWatch, type ReceiptWatch } from '../../components/SentTransaction'

/** The broadcast, from the moment its hash is known. */
interface Sent {
  rows: Row[]
  /** Still sending: the node has not answered yet. */
  sending: boolean
  /** Wait for the receipt (the form's choice). */
  wait: boolean
  warning?: string
}

/** The notes above the sent transaction, for the state of its wait. */
function notesOf(sent: Sent, watch: ReceiptWatch | null): NonNullable<ToolResult['notes']> {
  const notes: NonNullable<ToolResult['notes']> = sent.warning ? [{ tone: 'error', text: sent.warning }] : []
  if (sent.sending) notes.push({ tone: 'info', text: 'Sending…' })
  else if (watch?.kind === 'waiting') notes.push({ tone: 'info', text: 'Sent: waiting for the receipt…' })
  else if (watch?.kind === 'unknown') notes.push({ tone: 'warn', text: `Sent, receipt unknown: ${watch.error}` })
  else if (watch?.kind === 'stopped' || watch?.kind === 'failed') notes.push({ tone: 'warn', text: `${watch.message ?? 'Stopped waiting.'} It may still be mined: look it up.` })
  return notes
}

export default function BroadcastPage({ meta, tool, values, setValues, files }: ToolPageProps) {
  const [sent, setSent] = useState<Sent | null>(null)
  const receipt = useReceiptWatch()
  const startWatch = receipt.start
  // "Stop waiting" pressed while still sending: the watch stops at its first check.
  const stopEarly = useRef(false)

  const runner = useMemo<Tool<Input>>(
    () => ({
      ...tool,
      run: async (input: Input, ctx): Promise<ToolResult> => {
        stopEarly.current = false
        let shown = false
        try {
          const { info, warning } = await broadcastOnce(input, ctx, (i) => {
            shown = true
            setSent({ rows: sentRows(i, input.raw), sending: true, wait: true })
          })
          setSent({ rows: sentRows(info, input.raw), sending: false, wait: input.wait, ...(warning ? { warning } : {}) })
          if (input.wait) void startWatch(ctx.rpc, info.hash, stopEarly.current)
        } catch (err) {
          // Once the hash is on screen, nothing goes back to the form: what is known is said there.
          if (!shown) throw err
          setSent((s) => s && { ...s, sending: false, warning: toErrorInfo(err).message })
        }
        return { sections: [] }
      },
    }),
    [tool, startWatch],
  )
  const { state, view, run } = useToolRun(meta, runner as Tool<unknown>, values, files)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    receipt.clear()
    setSent(null)
    void run()
  }
  const again = () => {
    receipt.clear()
    setSent(null)
  }
  const watch = receipt.watch
  const waiting = !!sent && (sent.sending || stillWaiting(watch) || (!!sent.warning && sent.wait && !watch))
  return (
    <>
      {!sent && (
        <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
          <MetaFields meta={meta} values={values} errors={view.fieldErrors} setValues={setValues} />
          <div className="actions">
            <button type="submit" className="primary" disabled={state.status === 'running'}>
              {state.status === 'running' ? 'Sending…' : 'Broadcast'}
            </button>
          </div>
        </form>
      )}
      {!sent && <FormError state={view} />}
      {sent && (
        <SentView
          label="Broadcast result"
          result={{ notes: notesOf(sent, watch), sections: [{ title: 'Sent', rows: sent.rows }, ...(watch?.kind === 'done' ? [{ title: 'Receipt', rows: receiptRows(watch.receipt) }] : [])] }}
          waiting={waiting}
          onStop={() => {
            stopEarly.current = true
            receipt.stop()
          }}
          again={
            <button type="button" onClick={again}>
              Broadcast another
            </button>
          }
        />
      )}
    </>
  )
}

/**
 * The sent transaction: its hash from the moment it is known, then its receipt, watched by the
 * shared receipt watcher (as on /broadcast). A replacement mined instead (speed-up, cancel), or
 * another transaction taking the nonce, settles it here and stops the wait.
 */
import { useEffect, useRef, useState } from 'react'
import { receiptToRows, summaryRows } from '../../../tools/send-transaction'
import type { Row, ToolResult } from '../../../tools/types'
import { SentView, stillWaiting, useReceiptWatch, type ReceiptWatch } from '../../components/SentTransaction'
import { getProvider } from '../../connection/store'
import { pending, usePending } from '../../hooks/pending'
import type { ReviewData } from './review'

export interface Sent {
  data: ReviewData
  hash: `0x${string}`
  /** The entry in the list of sent transactions (0: none). */
  entryId: number
  /** The send has returned: the receipt is watched from then on. */
  watching: boolean
  warning?: string
}

/** An outcome learnt from the list of sent transactions rather than from the watch. */
type Settled = { kind: 'done'; rows: Row[]; note: string } | { kind: 'stopped'; message: string }

const hashRow = (hash: `0x${string}`): Row => ({ label: 'Transaction hash', value: hash, open: { tool: 'transaction', inputs: { hash }, label: 'Look up' } })

/** The note above the sent transaction, for the state of its wait. */
function watchNote(w: ReceiptWatch | Settled | null): NonNullable<ToolResult['notes']>[number] {
  switch (w?.kind) {
    case undefined:
    case 'waiting':
      return { tone: 'info', text: 'Sent: waiting for the receipt…' }
    case 'unknown':
      return { tone: 'warn', text: `Sent, receipt unknown: ${w.error} Asking again in ${Math.round(w.nextMs / 100) / 10} s.` }
    case 'failed':
      return { tone: 'warn', text: `Sent, receipt unknown: ${w.message ?? 'the receipt could not be read'}` }
    case 'stopped':
      return { tone: 'warn', text: `${w.message} It may still be mined: look it up.` }
    case 'done':
      if ('note' in w) return { tone: 'warn', text: w.note }
      return w.receipt.status === 'reverted' ? { tone: 'warn', text: 'Mined, but reverted; the transaction tool shows the reason.' } : { tone: 'info', text: 'Mined.' }
  }
}

/** What a replacement or another transaction did to the nonce of `hash`, once settled. */
function settledBy(list: ReturnType<typeof usePending>, hash: `0x${string}`): Settled | undefined {
  const e = list.find((x) => x.attempts[0]?.hash === hash)
  if (e?.state.kind === 'mined' && e.state.index > 0) {
    const a = e.attempts[e.state.index]!
    return {
      kind: 'done',
      rows: receiptToRows(a.hash, e.state.receipt),
      note: a.kind === 'cancel' ? `Cancelled: the replacement ${a.hash} was mined; the original ${hash} never runs. Its receipt is below.` : `Sped up: the replacement ${a.hash} was mined instead of the original ${hash}. Its receipt is below.`,
    }
  }
  if (e?.state.kind === 'replaced-elsewhere') return { kind: 'stopped', message: `The nonce ${e.nonce} was used by another transaction, not sent from this page: the original ${hash} will not be mined.` }
  return undefined
}

export function SentPanel({ sent, onNew }: { sent: Sent; onNew: () => void }) {
  const { watch, start, stop, settle } = useReceiptWatch()
  const [settled, setSettled] = useState<Settled | null>(null)
  // "Stop waiting" pressed before the send returned: the watch stops at its first check.
  const stopEarly = useRef(false)
  const { hash, entryId, watching } = sent
  useEffect(() => {
    if (!watching) return
    void start(getProvider().rpc, hash, stopEarly.current).then((r) => {
      if (r) pending.update(entryId, { state: { kind: 'mined', index: 0, receipt: r } })
    })
  }, [watching, hash, entryId, start])

  const sentList = usePending()
  useEffect(() => {
    if (settled || watch?.kind === 'done') return
    const s = settledBy(sentList, hash)
    if (!s) return
    settle()
    setSettled(s)
  }, [sentList, settled, watch, hash, settle])

  const shown = settled ?? watch
  const rows = shown?.kind === 'done' ? ('rows' in shown ? shown.rows : receiptToRows(hash, shown.receipt)) : undefined
  const result: ToolResult = {
    notes: [...(sent.warning ? [{ tone: 'error' as const, text: sent.warning }] : []), watchNote(shown)],
    sections: [
      { title: rows ? 'Receipt' : 'Sent', rows: rows ?? [hashRow(hash)] },
      { title: 'Signed and sent', rows: summaryRows(sent.data.reviewed, sent.data.input.unit) },
    ],
  }
  const waiting = !shown || stillWaiting(shown as ReceiptWatch) || shown.kind === 'failed'
  const onStop = () => {
    stopEarly.current = true
    stop()
  }
  return (
    <SentView
      label="Sent transaction"
      result={result}
      waiting={waiting}
      onStop={onStop}
      again={
        <button type="button" onClick={onNew}>
          New transaction
        </button>
      }
    />
  )
}

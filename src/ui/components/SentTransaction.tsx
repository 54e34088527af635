/**
 * What a page shows once a transaction is sent (send-transaction and broadcast): the receipt
 * watcher (`useReceiptWatch`, polling with backoff through node failures until the receipt
 * arrives or the person stops it) and the view of the sent transaction (`SentView`: its notes
 * and rows, then "Stop waiting" while waiting, else the page's button to start again).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import type { Receipt } from '../../core/chain/ChainBlocks'
import { BaseError } from '../../core/Errors'
import * as TxSend from '../../core/tx/TxSend'
import type { Eip1193Like, ToolResult } from '../../tools/types'
import { ResultView } from './ResultView'
import { useInView } from '../hooks/useInView'

export type ReceiptWatch =
  | { kind: 'waiting' }
  /** A poll failed: sent, receipt unknown; polling goes on after `nextMs`. */
  | { kind: 'unknown'; error: string; nextMs: number }
  /** The person stopped waiting (or a time limit passed): `message` says so. */
  | { kind: 'stopped'; message: string }
  /** The watch ended on an unexpected error (`message` when it had a short one). */
  | { kind: 'failed'; message?: string }
  | { kind: 'done'; receipt: Receipt }

/**
 * Watches one transaction's receipt at a time. `start` begins (and ends any earlier watch),
 * resolving with the receipt or undefined; `stop` stops waiting (the watch reports 'stopped');
 * `settle` ends it with an outcome the page learnt elsewhere (a replacement was mined), which
 * nothing from the watch overwrites. The watch stops when the page goes away.
 */
export function useReceiptWatch() {
  const [watch, setWatch] = useState<ReceiptWatch | null>(null)
  const current = useRef({ aborted: false, settled: false })
  useEffect(
    () => () => {
      current.current.aborted = true
    },
    [],
  )
  /** `stopped`: the person already asked to stop (before the watch could start): it ends at its first check. */
  const start = useCallback(async (rpc: Eip1193Like | undefined, hash: string, stopped = false): Promise<Receipt | undefined> => {
    current.current.aborted = true
    const my = { aborted: stopped, settled: false }
    current.current = my
    const update = (w: ReceiptWatch) => {
      if (current.current === my && !my.settled) setWatch(w)
    }
    update({ kind: 'waiting' })
    try {
      const r = await TxSend.watchReceipt(rpc, hash, {
        signal: my,
        onState: (st) => update(st.kind === 'unknown' ? { kind: 'unknown', error: st.error.shortMessage, nextMs: st.nextMs } : { kind: 'waiting' }),
      })
      update({ kind: 'done', receipt: r })
      return r
    } catch (err) {
      update(err instanceof TxSend.ReceiptTimeoutError ? { kind: 'stopped', message: err.shortMessage } : { kind: 'failed', ...(err instanceof BaseError ? { message: err.shortMessage } : {}) })
      return undefined
    }
  }, [])
  const stop = useCallback(() => {
    current.current.aborted = true
  }, [])
  const settle = useCallback(() => {
    current.current.aborted = true
    current.current.settled = true
  }, [])
  const clear = useCallback(() => {
    current.current.aborted = true
    setWatch(null)
  }, [])
  return { watch, start, stop, settle, clear }
}

/** Whether the watch still waits (Stop waiting is offered). */
export const stillWaiting = (w: ReceiptWatch | null | undefined) => w?.kind === 'waiting' || w?.kind === 'unknown'

/**
 * A sent transaction: its notes and sections, then "Stop waiting" while the receipt is awaited,
 * else the page's button to start again.
 */
export function SentView({ label, result, waiting, onStop, again }: { label: string; result: ToolResult; waiting: boolean; onStop: () => void; again: ReactNode }) {
  // After sending, the status and receipt are where the eye is.
  const ref = useInView<HTMLElement>()
  return (
    <section aria-label={label} className="result" ref={ref} tabIndex={-1}>
      <ResultView result={result} />
      <div className="actions">
        {waiting ? (
          <button type="button" onClick={onStop}>
            Stop waiting
          </button>
        ) : (
          again
        )}
      </div>
    </section>
  )
}

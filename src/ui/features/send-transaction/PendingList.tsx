/** Sent transactions, memory only, until mined; speed-up and cancel by replacement. */
import { useEffect, useState } from 'react'
import { BaseError } from '../../../core/Errors'
import * as Fees from '../../../core/chain/Fees'
import { send } from '../../../tools/send-transaction'
import { getProvider } from '../../connection/store'
import { pending, usePending, type PendingEntry } from '../../hooks/pending'

const STATE_TEXT = (e: PendingEntry): string => {
  switch (e.state.kind) {
    case 'pending':
      return 'pending'
    case 'unknown':
      return `unknown: ${e.state.message}`
    case 'replaced-elsewhere':
      return 'replaced: the nonce was used by another transaction, not sent from this page'
    case 'mined': {
      const a = e.attempts[e.state.index]
      if (e.state.index === 0) return `mined (${e.state.receipt.status})`
      return a?.kind === 'cancel' ? `cancelled: the replacement ${a.hash} was mined, the original never runs` : `sped up: the replacement ${a?.hash} was mined (${e.state.receipt.status})`
    }
  }
}

/** Sent transactions, memory only, until mined; speed-up and cancel by replacement. */
export function PendingList() {
  const list = usePending()
  const [busy, setBusy] = useState<number | null>(null)
  const [err, setErr] = useState<string>('')
  const open = list.filter((e) => e.state.kind === 'pending' || e.state.kind === 'unknown')
  const key = open.map((e) => `${e.id}:${e.attempts.length}`).join(',')
  useEffect(() => {
    if (!open.length) return
    let stop = false
    let delay = 1000
    const poll = async () => {
      if (stop) return
      const { rpc } = getProvider()
      for (const e of pending.list().filter((x) => x.state.kind === 'pending' || x.state.kind === 'unknown')) {
        try {
          const s = await (await import('../../../core/tx/TxPending')).status(rpc, { from: e.from, nonce: e.nonce, hashes: e.attempts.map((a) => a.hash) })
          if (s.kind === 'mined') pending.update(e.id, { state: { kind: 'mined', index: s.index, receipt: s.receipt } })
          else if (s.kind === 'replaced-elsewhere') pending.update(e.id, { state: s })
          else if (e.state.kind !== 'pending') pending.update(e.id, { state: { kind: 'pending' } })
          delay = 1000
        } catch (x) {
          pending.update(e.id, { state: { kind: 'unknown', message: x instanceof BaseError ? x.shortMessage : 'the node did not answer' } })
          delay = Math.min(15_000, delay * 2)
        }
      }
      if (!stop) setTimeout(() => void poll(), delay)
    }
    const t = setTimeout(() => void poll(), delay)
    return () => {
      stop = true
      clearTimeout(t)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  const replace = async (e: PendingEntry, kind: 'speed-up' | 'cancel') => {
    setErr('')
    setBusy(e.id)
    try {
      const provider = getProvider()
      const last = e.attempts[e.attempts.length - 1]!.prepared
      const fees = await Fees.suggest(provider.rpc)
      const TxPending = await import('../../../core/tx/TxPending')
      const next = kind === 'cancel' ? TxPending.cancel(last, fees) : TxPending.speedUp(last, fees)
      const hash = await send(next, { signer: e.signer, privateKey: e.privateKey }, provider)
      pending.update(e.id, { attempts: [...e.attempts, { hash, kind, prepared: next }] })
    } catch (x) {
      setErr(x instanceof BaseError ? x.shortMessage : 'The replacement failed.')
    } finally {
      setBusy(null)
    }
  }

  if (!list.length) return null
  return (
    <section aria-label="Sent from this page" className="result">
      <h2>Sent from this page</h2>
      <p className="help">Kept in memory until mined (gone on reload). A replacement uses the same nonce with fees raised by at least 10%.</p>
      {err && (
        <div className="notice notice-error" role="alert">
          {err}
        </div>
      )}
      <ul>
        {list.map((e) => (
          <li key={e.id} aria-label={`Nonce ${e.nonce} from ${e.from}`}>
            <p>
              Nonce {e.nonce} from <code>{e.from}</code>: <strong>{STATE_TEXT(e)}</strong>
            </p>
            <ul>
              {e.attempts.map((a) => (
                <li key={a.hash}>
                  {a.kind}: <code>{a.hash}</code>
                </li>
              ))}
            </ul>
            {(e.state.kind === 'pending' || e.state.kind === 'unknown') && (
              <div className="actions">
                <button type="button" disabled={busy !== null} onClick={() => void replace(e, 'speed-up')}>
                  Speed up
                </button>
                <button type="button" disabled={busy !== null} onClick={() => void replace(e, 'cancel')}>
                  Cancel by replacement
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

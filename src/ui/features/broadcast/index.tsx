/**
 * Broadcast a signed transaction: the hash (known from the bytes) is shown as soon as it is
 * sent, before any waiting; the wait for the receipt can be stopped ("stopped waiting; the
 * node holds 0x…"), which stops waiting, not knowing. Nothing here ever sends twice.
 */
import { useRef, useState, type FormEvent } from 'react'
import { BaseError, toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as SendTx from '../../../core/SendTx'
import { messageOf, withDefaults } from '../../../tools/define'
import { broadcastOnce, receiptRows, sentRows, type Input } from '../../../tools/broadcast'
import type { Row } from '../../../tools/types'
import { Field, ResultView, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'

type Phase =
  | { kind: 'edit' }
  | { kind: 'sending' }
  | { kind: 'sent'; rows: Row[]; hash: string; wait: 'waiting' | 'unknown' | 'stopped' | 'done' | 'off'; message?: string; receipt?: Row[]; warning?: string }

export default function BroadcastPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = withDefaults(meta, values)
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<ErrorInfo | null>(null)
  const signal = useRef({ aborted: false })
  const spec = (name: string) => meta.fields.find((f) => f.name === name)!
  const update = (patch: Partial<Extract<Phase, { kind: 'sent' }>>) => setPhase((p) => (p.kind === 'sent' ? { ...p, ...patch } : p))

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const parsed = tool.parse(raw)
    if (!parsed.ok) return setFieldErrors(parsed.errors)
    setFieldErrors({})
    const input = parsed.value as Input
    signal.current = { aborted: false }
    setPhase({ kind: 'sending' })
    const provider = getProvider()
    let shown = false
    try {
      const { info, warning } = await broadcastOnce(input, provider, (i) => {
        shown = true
        setPhase({ kind: 'sent', rows: sentRows(i, input.raw), hash: i.hash, wait: 'waiting', message: 'Sending…' })
      })
      setPhase({ kind: 'sent', rows: sentRows(info, input.raw), hash: info.hash, wait: warning ? 'unknown' : input.wait ? 'waiting' : 'off', ...(warning ? { warning } : {}) })
      if (!input.wait) return
      try {
        const r = await SendTx.watchReceipt(provider.rpc, info.hash, {
          signal: signal.current,
          onState: (s) => update(s.kind === 'unknown' ? { wait: 'unknown', message: `Sent, receipt unknown: ${s.error.shortMessage}` } : { wait: 'waiting', message: undefined }),
        })
        update({ wait: 'done', receipt: receiptRows(r), message: undefined })
      } catch (err) {
        update({ wait: 'stopped', message: err instanceof BaseError ? err.shortMessage : 'Stopped waiting.' })
      }
    } catch (err) {
      const info = toErrorInfo(err)
      if (shown) return update({ wait: 'unknown', warning: info.message })
      if (info.field && meta.fields.some((f) => f.name === info.field)) setFieldErrors({ [info.field]: messageOf(info) })
      else setError(info)
      setPhase({ kind: 'edit' })
    }
  }

  const sent = phase.kind === 'sent'
  return (
    <>
      {!sent && (
        <>
          <form className="tool-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={meta.title}>
            {meta.fields.map((f) => (
              <Field key={f.name} spec={spec(f.name)} value={raw[f.name] ?? ''} error={fieldErrors[f.name]} onChange={(v) => setValues({ [f.name]: v })} />
            ))}
            <div className="actions">
              <button type="submit" className="primary" disabled={phase.kind === 'sending'}>
                {phase.kind === 'sending' ? 'Sending…' : 'Broadcast'}
              </button>
            </div>
          </form>
        </>
      )}
      {error && (
        <div className="notice notice-error" role="alert">
          <strong>{error.message}</strong>
          {error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {phase.kind === 'sent' && (
        <section aria-label="Broadcast result" className="result">
          <ResultView
            result={{
              notes: [
                ...(phase.warning ? [{ tone: 'error' as const, text: phase.warning }] : []),
                ...(phase.wait === 'waiting' ? [{ tone: 'info' as const, text: phase.message ?? 'Sent: waiting for the receipt…' }] : []),
                ...(phase.wait === 'unknown' && phase.message ? [{ tone: 'warn' as const, text: phase.message }] : []),
                ...(phase.wait === 'stopped' ? [{ tone: 'warn' as const, text: `${phase.message ?? ''} It may still be mined: look it up.` }] : []),
              ],
              sections: [{ title: 'Sent', rows: phase.rows }, ...(phase.receipt ? [{ title: 'Receipt', rows: phase.receipt }] : [])],
            }}
          />
          <div className="actions">
            {phase.wait === 'waiting' || phase.wait === 'unknown' ? (
              <button type="button" onClick={() => (signal.current.aborted = true)}>
                Stop waiting
              </button>
            ) : (
              <button type="button" onClick={() => setPhase({ kind: 'edit' })}>
                Broadcast another
              </button>
            )}
          </div>
        </section>
      )}
    </>
  )
}

/**
 * Send a transaction in two steps: Review (the node fills in nonce, gas and fees after the
 * chain is checked) shows everything that will be signed; Confirm signs exactly that (with a
 * key from the in-page keyring, a pasted key, or the browser wallet) and sends it once; then
 * the hash and the receipt.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import type * as SendTx from '../../../core/SendTx'
import { messageOf, withDefaults } from '../../../tools/define'
import { prepare, receiptRows, send, summaryRows, type Input } from '../../../tools/send-transaction'
import type { Row } from '../../../tools/types'
import { Field, KeyringPicker, ResultView, type ToolPageProps } from '../../components'
import { getProvider, useConnection } from '../../connection/store'

type Step =
  | { kind: 'edit' }
  | { kind: 'reviewing' }
  | { kind: 'review'; summary: SendTx.Summary; input: Input }
  | { kind: 'sending'; summary: SendTx.Summary; input: Input }
  | { kind: 'sent'; summary: SendTx.Summary; input: Input; rows: Row[]; note?: string }

const BASIC = ['to', 'value', 'unit', 'data', 'abi', 'chainId']
const ADVANCED = ['nonce', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas']

export default function SendTransactionPage({ meta, tool, values, setValues }: ToolPageProps) {
  const conn = useConnection()
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<ErrorInfo | null>(null)
  const signal = useRef({ aborted: false })
  const spec = (name: string) => meta.fields.find((f) => f.name === name)!
  const raw = useMemo(() => withDefaults(meta, values), [meta, values])

  // Any edit invalidates a review: what is confirmed is exactly what was shown.
  const valuesKey = JSON.stringify(raw)
  const reviewedKey = useRef('')
  useEffect(() => {
    if (step.kind === 'review' && reviewedKey.current !== valuesKey) setStep({ kind: 'edit' })
  }, [valuesKey, step.kind])
  useEffect(() => () => void (signal.current.aborted = true), [])

  const field = (name: string) => (
    <Field key={name} spec={spec(name)} value={raw[name] ?? ''} error={fieldErrors[name]} onChange={(v) => setValues({ [name]: v })} />
  )

  const onReview = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const parsed = tool.parse({ ...raw, confirm: 'false' })
    if (!parsed.ok) {
      setFieldErrors(parsed.errors)
      return
    }
    setFieldErrors({})
    setStep({ kind: 'reviewing' })
    try {
      const summary = await prepare(parsed.value as Input, getProvider())
      reviewedKey.current = valuesKey
      setStep({ kind: 'review', summary, input: parsed.value as Input })
    } catch (err) {
      const info = toErrorInfo(err)
      if (info.field && meta.fields.some((f) => f.name === info.field)) setFieldErrors({ [info.field]: messageOf(info) })
      else setError(info)
      setStep({ kind: 'edit' })
    }
  }

  const onConfirm = async () => {
    if (step.kind !== 'review') return
    const { summary, input } = step
    setError(null)
    setStep({ kind: 'sending', summary, input })
    try {
      const provider = getProvider()
      const hash = await send(summary, input, provider)
      setStep({ kind: 'sent', summary, input, rows: [{ label: 'Transaction hash', value: hash }] })
      const r = await receiptRows(hash, { ...provider, signal: signal.current })
      setStep({ kind: 'sent', summary, input, rows: r.rows, ...(r.note ? { note: r.note } : {}) })
    } catch (err) {
      setError(toErrorInfo(err))
      setStep({ kind: 'edit' })
    }
  }

  const connectedChain = conn.info?.chainId
  const busy = step.kind === 'reviewing' || step.kind === 'sending'

  return (
    <>
      <form className="tool-form" onSubmit={onReview} noValidate aria-label={meta.title}>
        {field('signer')}
        {raw.signer !== 'node' ? (
          <>
            <KeyringPicker value={raw.privateKey ?? ''} onPick={(k) => setValues({ privateKey: k?.privateKey ?? '', from: k?.address ?? '' })} />
            {field('privateKey')}
            {field('from')}
          </>
        ) : (
          <>
            {field('from')}
            {conn.choice.kind !== 'wallet' && (
              <p className="help">
                The connected node signs with its own account (devnet accounts are unlocked). To use a browser wallet, choose it in the connection menu.
              </p>
            )}
            {conn.accounts.length > 0 && (
              <p className="help">
                Wallet accounts: {conn.accounts.map((a) => (
                  <button key={a} type="button" onClick={() => setValues({ from: a })}>
                    {a}
                  </button>
                ))}
              </p>
            )}
          </>
        )}
        {BASIC.map(field)}
        {connectedChain !== undefined && raw.chainId?.trim() !== String(connectedChain) && (
          <p className="help">
            The node is on chain {connectedChain} ({conn.info?.chainName}).{' '}
            <button type="button" onClick={() => setValues({ chainId: String(connectedChain) })}>
              Use chain {connectedChain}
            </button>
          </p>
        )}
        <details>
          <summary>Nonce, gas and fees (estimated when empty)</summary>
          <div className="tool-form" style={{ border: 'none', padding: '8px 0 0' }}>
            {ADVANCED.map(field)}
          </div>
        </details>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {step.kind === 'reviewing' ? 'Preparing…' : 'Review'}
          </button>
        </div>
      </form>

      {error && (
        <div className="notice notice-error" role="alert">
          <strong>{error.message}</strong>
          {error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}

      {(step.kind === 'review' || step.kind === 'sending') && (
        <section aria-label="Confirmation" className="result">
          <ResultView
            result={{
              notes: [
                step.summary.affordable
                  ? { tone: 'info', text: 'Nothing has been signed or sent yet. Check everything below, then confirm.' }
                  : { tone: 'error', text: 'The balance does not cover the maximum cost: the node will reject this transaction.' },
              ],
              sections: [{ title: 'To be signed', rows: summaryRows(step.summary, step.input.unit, step.input.abi) }],
            }}
          />
          <div className="actions">
            <button type="button" className="primary" onClick={() => void onConfirm()} disabled={step.kind === 'sending' || !step.summary.affordable}>
              {step.kind === 'sending' ? 'Sending…' : raw.signer === 'node' ? 'Confirm and send with the wallet' : 'Confirm, sign and send'}
            </button>
            <button type="button" onClick={() => setStep({ kind: 'edit' })} disabled={step.kind === 'sending'}>
              Edit
            </button>
          </div>
        </section>
      )}

      {step.kind === 'sent' && (
        <ResultView
          result={{
            ...(step.note ? { notes: [{ tone: 'warn' as const, text: step.note }] } : {}),
            sections: [
              { title: step.rows.length > 1 ? 'Receipt' : 'Sent: waiting for the receipt…', rows: step.rows },
              { title: 'Signed and sent', rows: summaryRows(step.summary, step.input.unit, step.input.abi) },
            ],
          }}
        />
      )}
    </>
  )
}

/**
 * Send a transaction in two steps: Review (the node fills in nonce, gas and fees after the
 * chain is checked, and the call is decoded and simulated) shows everything that will be
 * signed; Confirm signs exactly that (with a key from the in-page keyring, a pasted key, or
 * the browser wallet) and sends it once. From the moment the hash is known it stays on
 * screen: a failing node makes it "sent, receipt unknown" (polling goes on, with backoff),
 * never an editable form that could send the same payment again. Sent transactions are
 * listed until mined, with speed-up and cancel by replacement.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { BaseError, toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as Fees from '../../../core/Fees'
import * as Rpc from '../../../core/Rpc'
import * as SendTx from '../../../core/SendTx'
import { isShown, messageOf, withDefaults } from '../../../tools/define'
import { prepare, receiptToRows, send, summaryRows, type Input, type Reviewed } from '../../../tools/send-transaction'
import type { Row } from '../../../tools/types'
import { Field, KeyringPicker, ResultView, type ToolPageProps } from '../../components'
import { revertText, simulateForReview, SimulationSummary, type SimState } from '../../components/SimulationSummary'
import { getProvider, useConnection } from '../../connection/store'
import { abiLibrary } from '../../hooks/abiLibrary'
import { pending, usePending, type PendingEntry } from '../../hooks/pending'

type Watch = { kind: 'waiting' } | { kind: 'unknown'; message: string } | { kind: 'stopped'; message: string } | { kind: 'done'; rows: Row[]; note?: string }

type Step =
  | { kind: 'edit' }
  | { kind: 'reviewing' }
  | { kind: 'review'; reviewed: Reviewed; input: Input }
  | { kind: 'sending'; reviewed: Reviewed; input: Input }
  | { kind: 'sent'; reviewed: Reviewed; input: Input; hash: `0x${string}`; watch: Watch; warning?: string }

const BASIC = ['to', 'value', 'unit', 'data', 'abi', 'chainId', 'type', 'accessList', 'authorizationList']
const ADVANCED = ['nonce', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'acceptHighFee']

const hashRow = (hash: `0x${string}`): Row => ({ label: 'Transaction hash', value: hash, open: { tool: 'transaction', inputs: { hash }, label: 'Look up' } })

/** An error that says the node definitely did not take the transaction (so nothing was sent). */
const refused = (e: unknown) => e instanceof Rpc.NodeError || e instanceof Rpc.UserRejectedError || e instanceof SendTx.ChainChangedError || e instanceof Rpc.ChainMismatchError

export default function SendTransactionPage({ meta, tool, values, setValues }: ToolPageProps) {
  const conn = useConnection()
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<ErrorInfo | null>(null)
  const signal = useRef({ aborted: false })
  // The simulation of the reviewed transaction (in the simulation worker); never holds up Confirm.
  const [sim, setSim] = useState<SimState | null>(null)
  const stopSim = useRef<(() => void) | null>(null)
  const endSim = () => {
    stopSim.current?.()
    stopSim.current = null
  }
  const spec = (name: string) => meta.fields.find((f) => f.name === name)!
  const raw = useMemo(() => withDefaults(meta, values), [meta, values])

  // Any edit invalidates a review: what is confirmed is exactly what was shown.
  const valuesKey = JSON.stringify(raw)
  const reviewedKey = useRef('')
  useEffect(() => {
    if (step.kind === 'review' && reviewedKey.current !== valuesKey) setStep({ kind: 'edit' })
  }, [valuesKey, step.kind])
  useEffect(
    () => () => {
      signal.current.aborted = true
      stopSim.current?.()
    },
    [],
  )
  // A simulation belongs to its review: leaving the review (editing, or once sent) ends it and terminates its worker.
  useEffect(() => {
    if (step.kind !== 'review' && step.kind !== 'sending') {
      stopSim.current?.()
      stopSim.current = null
      setSim(null)
    }
  }, [step.kind])

  const field = (name: string) =>
    isShown(meta, name, raw) ? <Field key={name} spec={spec(name)} value={raw[name] ?? ''} error={fieldErrors[name]} onChange={(v) => setValues({ [name]: v })} /> : null

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
      const reviewed = await prepare(parsed.value as Input, getProvider(), abiLibrary.abis())
      reviewedKey.current = valuesKey
      setStep({ kind: 'review', reviewed, input: parsed.value as Input })
      // Exactly what will be signed: from, to, value, data and the gas limit (typed or estimated).
      const s = reviewed.summary
      const abis = [...abiLibrary.abis(), ...((parsed.value as Input).abi ? [(parsed.value as Input).abi!] : [])]
      endSim()
      // at the node's pending state (what the next block would run on), with the transaction's access and authorization lists
      stopSim.current = simulateForReview(
        { from: s.from, to: s.to, value: s.value, data: s.data, gas: s.gas, block: 'pending', accessList: s.type === 'legacy' ? undefined : s.accessList, authorizationList: s.type === 'eip7702' ? s.authorizationList : undefined },
        abis,
        setSim,
      )
    } catch (err) {
      const info = toErrorInfo(err)
      if (info.field && meta.fields.some((f) => f.name === info.field && !f.secret)) setFieldErrors({ [info.field]: messageOf(info) })
      else setError(info)
      setStep({ kind: 'edit' })
    }
  }

  const watch = async (hash: `0x${string}`, entryId: number) => {
    const provider = getProvider()
    // A settled outcome (the receipt, or a replacement mined instead) is never overwritten.
    const update = (w: Watch) => setStep((cur) => (cur.kind === 'sent' && cur.hash === hash && cur.watch.kind !== 'done' ? { ...cur, watch: w } : cur))
    try {
      const r = await SendTx.watchReceipt(provider.rpc, hash, {
        signal: signal.current,
        onState: (st) => update(st.kind === 'unknown' ? { kind: 'unknown', message: `Sent, receipt unknown: ${st.error.shortMessage} Asking again in ${Math.round(st.nextMs / 100) / 10} s.` } : { kind: 'waiting' }),
      })
      update({ kind: 'done', rows: receiptToRows(hash, r), ...(r.status === 'reverted' ? { note: 'Mined, but reverted; the transaction tool shows the reason.' } : {}) })
      pending.update(entryId, { state: { kind: 'mined', index: 0, receipt: r } })
    } catch (err) {
      if (err instanceof SendTx.ReceiptTimeoutError) update({ kind: 'stopped', message: err.shortMessage })
      else update({ kind: 'unknown', message: `Sent, receipt unknown: ${err instanceof BaseError ? err.shortMessage : 'the receipt could not be read'}` })
    }
  }

  // When a replacement (speed-up or cancel) is mined instead of the original, or another
  // transaction takes the nonce, the sent section says so and stops waiting for the original.
  const sentList = usePending()
  useEffect(() => {
    if (step.kind !== 'sent' || step.watch.kind === 'done') return
    const e = sentList.find((x) => x.attempts[0]?.hash === step.hash)
    if (!e) return
    let settled: Watch | undefined
    if (e.state.kind === 'mined' && e.state.index > 0) {
      const a = e.attempts[e.state.index]!
      settled = {
        kind: 'done',
        rows: receiptToRows(a.hash, e.state.receipt),
        note: a.kind === 'cancel' ? `Cancelled: the replacement ${a.hash} was mined; the original ${step.hash} never runs. Its receipt is below.` : `Sped up: the replacement ${a.hash} was mined instead of the original ${step.hash}. Its receipt is below.`,
      }
    } else if (e.state.kind === 'replaced-elsewhere') settled = { kind: 'stopped', message: `The nonce ${e.nonce} was used by another transaction, not sent from this page: the original ${step.hash} will not be mined.` }
    if (!settled) return
    signal.current.aborted = true
    const w = settled
    setStep((cur) => (cur.kind === 'sent' && cur.hash === step.hash ? { ...cur, watch: w } : cur))
  }, [sentList, step])

  const onConfirm = async () => {
    if (step.kind !== 'review') return
    const { reviewed, input } = step
    setError(null)
    setStep({ kind: 'sending', reviewed, input })
    signal.current = { aborted: false }
    let known: `0x${string}` | undefined
    let entryId = 0
    const onHash = (hash: `0x${string}`) => {
      known = hash
      entryId = pending.add({ chainId: reviewed.summary.chainId, from: reviewed.summary.from, nonce: reviewed.summary.nonce, signer: input.signer, privateKey: input.privateKey, attempts: [{ hash, kind: 'original', prepared: reviewed.summary }] })
      setStep({ kind: 'sent', reviewed, input, hash, watch: { kind: 'waiting' } })
    }
    try {
      const hash = await send(reviewed.summary, input, getProvider(), onHash)
      void watch(hash, entryId)
    } catch (err) {
      if (known === undefined || refused(err)) {
        // Nothing reached the node (or it said no): back to the review, with the reason.
        if (entryId) pending.remove(entryId)
        setError(toErrorInfo(err))
        setStep({ kind: 'edit' })
        return
      }
      const hash = (err instanceof SendTx.HashMismatchError ? err.hash : known) as `0x${string}`
      const warning =
        err instanceof SendTx.HashMismatchError
          ? `${err.shortMessage} The transaction's own hash is shown; do not trust this node's answers.`
          : err instanceof Rpc.SendOutcomeUnknownError
            ? `Unknown whether the node accepted it: ${err.shortMessage.replace(/^Not known whether the transaction 0x[0-9a-f]+ reached the node: /, '')} It was not resent. Look the hash up before sending again.`
            : `Sent, outcome unknown: ${err instanceof BaseError ? err.shortMessage : 'unexpected error'}`
      setStep({ kind: 'sent', reviewed, input, hash, watch: { kind: 'waiting' }, warning })
      void watch(hash, entryId)
    }
  }

  const connectedChain = conn.info?.chainId
  const busy = step.kind === 'reviewing' || step.kind === 'sending'
  const sent = step.kind === 'sent'

  return (
    <>
      {!sent && <form className="tool-form" onSubmit={onReview} noValidate aria-label={meta.title}>
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
      </form>}

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
                step.reviewed.summary.affordable
                  ? { tone: 'info', text: 'Nothing has been signed or sent yet. Check everything below, then confirm.' }
                  : { tone: 'error', text: 'The balance does not cover the maximum cost: the node will reject this transaction.' },
                ...(step.reviewed.review.warnings.length ? [{ tone: 'warn' as const, text: `${step.reviewed.review.warnings.length} warning(s): read them before confirming.` }] : []),
              ],
              sections: [{ title: 'To be signed', rows: summaryRows(step.reviewed, step.input.unit) }],
            }}
          />
          <div className="actions">
            <button type="button" className="primary" onClick={() => void onConfirm()} disabled={step.kind === 'sending' || !step.reviewed.summary.affordable}>
              {step.kind === 'sending' ? 'Sending…' : raw.signer === 'node' ? 'Confirm and send with the wallet' : 'Confirm, sign and send'}
            </button>
            <button type="button" onClick={() => setStep({ kind: 'edit' })} disabled={step.kind === 'sending'}>
              Edit
            </button>
          </div>
          {/* Below the buttons: a result that arrives while the person reads never moves Confirm. */}
          {sim?.kind === 'done' && sim.report.result.status === 'reverted' && (
            <div className="notice notice-error" role="alert" aria-label="Simulation says it reverts">
              <strong>The simulation says this transaction would revert: {revertText(sim.report)}.</strong>
              <p>Sending it would only spend gas. Confirm only if you expect the chain to differ when it is mined.</p>
            </div>
          )}
          {sim && <SimulationSummary state={sim} onCancel={() => (endSim(), setSim({ kind: 'cancelled' }))} notes={SIM_NOTES} />}
        </section>
      )}

      {step.kind === 'sent' && (
        <section aria-label="Sent transaction" className="result">
          <ResultView
            result={{
              notes: [
                ...(step.warning ? [{ tone: 'error' as const, text: step.warning }] : []),
                step.watch.kind === 'waiting'
                  ? { tone: 'info' as const, text: 'Sent: waiting for the receipt…' }
                  : step.watch.kind === 'unknown'
                    ? { tone: 'warn' as const, text: step.watch.message }
                    : step.watch.kind === 'stopped'
                      ? { tone: 'warn' as const, text: `${step.watch.message} It may still be mined: look it up.` }
                      : step.watch.note
                        ? { tone: 'warn' as const, text: step.watch.note }
                        : { tone: 'info' as const, text: 'Mined.' },
              ],
              sections: [
                { title: step.watch.kind === 'done' ? 'Receipt' : 'Sent', rows: step.watch.kind === 'done' ? step.watch.rows : [hashRow(step.hash)] },
                { title: 'Signed and sent', rows: summaryRows(step.reviewed, step.input.unit) },
              ],
            }}
          />
          <div className="actions">
            {(step.watch.kind === 'waiting' || step.watch.kind === 'unknown') && (
              <button type="button" onClick={() => (signal.current.aborted = true)}>
                Stop waiting
              </button>
            )}
            {step.watch.kind !== 'waiting' && step.watch.kind !== 'unknown' && (
              <button type="button" onClick={() => setStep({ kind: 'edit' })}>
                New transaction
              </button>
            )}
          </div>
        </section>
      )}

      <PendingList />
    </>
  )
}

/** What the simulation leaves out of a transaction, said beside its result. */
const SIM_NOTES = [`Ether changes count gas at the simulated block's base fee without a tip; the fee rows above show what this transaction may cost.`]

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
function PendingList() {
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
          const s = await (await import('../../../core/PendingTx')).status(rpc, { from: e.from, nonce: e.nonce, hashes: e.attempts.map((a) => a.hash) })
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
      const PendingTx = await import('../../../core/PendingTx')
      const next = kind === 'cancel' ? PendingTx.cancel(last, fees) : PendingTx.speedUp(last, fees)
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

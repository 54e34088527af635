/**
 * Send a transaction in two steps: Review (the node fills in nonce, gas and fees after the
 * chain is checked, and the call is decoded and simulated) shows everything that will be
 * signed; Confirm signs exactly that (with a key from the in-page keyring, a pasted key, or
 * the browser wallet) and sends it once. From the moment the hash is known it stays on
 * screen: a failing node makes it "sent, receipt unknown" (polling goes on, with backoff),
 * never an editable form that could send the same payment again. Sent transactions are
 * listed until mined, with speed-up and cancel by replacement.
 *
 * Composed from parts: the edit form (EditForm), the review (the tool's `review` action, then
 * simulated: review.tsx), the sent transaction (SentPanel, whose receipt watcher /broadcast
 * shares) and the list of sent transactions (PendingList).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { BaseError, toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import * as Rpc from '../../../core/chain/Rpc'
import * as TxSend from '../../../core/tx/TxSend'
import { withDefaults } from '../../../tools/define'
import { send } from '../../../tools/send-transaction'
import type tool from '../../../tools/send-transaction'
import { ErrorNotice, useToolPage, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'
import { pending } from '../../hooks/pending'
import { EditForm } from './EditForm'
import { PendingList } from './PendingList'
import { ReviewPanel, useReviewSimulation, type ReviewData } from './review'
import { SentPanel, type Sent } from './SentPanel'

/** The page's steps; preparing the review is the `review` action's "running". */
type Step = { kind: 'edit' } | { kind: 'review'; data: ReviewData } | { kind: 'sending'; data: ReviewData } | ({ kind: 'sent' } & Sent)

/** An error that says the node definitely did not take the transaction (so nothing was sent). */
const refused = (e: unknown) => e instanceof Rpc.NodeError || e instanceof Rpc.UserRejectedError || e instanceof TxSend.ChainChangedError || e instanceof Rpc.ChainMismatchError

/** The warning shown with a transaction that left, when the send did not end cleanly. */
function sentWarning(err: unknown): string {
  if (err instanceof TxSend.HashMismatchError) return `${err.shortMessage} The transaction's own hash is shown; do not trust this node's answers.`
  if (err instanceof Rpc.SendOutcomeUnknownError)
    return `Unknown whether the node accepted it: ${err.shortMessage.replace(/^Not known whether the transaction 0x[0-9a-f]+ reached the node: /, '')} It was not resent. Look the hash up before sending again.`
  return `Sent, outcome unknown: ${err instanceof BaseError ? err.shortMessage : 'unexpected error'}`
}

export default function SendTransactionPage(props: ToolPageProps<typeof tool>) {
  const { meta, values } = props
  // An example is reviewed, never sent: Confirm is the person's own click.
  const page = useToolPage(props, { exampleAction: 'review' })
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  const [sendError, setSendError] = useState<ErrorInfo | null>(null)
  const raw = withDefaults(meta, values)
  const review = useReviewSimulation()
  const { act } = page

  // A review is shown once, when it arrives; any edit after it goes back to the form (the
  // action's result is withdrawn when the values change: what is confirmed is exactly what was shown).
  const shown = useRef<ReviewData | undefined>(undefined)
  const reviewed = page.actions.review
  const fresh = reviewed.status === 'done' ? reviewed.data : undefined
  const { startSim, dropSim } = review
  useEffect(() => {
    if (fresh && fresh !== shown.current) {
      shown.current = fresh
      setStep({ kind: 'review', data: fresh })
      startSim(fresh)
    } else if (!fresh) setStep((cur) => (cur.kind === 'review' ? { kind: 'edit' } : cur))
  }, [fresh, startSim])
  useEffect(() => {
    if (step.kind !== 'review' && step.kind !== 'sending') dropSim()
  }, [step.kind, dropSim])

  const onReview = useCallback(() => {
    setSendError(null)
    setStep({ kind: 'edit' })
    void act('review')
  }, [act])

  const onConfirm = async () => {
    if (step.kind !== 'review') return
    const { data } = step
    const { reviewed, input } = data
    setSendError(null)
    setStep({ kind: 'sending', data })
    let known: `0x${string}` | undefined
    let entryId = 0
    const onHash = (hash: `0x${string}`) => {
      known = hash
      entryId = pending.add({ chainId: reviewed.summary.chainId, from: reviewed.summary.from, nonce: reviewed.summary.nonce, signer: input.signer, privateKey: input.privateKey, attempts: [{ hash, kind: 'original', prepared: reviewed.summary }] })
      setStep({ kind: 'sent', data, hash, entryId, watching: false })
    }
    try {
      const hash = await send(reviewed.summary, input, getProvider(), onHash)
      setStep((cur) => (cur.kind === 'sent' && cur.hash === hash ? { ...cur, watching: true } : { kind: 'sent', data, hash, entryId, watching: true }))
    } catch (err) {
      if (known === undefined || refused(err)) {
        // Nothing reached the node (or it said no): back to the form, with the reason.
        if (entryId) pending.remove(entryId)
        setSendError(toErrorInfo(err))
        setStep({ kind: 'edit' })
        return
      }
      const hash = (err instanceof TxSend.HashMismatchError ? err.hash : known) as `0x${string}`
      setStep({ kind: 'sent', data, hash, entryId, watching: true, warning: sentWarning(err) })
    }
  }

  const preparing = reviewed.status === 'running'
  return (
    <>
      {step.kind !== 'sent' && <EditForm page={page} busy={preparing || step.kind === 'sending'} preparing={preparing} onReview={onReview} />}
      <ErrorNotice error={sendError ?? reviewed.error} />
      {(step.kind === 'review' || step.kind === 'sending') && (
        <ReviewPanel
          data={step.data}
          sending={step.kind === 'sending'}
          byNode={raw.signer === 'node'}
          sim={review.sim}
          naming={review.naming}
          onConfirm={() => void onConfirm()}
          onEdit={() => setStep({ kind: 'edit' })}
          onCancelSim={review.cancelSim}
        />
      )}
      {step.kind === 'sent' && <SentPanel key={step.hash} sent={step} onNew={() => setStep({ kind: 'edit' })} />}
      <PendingList />
    </>
  )
}

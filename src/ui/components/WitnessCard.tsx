/**
 * The witness card for the offline signer (issue #26), shared by the send confirmation's offer
 * (`send-transaction/WitnessOffer`) and the QR request's pack (`qr-request/WitnessPack`): the
 * heading, one line on what it does, the pack button, the "Save the witness file" link (a blob
 * URL of the packed bytes, named after its SHA-256), an error at the card, and the witness's rows
 * (block, block hash, proven, witness SHA-256, trace hash) with its warnings. What a page adds
 * (a hand-off, the QR code, the call tree) goes in `actions`, `afterActions` and `children`.
 * The state lives in `useWitness`, so a page can also show a witness handed to it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { toErrorInfo, type ErrorInfo } from '../../core/Errors'
import type { Note, Section } from '../../tools/types'
import { ResultView } from './ResultView'
import { FormError } from './ToolForm'

/** What the card needs of a packed witness: the file's bytes, its SHA-256, its rows and warnings. */
export interface WitnessLike {
  bytes: Uint8Array
  fingerprint: `0x${string}`
  sections: Section[]
  report: { warnings: readonly string[] }
}

export interface WitnessState<P extends WitnessLike> {
  packed: P | undefined
  busy: boolean
  error: ErrorInfo | null
  /** Packs anew with `pack`: busy meanwhile; its error, if any, replaces the witness. */
  run: (pack: () => Promise<P>) => Promise<void>
  /** Drops the witness and the error, or shows `packed` (one handed over). */
  reset: (packed?: P) => void
}

export function useWitness<P extends WitnessLike>(): WitnessState<P> {
  const [packed, setPacked] = useState<P | undefined>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ErrorInfo | null>(null)
  const run = useCallback(async (pack: () => Promise<P>) => {
    setBusy(true)
    setError(null)
    try {
      setPacked(await pack())
    } catch (e) {
      setPacked(undefined)
      setError(toErrorInfo(e))
    } finally {
      setBusy(false)
    }
  }, [])
  const reset = useCallback((p?: P) => {
    setPacked(p)
    setError(null)
  }, [])
  return { packed, busy, error, run, reset }
}

/** A blob URL of the witness file while `packed` is shown (revoked when it changes). */
function useFileUrl(packed: WitnessLike | undefined): string | undefined {
  const [url, setUrl] = useState<string | undefined>()
  useEffect(() => {
    if (!packed) return setUrl(undefined)
    const u = URL.createObjectURL(new Blob([packed.bytes as BlobPart], { type: 'application/octet-stream' }))
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [packed])
  return url
}

export interface WitnessCardProps<P extends WitnessLike> {
  witness: WitnessState<P>
  /** What packing does, one line under the heading. */
  intro: string
  /** The pack button's label before the first witness, and once there is one. */
  packLabel: { first: string; again: string }
  pack: () => Promise<P>
  /** `next-steps` beside another action (the send confirmation), `result` where it is the page's outcome. */
  className: 'next-steps' | 'result'
  /** Notes said before the witness's own warnings. */
  notes?: readonly Note[]
  /** More buttons after Save, once there is a witness. */
  actions?: ReactNode
  /** Said under the buttons. */
  afterActions?: ReactNode
  /** Shown under the witness's rows (the QR code, the call tree). */
  children?: ReactNode
}

export function WitnessCard<P extends WitnessLike>({ witness, intro, packLabel, pack, className, notes = [], actions, afterActions, children }: WitnessCardProps<P>) {
  const { packed, busy, error, run } = witness
  const url = useFileUrl(packed)
  return (
    <section className={className} aria-label="Witness for the offline signer">
      <h2>Witness for the offline signer</h2>
      <p className="hint">{intro}</p>
      <div className="actions">
        <button type="button" onClick={() => void run(pack)} disabled={busy}>
          {busy ? 'Simulating and reading proofs…' : packed ? packLabel.again : packLabel.first}
        </button>
        {packed && url && (
          <a className="button" href={url} download={`witness-${packed.fingerprint.slice(2, 10)}.eww`}>
            Save the witness file
          </a>
        )}
        {packed && actions}
      </div>
      {afterActions}
      <FormError state={{ error: error ?? undefined }} />
      {packed && (
        <>
          <ResultView result={{ sections: packed.sections, notes: [...notes, ...packed.report.warnings.map((text) => ({ tone: 'warn' as const, text }))] }} label="Witness" />
          {children}
        </>
      )}
    </section>
  )
}

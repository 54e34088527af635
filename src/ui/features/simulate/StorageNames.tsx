/**
 * Names in the simulation's storage changes (issue 25): a storage layout pasted here (solc's
 * `storageLayout`, `forge inspect <C> storageLayout --json`, compiler output or an artifact
 * carrying one) labels the changed slots of one contract, the called one unless another address
 * is given, the way the debugger's storage panel does (`SlotNames`: packed variables with their
 * offsets, array elements, long string data words, ERC-7201 namespaces). Names are computed on
 * the page from the report's slots (a few), by `./naming`, loaded once a layout is pasted.
 */
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react'
import type * as SimReport from '../../../core/sim/SimReport'
import type { Parsed, Where } from './naming'

type Naming = typeof import('./naming')

/** Slot → names and values, for the contract at an address, or nothing. */
export type SlotNamer = (address: string) => ReadonlyMap<string, SimReport.SlotView> | undefined

/** The form's part, and the namer for a report: the layout's contract is the one at the address given, else the called one. */
export function useStorageNames(): { form: ReactNode; namer: (report: SimReport.Report) => SlotNamer | undefined } {
  const id = useId()
  const [text, setText] = useState('')
  const [contract, setContract] = useState('')
  const [at, setAt] = useState('')
  const [naming, setNaming] = useState<Naming | null>(null)
  useEffect(() => {
    if (text.trim() && !naming) void import('./naming').then(setNaming)
  }, [text, naming])
  const parsed = useMemo<Parsed>(() => (naming ? naming.parse(text, contract, at) : {}), [naming, text, contract, at])
  const bad = (f: Where) => parsed.error?.field === f
  const err = (f: Where) =>
    bad(f) ? (
      <span id={`${id}-${f}-err`} className="error" role="alert">
        {parsed.error!.message}
      </span>
    ) : null
  const form = (
    <details className="sim-names">
      <summary>Name storage slots from a layout</summary>
      <div className="field">
        <label htmlFor={`${id}-layout`}>Storage layout (JSON)</label>
        <textarea id={`${id}-layout`} className="mono" rows={3} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} aria-invalid={bad('layout')} aria-describedby={bad('layout') ? `${id}-layout-err` : undefined} placeholder='{"storage": […], "types": {…}}' />
        {err('layout')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-contract`}>Contract name (when it holds several)</label>
        <input id={`${id}-contract`} value={contract} onChange={(e) => setContract(e.target.value)} aria-invalid={bad('contract')} aria-describedby={bad('contract') ? `${id}-contract-err` : undefined} />
        {err('contract')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-at`}>Layout of the contract at</label>
        <input id={`${id}-at`} className="mono" value={at} onChange={(e) => setAt(e.target.value)} placeholder="the called contract" aria-invalid={bad('at')} aria-describedby={bad('at') ? `${id}-at-err` : undefined} />
        {err('at')}
      </div>
    </details>
  )
  const namer = (report: SimReport.Report): SlotNamer | undefined => {
    const layout = parsed.layout
    const target = (parsed.at ?? report.root.to)?.toLowerCase()
    if (!layout || !target) return undefined
    return (address) => {
      if (address.toLowerCase() !== target) return undefined
      const c = report.assets.storage.find((s) => s.address.toLowerCase() === target)
      if (!c) return undefined
      // keyed by the report's own spelling of each slot
      return naming!.slotLabels(layout, c.slots)
    }
  }
  return { form, namer }
}

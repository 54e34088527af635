import { memo, useMemo, useRef } from 'react'
import type * as Abi from '../../../core/abi/Abi'

export interface Choice {
  value: string
  label: string
}

/**
 * The functions of the ABI to choose from (and the constructor, when it has one). The same list
 * as before (each key typed into a large ABI re-parses it) keeps its identity, so the select of
 * hundreds of options is not rendered again.
 */
export function useFunctionChoices(abi: Abi.Abi | null, entries: Abi.Entry[]): Choice[] {
  const fresh = useMemo(() => {
    if (!abi) return []
    const out = entries
      .filter((e) => e.kind === 'function')
      .map((e) => ({ value: e.signature, label: `${e.human.replace(/^function /, '')}  ${e.selector}` }))
    if (abi.some((i) => i.type === 'constructor')) out.push({ value: 'constructor', label: 'constructor (deployment arguments)' })
    return out
  }, [abi, entries])
  const kept = useRef<{ key: string; list: Choice[] }>({ key: '', list: [] })
  return useMemo(() => {
    const key = fresh.map((c) => `${c.value}\n${c.label}`).join('\n')
    if (key !== kept.current.key) kept.current = { key, list: fresh }
    return kept.current.list
  }, [fresh])
}

/** The function picker; rendered again only when its options or the choice change. */
export const FunctionSelect = memo(function FunctionSelect({ id, selected, choices, onPick }: { id: string; selected: string; choices: Choice[]; onPick: (fn: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Function</label>
      <select id={id} value={selected} onChange={(e) => onPick(e.target.value)}>
        {!selected && <option value="">Choose a function…</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  )
})

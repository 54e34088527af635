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

/** A select of choices under its label, with a first "choose" option while `prompt` is given. */
export function ChoiceSelect({ id, label, value, prompt, choices, onPick }: { id: string; label: string; value: string; prompt?: string | undefined; choices: readonly Choice[]; onPick: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onPick(e.target.value)}>
        {prompt !== undefined && <option value="">{prompt}</option>}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  )
}

/** The function picker; rendered again only when its options or the choice change. */
export const FunctionSelect = memo(function FunctionSelect({ id, selected, choices, onPick }: { id: string; selected: string; choices: Choice[]; onPick: (fn: string) => void }) {
  return <ChoiceSelect id={id} label="Function" value={selected} prompt={selected ? undefined : 'Choose a function…'} choices={choices} onPick={onPick} />
})

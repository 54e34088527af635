import { useId, type ReactNode } from 'react'
import * as AbiCodec from '../../../core/abi/AbiCodec'
import { defaultOf, errorOf, placeholderOf, type Json } from './params'

interface ParamProps {
  param: AbiCodec.Param
  label: string
  value: Json
  path: readonly number[]
  onChange: (path: readonly number[], value: Json) => void
}

/** An array's or a tuple's parameters, under its name and type. */
function Group({ className, label, type, children }: { className: string; label: string; type: string; children: ReactNode }) {
  return (
    <fieldset className={className}>
      <legend>
        {label} <code>{type}</code>
      </legend>
      {children}
    </fieldset>
  )
}

/** One parameter of any Solidity type: an input, a list, or a group of fields. */
export function ParamInput({ param, label, value, path, onChange }: ParamProps) {
  const id = useId()
  const arr = /^(.*)\[(\d*)\]$/.exec(param.type)
  const typeLabel = AbiCodec.canonicalType(param)
  if (arr) {
    const child = { ...param, type: arr[1]!, name: '' } as AbiCodec.Param
    const items = Array.isArray(value) ? value : []
    const dynamic = arr[2] === ''
    return (
      <Group className="abi-array" label={label} type={typeLabel}>
        {items.map((item, i) => (
          <div key={i} className="abi-item">
            <ParamInput param={child} label={`${label}[${i}]`} value={item} path={[...path, i]} onChange={onChange} />
            {dynamic && (
              <button type="button" aria-label={`Remove ${label}[${i}]`} onClick={() => onChange(path, items.filter((_, j) => j !== i))}>
                Remove
              </button>
            )}
          </div>
        ))}
        {dynamic && (
          <button type="button" onClick={() => onChange(path, [...items, defaultOf(child)])}>
            Add to {label}
          </button>
        )}
      </Group>
    )
  }
  if (param.type === 'tuple') {
    const comps = (param as { components?: AbiCodec.Params }).components ?? []
    const items = Array.isArray(value) ? value : comps.map(defaultOf)
    return (
      <Group className="abi-tuple" label={label} type={typeLabel}>
        {comps.map((c, i) => (
          <ParamInput key={i} param={c} label={`${label}.${c.name || i}`} value={items[i]} path={[...path, i]} onChange={onChange} />
        ))}
      </Group>
    )
  }
  const err = errorOf(param, value, label)
  if (param.type === 'bool')
    return (
      <div className="field">
        <label htmlFor={id}>
          {label} <code>bool</code>
        </label>
        <select id={id} value={String(value === true || value === 'true')} onChange={(e) => onChange(path, e.target.value === 'true')}>
          <option value="false">false</option>
          <option value="true">true</option>
        </select>
      </div>
    )
  const ph = placeholderOf(param.type)
  return (
    <div className={`field${err ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label} <code>{typeLabel}</code>
      </label>
      <input
        id={id}
        type="text"
        spellCheck={false}
        className="mono"
        value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
        placeholder={ph}
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${id}-err` : undefined}
        onChange={(e) => onChange(path, e.target.value)}
      />
      {err && (
        <p id={`${id}-err`} className="error" role="alert">
          {err}
        </p>
      )}
    </div>
  )
}

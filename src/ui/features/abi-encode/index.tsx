import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Field, ToolForm, type ToolPageProps } from '../../components'
import { useAbiLibrary } from '../../hooks/abiLibrary'
import * as Abi from '../../../core/Abi'
import * as AbiCodec from '../../../core/AbiCodec'
import { isBaseError } from '../../../core/Errors'
import * as Outcome from '../../../core/Outcome'
import { parseWithAbi, target } from '../../../tools/abi-encode'
import type { Tool } from '../../../tools/types'
import { parseAbi } from '../../../workers/abiClient'

type Json = unknown

/** ABI text longer than this is parsed in a worker (a large ABI takes longer than a frame to parse). */
export const WORKER_ABI_CHARS = 4096

interface ParsedAbi {
  text: string
  abi: Abi.Abi | null
  entries: Abi.Entry[]
  error: string | undefined
}

function parseHere(text: string): ParsedAbi {
  try {
    const abi = Abi.parse(text)
    return { text, abi, entries: Abi.entries(abi), error: undefined }
  } catch (e) {
    return { text, abi: null, entries: [], error: text.trim() ? (isBaseError(e) ? [e.shortMessage, ...e.hints].join(' ') : String(e)) : undefined }
  }
}

/**
 * The ABI parsed: small ones here, large ones in the ABI worker, so typing into a large ABI
 * never waits for it. Until the worker answers for the current text, the previous parse is
 * kept (`pending`).
 */
function useParsedAbi(text: string): ParsedAbi & { pending: boolean } {
  const small = text.length <= WORKER_ABI_CHARS
  const here = useMemo(() => (small ? parseHere(text) : undefined), [text, small])
  const [there, setThere] = useState<ParsedAbi>({ text: '', abi: null, entries: [], error: undefined })
  useEffect(() => {
    if (small) return
    let alive = true
    void parseAbi(text).then((r) => {
      if (!alive || (!r.ok && Outcome.isCancelled(r.error))) return
      setThere(r.ok ? { text, abi: r.value.abi, entries: r.value.entries, error: undefined } : { text, abi: null, entries: [], error: [r.error.message, ...r.error.hints].join(' ') })
    })
    return () => {
      alive = false
    }
  }, [text, small])
  if (here) return { ...here, pending: false }
  return { ...there, pending: there.text !== text }
}

/** A starting value for a parameter: what an empty form holds. */
function defaultOf(p: AbiCodec.Param): Json {
  const arr = /^(.*)\[(\d*)\]$/.exec(p.type)
  if (arr) {
    const child = { ...p, type: arr[1]! } as AbiCodec.Param
    return arr[2] === '' ? [] : Array.from({ length: Math.min(Number(arr[2]), 64) }, () => defaultOf(child))
  }
  if (p.type === 'tuple') return ((p as { components?: AbiCodec.Params }).components ?? []).map(defaultOf)
  if (p.type === 'bool') return false
  if (/^u?int/.test(p.type)) return '0'
  const fixed = /^bytes(\d+)$/.exec(p.type)
  if (fixed) return `0x${'00'.repeat(Number(fixed[1]))}`
  if (p.type === 'bytes') return '0x'
  return ''
}

function setAt(tree: Json, path: readonly number[], value: Json): Json {
  if (path.length === 0) return value
  const arr = Array.isArray(tree) ? [...tree] : []
  arr[path[0]!] = setAt(arr[path[0]!], path.slice(1), value)
  return arr
}

function errorOf(p: AbiCodec.Param, v: Json, label: string): string | undefined {
  try {
    AbiCodec.coerce(p, v, label)
    return undefined
  } catch (e) {
    return isBaseError(e) ? [e.shortMessage, ...e.hints].join(' ') : String(e)
  }
}

const placeholders: [RegExp, string][] = [
  [/^uint/, '1000, 0x3e8, 1e18, 1.5 ether, 30 gwei'],
  [/^int/, '-1, 42, 0x2a'],
  [/^address$/, '0x… (checksummed or all lower case)'],
  [/^bytes\d+$/, '0x…'],
  [/^bytes$/, '0x…'],
]

interface ParamProps {
  param: AbiCodec.Param
  label: string
  value: Json
  path: readonly number[]
  onChange: (path: readonly number[], value: Json) => void
}

/** One parameter of any Solidity type: an input, a list, or a group of fields. */
function ParamInput({ param, label, value, path, onChange }: ParamProps) {
  const id = useId()
  const arr = /^(.*)\[(\d*)\]$/.exec(param.type)
  const typeLabel = AbiCodec.canonicalType(param)
  if (arr) {
    const child = { ...param, type: arr[1]!, name: '' } as AbiCodec.Param
    const items = Array.isArray(value) ? value : []
    const dynamic = arr[2] === ''
    return (
      <fieldset className="abi-array">
        <legend>
          {label} <code>{typeLabel}</code>
        </legend>
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
      </fieldset>
    )
  }
  if (param.type === 'tuple') {
    const comps = (param as { components?: AbiCodec.Params }).components ?? []
    const items = Array.isArray(value) ? value : comps.map(defaultOf)
    return (
      <fieldset className="abi-tuple">
        <legend>
          {label} <code>{typeLabel}</code>
        </legend>
        {comps.map((c, i) => (
          <ParamInput key={i} param={c} label={`${label}.${c.name || i}`} value={items[i]} path={[...path, i]} onChange={onChange} />
        ))}
      </fieldset>
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
  const ph = placeholders.find(([re]) => re.test(param.type))?.[1]
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

interface Choice {
  value: string
  label: string
}

/** The function picker; rendered again only when its options or the choice change. */
const FunctionSelect = memo(function FunctionSelect({ id, selected, choices, onPick }: { id: string; selected: string; choices: Choice[]; onPick: (fn: string) => void }) {
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

/**
 * The encode form generated from the chosen function's inputs: every Solidity type,
 * nested tuples and arrays, per-field validation. The state stays in the URL as the
 * tool's fields (abi, function, args as JSON).
 */
export default function AbiEncodePage(props: ToolPageProps) {
  const { meta, values, setValues } = props
  const library = useAbiLibrary()
  const abiSpec = meta.fields.find((f) => f.name === 'abi')!
  const argsSpec = meta.fields.find((f) => f.name === 'args')!
  const selectId = useId()
  const libId = useId()

  const parsed = useParsedAbi(values.abi ?? '')

  const fresh = useMemo(() => {
    if (!parsed.abi) return []
    const out = parsed.entries
      .filter((e) => e.kind === 'function')
      .map((e) => ({ value: e.signature, label: `${e.human.replace(/^function /, '')}  ${e.selector}` }))
    if (parsed.abi.some((i) => i.type === 'constructor')) out.push({ value: 'constructor', label: 'constructor (deployment arguments)' })
    return out
  }, [parsed.abi, parsed.entries])
  // The same list as before (each key typed into a large ABI re-parses it) keeps its identity,
  // so the select of hundreds of options is not rendered again.
  const kept = useRef<{ key: string; list: Choice[] }>({ key: '', list: [] })
  const choices = useMemo(() => {
    const key = fresh.map((c) => `${c.value}\n${c.label}`).join('\n')
    if (key !== kept.current.key) kept.current = { key, list: fresh }
    return kept.current.list
  }, [fresh])

  const current = useMemo(() => {
    if (!parsed.abi) return null
    try {
      return target(parsed.abi, values.function ?? '')
    } catch {
      return null
    }
  }, [parsed.abi, values.function])
  const inputs: AbiCodec.Params = useMemo(() => (current ? (current.kind === 'function' ? current.item.inputs : current.inputs) : []), [current])

  const tree = useMemo(() => {
    try {
      const v = AbiCodec.parseJsonValues(values.args ?? '')
      if (v.length === inputs.length) return v
    } catch {
      /* fall back to defaults */
    }
    return inputs.map(defaultOf)
  }, [values.args, inputs])

  const onChange = (path: readonly number[], v: Json) => setValues({ args: JSON.stringify(setAt(tree, path, v)) })
  const pick = (fn: string) => {
    setValues({ function: fn })
    if (!parsed.abi) return
    try {
      const t = target(parsed.abi, fn)
      setValues({ function: fn, args: JSON.stringify((t.kind === 'function' ? t.item.inputs : t.inputs).map(defaultOf)) })
    } catch {
      /* the tool reports it */
    }
  }
  const pickRef = useRef(pick)
  pickRef.current = pick
  const onPick = useCallback((fn: string) => pickRef.current(fn), [])
  // The tool's parse, given the ABI parsed above (in the worker when large), so it is not parsed twice on the main thread.
  const { abi: parsedAbi, text: parsedText, pending } = parsed
  const tool = useMemo<Tool<unknown>>(
    () => ({
      ...props.tool,
      parse: (raw) =>
        (raw.abi ?? '').length <= WORKER_ABI_CHARS ? props.tool.parse(raw) : pending || raw.abi !== parsedText ? { ok: false, errors: {} } : parsedAbi ? parseWithAbi(raw, parsedAbi) : props.tool.parse({ ...raw, abi: '' }),
    }),
    [props.tool, parsedAbi, parsedText, pending],
  )
  const selected = current?.kind === 'function' ? Abi.entries([current.item])[0]!.signature : current ? 'constructor' : ''

  return (
    <div className="abi-encode-page">
      <form className="tool-form" aria-label="ABI and function" onSubmit={(e) => e.preventDefault()}>
        <Field spec={abiSpec} value={values.abi ?? ''} error={parsed.error} onChange={(v) => setValues({ abi: v })} />
        {library.length > 0 && (
          <div className="field">
            <label htmlFor={libId}>Load an ABI from your library</label>
            <select id={libId} value="" onChange={(e) => e.target.value && setValues({ abi: library.find((l) => l.name === e.target.value)?.abi ?? '', function: '', args: '' })}>
              <option value="">Choose…</option>
              {library.map((l) => (
                <option key={l.name} value={l.name}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {choices.length > 0 && <FunctionSelect id={selectId} selected={selected} choices={choices} onPick={onPick} />}
        {current && (
          <section aria-label="Arguments" className="abi-args">
            {inputs.length === 0 && <p className="hint">This function takes no arguments.</p>}
            {inputs.map((p, i) => (
              <ParamInput key={`${selected}-${i}`} param={p} label={p.name || `arg${i}`} value={tree[i]} path={[i]} onChange={onChange} />
            ))}
          </section>
        )}
        <details>
          <summary>Arguments as JSON</summary>
          <Field spec={argsSpec} value={values.args ?? ''} onChange={(v) => setValues({ args: v })} />
        </details>
      </form>
      <ToolForm {...props} tool={tool} fieldsShown={[]} />
    </div>
  )
}

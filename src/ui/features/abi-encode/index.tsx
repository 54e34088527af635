import { useCallback, useId, useMemo, useRef } from 'react'
import { Field, ResultColumns, RunForm, RunResult, RunStatus, useToolPage, type ToolPageProps } from '../../components'
import { useAbiLibrary } from '../../hooks/abiLibrary'
import * as Abi from '../../../core/abi/Abi'
import * as AbiCodec from '../../../core/abi/AbiCodec'
import type tool from '../../../tools/abi-encode'
import { target } from '../../../tools/abi-encode'
import { ChoiceSelect, FunctionSelect, useFunctionChoices } from './FunctionSelect'
import { ParamInput } from './ParamInput'
import { defaultOf, setAt, type Json } from './params'
import { useParsedAbi } from './useParsedAbi'

/**
 * The encode form generated from the chosen function's inputs: every Solidity type,
 * nested tuples and arrays, per-field validation. The state stays in the URL as the
 * tool's fields (abi, function, args as JSON). The page parses the ABI for its picker (a large
 * one in the ABI worker); the tool parses it again where its run goes (`placeOf`: a large ABI in
 * the tool's worker), so the main thread never parses a large ABI.
 */
export default function AbiEncodePage(props: ToolPageProps<typeof tool>) {
  const { meta, values, setValues } = props
  const page = useToolPage(props)
  const library = useAbiLibrary()
  const abiSpec = meta.fields.find((f) => f.name === 'abi')!
  const argsSpec = meta.fields.find((f) => f.name === 'args')!
  const selectId = useId()
  const libId = useId()

  const parsed = useParsedAbi(values.abi ?? '')
  const choices = useFunctionChoices(parsed.abi, parsed.entries)

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
  const selected = current?.kind === 'function' ? Abi.entries([current.item])[0]!.signature : current ? 'constructor' : ''

  // The ABI, function and arguments form stands in the form column, the call data beside it.
  const fields = (
    <>
      <Field spec={abiSpec} value={values.abi ?? ''} error={parsed.error} onChange={(v) => setValues({ abi: v })} />
      {library.length > 0 && (
        <ChoiceSelect
          id={libId}
          label="Load an ABI from your library"
          value=""
          prompt="Choose…"
          choices={library.map((l) => ({ value: l.name, label: l.name }))}
          onPick={(name) => name && setValues({ abi: library.find((l) => l.name === name)?.abi ?? '', function: '', args: '' })}
        />
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
    </>
  )
  const form = (
    <>
      <RunForm page={page} label="ABI and function" fields={fields} />
      <RunStatus page={page} />
    </>
  )
  return <ResultColumns form={form} result={page.view.result && <RunResult page={page} />} />
}

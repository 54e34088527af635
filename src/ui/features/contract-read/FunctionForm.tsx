/**
 * One function of the ABI: an input per parameter, then Call (a read, run by the shared
 * runner with this function and these arguments as the tool's `function` and `args`), or
 * Prepare transaction (a write: a link into send-transaction), and Simulate (the same call in
 * the simulation worker, drawn as a call tree).
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import * as Abi from '../../../core/abi/Abi'
import * as CalldataEncode from '../../../core/abi/CalldataEncode'
import { toErrorInfo } from '../../../core/Errors'
import * as StateOverrides from '../../../core/sim/StateOverrides'
import { argsOf } from '../../../tools/contract-read'
import { messageOf } from '../../../tools/define'
import { findTool } from '../../../tools/registry'
import type { RawInput } from '../../../tools/types'
import { FormError, Link, ResultView, toolHref, useToolRun, type ToolPageProps } from '../../components'
import { SimulationSummary } from '../../components/SimulationSummary'
import { SimulationView } from '../../components/SimulationView'
import { abiLibrary } from '../../hooks/abiLibrary'
import { callInput, useSimulation, type CallTx } from '../../hooks/useSimulation'

/** eth_call's default sender when none is given; the simulation uses the same. */
const ZERO = '0x0000000000000000000000000000000000000000'

const NO_FILES = {}

const structured = (type: string) => type.includes('[') || type.startsWith('tuple')

/** Each argument as typed: JSON for arrays, tuples and booleans, plain text otherwise. */
function argsJson(fn: Abi.FunctionItem, args: readonly string[]): string {
  return JSON.stringify(
    fn.inputs.map((p, i) => {
      const v = (args[i] ?? '').trim()
      if (structured(p.type) || p.type === 'bool') {
        try {
          return JSON.parse(v)
        } catch {
          return v
        }
      }
      return v
    }),
  )
}

/** The arguments this function was last called with (from the URL), when it is the chosen one. */
function initialArgs(fn: Abi.FunctionItem, raw: RawInput, selected: boolean): string[] {
  if (!selected) return fn.inputs.map(() => '')
  try {
    const a = JSON.parse(raw.args || '[]') as unknown[]
    return fn.inputs.map((_, i) => (a[i] === undefined ? '' : typeof a[i] === 'string' ? (a[i] as string) : JSON.stringify(a[i])))
  } catch {
    return fn.inputs.map(() => '')
  }
}

/** The inputs of the function's parameters, one per parameter. */
function ArgInputs({ id, fn, args, setArgs }: { id: string; fn: Abi.FunctionItem; args: string[]; setArgs: (f: (a: string[]) => string[]) => void }) {
  return (
    <>
      {fn.inputs.map((p, i) => (
        <div className="field" key={i} style={{ marginBottom: 8 }}>
          <label htmlFor={`${id}-${i}`}>{`${p.name || `argument ${i + 1}`} (${p.type})`}</label>
          <input
            id={`${id}-${i}`}
            type="text"
            spellCheck={false}
            autoComplete="off"
            value={args[i] ?? ''}
            placeholder={structured(p.type) ? 'JSON, e.g. ["1", "2"]' : p.type === 'bool' ? 'true or false' : p.type}
            onChange={(e) => setArgs((a) => a.map((x, j) => (j === i ? e.target.value : x)))}
          />
        </div>
      ))}
    </>
  )
}

/** The simulation of a call: started by `start` with the parsed input, cancelled with the form. */
function useCallSimulation(raw: RawInput) {
  const simulation = useSimulation()
  const start = (v: { address: `0x${string}`; function: Abi.FunctionItem; args: unknown[]; from?: `0x${string}`; value: bigint; block: CallTx['block'] }) => {
    const abis: Abi.Abi[] = [...abiLibrary.abis()]
    try {
      abis.push(Abi.parse(raw.abi ?? ''))
    } catch {
      /* reported at the ABI field */
    }
    // overrides that do not parse: the simulation's failure says why
    simulation.start(() => callInput({ from: v.from ?? ZERO, to: v.address, value: v.value, data: CalldataEncode.encodeCall(v.function, v.args), block: v.block, overrides: StateOverrides.parse(raw.overrides ?? '') }), abis)
  }
  return { sim: simulation.state, start, cancel: simulation.cancel }
}

export function FunctionForm({ fn, meta, raw, tool, setValues, onTopErrors, write }: { fn: Abi.FunctionItem; meta: ToolPageProps['meta']; raw: RawInput; tool: ToolPageProps['tool']; setValues: ToolPageProps['setValues']; onTopErrors: (e: Record<string, string>) => void; write?: boolean }) {
  const sig = Abi.entries([fn])[0]!.signature
  const [args, setArgs] = useState<string[]>(() => initialArgs(fn, raw, raw.function === sig || raw.function === fn.name))
  const [local, setLocal] = useState<{ argError?: string; href?: string }>({})
  // The call's outcome is shown until a simulation is asked for (then the simulation is).
  const [callShown, setCallShown] = useState(false)
  const values = useMemo(() => ({ ...raw, function: sig, args: argsJson(fn, args) }), [raw, sig, fn, args])
  // An example runs in the form of the function it names (by name or signature).
  const exampleMatches = useCallback(
    (inputs: RawInput) => {
      const mine = inputs.function === sig || inputs.function === fn.name
      if (mine) setCallShown(true)
      return mine
    },
    [sig, fn.name],
  )
  const { state, view, run } = useToolRun(meta, tool, values, NO_FILES, { exampleMatches })
  const simulation = useCallSimulation(raw)
  const payable = fn.stateMutability === 'payable'

  // The runner's field errors: the arguments' at this form, the others at the page's fields.
  const ran = state.status !== 'idle'
  const { args: argsError, function: fnError, ...top } = view.fieldErrors
  useEffect(() => {
    if (ran) onTopErrors(top)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each outcome of this form's run
  }, [state])
  const argError = local.argError ?? (callShown ? (argsError ?? fnError) : undefined)

  // The function's inputs parsed; on failure their errors are shown (arguments here, the rest at the page's fields).
  const parseShowingErrors = () => {
    const parsed = tool.parse(values)
    const { args: a, function: f, ...rest } = parsed.ok ? {} : parsed.errors
    onTopErrors(rest)
    setLocal(a || f ? { argError: a ?? f } : {})
    return parsed.ok ? parsed : undefined
  }

  const prepare = () => {
    const value = raw.value?.trim() ?? ''
    if (value && !payable && !/^0*(\.0*)?$/.test(value))
      return setLocal({ argError: `${fn.name} is not payable: with msg.value ${value} ether it would revert. Empty the msg.value field, or pick a payable function.` })
    try {
      const data = CalldataEncode.encodeCall(fn, argsOf(fn, values.args))
      const target = findTool('send-transaction')
      setLocal(target ? { href: toolHref(target.meta, { to: raw.address ?? '', data, abi: raw.abi ?? '', ...(payable && value ? { value, unit: 'ether' } : {}) }) } : {})
    } catch (err) {
      setLocal({ argError: messageOf(toErrorInfo(err)) })
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (write) return prepare()
    setLocal({})
    setCallShown(true)
    setValues({ function: sig, args: values.args })
    void run()
  }
  // Simulate: the same call (sender, msg.value, block, overrides) in the simulation worker, drawn as a call tree.
  const onSimulate = () => {
    setCallShown(false)
    const parsed = parseShowingErrors()
    if (parsed) simulation.start(parsed.value as Parameters<typeof simulation.start>[0])
  }

  const id = `fn-${sig.replace(/[^a-zA-Z0-9]/g, '-')}`
  const { sim } = simulation
  return (
    <form className="section" onSubmit={onSubmit} aria-labelledby={id} noValidate style={{ padding: '8px 16px 12px' }}>
      <h3 id={id} className="mono" style={{ color: 'var(--text)' }}>
        {sig}
        {fn.outputs.length > 0 && <span className="hint"> → ({fn.outputs.map((o) => o.type).join(', ')})</span>}
      </h3>
      <ArgInputs id={id} fn={fn} args={args} setArgs={setArgs} />
      {argError && <p className="error">{argError}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={state.status === 'running'} aria-label={write ? `Prepare ${sig} as a transaction` : `Call ${sig}`}>
          {state.status === 'running' ? 'Calling…' : write ? 'Prepare transaction' : 'Call'}
        </button>
        <button type="button" onClick={onSimulate} disabled={sim.kind === 'running'} aria-label={`Simulate ${sig}`}>
          {sim.kind === 'running' ? 'Simulating…' : 'Simulate (call tree)'}
        </button>
      </div>
      {write && payable && <p className="hint">Payable: the msg.value above is sent with it{raw.value?.trim() ? ` (${raw.value.trim()} ether)` : ''}.</p>}
      {callShown && <FormError state={view} />}
      {local.href && (
        <p>
          <Link to={local.href}>Review and send {fn.name} in the send-transaction tool</Link>
        </p>
      )}
      {callShown && state.status === 'done' && view.result && <ResultView result={view.result} />}
      <SimulationSummary state={sim} title={`Simulation of ${fn.name}`} canStill="The call above does not need it" onCancel={simulation.cancel}>
        {sim.kind === 'done' && <SimulationView report={sim.report} />}
      </SimulationSummary>
    </form>
  )
}

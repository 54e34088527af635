/**
 * One function of the ABI: an input per parameter, then Call (a read, run by the shared
 * runner with this function and these arguments as the tool's `function` and `args`), or
 * Prepare transaction (a write: a link into send-transaction), and Simulate (the same call in
 * the simulation worker, drawn as a call tree).
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import * as Abi from '../../../core/abi/Abi'
import type tool from '../../../tools/contract-read'
import type { SimCall } from '../../../tools/contract-read'
import { findTool } from '../../../tools/registry'
import type { RawInput } from '../../../tools/types'
import { ErrorNotice, Link, ResultView, RunForm, toolHref, useToolPage, type ToolPageProps } from '../../components'
import { SimulationSummary } from '../../components/SimulationSummary'
import { callInput, useSimulation, type SimulationState } from '../../hooks/useSimulation'
import { SimulationView } from '../../components/SimulationView'
import './functionForm.css'

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

/** The simulation of a call: started by `start` with the call the tool's `simulate` action made, cancelled with the form. */
function useCallSimulation() {
  const simulation = useSimulation()
  const { start: begin } = simulation
  const start = useCallback(({ call, abis }: SimCall) => begin(callInput(call), abis), [begin])
  return { sim: simulation.state, start, cancel: simulation.cancel }
}

type Props = ToolPageProps<typeof tool>

/**
 * One function's form. It runs the tool over the page's values with this function and its
 * arguments (`function`, `args`): Call is the tool's run, Prepare transaction and Simulate its
 * named actions (`prepare`, `simulate`).
 */
export function FunctionForm({ fn, props, raw, onTopErrors, write }: { fn: Abi.FunctionItem; props: Props; raw: RawInput; onTopErrors: (e: Record<string, string>) => void; write?: boolean }) {
  const { setValues } = props
  const sig = Abi.entries([fn])[0]!.signature
  const [args, setArgs] = useState<string[]>(() => initialArgs(fn, raw, raw.function === sig || raw.function === fn.name))
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
  const page = useToolPage({ ...props, values }, { exampleMatches })
  const { state, view, actions, act } = page
  const simulation = useCallSimulation()
  const payable = fn.stateMutability === 'payable'

  // The field errors: the arguments' at this form, the others at the page's fields.
  const ran = state.status !== 'idle' || actions.prepare.status !== 'idle' || actions.simulate.status !== 'idle'
  const { args: argsError, function: fnError, ...top } = view.fieldErrors
  useEffect(() => {
    if (ran) onTopErrors(top)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each outcome of this form's run or actions
  }, [state, actions.prepare, actions.simulate])
  const acted = actions.prepare.status === 'error' || actions.simulate.status === 'error'
  const argError = acted || callShown ? (argsError ?? fnError) : undefined

  // Simulate: the same call (sender, msg.value, block, overrides) in the simulation worker, drawn as a call tree.
  const simCall = actions.simulate.data
  const { start } = simulation
  useEffect(() => {
    if (simCall) start(simCall)
  }, [simCall, start])
  const simFailed = actions.simulate.status === 'error' && !Object.keys(actions.simulate.fieldErrors).length ? actions.simulate.error : undefined
  const sim: SimulationState = simFailed ? { kind: 'failed', error: simFailed } : simulation.sim

  const prepared = actions.prepare.data
  const target = findTool('send-transaction')
  const href = prepared && target ? toolHref(target.meta, { to: prepared.to, data: prepared.data, abi: prepared.abi, ...(payable && prepared.value ? { value: prepared.value, unit: 'ether' } : {}) }) : undefined

  const onSubmit = () => {
    if (write) return void act('prepare')
    setCallShown(true)
    setValues({ function: sig, args: values.args })
    void page.run()
  }
  const onSimulate = () => {
    setCallShown(false)
    void act('simulate')
  }

  const id = `fn-${sig.replace(/[^a-zA-Z0-9]/g, '-')}`
  const heading = `${sig}${fn.outputs.length > 0 ? ` → (${fn.outputs.map((o) => o.type).join(', ')})` : ''}`
  return (
    <RunForm
      page={page}
      className="section fn-form"
      label={heading}
      onSubmit={onSubmit}
      noSubmit
      fields={
        <>
          <h3 id={id} className="mono" style={{ color: 'var(--text)' }}>
            {sig}
            {fn.outputs.length > 0 && <span className="hint"> → ({fn.outputs.map((o) => o.type).join(', ')})</span>}
          </h3>
          <ArgInputs id={id} fn={fn} args={args} setArgs={setArgs} />
          {argError && <p className="error">{argError}</p>}
        </>
      }
      buttons={
        <>
          <button type="submit" className="primary" disabled={state.status === 'running'} aria-label={write ? `Prepare ${sig} as a transaction` : `Call ${sig}`}>
            {state.status === 'running' ? 'Calling…' : write ? 'Prepare transaction' : 'Call'}
          </button>
          <button type="button" onClick={onSimulate} disabled={sim.kind === 'running'} aria-label={`Simulate ${sig}`}>
            {sim.kind === 'running' ? 'Simulating…' : 'Simulate (call tree)'}
          </button>
        </>
      }
    >
      {write && payable && <p className="hint">Payable: the msg.value above is sent with it{raw.value?.trim() ? ` (${raw.value.trim()} ether)` : ''}.</p>}
      {callShown && <ErrorNotice error={view.error} />}
      {href && (
        <p>
          <Link to={href}>Review and send {fn.name} in the send-transaction tool</Link>
        </p>
      )}
      {callShown && state.status === 'done' && view.result && <ResultView result={view.result} />}
      {sim.kind !== 'idle' && (
        <SimulationSummary state={sim} title={`Simulation of ${fn.name}`} canStill="The call above does not need it" onCancel={simulation.cancel}>
          {sim.kind === 'done' && <SimulationView report={sim.report} />}
        </SimulationSummary>
      )}
    </RunForm>
  )
}

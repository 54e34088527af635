/**
 * Contract reads with a form per function: paste an ABI and an address, and every view or
 * pure function gets its own small form (one input per parameter) and its own decoded result
 * or decoded revert. Functions that write offer to prepare a transaction instead (a payable
 * one carries msg.value over). Every function can also be simulated: the EVM runs in the
 * simulation worker over the node's state (same sender, value, block and overrides as the
 * call) and the page shows the call tree, events, storage changes and asset changes.
 */
import { useEffect, useMemo, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react'
import * as Abi from '../../../core/Abi'
import * as CalldataEncode from '../../../core/CalldataEncode'
import * as StateOverrides from '../../../core/StateOverrides'
import { argsOf } from '../../../tools/contract-read'
import { toErrorInfo, type ErrorInfo } from '../../../core/Errors'
import { messageOf, withDefaults } from '../../../tools/define'
import { findTool } from '../../../tools/registry'
import type { ToolResult } from '../../../tools/types'
import { Field, Link, ResultView, toolHref, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'
import { simulateForReview, SimulationSummary, type SimState } from '../../components/SimulationSummary'
import { SimulationView } from '../../components/SimulationView'
import { abiLibrary } from '../../hooks/abiLibrary'

/** eth_call's default sender when none is given; the simulation uses the same. */
const ZERO = '0x0000000000000000000000000000000000000000'

const TOP = ['address', 'abi', 'block', 'from', 'value', 'overrides', 'proxy']

export default function ContractReadPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = withDefaults(meta, values)
  const spec = (name: string) => meta.fields.find((f) => f.name === name)!
  const [topErrors, setTopErrors] = useState<Record<string, string>>({})

  const parsed = useMemo(() => {
    if (!raw.abi?.trim()) return { fns: [] as Abi.FunctionItem[], error: '' }
    try {
      return { fns: Abi.functions(Abi.parse(raw.abi)), error: '' }
    } catch (e) {
      return { fns: [] as Abi.FunctionItem[], error: messageOf(toErrorInfo(e)) }
    }
  }, [raw.abi])

  const reads = parsed.fns.filter((f) => f.stateMutability === 'view' || f.stateMutability === 'pure')
  const writes = parsed.fns.filter((f) => !(f.stateMutability === 'view' || f.stateMutability === 'pure'))

  return (
    <>
      <form className="tool-form" aria-label={meta.title} onSubmit={(e) => e.preventDefault()} noValidate>
        {TOP.map((name) => (
          <Field key={name} spec={spec(name)} value={raw[name] ?? ''} error={topErrors[name] ?? (name === 'abi' ? parsed.error || undefined : undefined)} onChange={(v) => setValues({ [name]: v })} />
        ))}
      </form>
      {parsed.fns.length > 0 && (
        <section aria-labelledby="cr-reads" className="result">
          <h2 id="cr-reads">Read functions ({reads.length})</h2>
          {reads.length === 0 && <p className="hint">This ABI has no view or pure functions.</p>}
          {reads.map((fn) => (
            <FunctionForm key={Abi.entries([fn])[0]!.signature} fn={fn} raw={raw} tool={tool} setValues={setValues} onTopErrors={setTopErrors} />
          ))}
          {writes.length > 0 && (
            <>
              <h2>Write functions ({writes.length})</h2>
              <p className="hint">These change state: prepare a transaction and review it in the send-transaction tool.</p>
              {writes.map((fn) => (
                <FunctionForm key={Abi.entries([fn])[0]!.signature} fn={fn} raw={raw} tool={tool} setValues={setValues} onTopErrors={setTopErrors} write />
              ))}
            </>
          )}
        </section>
      )}
    </>
  )
}

type CallState = { status: 'idle' | 'running' | 'done' | 'error'; result?: ToolResult; error?: ErrorInfo; argError?: string; href?: string }

function FunctionForm({
  fn,
  raw,
  tool,
  setValues,
  onTopErrors,
  write,
}: {
  fn: Abi.FunctionItem
  raw: Record<string, string>
  tool: ToolPageProps['tool']
  setValues: ToolPageProps['setValues']
  onTopErrors: (e: Record<string, string>) => void
  write?: boolean
}) {
  const sig = Abi.entries([fn])[0]!.signature
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initial = useMemo(() => initialArgs(fn, raw, sig), [])
  const [args, setArgs] = useState<string[]>(initial)
  const [state, setState] = useState<CallState>({ status: 'idle' })
  const [sim, setSim] = useState<SimState | null>(null)
  const stopSim = useRef<(() => void) | null>(null)
  useEffect(() => () => stopSim.current?.(), [])
  const payable = fn.stateMutability === 'payable'

  // The function's inputs parsed; on failure their errors are shown (arguments at this form, the rest at the page's fields).
  const parseShowingErrors = (argsText: string) => {
    const parsed = tool.parse({ ...raw, function: sig, args: argsText })
    if (!parsed.ok) {
      const { args: argError, function: fnError, ...top } = parsed.errors
      onTopErrors(top)
      setState({ status: 'error', ...(argError || fnError ? { argError: argError ?? fnError } : {}) })
      return undefined
    }
    onTopErrors({})
    return parsed
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const argsText = argsJson(fn, args)
    if (write) return setState(prepareTransaction(fn, raw, argsText))
    setValues({ function: sig, args: argsText })
    const parsed = parseShowingErrors(argsText)
    if (!parsed) return
    setState({ status: 'running' })
    try {
      const result = await tool.run(parsed.value, { signal: { aborted: false }, progress: () => {}, ...getProvider() })
      setState({ status: 'done', result })
    } catch (err) {
      setState({ status: 'error', error: toErrorInfo(err) })
    }
  }

  // Simulate: the same call (sender, msg.value, block, overrides) in the simulation worker, drawn as a call tree.
  const onSimulate = () => {
    const parsed = parseShowingErrors(argsJson(fn, args))
    if (!parsed) return
    setState({ status: 'idle' })
    const call = simulatedCall(parsed.value as ParsedCall, raw)
    if ('error' in call) return setSim({ kind: 'failed', error: call.error })
    stopSim.current?.()
    stopSim.current = simulateForReview(call.request, call.abis, setSim)
  }

  const id = `fn-${sig.replace(/[^a-zA-Z0-9]/g, '-')}`
  return (
    <form className="section" onSubmit={onSubmit} aria-labelledby={id} noValidate style={{ padding: '8px 16px 12px' }}>
      <h3 id={id} className="mono" style={{ color: 'var(--text)' }}>
        {sig}
        {fn.outputs.length > 0 && <span className="hint"> → ({fn.outputs.map((o) => o.type).join(', ')})</span>}
      </h3>
      <ArgumentInputs fn={fn} id={id} args={args} setArgs={setArgs} />
      {state.argError && <p className="error">{state.argError}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={state.status === 'running'} aria-label={write ? `Prepare ${sig} as a transaction` : `Call ${sig}`}>
          {state.status === 'running' ? 'Calling…' : write ? 'Prepare transaction' : 'Call'}
        </button>
        <button type="button" onClick={onSimulate} disabled={sim?.kind === 'running'} aria-label={`Simulate ${sig}`}>
          {sim?.kind === 'running' ? 'Simulating…' : 'Simulate (call tree)'}
        </button>
      </div>
      {write && payable && <p className="hint">Payable: the msg.value above is sent with it{raw.value?.trim() ? ` (${raw.value.trim()} ether)` : ''}.</p>}
      <CallOutcome fn={fn} state={state} />
      {sim && (
        <SimulationSummary
          state={sim}
          title={`Simulation of ${fn.name}`}
          canStill="The call above does not need it"
          onCancel={() => {
            stopSim.current?.()
            stopSim.current = null
            setSim({ kind: 'cancelled' })
          }}
        >
          {sim.kind === 'done' && <SimulationView report={sim.report} />}
        </SimulationSummary>
      )}
    </form>
  )
}

/** The arguments the URL holds for this function when it is the one selected there, else empty ones. */
function initialArgs(fn: Abi.FunctionItem, raw: Record<string, string>, sig: string): string[] {
  const selected = raw.function === sig || raw.function === fn.name
  if (!selected) return fn.inputs.map(() => '')
  try {
    const a = JSON.parse(raw.args || '[]') as unknown[]
    return fn.inputs.map((_, i) => (a[i] === undefined ? '' : typeof a[i] === 'string' ? (a[i] as string) : JSON.stringify(a[i])))
  } catch {
    return fn.inputs.map(() => '')
  }
}

/** Each argument as typed: JSON for arrays, tuples and booleans (when it parses), plain text otherwise. */
function argsJson(fn: Abi.FunctionItem, args: string[]): string {
  return JSON.stringify(
    fn.inputs.map((p, i) => {
      const v = (args[i] ?? '').trim()
      if (p.type.includes('[') || p.type.startsWith('tuple') || p.type === 'bool') {
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

/** A write function: a link to send-transaction with its call data (and msg.value when payable), or why not. */
function prepareTransaction(fn: Abi.FunctionItem, raw: Record<string, string>, argsText: string): CallState {
  const payable = fn.stateMutability === 'payable'
  const value = raw.value?.trim() ?? ''
  if (value && !payable && !/^0*(\.0*)?$/.test(value))
    return { status: 'error', argError: `${fn.name} is not payable: with msg.value ${value} ether it would revert. Empty the msg.value field, or pick a payable function.` }
  try {
    const data = CalldataEncode.encodeCall(fn, argsOf(fn, argsText))
    const target = findTool('send-transaction')
    return { status: 'done', ...(target ? { href: toolHref(target.meta, { to: raw.address ?? '', data, abi: raw.abi ?? '', ...(payable && value ? { value, unit: 'ether' } : {}) }) } : {}) }
  } catch (err) {
    return { status: 'error', argError: messageOf(toErrorInfo(err)) }
  }
}

type ParsedCall = { address: `0x${string}`; function: Abi.FunctionItem; args: unknown[]; from?: `0x${string}`; value: bigint; block: Parameters<typeof simulateForReview>[0]['block'] }

/** The call to simulate (the page's ABI after the saved ones, for names) or the overrides' error. */
function simulatedCall(v: ParsedCall, raw: Record<string, string>): { request: Parameters<typeof simulateForReview>[0]; abis: Abi.Abi[] } | { error: ErrorInfo } {
  const abis: Abi.Abi[] = [...abiLibrary.abis()]
  try {
    abis.push(Abi.parse(raw.abi ?? ''))
  } catch {
    /* reported at the ABI field */
  }
  let overrides: StateOverrides.Overrides
  try {
    overrides = StateOverrides.parse(raw.overrides ?? '')
  } catch (err) {
    return { error: toErrorInfo(err) }
  }
  return { request: { from: v.from ?? ZERO, to: v.address, value: v.value, data: CalldataEncode.encodeCall(v.function, v.args), block: v.block, overrides }, abis }
}

/** One text input per parameter, labelled with its name (or position) and type. */
function ArgumentInputs({ fn, id, args, setArgs }: { fn: Abi.FunctionItem; id: string; args: string[]; setArgs: Dispatch<SetStateAction<string[]>> }) {
  return fn.inputs.map((p, i) => {
    const label = `${p.name || `argument ${i + 1}`} (${p.type})`
    const inputId = `${id}-${i}`
    return (
      <div className="field" key={i} style={{ marginBottom: 8 }}>
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={args[i] ?? ''}
          placeholder={p.type.includes('[') || p.type.startsWith('tuple') ? 'JSON, e.g. ["1", "2"]' : p.type === 'bool' ? 'true or false' : p.type}
          onChange={(e) => setArgs((a) => a.map((x, j) => (j === i ? e.target.value : x)))}
        />
      </div>
    )
  })
}

/** A call's error, its result, or the link to send a prepared transaction. */
function CallOutcome({ fn, state }: { fn: Abi.FunctionItem; state: CallState }) {
  return (
    <>
      {state.error && (
        <div className="notice notice-error" role="alert">
          <strong>{state.error.message}</strong>
          {state.error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
      {state.href && (
        <p>
          <Link to={state.href}>Review and send {fn.name} in the send-transaction tool</Link>
        </p>
      )}
      {state.result && <ResultView result={state.result} />}
    </>
  )
}

/**
 * Contract reads with a form per function: paste an ABI and an address, and every view or
 * pure function gets its own small form (one input per parameter) and its own decoded result
 * or decoded revert. Functions that write offer to prepare a transaction instead (a payable
 * one carries msg.value over). Every function can also be simulated: the EVM runs in the
 * simulation worker over the node's state (same sender, value, block and overrides as the
 * call) and the page shows the call tree, events, storage changes and asset changes.
 * The ERC-20 preset fills the standard token ABI (core/abi/Erc20Preset).
 */
import { useMemo, useState } from 'react'
import * as Abi from '../../../core/abi/Abi'
import * as VerifiedAbi from '../../../core/debug/VerifiedAbi'
import * as Erc20Preset from '../../../core/abi/Erc20Preset'
import { toErrorInfo } from '../../../core/Errors'
import { messageOf, withDefaults } from '../../../tools/define'
import type tool from '../../../tools/contract-read'
import { MetaFields, ResultColumns, RunForm, useToolPage, type ToolPageProps } from '../../components'
import { ErrorNotice } from '../../components/RunParts'
import { useVerifiedAbi } from '../../hooks/useVerifiedAbi'
import { FunctionForm } from './FunctionForm'

const nothing = () => {}
// "Try an example" runs in the form of the function it names, never in the page's own form.
const notHere = { exampleMatches: () => false }

export default function ContractReadPage(props: ToolPageProps<typeof tool>) {
  const { meta, values, setValues } = props
  // The page's form runs nothing itself: each function's form below runs the tool.
  const page = useToolPage(props, notHere)
  const given = useMemo(() => withDefaults(meta, values), [meta, values])
  const [topErrors, setTopErrors] = useState<Record<string, string>>({})
  // The verified functions (#36): fetched only once the lookup is ticked and the person asks; a pasted ABI wins, and the page says so.
  const verified = useVerifiedAbi({ on: given.lookup === 'true', host: given.host ?? '', address: given.address ?? '' })
  const named = verified.state.status === 'done' ? verified.state.named : undefined
  const choice = useMemo(() => VerifiedAbi.choose(given.abi ?? '', named), [given.abi, named])
  // with no ABI pasted, each function's form runs over the verified ABI (behind a proxy: the implementation's, called through the proxy)
  const raw = useMemo(() => (choice.from === 'verified' ? { ...given, abi: choice.abiText, proxy: choice.proxy ? 'true' : given.proxy ?? 'false' } : given), [given, choice])

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

  const form = (
    <RunForm
      page={page}
      noSubmit
      onSubmit={nothing}
      // The function and its arguments are set by each function's form below (their `setBy`).
      fields={<MetaFields meta={meta} values={given} errors={{ ...(choice.from === 'pasted' && parsed.error ? { abi: parsed.error } : {}), ...topErrors }} setValues={setValues} />}
      buttons={
        <>
          {given.lookup === 'true' && (
            <button type="button" onClick={verified.ask} disabled={verified.state.status === 'loading' || !/^0x[0-9a-fA-F]{40}$/.test((given.address ?? '').trim())}>
              {verified.state.status === 'loading' ? 'Fetching verified functions…' : 'Fetch verified functions'}
            </button>
          )}
          <button type="button" onClick={() => setValues({ abi: Erc20Preset.ABI_TEXT, function: '', args: '' })} aria-label="Use the ERC-20 ABI">ERC-20 preset</button>
          <span className="hint">Fills the standard token ABI: balances, allowances and supply read in the token's units.</span>
        </>
      }
    />
  )
  // Which source named the functions, and a verified source refused or not found.
  const namedBy = (choice.from !== 'none' || verified.state.status === 'error') && (
    <div role="status" aria-label="Functions named by">
      {choice.from !== 'none' && <p>Functions named by {choice.by}.</p>}
      {verified.state.status === 'error' && <ErrorNotice error={verified.state.error} />}
    </div>
  )
  // The functions, each with its own arguments and answer, beside the ABI on a wide screen.
  const result = parsed.fns.length > 0 && (
    <section aria-labelledby="cr-reads" className="result">
      {namedBy}
      <h2 id="cr-reads">Read functions ({reads.length})</h2>
      {reads.length === 0 && <p className="hint">This ABI has no view or pure functions.</p>}
      {reads.map((fn) => (
        <FunctionForm key={Abi.entries([fn])[0]!.signature} fn={fn} props={props} raw={raw} onTopErrors={setTopErrors} />
      ))}
      {writes.length > 0 && (
        <>
          <h2>Write functions ({writes.length})</h2>
          <p className="hint">These change state: prepare a transaction and review it in the send-transaction tool.</p>
          {writes.map((fn) => (
            <FunctionForm key={Abi.entries([fn])[0]!.signature} fn={fn} props={props} raw={raw} onTopErrors={setTopErrors} write />
          ))}
        </>
      )}
    </section>
  )
  return <ResultColumns form={form} result={result || namedBy} />
}

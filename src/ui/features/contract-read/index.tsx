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
import * as Erc20Preset from '../../../core/abi/Erc20Preset'
import { toErrorInfo } from '../../../core/Errors'
import { messageOf, withDefaults } from '../../../tools/define'
import type tool from '../../../tools/contract-read'
import { MetaFields, ResultColumns, RunForm, useToolPage, type ToolPageProps } from '../../components'
import { FunctionForm } from './FunctionForm'

const nothing = () => {}
// "Try an example" runs in the form of the function it names, never in the page's own form.
const notHere = { exampleMatches: () => false }

export default function ContractReadPage(props: ToolPageProps<typeof tool>) {
  const { meta, values, setValues } = props
  // The page's form runs nothing itself: each function's form below runs the tool.
  const page = useToolPage(props, notHere)
  const raw = useMemo(() => withDefaults(meta, values), [meta, values])
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

  const form = (
    <RunForm
      page={page}
      noSubmit
      onSubmit={nothing}
      // The function and its arguments are set by each function's form below (their `setBy`).
      fields={<MetaFields meta={meta} values={raw} errors={{ ...(parsed.error ? { abi: parsed.error } : {}), ...topErrors }} setValues={setValues} />}
      buttons={
        <>
          <button type="button" onClick={() => setValues({ abi: Erc20Preset.ABI_TEXT, function: '', args: '' })} aria-label="Use the ERC-20 ABI">ERC-20 preset</button>
          <span className="hint">Fills the standard token ABI: balances, allowances and supply read in the token's units.</span>
        </>
      }
    />
  )
  // The functions, each with its own arguments and answer, beside the ABI on a wide screen.
  const result = parsed.fns.length > 0 && (
    <section aria-labelledby="cr-reads" className="result">
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
  return <ResultColumns form={form} result={result} />
}

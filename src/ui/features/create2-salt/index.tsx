import { useMemo } from 'react'
import * as Create2Salt from '../../../core/address/Create2Salt'
import * as Vanity from '../../../core/address/Vanity'
import type tool from '../../../tools/create2-salt'
import { foundResult, minerRows } from '../../../tools/create2-salt'
import { withDefaults } from '../../../tools/define'
import { ErrorNotice, ResultColumns, ResultView, RunForm, RunStatus, useToolPage, type ToolPageProps } from '../../components'
import { VanityEstimate, VanityPanel } from '../../components/VanityPanel'
import { searchCores, useSearchSubmit } from '../../hooks/useConfirmedRun'
import { measuredRate, TOP_N, useVanitySearch } from '../../hooks/useVanitySearch'

/**
 * CREATE2 salt search: the estimate before starting (asking to confirm past a day), one
 * worker per core, live rate and attempts, pause/resume/cancel, and each verified salt with
 * its address and the deployment call data as it comes. Search runs the tool (its parse puts
 * errors at the fields; its plan starts the search); "Check a salt" runs its `check` action.
 */
export default function Create2SaltPage(props: ToolPageProps<typeof tool>) {
  const { meta, tool, values } = props
  const page = useToolPage(props)
  const parsed = useMemo(() => tool.parse(withDefaults(meta, values)), [meta, tool, values])
  const plan = parsed.ok && parsed.value.action === 'mine' ? parsed.value : undefined
  const guarded = plan ? Create2Salt.hashesPerCandidate(plan.setup) === 2 : values.convention === 'createx'
  const kind = guarded ? 'salt:guarded' : 'salt'
  const { state, start, pause, resume, cancel } = useVanitySearch(kind, meta)
  const measured = measuredRate(kind)
  const ratePerCore = measured ?? (guarded ? Vanity.DEFAULT_RATE_PER_CORE.saltsGuarded : Vanity.DEFAULT_RATE_PER_CORE.salts)
  const cores = searchCores()
  const busy = state.status === 'running' || state.status === 'paused'
  // Search runs the tool; its plan (kind 'plan') is the search to start on every core.
  const { onSubmit, submitLabel, confirmation, checked, checkError } = useSearchSubmit(page, ratePerCore * cores, (data, raw) =>
    data.kind !== 'plan' ? undefined : { attempts: data.pattern.attempts, start: () => start({ kind: 'salt', pattern: data.pattern, setup: data.setup }, raw, (_, salts) => foundResult(salts, data)) },
  )
  const form = (
    <>
      <RunForm page={page} submitLabel={submitLabel} onSubmit={onSubmit} busy={busy} />
      <RunStatus page={page} />
    </>
  )

  // The estimate, the search and what it found beside the form on a wide screen.
  const result = (
    <>
      {plan?.pattern && !busy && <VanityEstimate pattern={plan.pattern} ratePerCore={ratePerCore} measured={measured !== undefined} unit="salts" />}
      {plan && (
        <p className="notice notice-info" role="note">
          How the salts are made: {Create2Salt.LABEL[plan.setup.convention]}
          {plan.setup.convention === 'createx' ? (plan.setup.caller ? ' (salt starts with the caller, then the protection flag)' : plan.setup.crossChain ? ' (20 zero bytes, then the protection flag)' : '') : plan.setup.convention === 'immutable' ? (plan.setup.caller ? ' (salt starts with the caller)' : ' (salt starts with 20 zero bytes: anyone can deploy)') : ''}
          ; each of the {cores} workers fills the free salt bytes with fresh random bytes from crypto.getRandomValues and counts through the last 8 bytes, in WebAssembly. Every salt found is re-checked with the audited
          path (ox keccak and the contract-address function) before it is shown.
        </p>
      )}
      {plan?.pattern && <ResultView label="On a GPU instead" result={{ sections: [{ title: 'On a GPU instead', rows: minerRows(plan.setup, plan.pattern, plan.gpu) }] }} />}
      {confirmation}
      <VanityPanel state={state} expected={plan?.pattern?.attempts ?? 1} unit="salts" onPause={pause} onResume={resume} onCancel={cancel} />
      {state.status === 'error' && <ErrorNotice error={state.error} />}
      {state.result && state.salts.length > 0 && (
        <>
          {plan?.pattern?.mode === 'zeros' && <p className="note">The best {TOP_N} so far, most leading zero bytes first.</p>}
          {plan && plan.setup.initCode === null && plan.setup.convention !== 'custom' && <p className="notice notice-info">Give the init code (not only its hash) to get the deployment call data.</p>}
          <ResultView result={state.result} />
        </>
      )}
      <ErrorNotice error={checkError} />
      {checked && <ResultView result={checked} />}
    </>
  )
  const shown = plan || checked || checkError || confirmation || state.status !== 'idle'
  return <ResultColumns form={form} result={shown ? result : undefined} revealed={checked ?? (state.salts.length > 0 || undefined)} />
}

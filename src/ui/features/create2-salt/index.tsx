import { useMemo } from 'react'
import * as Create2Salt from '../../../core/address/Create2Salt'
import * as Vanity from '../../../core/address/Vanity'
import { saltRows, type Input } from '../../../tools/create2-salt'
import { visibleRaw, withDefaults } from '../../../tools/define'
import type { Parsed, ToolResult } from '../../../tools/types'
import { FormError, ResultColumns, ResultView, type ToolPageProps } from '../../components'
import { VanityEstimate, VanityPanel } from '../../components/VanityPanel'
import { searchCores, useConfirmedRun } from '../../hooks/useConfirmedRun'
import { measuredRate, TOP_N, useVanitySearch } from '../../hooks/useVanitySearch'

/**
 * CREATE2 salt search: the estimate before starting (asking to confirm past a day), one
 * worker per core, live rate and attempts, pause/resume/cancel, and each verified salt with
 * its address and the deployment call data as it comes. "Check a salt" runs the tool itself.
 */
export default function Create2SaltPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = useMemo(() => visibleRaw(meta, withDefaults(meta, values)), [meta, values])
  const parsed = useMemo(() => tool.parse(raw) as Parsed<Input>, [tool, raw])
  const plan = parsed.ok && parsed.value.action === 'mine' ? parsed.value : undefined
  const guarded = plan ? Create2Salt.hashesPerCandidate(plan.setup) === 2 : raw.convention === 'createx'
  const kind = guarded ? 'salt:guarded' : 'salt'
  const { state, start, pause, resume, cancel } = useVanitySearch(kind)
  const measured = measuredRate(kind)
  const ratePerCore = measured ?? (guarded ? Vanity.DEFAULT_RATE_PER_CORE.saltsGuarded : Vanity.DEFAULT_RATE_PER_CORE.salts)
  const cores = searchCores()
  const busy = state.status === 'running' || state.status === 'paused'

  const { form, checked, confirmation } = useConfirmedRun<Input>({ meta, tool, values, setValues, raw, busy }, {
    checkField: 'salt',
    rate: ratePerCore * cores,
    attempts: (input) => input.pattern!.attempts,
    start: (input) => start({ kind: 'salt', pattern: input.pattern!, setup: input.setup }),
  })

  const found: ToolResult = {
    sections: state.salts.map((s, i) => ({
      title: state.salts.length > 1 ? `Salt ${i + 1}` : 'Salt found',
      rows: [...saltRows(s), ...(plan?.pattern?.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(s.zeroBytes), mono: false }] : [])],
    })),
  }

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
      {confirmation}
      <VanityPanel state={state} expected={plan?.pattern?.attempts ?? 1} unit="salts" onPause={pause} onResume={resume} onCancel={cancel} />
      {state.status === 'error' && <FormError state={{ error: state.error }} />}
      {state.salts.length > 0 && (
        <>
          {plan?.pattern?.mode === 'zeros' && <p className="note">The best {TOP_N} so far, most leading zero bytes first.</p>}
          {plan && plan.setup.initCode === null && plan.setup.convention !== 'custom' && <p className="notice notice-info">Give the init code (not only its hash) to get the deployment call data.</p>}
          <ResultView result={found} />
        </>
      )}
      {checked && <ResultView result={checked} />}
    </>
  )
  return <ResultColumns form={form} result={plan || checked || confirmation || state.status !== 'idle' ? result : undefined} revealed={checked ?? state.salts.length > 0} />
}

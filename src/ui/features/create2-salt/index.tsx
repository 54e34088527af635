import { useEffect, useMemo, useState, type FormEvent } from 'react'
import * as Create2Salt from '../../../core/Create2Salt'
import * as Vanity from '../../../core/Vanity'
import { saltRows, type Input } from '../../../tools/create2-salt'
import { visibleRaw, withDefaults } from '../../../tools/define'
import type { Parsed, ToolResult } from '../../../tools/types'
import { FieldList, ResultView, type ToolPageProps } from '../../components'
import { VanityEstimate, VanityPanel } from '../../components/VanityPanel'
import { measuredRate, TOP_N, useVanitySearch } from '../../hooks/useVanitySearch'

/**
 * CREATE2 salt search: the estimate before starting (asking to confirm past a day), one
 * worker per core, live rate and attempts, pause/resume/cancel, and each verified salt with
 * its address and the deployment call data as it comes. "Check a salt" runs the tool itself.
 */
export default function Create2SaltPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = useMemo(() => visibleRaw(meta, withDefaults(meta, values)), [meta, values])
  const parsed = useMemo(() => tool.parse(raw) as Parsed<Input>, [tool, raw])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirming, setConfirming] = useState(false)
  const [checked, setChecked] = useState<ToolResult | null>(null)
  const plan = parsed.ok && parsed.value.action === 'mine' ? parsed.value : undefined
  const guarded = plan ? Create2Salt.hashesPerCandidate(plan.setup) === 2 : raw.convention === 'createx'
  const kind = guarded ? 'salt:guarded' : 'salt'
  const { state, start, pause, resume, cancel } = useVanitySearch(kind)
  const measured = measuredRate(kind)
  const ratePerCore = measured ?? (guarded ? Vanity.DEFAULT_RATE_PER_CORE.saltsGuarded : Vanity.DEFAULT_RATE_PER_CORE.salts)
  const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 32))
  const busy = state.status === 'running' || state.status === 'paused'

  useEffect(() => setConfirming(false), [values])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setChecked(null)
    const p = tool.parse(raw)
    if (!p.ok) {
      setErrors(p.errors)
      return
    }
    setErrors({})
    const input = p.value as Input
    if (input.action === 'check') {
      try {
        setChecked(tool.run(input, { signal: { aborted: false }, progress: () => {} }) as ToolResult)
      } catch (err) {
        const field = (err as { field?: string }).field ?? 'salt'
        setErrors({ [field]: (err as { shortMessage?: string }).shortMessage ?? String(err) })
      }
      return
    }
    if (!confirming && Vanity.needsConfirmation(input.pattern!.attempts, ratePerCore * cores)) {
      setConfirming(true)
      return
    }
    setConfirming(false)
    start({ kind: 'salt', pattern: input.pattern!, setup: input.setup })
  }

  const found: ToolResult = {
    sections: state.salts.map((s, i) => ({
      title: state.salts.length > 1 ? `Salt ${i + 1}` : 'Salt found',
      rows: [...saltRows(s), ...(plan?.pattern?.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(s.zeroBytes), mono: false }] : [])],
    })),
  }

  return (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={values} errors={errors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {raw.action === 'check' ? 'Check' : 'Search'}
          </button>
        </div>
      </form>
      {plan?.pattern && !busy && <VanityEstimate pattern={plan.pattern} ratePerCore={ratePerCore} measured={measured !== undefined} unit="salts" />}
      {plan && (
        <p className="notice notice-info" role="note">
          How the salts are made: {Create2Salt.LABEL[plan.setup.convention]}
          {plan.setup.convention === 'createx' ? (plan.setup.caller ? ' (salt starts with the caller, then the protection flag)' : plan.setup.crossChain ? ' (20 zero bytes, then the protection flag)' : '') : plan.setup.convention === 'immutable' ? (plan.setup.caller ? ' (salt starts with the caller)' : ' (salt starts with 20 zero bytes: anyone can deploy)') : ''}
          ; each of the {cores} workers fills the free salt bytes with fresh random bytes from crypto.getRandomValues and counts through the last 8 bytes, in WebAssembly. Every salt found is re-checked with the audited
          path (ox keccak and the contract-address function) before it is shown.
        </p>
      )}
      {confirming && plan?.pattern && (
        <div className="notice notice-warn" role="alert">
          <strong>This is expected to take {Vanity.formatDuration(Vanity.expectedSeconds(plan.pattern.attempts, ratePerCore * cores))} on this device (more than a day).</strong>
          <p>A shorter pattern is 16 times faster per hex digit left out. Start anyway?</p>
          <button type="button" onClick={onSubmit as never}>
            Start anyway
          </button>
        </div>
      )}
      <VanityPanel state={state} expected={plan?.pattern?.attempts ?? 1} unit="salts" onPause={pause} onResume={resume} onCancel={cancel} />
      {state.status === 'error' && state.error && (
        <div className="notice notice-error" role="alert">
          <strong>{state.error.message}</strong>
          {state.error.hints.map((h) => (
            <p key={h}>{h}</p>
          ))}
        </div>
      )}
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
}

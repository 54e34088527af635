import { useEffect, useMemo } from 'react'
import * as Vanity from '../../../core/address/Vanity'
import * as SplitKey from '../../../core/address/SplitKey'
import { withDefaults } from '../../../tools/define'
import { findTool } from '../../../tools/registry'
import type tool from '../../../tools/vanity'
import { foundResult, splitPlan } from '../../../tools/vanity'
import { ErrorNotice, keyring, Link, ResultColumns, ResultView, RunForm, RunStatus, toolHref, useToolPage, type ToolPageProps } from '../../components'
import { RunResult } from '../../components/RunParts'
import { VanityEstimate, VanityPanel } from '../../components/VanityPanel'
import { searchCores, useSearchSubmit } from '../../hooks/useConfirmedRun'
import { useVanitySearch, measuredRate, TOP_N } from '../../hooks/useVanitySearch'

/**
 * Vanity key search: the estimate before starting (asking to confirm past a day), then one
 * worker per core, live rate and attempts, pause/resume/cancel, and every verified key as it
 * comes, added to the in-page keyring (memory only) from where a keystore can be made. Search
 * runs the tool (its parse puts errors at the fields; its plan starts the search), Check runs
 * its `check` action.
 */
export default function VanityPage(props: ToolPageProps<typeof tool>) {
  const { meta, tool, values, setValues } = props
  const page = useToolPage(props)
  const splitting = values.action === 'split'
  // The split key's seed: made here when the GPU search is chosen, kept in the page's memory (a secret field, never the URL or storage).
  useEffect(() => {
    if (splitting && !values.seed) setValues({ seed: SplitKey.seed().privateKey })
  }, [splitting, values.seed, setValues])
  const forMiner = useMemo(() => (splitting ? splitPlan(withDefaults(meta, values)) : undefined), [splitting, meta, values])
  const combined = splitting && page.view.data?.kind === 'split' ? page.view.result : undefined
  const parsed = useMemo(() => tool.parse(withDefaults(meta, values)), [meta, tool, values])
  const plan = parsed.ok && parsed.value.action === 'mine' ? parsed.value : undefined
  const target: Vanity.Target = values.target === 'create' ? 'create' : 'address'
  const kind = `key:${target}`
  const { state, start, pause, resume, cancel } = useVanitySearch(kind, meta)
  const measured = measuredRate(kind)
  const ratePerCore = measured ?? (target === 'create' ? Vanity.DEFAULT_RATE_PER_CORE.keysCreate : Vanity.DEFAULT_RATE_PER_CORE.keys)
  const cores = searchCores()
  const busy = state.status === 'running' || state.status === 'paused'
  // Search runs the tool; its plan (kind 'plan') is the search to start on every core.
  const { onSubmit, submitLabel, confirmation, checked, checkError } = useSearchSubmit(page, ratePerCore * cores, (data, raw) =>
    data.kind !== 'plan' ? undefined : { attempts: data.pattern.attempts, start: () => start({ kind: 'key', pattern: data.pattern, target: data.target }, raw, (keys) => foundResult(keys, data)) },
  )

  // Every verified key goes into the in-page keyring (memory only, never the URL or storage).
  const data = page.view.data
  useEffect(() => {
    const keys = [...state.keys, ...(data?.kind === 'split' ? [data] : [])]
    for (const k of keys) if (!keyring.list().some((e) => e.privateKey === k.privateKey)) keyring.add({ address: k.address, privateKey: k.privateKey, label: 'vanity key' })
  }, [state.keys, data])
  const keystore = findTool('keystore-encrypt')
  const form = (
    <>
      <RunForm page={page} submitLabel={splitting ? 'Combine' : submitLabel} onSubmit={onSubmit} busy={busy} />
      <RunStatus page={page} />
    </>
  )

  // The estimate, the search and what it found beside the form on a wide screen.
  const result = (
    <>
      {plan && !busy && <VanityEstimate pattern={plan.pattern} ratePerCore={ratePerCore} measured={measured !== undefined} unit="keys" />}
      {plan && (
        <p className="notice notice-info" role="note">
          How the keys are made: each of the {cores} workers draws its own fresh 256-bit key from crypto.getRandomValues (uniform over all valid keys) and steps to the next keys by adding the curve's
          generator point (k+1, k+2, …), in WebAssembly. Nothing narrows the key space. Every key found is re-derived with the audited library before it is shown.
        </p>
      )}
      {confirmation}
      <VanityPanel state={state} expected={plan?.pattern.attempts ?? 1} unit="keys" onPause={pause} onResume={resume} onCancel={cancel} />
      {state.status === 'error' && <ErrorNotice error={state.error} />}
      {state.result && state.keys.length > 0 && (
        <>
          {plan?.pattern.mode === 'zeros' && <p className="note">The best {TOP_N} so far, most leading zero bytes first.</p>}
          <ResultView result={state.result} />
          {keystore && (
            <p>
              <Link to={toolHref(keystore.meta, {})}>Encrypt a found key to a keystore</Link> (pick it from the keyring there).
            </p>
          )}
        </>
      )}
      <ErrorNotice error={checkError} />
      {checked && <ResultView result={checked} />}
      {splitting && <SplitKeyParts forMiner={forMiner} newSeed={() => setValues({ seed: SplitKey.seed().privateKey, offset: '', minerAddress: '' })} />}
      {combined && <RunResult page={page} submitLabel="Combine" />}
    </>
  )
  const shown = plan || checked || checkError || confirmation || state.status !== 'idle' || splitting
  return <ResultColumns form={form} result={shown ? result : undefined} revealed={checked ?? combined ?? (state.keys.length > 0 || undefined)} />
}

/** The split key's part of the page: what the miner gets (the seed's public key and the command), and where the seed is kept. */
function SplitKeyParts({ forMiner, newSeed }: { forMiner: ReturnType<typeof splitPlan>; newSeed: () => void }) {
  return (
    <>
      {forMiner && <ResultView label="For the miner" result={forMiner} />}
      <p className="notice notice-info" role="note">
        The split key (profanity2&rsquo;s way): this page made a seed key with crypto.getRandomValues and gives out only its public key. Run the command on a GPU, anywhere: the offset it prints is
        worth nothing without the seed. Paste it here; the page adds it to the seed and shows the key only once its address has the pattern. The seed is in this page&rsquo;s memory only, never in the
        URL or storage: it is lost on reload, and with it every offset mined for it.{' '}
        <button type="button" onClick={newSeed}>
          New seed
        </button>
      </p>
    </>
  )
}

import { useEffect, useMemo } from 'react'
import * as Vanity from '../../../core/address/Vanity'
import { visibleRaw, withDefaults } from '../../../tools/define'
import { findTool } from '../../../tools/registry'
import type { Parsed, ToolResult } from '../../../tools/types'
import type { Input } from '../../../tools/vanity'
import { FormError, keyring, Link, ResultColumns, ResultView, toolHref, type ToolPageProps } from '../../components'
import { VanityEstimate, VanityPanel } from '../../components/VanityPanel'
import { searchCores, useConfirmedRun } from '../../hooks/useConfirmedRun'
import { useVanitySearch, measuredRate, TOP_N } from '../../hooks/useVanitySearch'

/**
 * Vanity key search: the estimate before starting (asking to confirm past a day), then one
 * worker per core, live rate and attempts, pause/resume/cancel, and every verified key as it
 * comes, added to the in-page keyring (memory only) from where a keystore can be made.
 */
export default function VanityPage({ meta, tool, values, setValues }: ToolPageProps) {
  const raw = useMemo(() => visibleRaw(meta, withDefaults(meta, values)), [meta, values])
  const parsed = useMemo(() => tool.parse(raw) as Parsed<Input>, [tool, raw])
  const target: Vanity.Target = raw.target === 'create' ? 'create' : 'address'
  const kind = `key:${target}`
  const { state, start, pause, resume, cancel } = useVanitySearch(kind)
  const measured = measuredRate(kind)
  const ratePerCore = measured ?? (target === 'create' ? Vanity.DEFAULT_RATE_PER_CORE.keysCreate : Vanity.DEFAULT_RATE_PER_CORE.keys)
  const cores = searchCores()
  const plan = parsed.ok && parsed.value.action === 'mine' ? parsed.value : undefined
  const busy = state.status === 'running' || state.status === 'paused'

  // Every verified key goes into the in-page keyring (memory only, never the URL or storage).
  useEffect(() => {
    for (const k of state.keys) if (!keyring.list().some((e) => e.privateKey === k.privateKey)) keyring.add({ address: k.address, privateKey: k.privateKey, label: 'vanity key' })
  }, [state.keys])

  const { form, checked, confirmation } = useConfirmedRun<Input>({ meta, tool, values, setValues, raw, busy }, {
    checkField: 'key',
    rate: ratePerCore * cores,
    attempts: (input) => input.pattern.attempts,
    start: (input) => start({ kind: 'key', pattern: input.pattern, target: input.target }),
  })

  const keystore = findTool('keystore-encrypt')
  const found: ToolResult = {
    sections: state.keys.map((k, i) => ({
      title: state.keys.length > 1 ? `Key ${i + 1}` : 'Key found',
      rows: [
        { label: 'Address', value: k.address, open: { tool: 'address', inputs: { address: k.address }, label: 'Inspect address' } },
        ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: k.matched }] : []),
        ...(plan?.pattern.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(k.zeroBytes), mono: false }] : []),
        { label: 'Private key', value: k.privateKey, secret: true, note: 'Re-derived with the audited library (noble/ox) before it was shown. In the in-page keyring (memory only) until you reload.' },
      ],
    })),
  }

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
      {state.status === 'error' && <FormError state={{ error: state.error }} />}
      {state.keys.length > 0 && (
        <>
          {plan?.pattern.mode === 'zeros' && <p className="note">The best {TOP_N} so far, most leading zero bytes first.</p>}
          <ResultView result={found} />
          {keystore && (
            <p>
              <Link to={toolHref(keystore.meta, {})}>Encrypt a found key to a keystore</Link> (pick it from the keyring there).
            </p>
          )}
        </>
      )}
      {checked && <ResultView result={checked} />}
    </>
  )
  return <ResultColumns form={form} result={plan || checked || confirmation || state.status !== 'idle' ? result : undefined} revealed={checked ?? state.keys.length > 0} />
}

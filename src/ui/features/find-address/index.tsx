import type { FormEvent } from 'react'
import type { FindData } from '../../../tools/find-address'
import split from '../../../tools/find-address/split'
import { FieldList, FormError, keyring, Progress, ResultColumns, ResultView, useKeyring, useToolRun, type ToolPageProps } from '../../components'

/**
 * "Find my address": the scan is split as the tool declares (`src/tools/find-address/split.ts`:
 * one slice of the indexes per core, each scanned on every path by its own worker). Progress sums
 * the workers'; the first worker that finds the address stops all the others, and Cancel stops
 * them all. No worker waits ahead of a run: a finished scan leaves none running.
 */
export default function FindAddressPage({ meta, tool, values, setValues, files }: ToolPageProps) {
  const { state, view, run, cancel } = useToolRun<FindData>(meta, tool, values, files, { split, warm: () => false })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void run()
  }
  const done = state.status === 'done'
  const form = (
    <>
      <form className="tool-form" onSubmit={onSubmit} noValidate aria-label={meta.title}>
        <FieldList fields={meta.fields} values={values} errors={view.fieldErrors} setValues={setValues} />
        <div className="actions">
          <button type="submit" className="primary" disabled={state.status === 'running'}>
            Run
          </button>
        </div>
      </form>
      <Progress state={state} onCancel={cancel} />
      <FormError state={view} />
    </>
  )
  const shown = done ? view.result : undefined
  const result = shown && (
    <>
      <ResultView result={shown} />
      <AddToKeyring data={view.data} />
    </>
  )
  return <ResultColumns form={form} result={result} revealed={shown} />
}

/** Puts the found key into the in-page keyring (memory only), for the signing tools. */
function AddToKeyring({ data }: { data: FindData | undefined }) {
  const keys = useKeyring()
  if (!data?.found || !data.privateKey) return null
  const { address, privateKey, path } = data
  const inRing = keys.some((k) => k.address.toLowerCase() === address.toLowerCase())
  // In a card of its own, saying what the keyring is for (not a bare button under the form).
  return (
    <section className="next-steps" aria-label="Next steps">
      {inRing ? (
        <p className="notice notice-info" role="note">
          {address} is in the in-page keyring: the signing tools can use it until you reload the page.
        </p>
      ) : (
        <>
          <div className="actions">
            <button type="button" onClick={() => keyring.add({ address, privateKey, label: path })}>
              Add this key to the keyring
            </button>
          </div>
          <p className="help">The keyring holds keys in this tab&apos;s memory for the signing tools, until you reload the page.</p>
        </>
      )}
    </section>
  )
}

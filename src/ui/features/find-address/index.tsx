import type tool from '../../../tools/find-address'
import type { FindData } from '../../../tools/find-address'
import split from '../../../tools/find-address/split'
import { keyring, ResultColumns, RunForm, RunResult, RunStatus, useKeyring, useToolPage, type ToolPageProps } from '../../components'

/**
 * "Find my address": the scan is split as the tool declares (`src/tools/find-address/split.ts`:
 * one slice of the indexes per core, each scanned on every path by its own worker). Progress sums
 * the workers'; the first worker that finds the address stops all the others, and Cancel stops
 * them all. No worker waits ahead of a run: a finished scan leaves none running.
 */
export default function FindAddressPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props, { split, warm: () => false })
  const shown = page.state.status === 'done' ? page.view.result : undefined
  const form = (
    <>
      <RunForm page={page} />
      <RunStatus page={page} />
    </>
  )
  const result = shown && (
    <RunResult page={page}>
      <AddToKeyring data={page.view.data} />
    </RunResult>
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

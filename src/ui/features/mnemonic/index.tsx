import type tool from '../../../tools/mnemonic'
import { keyring, ToolBody, useKeyring, useToolPage, type ToolPageProps } from '../../components'
import { handOff } from '../../handoff'
import { requestExampleRun } from '../../hooks/exampleRun'
import { navigate } from '../../router'

/**
 * The generic recovery-phrase form, plus the steps the form cannot take, in one card under it:
 * deriving the phrase's addresses (the phrase handed to the derive tool in memory, never in the
 * URL) and putting the key of its first account into the in-page keyring (memory only), for the
 * signing tools.
 */
export default function MnemonicPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  const keys = useKeyring()
  const first = data?.first
  const inRing = !!first && keys.some((k) => k.address.toLowerCase() === first.address.toLowerCase())
  const derive = () => {
    if (!data) return
    const inputs = { phrase: data.phrase, passphrase: data.passphrase }
    handOff('hd-derive', inputs)
    // The derive page lists the addresses at once, as if its button were pressed.
    requestExampleRun('hd-derive', inputs)
    navigate('/hd-derive')
  }
  return (
    <ToolBody page={page}>
      {data && (
        <section className="next-steps" aria-labelledby="mnemonic-next">
          <h2 id="mnemonic-next">Next steps</h2>
          <div className="actions">
            <button type="button" onClick={derive}>
              Derive addresses
            </button>
            {first?.privateKey && !inRing && (
              <button type="button" onClick={() => keyring.add({ address: first.address, privateKey: first.privateKey!, label: first.path })}>
                Add the key of {first.path} to the keyring
              </button>
            )}
          </div>
          <p className="help">
            The phrase goes to the derive tool in this tab&apos;s memory, never in its address.
            {first?.privateKey && !inRing && ' The keyring holds keys for the signing tools until you reload the page.'}
          </p>
          {inRing && (
            <p className="notice notice-info" role="note">
              {first.address} is in the in-page keyring: the signing tools can use it until you reload the page.
            </p>
          )}
        </section>
      )}
    </ToolBody>
  )
}

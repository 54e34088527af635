import { useEffect, useState } from 'react'
import * as KeyQr from '../../../core/qr/KeyQr'
import type tool from '../../../tools/key'
import { keyring, ResultView, RunForm, RunStatus, useToolPage, type ToolPageProps } from '../../components'

function svgUrl(text: string, title: string): string {
  return KeyQr.dataUrl(text, title)
}

/**
 * A key: create one (crypto.getRandomValues) or import one; the address and its QR code at
 * once, the key's QR code only after an explicit reveal. The key joins the in-page keyring
 * so the signing tools can use it without retyping.
 */
export default function KeyPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const { values } = props
  const result = page.state.status === 'done' ? page.view.result : undefined
  const data = result?.data
  const address = data?.address
  const privateKey = data?.privateKey
  const [keyQr, setKeyQr] = useState(false)
  const imported = (values.privateKey ?? '').trim() !== ''

  useEffect(() => {
    setKeyQr(false)
    if (address && privateKey) keyring.add({ address, privateKey, label: imported ? 'imported key' : 'new key' })
    // The label only matters when the key changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, privateKey])

  return (
    <>
      <RunForm page={page} submitLabel={imported ? 'Import key' : 'Create a new key'} />
      <RunStatus page={page} />
      {result && <ResultView result={result} />}
      {address && (
        <section className="result qr-codes" aria-label="QR codes">
          <p className="notice notice-info" role="note">
            Added to the in-page keyring: the signing tools can use {address} until you reload the page.
          </p>
          <figure>
            <img src={svgUrl(address, `Address ${address}`)} alt={`QR code of the address ${address}`} width={200} height={200} />
            <figcaption>Address</figcaption>
          </figure>
          {privateKey &&
            (keyQr ? (
              <figure>
                <img src={svgUrl(privateKey, 'Private key')} alt="QR code of the private key" width={200} height={200} />
                <figcaption>
                  Private key: anyone who scans it controls the account.{' '}
                  <button type="button" onClick={() => setKeyQr(false)}>
                    Hide the private key QR code
                  </button>
                </figcaption>
              </figure>
            ) : (
              <button type="button" onClick={() => setKeyQr(true)}>
                Reveal the private key QR code
              </button>
            ))}
        </section>
      )}
    </>
  )
}

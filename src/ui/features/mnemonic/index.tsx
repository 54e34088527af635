import { useCallback, useState } from 'react'
import type { MnemonicData } from '../../../tools/mnemonic'
import type { ToolResult } from '../../../tools/types'
import { keyring, ToolForm, useKeyring, type ToolPageProps } from '../../components'

/**
 * The generic recovery-phrase form, plus one step the form cannot take: putting the key of
 * the phrase's first account into the in-page keyring (memory only), for the signing tools.
 */
export default function MnemonicPage(props: ToolPageProps) {
  const [first, setFirst] = useState<MnemonicData['first']>()
  const keys = useKeyring()
  const onResult = useCallback((result: ToolResult | undefined) => setFirst((result as ToolResult<MnemonicData> | undefined)?.data?.first), [])
  const inRing = !!first && keys.some((k) => k.address.toLowerCase() === first.address.toLowerCase())
  return (
    <ToolForm {...props} onResult={onResult}>
      {first?.privateKey && (
        <div className="actions">
          {inRing ? (
            <p className="notice notice-info" role="note">
              {first.address} is in the in-page keyring: the signing tools can use it until you reload the page.
            </p>
          ) : (
            <button type="button" onClick={() => keyring.add({ address: first.address, privateKey: first.privateKey!, label: first.path })}>
              Add the key of {first.path} to the keyring
            </button>
          )}
        </div>
      )}
    </ToolForm>
  )
}

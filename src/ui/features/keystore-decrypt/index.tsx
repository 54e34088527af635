import { useCallback, useEffect, useState } from 'react'
import type { DecryptedData } from '../../../tools/keystore-decrypt'
import type { ToolResult } from '../../../tools/types'
import { keyring, ToolForm, type ToolPageProps } from '../../components'
import { prewarm } from '../../../workers/client'

/**
 * The keystore form (paste or choose the file; the key derivation runs in a worker with a
 * progress bar and a cancel button), and the unlocked key joins the in-page keyring so the
 * signing tools can use it. The worker starts when the page opens and readies scrypt's
 * WebAssembly and the curve (`Keystore.warm`) while the person types, so Decrypt runs only
 * the key derivation.
 */
export default function KeystoreDecryptPage(props: ToolPageProps) {
  const [unlocked, setUnlocked] = useState<string>()
  const id = props.meta.id
  useEffect(() => prewarm(id), [id])
  const onResult = useCallback((result: ToolResult | undefined) => {
    const data = (result as ToolResult<DecryptedData> | undefined)?.data
    if (!data) return
    const { address, privateKey } = data
    keyring.add({ address, privateKey, label: 'keystore' })
    setUnlocked(address)
  }, [])
  return (
    <ToolForm {...props} submitLabel="Decrypt" onResult={onResult}>
      {unlocked && (
        <p className="notice notice-info" role="note">
          {unlocked} is in the in-page keyring: the signing tools can use it until you reload the page.
        </p>
      )}
    </ToolForm>
  )
}

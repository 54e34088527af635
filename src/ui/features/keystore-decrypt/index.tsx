import { useEffect, useState } from 'react'
import type tool from '../../../tools/keystore-decrypt'
import { keyring, ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { prepareSpare, prewarm } from '../../../workers/client'

/**
 * The keystore form (paste or choose the file; the key derivation runs in a worker with a
 * progress bar and a cancel button), and the unlocked key joins the in-page keyring so the
 * signing tools can use it. The worker starts when the page opens and readies scrypt's
 * WebAssembly and the curve (`Keystore.warm`), then the scrypt memory of the keystore given
 * (`Keystore.prepare`), while the person types, so Decrypt runs only the key derivation.
 */
export default function KeystoreDecryptPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const [unlocked, setUnlocked] = useState<string>()
  const id = props.meta.id
  useEffect(() => prewarm(id), [id])
  // Once a keystore is in the form, the waiting worker readies the scrypt memory it needs (the
  // keystore alone is sent, never the password), so Decrypt only computes. Asked again as the
  // password changes: after a run, the worker waiting for the next one is a new one.
  const keystore = props.values.keystore ?? ''
  const keystoreFile = props.files.keystoreFile
  const password = props.values.password
  useEffect(() => {
    if (!keystore.trim() && !keystoreFile) return
    const t = setTimeout(() => prepareSpare(id, { keystore }, keystoreFile ? { keystoreFile } : undefined), 150)
    return () => clearTimeout(t)
  }, [id, keystore, keystoreFile, password])
  // An unlocked key joins the keyring once, when its result comes.
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  useEffect(() => {
    if (!data) return
    keyring.add({ address: data.address, privateKey: data.privateKey, label: 'keystore' })
    setUnlocked(data.address)
  }, [data])
  return (
    <ToolBody page={page} submitLabel="Decrypt">
      {unlocked && (
        <p className="notice notice-info" role="note">
          {unlocked} is in the in-page keyring: the signing tools can use it until you reload the page.
        </p>
      )}
    </ToolBody>
  )
}

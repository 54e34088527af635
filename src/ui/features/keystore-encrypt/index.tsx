import { useEffect, useState } from 'react'
import type tool from '../../../tools/keystore-encrypt'
import { KeyFieldPicker, ToolBody, useToolPage, type ToolPageProps } from '../../components'

/**
 * Encrypt a key (typed, or one from the in-page keyring) or re-encrypt a keystore under a
 * new password, in a worker with progress and cancel; then download the file under geth's
 * usual UTC--… name. The fields each choice needs are declared in the tool's meta (showWhen).
 */
export default function KeystoreEncryptPage(props: ToolPageProps<typeof tool>) {
  const { values } = props
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  const [href, setHref] = useState<string>()
  useEffect(() => {
    if (!data) return setHref(undefined)
    const url = URL.createObjectURL(new Blob([data.json], { type: 'application/json' }))
    setHref(url)
    return () => URL.revokeObjectURL(url)
  }, [data])
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolBody page={page} submitLabel={values.source === 'keystore' ? 'Change the password' : 'Encrypt'}>
        {href && data && (
          <p className="actions">
            <a className="button primary" href={href} download={data.filename}>
              Download {data.filename}
            </a>
          </p>
        )}
      </ToolBody>
    </>
  )
}

import type tool from '../../../tools/keystore-encrypt'
import { KeyFieldPicker, ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { FileLink } from '../../components/FileLink'

/**
 * Encrypt a key (typed, or one from the in-page keyring) or re-encrypt a keystore under a
 * new password, in a worker with progress and cancel; then download the file under geth's
 * usual UTC--… name. The fields each choice needs are declared in the tool's meta (showWhen).
 */
export default function KeystoreEncryptPage(props: ToolPageProps<typeof tool>) {
  const { values } = props
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolBody page={page} submitLabel={values.source === 'keystore' ? 'Change the password' : 'Encrypt'}>
        {data && (
          <p className="actions">
            <FileLink text={data.json} type="application/json" name={data.filename} className="button primary">
              Download {data.filename}
            </FileLink>
          </p>
        )}
      </ToolBody>
    </>
  )
}

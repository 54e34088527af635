/**
 * Sign a message: the generic form, plus a picker for keys already in this page's keyring
 * (made or unlocked by the wallet tools), so a key need not be retyped. The warning goes with
 * the raw-digest confirmation, which the tool's meta shows for a raw digest only.
 */
import { isShown } from '../../../tools/define'
import { ToolForm, KeyFieldPicker, type ToolPageProps } from '../../components'

export default function SignMessagePage(props: ToolPageProps) {
  const raw = isShown(props.meta, 'confirmRaw', props.values)
  return (
    <>
      <KeyFieldPicker {...props} />
      {raw && (
        <div className="notice notice-error" role="alert">
          <strong>Raw digest signing.</strong> A 32-byte digest can be the hash of a transaction, a permit or an order: whoever asked you to sign it may
          spend from this account. Only sign a digest you computed yourself.
        </div>
      )}
      <ToolForm {...props} />
    </>
  )
}

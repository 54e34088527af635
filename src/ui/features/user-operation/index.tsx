/**
 * ERC-4337 user operation: the generic form, plus a picker for keys already in this page's
 * keyring (made or unlocked by the wallet tools), shown while a signing choice is made, so the
 * account owner's key need not be retyped.
 */
import { KeyFieldPicker, ToolForm, type ToolPageProps } from '../../components'

export default function UserOperationPage(props: ToolPageProps) {
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolForm {...props} />
    </>
  )
}

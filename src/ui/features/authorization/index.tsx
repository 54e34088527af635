/**
 * EIP-7702 authorization: the generic form, plus (while the key field is shown: when
 * building) a picker for keys already in this page's keyring, so a key need not be retyped.
 */
import { KeyFieldPicker, ToolForm, type ToolPageProps } from '../../components'

export default function AuthorizationPage(props: ToolPageProps) {
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolForm {...props} />
    </>
  )
}


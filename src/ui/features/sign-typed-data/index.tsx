/**
 * Sign typed data: the generic form, plus a picker for keys already in this page's keyring
 * (made or unlocked by the wallet tools), so a key need not be retyped.
 */
import { ToolForm, KeyFieldPicker, type ToolPageProps } from '../../components'


export default function SignTypedDataPage(props: ToolPageProps) {
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolForm {...props} />
    </>
  )
}

/**
 * Safe transaction verifier: the generic form, plus a picker for keys already in this page's
 * keyring (made or unlocked by the wallet tools), shown while a signature form is chosen, so an
 * owner key need not be retyped.
 */
import { KeyFieldPicker, ToolForm, type ToolPageProps } from '../../components'

export default function SafeTxPage(props: ToolPageProps) {
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolForm {...props} />
    </>
  )
}

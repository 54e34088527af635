/**
 * Address from a key: the generic form, plus a picker for keys already in this page's
 * keyring (made, derived or unlocked by the wallet tools), so a key need not be retyped.
 */
import { KeyFieldPicker, ToolForm, type ToolPageProps } from '../../components'

export default function AddressFromKeyPage(props: ToolPageProps) {
  return (
    <>
      <KeyFieldPicker {...props} />
      <ToolForm {...props} />
    </>
  )
}

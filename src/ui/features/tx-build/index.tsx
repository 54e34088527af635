/**
 * Build and sign a transaction: the generic form (it shows only the fields of the chosen
 * type, as the tool's meta declares), plus a picker for keys in this page's keyring.
 */
import { ToolForm, KeyringPicker, type ToolPageProps } from '../../components'

export default function TxBuildPage(props: ToolPageProps) {
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(k) => props.setValues({ privateKey: k?.privateKey ?? '' })} />
      <ToolForm {...props} />
    </>
  )
}

/**
 * EIP-7702 authorization: the generic form, plus a picker for keys already in this page's keyring
 * (made or unlocked by the wallet tools), so a key need not be retyped.
 */
import { ToolForm, KeyringPicker, type ToolPageProps } from '../../components'


export default function AuthorizationPage(props: ToolPageProps) {
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(k) => props.setValues({ privateKey: k?.privateKey ?? '' })} />
      <ToolForm {...props} />
    </>
  )
}

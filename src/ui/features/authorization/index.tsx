/**
 * EIP-7702 authorization: the generic form, plus (while the key field is shown: when
 * building) a picker for keys already in this page's keyring, so a key need not be retyped.
 */
import { isShown } from '../../../tools/define'
import { ToolForm, KeyringPicker, type ToolPageProps } from '../../components'

export default function AuthorizationPage(props: ToolPageProps) {
  return (
    <>
      {isShown(props.meta, 'privateKey', props.values) && (
        <KeyringPicker value={props.values.privateKey ?? ''} onPick={(k) => props.setValues({ privateKey: k?.privateKey ?? '' })} />
      )}
      <ToolForm {...props} />
    </>
  )
}

/**
 * Build and sign a transaction: the generic form showing only the fields of the chosen
 * type, plus a picker for keys in this page's keyring.
 */
import { ToolForm, KeyringPicker, type ToolPageProps } from '../../components'

const COMMON = ['type', 'chainId', 'nonce', 'to', 'value', 'data', 'gas']
const BY_TYPE: Record<string, string[]> = {
  legacy: ['eip155', 'gasPrice'],
  eip2930: ['gasPrice', 'accessList'],
  eip1559: ['maxFeePerGas', 'maxPriorityFeePerGas', 'accessList'],
  eip4844: ['maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'blobVersionedHashes', 'accessList'],
  eip7702: ['maxFeePerGas', 'maxPriorityFeePerGas', 'accessList', 'authorizationList'],
}


export default function TxBuildPage(props: ToolPageProps) {
  const type = props.values.type || 'eip1559'
  const shown = [...COMMON, ...(BY_TYPE[type] ?? BY_TYPE.eip1559!), 'privateKey']
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(k) => props.setValues({ privateKey: k?.privateKey ?? '' })} />
      <ToolForm {...props} fieldsShown={shown} />
    </>
  )
}

/**
 * Build and sign a transaction: the generic form showing only the fields of the chosen
 * type, plus a picker for keys in this page's keyring.
 */
import { ToolForm, useKeyring, type ToolPageProps } from '../../components'

const COMMON = ['type', 'chainId', 'nonce', 'to', 'value', 'data', 'gas']
const BY_TYPE: Record<string, string[]> = {
  legacy: ['eip155', 'gasPrice'],
  eip2930: ['gasPrice', 'accessList'],
  eip1559: ['maxFeePerGas', 'maxPriorityFeePerGas', 'accessList'],
  eip4844: ['maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'blobVersionedHashes', 'accessList'],
  eip7702: ['maxFeePerGas', 'maxPriorityFeePerGas', 'accessList', 'authorizationList'],
}

function KeyringPicker({ value, onPick }: { value: string; onPick: (privateKey: string) => void }) {
  const keys = useKeyring()
  if (keys.length === 0) return null
  return (
    <div className="field">
      <label htmlFor="keyring-pick">Key from this page's keyring</label>
      <select id="keyring-pick" value={keys.find((k) => k.privateKey === value)?.address ?? ''} onChange={(e) => onPick(keys.find((k) => k.address === e.target.value)?.privateKey ?? '')}>
        <option value="">(type or paste a key below)</option>
        {keys.map((k) => (
          <option key={k.address} value={k.address}>
            {k.address} ({k.label})
          </option>
        ))}
      </select>
    </div>
  )
}

export default function TxBuildPage(props: ToolPageProps) {
  const type = props.values.type || 'eip1559'
  const shown = [...COMMON, ...(BY_TYPE[type] ?? BY_TYPE.eip1559!), 'privateKey']
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(privateKey) => props.setValues({ privateKey })} />
      <ToolForm {...props} fieldsShown={shown} />
    </>
  )
}

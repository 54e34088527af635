/**
 * EIP-7702 authorization: the generic form, plus a picker for keys already in this page's keyring
 * (made or unlocked by the wallet tools), so a key need not be retyped.
 */
import { ToolForm, useKeyring, type ToolPageProps } from '../../components'

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

export default function AuthorizationPage(props: ToolPageProps) {
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(privateKey) => props.setValues({ privateKey })} />
      <ToolForm {...props} />
    </>
  )
}

import { useId } from 'react'
import { useKeyring, type KeyringEntry } from '../hooks/keyring'

/**
 * Picks a key already in this page's keyring (made or unlocked by the wallet tools), so a key
 * need not be retyped. Shows nothing while the keyring is empty. Only addresses are shown.
 */
export function KeyringPicker({ value, onPick }: { value: string; onPick: (entry: KeyringEntry | undefined) => void }) {
  const keys = useKeyring()
  const id = useId()
  if (keys.length === 0) return null
  return (
    <div className="field">
      <label htmlFor={id}>Key from this page's keyring</label>
      <select id={id} value={keys.find((k) => k.privateKey === value)?.address ?? ''} onChange={(e) => onPick(keys.find((k) => k.address === e.target.value))}>
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

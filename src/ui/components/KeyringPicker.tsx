import { useEffect, useId, useRef } from 'react'
import { keyring, useKeyring, type KeyringEntry } from '../hooks/keyring'

/**
 * Picks a key already in this page's keyring (made or unlocked by the wallet tools), so a key
 * need not be retyped. Shows nothing while the keyring is empty. Only addresses are shown.
 * When the page opens with no key typed, the newest key is chosen (once: clearing the field
 * afterwards is respected). The keys can be listed, removed one by one, or all cleared.
 */
export function KeyringPicker({ value, onPick }: { value: string; onPick: (entry: KeyringEntry | undefined) => void }) {
  const keys = useKeyring()
  const id = useId()
  const preselected = useRef(false)
  const newest = keys[keys.length - 1]
  useEffect(() => {
    if (preselected.current || !newest) return
    preselected.current = true
    if (!value) onPick(newest)
  }, [newest, value, onPick])
  if (keys.length === 0) return null
  const picked = keys.find((k) => k.privateKey === value)
  return (
    <div className="field keyring">
      <label htmlFor={id}>Key from this page's keyring</label>
      <select id={id} value={picked?.address ?? ''} onChange={(e) => onPick(keys.find((k) => k.address === e.target.value))}>
        <option value="">(type or paste a key below)</option>
        {[...keys].reverse().map((k) => (
          <option key={k.address} value={k.address}>
            {k.address} ({k.label})
          </option>
        ))}
      </select>
      <KeyringList onRemoved={(address) => { if (picked && (address === undefined || picked.address === address)) onPick(undefined) }} />
    </div>
  )
}

/** The keyring's keys (addresses only), each removable, and "Clear keyring" for all at once. */
export function KeyringList({ onRemoved }: { onRemoved?: (address: string | undefined) => void }) {
  const keys = useKeyring()
  if (keys.length === 0) return null
  return (
    <details className="keyring">
      <summary>
        Keyring: {keys.length} {keys.length === 1 ? 'key' : 'keys'} in this page (memory only, gone on reload)
      </summary>
      <ul aria-label="Keys in this page's keyring">
        {keys.map((k) => (
          <li key={k.address}>
            <span className="mono">{k.address}</span> ({k.label}){' '}
            <button
              type="button"
              aria-label={`Remove ${k.address} from the keyring`}
              onClick={() => {
                keyring.remove(k.address)
                onRemoved?.(k.address)
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          keyring.clear()
          onRemoved?.(undefined)
        }}
      >
        Clear keyring
      </button>
    </details>
  )
}

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
  const chosen = keys.find((k) => k.privateKey === value)
  return (
    <div className="field keyring">
      <label htmlFor={id}>Key from this page's keyring</label>
      <select id={id} value={chosen?.address ?? ''} onChange={(e) => onPick(keys.find((k) => k.address === e.target.value))}>
        <option value="">(type or paste a key below)</option>
        {[...keys].reverse().map((k) => (
          <option key={k.address} value={k.address}>
            {k.address} ({k.label})
          </option>
        ))}
      </select>
      <details className="keyring-list">
        <summary>
          {keys.length} key{keys.length === 1 ? '' : 's'} in this page's keyring (memory only, gone on reload)
        </summary>
        <ul aria-label="Keys in the keyring">
          {[...keys].reverse().map((k) => (
            <li key={k.address}>
              <span className="mono">{k.address}</span> <span className="hint">{k.label}</span>{' '}
              <button
                type="button"
                onClick={() => {
                  if (k === chosen) onPick(undefined)
                  keyring.remove(k.address)
                }}
              >
                Remove <span className="visually-hidden">{k.address}</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => {
            if (chosen) onPick(undefined)
            keyring.clear()
          }}
        >
          Remove all keys
        </button>
      </details>
    </div>
  )
}

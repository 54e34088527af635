/**
 * Verified reads (#26), beside the node picker: a switch for this session and the anchor of the
 * block hash (a second node that must agree, a hash the person pastes, or none). Applied with
 * its own button; a bad URL or hash is refused at its field.
 */
import { useId, useState, type FormEvent } from 'react'
import * as NodeUrl from '../../core/chain/NodeUrl'
import type * as Rpc from '../../core/chain/Rpc'
import type * as VerifiedReads from '../../core/sim/VerifiedReads'
import { setVerified, useVerified } from './verified'

export function VerifiedSwitch() {
  const v = useVerified()
  const ids = useId()
  const [on, setOn] = useState(v.on)
  const [kind, setKind] = useState<VerifiedReads.AnchorSpec['kind']>(v.anchor.kind)
  const [url, setUrl] = useState(v.anchor.kind === 'node' ? v.anchor.url : '')
  const [hash, setHash] = useState(v.anchor.kind === 'hash' ? v.anchor.hash : '')
  const [error, setError] = useState<{ field: 'url' | 'hash'; message: string } | null>(null)
  const [applied, setApplied] = useState('')

  const apply = (e: FormEvent) => {
    e.preventDefault()
    let anchor: VerifiedReads.AnchorSpec = { kind: 'none' }
    if (on && kind === 'node') {
      try {
        anchor = { kind: 'node', url: NodeUrl.check(url, {}) }
      } catch (err) {
        return setError({ field: 'url', message: (err as Rpc.InvalidUrlError).shortMessage ?? 'Not a node URL.' })
      }
    } else if (on && kind === 'hash') {
      const h = hash.trim()
      if (!/^0x[0-9a-fA-F]{64}$/.test(h)) return setError({ field: 'hash', message: `A block hash is 0x and 64 hex digits (${h.replace(/^0x/, '').length} given).` })
      anchor = { kind: 'hash', hash: h.toLowerCase() as `0x${string}` }
    }
    setError(null)
    setVerified({ on, anchor: on ? anchor : v.anchor })
    setApplied(on ? `Verified reads on: ${anchor.kind === 'node' ? 'anchored by a second node' : anchor.kind === 'hash' ? 'anchored by the pasted hash' : 'not anchored (the header is this node’s word)'}.` : 'Verified reads off.')
  }
  const errorId = `${ids}-verified-error`

  return (
    <form onSubmit={apply} aria-label="Verified reads">
      <fieldset className="conn-choices">
        <legend>Verified reads (this session)</legend>
        <label>
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} /> Check balances, nonces, code and storage with eth_getProof; re-run calls in the page’s EVM
        </label>
        {on && (
          <>
            <div role="radiogroup" aria-labelledby={`${ids}-anchor-title`}>
              <p className="help" id={`${ids}-anchor-title`}>
                The block hash is anchored by:
              </p>
              <label>
                <input type="radio" name={`${ids}-anchor`} checked={kind === 'node'} onChange={() => setKind('node')} /> A second node (both must give the same hash)
              </label>
              {kind === 'node' && (
                <div className="field">
                  <label htmlFor={`${ids}-anchor-url`}>Second node URL</label>
                  <input id={`${ids}-anchor-url`} className="mono" value={url} onChange={(e) => setUrl(e.target.value)} spellCheck={false} autoComplete="off" aria-invalid={error?.field === 'url'} aria-describedby={error?.field === 'url' ? errorId : undefined} />
                  {error?.field === 'url' && <div className="error" id={errorId}>{error.message}</div>}
                </div>
              )}
              <label>
                <input type="radio" name={`${ids}-anchor`} checked={kind === 'hash'} onChange={() => setKind('hash')} /> A block hash I paste (reads are at that block)
              </label>
              {kind === 'hash' && (
                <div className="field">
                  <label htmlFor={`${ids}-anchor-hash`}>Block hash</label>
                  <input id={`${ids}-anchor-hash`} className="mono" value={hash} onChange={(e) => setHash(e.target.value)} spellCheck={false} autoComplete="off" aria-invalid={error?.field === 'hash'} aria-describedby={error?.field === 'hash' ? errorId : undefined} />
                  {error?.field === 'hash' && <div className="error" id={errorId}>{error.message}</div>}
                </div>
              )}
              <label>
                <input type="radio" name={`${ids}-anchor`} checked={kind === 'none'} onChange={() => setKind('none')} /> None (the header is this node’s word)
              </label>
            </div>
            <p className="help">Without a consensus light client, a hash is as good as its source: it proves the reads match that block, not that the block is canonical.</p>
          </>
        )}
        <div className="actions">
          <button type="submit">Apply</button>
          {applied && <span role="status">{applied}</span>}
        </div>
      </fieldset>
    </form>
  )
}

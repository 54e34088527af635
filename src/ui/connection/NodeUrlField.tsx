/**
 * The connection dialog's JSON-RPC URL field: plain http only to loopback (or a host the person
 * marks as their local network, with the consequence stated), a "remember" tick for a URL that
 * carries credentials (otherwise it lasts for this page only), and the warning shown before a
 * node not on this machine is first used.
 */
import * as NodeUrl from '../../core/chain/NodeUrl'

export interface UrlDraft {
  url: string
  localNetwork: boolean
  remember: boolean
}

export interface UrlFieldError {
  message: string
  hints: string[]
}

interface Props {
  ids: string
  draft: UrlDraft
  setDraft: (d: UrlDraft) => void
  error: UrlFieldError | null
  /** The node the warning is shown for (set on the first Connect for a new node). */
  warning: boolean
}

/** The warning MetaMask shows for custom networks, in our words: what the node learns and what it can do. */
export function NodeWarning({ ids }: { ids: string }) {
  return (
    <div className="notice notice-warn" role="alert" aria-labelledby={`${ids}-warn-title`}>
      <strong id={`${ids}-warn-title`}>Before you use this node</strong>
      <p>
        The node sees every address, transaction and call you look up or send here, and your IP address. It can answer falsely: wrong balances, wrong call
        results, a wrong chain or fee. Keys and passwords never go to it; signed transactions do, when you send them.
      </p>
      <p>
        Where an answer matters, check it: Account lookup&apos;s &ldquo;Verify with proofs&rdquo; checks a balance, nonce, code and storage against the block&apos;s
        state root with the node&apos;s own Merkle proofs, so a false answer is caught.
      </p>
      <p>Use a node you run or trust. Press Connect again to use it.</p>
    </div>
  )
}

export function NodeUrlField({ ids, draft, setDraft, error, warning }: Props) {
  const p = NodeUrl.parts(draft.url)
  const localHost = p !== null && NodeUrl.isPlain(draft.url) && !NodeUrl.isLoopback(p.host) && NodeUrl.isLocalNetwork(p.host)
  const creds = NodeUrl.credentials(draft.url)
  return (
    <>
      <div className={`field${error ? ' has-error' : ''}`}>
        <label htmlFor={`${ids}-url`}>Endpoint URL</label>
        <input
          id={`${ids}-url`}
          type="text"
          value={draft.url}
          placeholder="https://… or wss://…"
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          aria-invalid={!!error}
          aria-describedby={error ? `${ids}-url-error` : undefined}
          spellCheck={false}
          autoComplete="off"
          translate="no"
        />
        {error && (
          <div className="error" id={`${ids}-url-error`}>
            {[error.message, ...error.hints].join(' ')}
          </div>
        )}
        <p className="help">
          https:// or wss://; plain http:// only to this machine (127.0.0.1, localhost). The app sends requests to this endpoint only; the node must allow this page's
          origin (CORS).
        </p>
      </div>
      {localHost && (
        <label className="checkbox-label">
          <input type="checkbox" checked={draft.localNetwork} onChange={(e) => setDraft({ ...draft, localNetwork: e.target.checked })} /> This node is on my local
          network (plain http://: anyone on that network can read and change what the app sends and receives)
        </label>
      )}
      {creds.length > 0 && (
        <label className="checkbox-label">
          <input type="checkbox" checked={draft.remember} onChange={(e) => setDraft({ ...draft, remember: e.target.checked })} /> Remember this URL with its
          credentials ({creds.join(', ')}) in this browser&apos;s storage. Unticked, it is kept for this page only.
        </label>
      )}
      {warning && <NodeWarning ids={ids} />}
    </>
  )
}

/**
 * The connection badge in the app header: where requests go (the endpoint URL), the chain,
 * and the status. It opens a dialog to choose the local devnet, any JSON-RPC URL, or a
 * browser wallet, and shows the chain's details (block, client, latency, gas and fees).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import * as NodeUrl from '../../core/chain/NodeUrl'
import * as Rpc from '../../core/chain/Rpc'
import * as Units from '../../core/format/Units'
import type { UrlDraft, UrlFieldError } from './NodeUrlField'
import { acknowledgeNode, needsNodeWarning, useConnection, type Choice, type ConnectionState, type WalletInfo } from './store'
import { useVerified } from './verified'
import { ErrorNotice } from '../components/ErrorNotice'
import './connection.css'

// The URL field, its ticks and the node warning load when "A JSON-RPC URL" is chosen (every route carries the badge).
// The verified-reads switch (#26) loads with the dialog's first opening, not with every route.
const VerifiedSwitch = lazy(() => import('./VerifiedSwitch').then((m) => ({ default: m.VerifiedSwitch })))
const NodeUrlField = lazy(() => import('./NodeUrlField').then((m) => ({ default: m.NodeUrlField })))

const gwei = (v: bigint) => `${Units.format(v, 'gwei')} gwei`

export default function ConnectionBadge() {
  const c = useConnection()
  const verified = useVerified()
  const dialog = useRef<HTMLDialogElement>(null)
  const [kind, setKind] = useState<Choice['kind']>(c.choice.kind)
  const [draft, setDraft] = useState<UrlDraft>(draftOf(c.choice))
  const [urlError, setUrlError] = useState<UrlFieldError | null>(null)
  const [warned, setWarned] = useState('')
  const [wallet, setWallet] = useState(c.choice.kind === 'wallet' ? (c.choice.rdns ?? '') : '')
  const ids = useId()

  // the dialog's verified-reads switch loads when the dialog first opens (not on every route's first screen)
  const [everOpened, setEverOpened] = useState(false)
  const openDialog = () => {
    setEverOpened(true)
    setKind(c.choice.kind)
    if (c.choice.kind === 'url') setDraft(draftOf(c.choice))
    setUrlError(null)
    setWarned('')
    dialog.current?.showModal()
    void c.refresh()
  }
  useEffect(() => {
    if (kind === 'wallet') c.discoverWallets()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const picked = choiceOf(kind, draft, c.choice, wallet, c.availableWallets)
    if ('urlError' in picked) return setUrlError(picked.urlError)
    setUrlError(null)
    if (picked.choice.kind === 'url' && needsNodeWarning(picked.choice.url)) {
      // First use of this node: say what it learns and what it can do; a second Connect uses it.
      if (warned !== picked.choice.url) return setWarned(picked.choice.url)
      acknowledgeNode(picked.choice.url)
    }
    setWarned('')
    void c.choose(picked.choice)
  }

  const label = c.status === 'connected' && c.info ? c.info.chainName : c.status === 'none' ? 'No node' : c.status === 'error' ? 'Not connected' : 'Connecting…'
  const wallets = kind === 'wallet' ? c.availableWallets() : []

  return (
    <>
      <button type="button" className={`conn-badge conn-${c.status}`} onClick={openDialog} aria-haspopup="dialog" title={c.status === 'none' ? 'No node: no requests are sent' : `Requests go to ${Rpc.maskUrl(c.url || c.devnetUrl)}`}>
        <span className="conn-dot" aria-hidden="true" />
        <span className="conn-chain">{label}</span>
        {c.status !== 'none' && <span className="conn-url">{Rpc.shortUrl(c.url || c.devnetUrl)}</span>}
        {verified.on && <span className="conn-verified">verified reads</span>}
      </button>
      <dialog ref={dialog} className="conn-dialog" aria-labelledby={`${ids}-title`} onClick={(e) => e.target === dialog.current && dialog.current?.close()}>
        <div className="conn-body">
          <header className="conn-head">
            <h2 id={`${ids}-title`}>Connection</h2>
            <button type="button" onClick={() => dialog.current?.close()} aria-label="Close">
              ×
            </button>
          </header>
          <form onSubmit={onSubmit}>
            <ChoiceFields {...{ ids, kind, setKind, draft, setDraft, urlError, wallet, setWallet, wallets }} warning={kind === 'url' && warned !== ''} devnetUrl={c.devnetUrl} />
            <div className="actions">
              <button type="submit" className="primary">
                Connect
              </button>
              <button type="button" onClick={() => void c.refresh()}>
                Refresh
              </button>
            </div>
          </form>
          {everOpened && (
            <Suspense fallback={null}>
              <VerifiedSwitch />
            </Suspense>
          )}
          <ConnectionStatus c={c} />
        </div>
      </dialog>
    </>
  )
}

/** The dialog's URL field for a choice: a URL with credentials is shown masked (and kept if left unchanged). */
function draftOf(choice: Choice): UrlDraft {
  if (choice.kind !== 'url') return { url: '', localNetwork: false, remember: false }
  const shown = NodeUrl.credentials(choice.url).length ? Rpc.maskUrl(choice.url) : choice.url
  return { url: shown, localNetwork: choice.localNetwork === true, remember: choice.remember === true }
}

/** The choice the form describes, or why its URL is refused. */
function choiceOf(kind: Choice['kind'], draft: UrlDraft, current: Choice, wallet: string, availableWallets: () => WalletInfo[]): { choice: Choice } | { urlError: UrlFieldError } {
  if (kind === 'url') {
    // The masked URL left as shown means the current one, credentials and all.
    const typed = current.kind === 'url' && draft.url.trim() === draftOf(current).url ? current.url : draft.url
    try {
      const url = NodeUrl.check(typed, { localNetwork: draft.localNetwork })
      return { choice: { kind: 'url', url, ...(draft.localNetwork ? { localNetwork: true } : {}), ...(draft.remember ? { remember: true } : {}) } }
    } catch (err) {
      const e = err as Rpc.InvalidUrlError
      return { urlError: { message: e.shortMessage, hints: [...e.hints] } }
    }
  }
  if (kind === 'wallet') {
    const w = availableWallets().find((x) => x.rdns === wallet) ?? availableWallets()[0]
    return { choice: { kind: 'wallet', ...(w ? { rdns: w.rdns, name: w.name } : {}) } }
  }
  return { choice: { kind: 'devnet' } }
}

interface ChoiceFieldsProps {
  ids: string
  kind: Choice['kind']
  setKind: (k: Choice['kind']) => void
  draft: UrlDraft
  setDraft: (d: UrlDraft) => void
  urlError: UrlFieldError | null
  warning: boolean
  wallet: string
  setWallet: (rdns: string) => void
  wallets: WalletInfo[]
  devnetUrl: string
}

/** "Talk to": the local devnet, a JSON-RPC URL (with its field) or a browser wallet (with its picker). */
function ChoiceFields({ ids, kind, setKind, draft, setDraft, urlError, warning, wallet, setWallet, wallets, devnetUrl }: ChoiceFieldsProps) {
  return (
    <fieldset className="conn-choices">
      <legend>Talk to</legend>
      <label>
        <input type="radio" name="conn-kind" value="devnet" checked={kind === 'devnet'} onChange={() => setKind('devnet')} /> Local devnet{' '}
        <code>{Rpc.shortUrl(devnetUrl)}</code>
      </label>
      <label>
        <input type="radio" name="conn-kind" value="url" checked={kind === 'url'} onChange={() => setKind('url')} /> A JSON-RPC URL
      </label>
      {kind === 'url' && (
        <Suspense fallback={<p className="help">Loading…</p>}>
          <NodeUrlField ids={ids} draft={draft} setDraft={setDraft} error={urlError} warning={warning} />
        </Suspense>
      )}
      <label>
        <input type="radio" name="conn-kind" value="wallet" checked={kind === 'wallet'} onChange={() => setKind('wallet')} /> A browser wallet
      </label>
      {kind === 'wallet' &&
        (wallets.length ? (
          <div className="field">
            <label htmlFor={`${ids}-wallet`}>Wallet</label>
            <select id={`${ids}-wallet`} value={wallet || wallets[0]?.rdns} onChange={(e) => setWallet(e.target.value)}>
              {wallets.map((w) => (
                <option key={w.uuid} value={w.rdns}>
                  {w.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="help">No browser wallet found (none announced itself via EIP-6963, and there is no window.ethereum).</p>
        ))}
    </fieldset>
  )
}

/** Where the connection stands, its error, and the chain's details (block, client, latency, gas and fees). */
function ConnectionStatus({ c }: { c: ConnectionState }) {
  const info = c.info
  return (
    <section aria-label="Connection status" className="conn-status" aria-live="polite">
      {c.status === 'connecting' && <p>Connecting to {Rpc.shortUrl(c.url || c.devnetUrl)}…</p>}
      {(c.status === 'error' || c.status === 'none') && <ErrorNotice error={c.error} />}
      {info && (
        <dl>
          <Row label="Endpoint" value={Rpc.maskUrl(c.url)} />
          <Row label="Chain" value={`${info.chainName} (chain id ${info.chainId})`} />
          {c.choice.kind === 'devnet' && c.devnetChainId !== null && c.devnetChainId !== info.chainId && (
            <Row label="Warning" value={`The devnet should be chain ${c.devnetChainId}, but the node says ${info.chainId}.`} />
          )}
          <Row label="Latest block" value={`${info.blockNumber}${info.blockTimestamp !== null ? ` (${new Date(info.blockTimestamp * 1000).toISOString().replace('.000Z', 'Z')})` : ''}`} />
          <Row label="Client" value={info.clientVersion ?? 'unknown'} />
          <Row label="Latency" value={`${info.latencyMs} ms`} />
          <Row label="Gas price" value={gwei(info.gasPrice)} />
          {info.fees?.baseFee != null && <Row label="Base fee (next block)" value={gwei(info.fees.baseFee)} />}
          {info.fees && (
            <Row
              label="Priority fee"
              value={`slow ${gwei(info.fees.priority.slow)} · standard ${gwei(info.fees.priority.standard)} · fast ${gwei(info.fees.priority.fast)}`}
            />
          )}
          {c.accounts.length > 0 && <Row label="Wallet accounts" value={c.accounts.join(', ')} />}
        </dl>
      )}
    </section>
  )
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd className="value mono">{value}</dd>
    </div>
  )
}

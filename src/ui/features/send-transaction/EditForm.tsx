/**
 * The send form: the meta's fields, group by group (basic, then "advanced" behind a disclosure),
 * with the keyring picker under the signer choice, the wallet's accounts under From, and an offer
 * to use the node's chain when the chain id differs.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import type tool from '../../../tools/send-transaction'
import { KeyringPicker, MetaFields, RunForm, type ToolPage } from '../../components'
import { withDefaults } from '../../../tools/define'
import { getProvider, useConnection } from '../../connection/store'

/** The fee chart (d3) loads, and asks the node, only when the person opens it. */
const FeeHistoryChart = lazy(() => import('../../components/FeeHistoryChart'))

export function EditForm({ page, busy, preparing, onReview }: { page: ToolPage<typeof tool>; busy: boolean; preparing: boolean; onReview: () => void }) {
  const { meta, setValues } = page
  const raw = withDefaults(meta, page.values)
  const conn = useConnection()
  const connectedChain = conn.info?.chainId
  // On the local devnet the chain id is filled in from it (visible, and editable): a first Review
  // must not fail on an empty field whose placeholder looked filled. On any other node the person
  // states the chain they mean, and the page offers the node's below.
  const devnet = conn.choice.kind === 'devnet'
  const emptyChain = !raw.chainId?.trim()
  useEffect(() => {
    if (devnet && emptyChain && connectedChain !== undefined) setValues({ chainId: String(connectedChain) })
  }, [devnet, emptyChain, connectedChain, setValues])
  const byNode = raw.signer === 'node'
  const after = {
    signer: !byNode && <KeyringPicker value={raw.privateKey ?? ''} onPick={(k) => setValues({ privateKey: k?.privateKey ?? '', from: k?.address ?? '' })} />,
    from: byNode && (
      <>
        {conn.choice.kind !== 'wallet' && (
          <p className="help">The connected node signs with its own account (devnet accounts are unlocked). To use a browser wallet, choose it in the connection menu.</p>
        )}
        {conn.accounts.length > 0 && (
          <p className="help">
            Wallet accounts: {conn.accounts.map((a) => (
              <button key={a} type="button" onClick={() => setValues({ from: a })}>
                {a}
              </button>
            ))}
          </p>
        )}
      </>
    ),
  }
  const fields = { meta, values: raw, errors: page.view.fieldErrors, setValues }
  const all = (
    <>
      <MetaFields {...fields} group="basic" after={after} />
      {connectedChain !== undefined && raw.chainId?.trim() !== String(connectedChain) && (
        <p className="help">
          The node is on chain {connectedChain} ({conn.info?.chainName}).{' '}
          <button type="button" onClick={() => setValues({ chainId: String(connectedChain) })}>
            Use chain {connectedChain}
          </button>
        </p>
      )}
      <MetaFields {...fields} group="advanced" />
      <RecentFees />
    </>
  )
  return <RunForm page={page} fields={all} submitLabel={preparing ? 'Preparing…' : 'Review'} onSubmit={onReview} busy={busy} />
}

/** Where fees are chosen: the base fee and tips of recent blocks, drawn once the person opens it. */
function RecentFees() {
  const [open, setOpen] = useState(false)
  return (
    <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Recent fees on this chain (base fee and tips of the last 20 blocks)</summary>
      {open && (
        <Suspense fallback={<p className="hint">Loading the chart…</p>}>
          <FeeHistoryChart rpc={getProvider().rpc} blocks={20} />
        </Suspense>
      )}
    </details>
  )
}

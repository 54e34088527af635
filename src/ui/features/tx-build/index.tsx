/**
 * Build and sign a transaction: the generic form (it shows only the fields of the chosen
 * type, as the tool's meta declares), a picker for keys in this page's keyring, and a button
 * that fills nonce, fees and chain id from the connected node.
 */
import { useState } from 'react'
import { BaseError } from '../../../core/Errors'
import * as Key from '../../../core/keys/Key'
import * as TxFill from '../../../core/tx/TxFill'
import * as Units from '../../../core/format/Units'
import { ToolForm, KeyringPicker, type ToolPageProps } from '../../components'
import { getProvider } from '../../connection/store'

export default function TxBuildPage(props: ToolPageProps) {
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const fill = async () => {
    setBusy(true)
    setNote(null)
    try {
      let from: string | undefined
      try {
        from = props.values.privateKey?.trim() ? Key.toAddress(Key.parse(props.values.privateKey)) : undefined
      } catch {
        from = undefined
      }
      const n = await TxFill.fromNode(getProvider().rpc, from)
      const gwei = (w: bigint) => `${Units.format(w, 'gwei')} gwei`
      props.setValues({
        chainId: String(n.chainId),
        ...(n.nonce !== undefined ? { nonce: String(n.nonce) } : {}),
        gasPrice: gwei(n.gasPrice),
        maxFeePerGas: gwei(n.maxFeePerGas),
        maxPriorityFeePerGas: gwei(n.maxPriorityFeePerGas),
      })
      setNote({ tone: 'info', text: `Filled from the node: chain ${n.chainId}, fees${n.nonce !== undefined ? `, nonce ${n.nonce} of ${from}` : ' (give the private key first to fill the nonce too)'}.` })
    } catch (e) {
      setNote({ tone: 'error', text: e instanceof BaseError ? e.shortMessage : 'The node could not be read.' })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <KeyringPicker value={props.values.privateKey ?? ''} onPick={(k) => props.setValues({ privateKey: k?.privateKey ?? '' })} />
      <section className="next-steps node-fill" aria-label="From the node">
        <div className="actions">
          <button type="button" onClick={() => void fill()} disabled={busy}>
            {busy ? 'Reading the node…' : 'Fill nonce, fees and chain id from the node'}
          </button>
        </div>
        {note && (
          <div className={`notice notice-${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'}>
            {note.text}
          </div>
        )}
      </section>
      <ToolForm {...props} />
    </>
  )
}

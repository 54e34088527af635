/**
 * The send confirmation's witness for the offline signer (issue #26): on request, the reviewed
 * transaction is simulated over the node at its latest block and the header and the proofs of
 * every account and slot it reads are packed (the simulator and the proof checks load then,
 * not with the page). The witness is saved as a file (its SHA-256 shown), or handed in memory,
 * with the transaction's fields, to /qr-request, which builds the sign request for the same
 * call and shows the witness as an animated code. Nothing here is secret; the URL carries none
 * of it anyway.
 */
import { useEffect } from 'react'
import type * as WitnessKit from '../../../tools/send-transaction/witness'
import { useWitness, WitnessCard } from '../../components/WitnessCard'
import { getProvider } from '../../connection/store'
import { handOff } from '../../handoff'
import { navigate } from '../../router'
import { handOffWitness } from '../../witnessHandoff'
import type { ReviewData } from './review'

type Packed = WitnessKit.Packed

/** The call the offline signer will simulate from a sign request for this transaction. */
function callOf({ reviewed }: ReviewData) {
  const s = reviewed.summary
  const accessList = s.type === 'legacy' ? [] : (s.accessList ?? [])
  return {
    from: s.from,
    ...(s.to ? { to: s.to } : {}),
    value: s.value,
    data: s.data,
    gas: s.gas,
    ...(accessList.length ? { accessList: accessList.map((e) => ({ address: e.address, storageKeys: e.storageKeys })) } : {}),
  }
}

/** The /qr-request fields for the same transaction (EIP-1559, no access list: what its builder makes). */
function requestFields({ reviewed }: ReviewData): Record<string, string> {
  const s = reviewed.summary
  return {
    mode: 'build',
    from: s.from,
    chainId: String(s.chainId),
    to: s.to ?? '',
    value: `${s.value} wei`,
    data: s.data,
    nonce: String(s.nonce),
    gas: String(s.gas),
    maxFeePerGas: `${s.maxFeePerGas} wei`,
    maxPriorityFeePerGas: `${s.maxPriorityFeePerGas} wei`,
  }
}

export default function WitnessOffer({ data }: { data: ReviewData }) {
  const witness = useWitness<Packed>()
  const { packed, reset } = witness
  const s = data.reviewed.summary
  const canRequest = (s.type ?? 'eip1559') === 'eip1559' && !s.accessList?.length

  useEffect(() => reset(), [data, reset])

  if (s.type === 'eip7702') return null
  const pack = async () => {
    const kit = await import('../../../tools/send-transaction/witness')
    const { rpc, rpcUrl } = getProvider()
    return kit.packCall(callOf(data), s.chainId, rpc, rpcUrl)
  }

  return (
    <WitnessCard
      witness={witness}
      className="next-steps"
      intro="To sign this on an air-gapped device instead: simulate it at the latest block and pack the proofs of every account and slot it reads. The QR signer checks them against the block header and shows what it will do, with no network."
      packLabel={{ first: 'Pack a witness for the offline signer', again: 'Pack a new witness' }}
      pack={pack}
      actions={
        canRequest && (
          <button
            type="button"
            onClick={() => {
              handOffWitness(packed)
              handOff('qr-request', requestFields(data))
              navigate('/qr-request')
            }}
          >
            Make a QR sign request with this witness…
          </button>
        )
      }
      afterActions={packed && !canRequest && <p className="hint">The QR request builder makes EIP-1559 transactions without an access list: carry the witness file, and the unsigned transaction from the transaction builder.</p>}
    />
  )
}

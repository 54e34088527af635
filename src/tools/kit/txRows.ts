/**
 * The rows of a decoded transaction (type, chain, fields, decoded call, access list, blobs,
 * authorizations, signature): the audit view of tx-decode, shared with the QR signing tools.
 */
import * as Calldata from '../../core/abi/Calldata'
import * as UniversalRouter from '../../core/abi/UniversalRouter'
import * as TxDecode from '../../core/tx/TxDecode'
import * as Units from '../../core/format/Units'
import type { Row, Section } from '../types'
import type { Table } from './signatureTable'
import { routerSections } from './routerRows'
import { bytes } from './text'

const gwei = (n: bigint) => `${Units.format(n, 'gwei')} gwei`
const hex32 = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
const CHAINS: Record<string, string> = { '1': 'Ethereum mainnet', '10': 'OP Mainnet', '56': 'BNB Smart Chain', '100': 'Gnosis', '137': 'Polygon PoS', '8453': 'Base', '42161': 'Arbitrum One', '11155111': 'Sepolia', '17000': 'Holesky', '560048': 'Hoodi', '31337': 'Anvil / Hardhat (local)' }

/** The rows of a decoded transaction. Shared with tx-decode's page and the QR signing tools. */
export function decodedSections(d: TxDecode.Decoded, table?: Table): Section[] {
  const { tx } = d
  const typeByte = TxDecode.TYPE_BYTES[tx.type]
  const summary: Row[] = [
    { label: 'Type', value: `${TxDecode.TYPE_NAMES[tx.type]}${typeByte !== undefined ? ` · 0x0${typeByte}` : tx.type === 'legacy' ? (d.eip155 ? ' · EIP-155' : ' · pre-EIP-155 (no chain id)') : ''}`, mono: false },
    { label: 'Signed', value: d.signed ? 'yes' : 'no (unsigned)', mono: false },
    ...(tx.chainId !== undefined ? [{ label: 'Chain id', value: String(tx.chainId), mono: false, ...(CHAINS[String(tx.chainId)] ? { note: CHAINS[String(tx.chainId)] } : {}) }] : []),
    ...(d.hash ? [{ label: 'Transaction hash', value: d.hash }] : []),
    ...(d.sender ? [{ label: 'Sender', value: d.sender }] : []),
    { label: 'Signing hash', value: d.signingHash, note: 'the digest the sender signs' },
    { label: 'Size', value: bytes(d.size), mono: false },
  ]
  const fields: Row[] = [
    { label: 'Nonce', value: String(tx.nonce), mono: false },
    { label: 'To', value: tx.to ?? '(contract creation)' },
    { label: 'Value', value: `${Units.format(tx.value, 'ether')} ether`, note: `${tx.value} wei` },
    { label: 'Gas limit', value: String(tx.gas), mono: false },
    ...(tx.gasPrice !== undefined ? [{ label: 'Gas price', value: gwei(tx.gasPrice), note: `${tx.gasPrice} wei` }] : []),
    ...(tx.maxFeePerGas !== undefined ? [{ label: 'Max fee per gas', value: gwei(tx.maxFeePerGas), note: `${tx.maxFeePerGas} wei` }] : []),
    ...(tx.maxPriorityFeePerGas !== undefined ? [{ label: 'Max priority fee per gas', value: gwei(tx.maxPriorityFeePerGas), note: `${tx.maxPriorityFeePerGas} wei` }] : []),
    ...(tx.maxFeePerBlobGas !== undefined ? [{ label: 'Max fee per blob gas', value: gwei(tx.maxFeePerBlobGas), note: `${tx.maxFeePerBlobGas} wei` }] : []),
    {
      label: 'Max cost',
      value: `${Units.format(tx.gas * (tx.gasPrice ?? tx.maxFeePerGas ?? 0n) + tx.value, 'ether')} ether`,
      note: 'gas limit × fee cap + value' + (tx.blobVersionedHashes ? ' (blob gas not included)' : ''),
    },
    {
      label: 'Data',
      value: tx.data,
      note: tx.data === '0x' ? 'empty' : `${bytes((tx.data.length - 2) / 2)}${tx.to ? `, selector ${tx.data.slice(0, 10)}` : ', init code'}`,
      ...(tx.data !== '0x' && tx.to ? { open: { tool: 'calldata-decode', inputs: { data: tx.data }, label: 'Decode the call data' } } : {}),
    },
  ]
  const sections: Section[] = [{ rows: summary }, { title: 'Fields', rows: fields }]
  if (tx.to && tx.data.length >= 10 && table) sections.push(...decodeCallData(tx.data, table))
  if (tx.accessList && tx.accessList.length)
    sections.push({
      title: 'Access list',
      rows: tx.accessList.flatMap((a, i) => [
        { label: `[${i}] address`, value: a.address, note: `${a.storageKeys.length} storage key${a.storageKeys.length === 1 ? '' : 's'}` },
        ...a.storageKeys.map((k, j) => ({ label: `[${i}] key ${j}`, value: k })),
      ]),
    })
  if (tx.blobVersionedHashes) sections.push({ title: 'Blob versioned hashes', rows: tx.blobVersionedHashes.map((h, i) => ({ label: `[${i}]`, value: h })) })
  if (tx.authorizationList)
    sections.push({
      title: 'Authorizations',
      rows: tx.authorizationList.flatMap((a, i) => [
        { label: `[${i}] delegate`, value: a.address, note: `chain ${a.chainId}${a.chainId === 0n ? ' (any chain)' : ''}, nonce ${a.nonce}` },
        a.authority ? { label: `[${i}] authority`, value: a.authority } : { label: `[${i}] authority`, value: a.authorityError ?? 'not recoverable', mono: false, tone: 'error' as const },
      ]),
    })
  if (d.signed)
    sections.push({
      title: 'Signature',
      rows: [
        ...(tx.v !== undefined ? [{ label: 'v', value: String(tx.v), mono: false }] : []),
        { label: 'yParity', value: String(tx.yParity), mono: false },
        { label: 'r', value: hex32(tx.r!) },
        { label: 's', value: hex32(tx.s!) },
        ...(d.senderPublicKey ? [{ label: 'Sender public key', value: d.senderPublicKey }] : []),
      ],
    })
  return sections
}

/**
 * The call decoded by the call-data core (known ABIs and the offline signature table), when it
 * can be; a Universal Router call's commands opened after it.
 */
function decodeCallData(data: `0x${string}`, table: Table): Section[] {
  try {
    const c = Calldata.decodeCall(data, { guess: false, nested: false, table })
    const plan = UniversalRouter.ofCall(c)
    const call: Section = {
      title: 'Call',
      rows: [
        { label: 'Function', value: c.signature, note: c.source === 'table' ? 'from the offline signature table: the selector matches, the contract may differ' : `from the ${c.source}`, open: { tool: 'calldata-decode', inputs: { data }, label: 'Decode in full' } },
        ...c.args.slice(0, 32).map((a) => ({ label: `${a.name || a.path} (${a.type})`, value: a.value, abiType: a.type })),
      ],
    }
    return [call, ...(plan ? routerSections(plan) : [])]
  } catch {
    return [] // unknown selector or malformed arguments: the Data row links to the decoder
  }
}

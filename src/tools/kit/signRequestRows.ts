/**
 * The audit view of an ERC-4527 sign request: who asks, for which chain and key, and what is
 * inside (the decoded transaction and its call, the typed-data tree, the message text), with
 * the rows the signing tools show. Shared by qr-request (what was sent) and qr-sign (what is
 * about to be signed).
 */
import * as EthSignRequest from '../../core/qr/EthSignRequest'
import type { Section, ToolResult } from '../types'
import { table as signatureTable } from './signatureTable'
import { decodedSections } from './txRows'
import { typedDataSections } from './typedDataRows'

export async function reviewSections(rv: EthSignRequest.Review): Promise<{ sections: Section[]; notes: NonNullable<ToolResult['notes']> }> {
  const r = rv.request
  const head: Section = {
    title: 'Request',
    rows: [
      { label: 'Request id', value: rv.id },
      { label: 'Data type', value: `${r.dataType}: ${EthSignRequest.DATA_TYPES[r.dataType]}`, mono: false, copy: false },
      { label: 'Chain id', value: String(rv.chainId), mono: false, ...(r.chainId === undefined ? { note: 'not given: chain 1, the format’s default' } : {}) },
      { label: 'Derivation path', value: rv.path, ...(r.derivationPath.sourceFingerprint !== undefined ? { note: `master fingerprint ${r.derivationPath.sourceFingerprint.toString(16).padStart(8, '0')}` } : {}) },
      ...(r.address ? [{ label: 'Signer address', value: r.address }] : []),
      ...(r.origin ? [{ label: 'Origin', value: r.origin, mono: false }] : []),
      { label: 'Digest to sign', value: rv.digest },
    ],
  }
  const c = rv.content
  if (c.kind === 'transaction') {
    const tx = c.decoded.tx
    // Without the table (it failed to load: an offline page that never fetched it) the call data still shows, undecoded.
    const table = tx.to && tx.data.length >= 10 ? await signatureTable('function').catch(() => undefined) : undefined
    return { sections: [head, ...decodedSections(c.decoded, table)], notes: c.decoded.problems.map((p) => ({ tone: 'warn' as const, text: p })) }
  }
  if (c.kind === 'typed-data') {
    const { sections, notes } = typedDataSections(c.typedData)
    return { sections: [head, ...sections], notes }
  }
  return {
    sections: [
      head,
      {
        title: 'Message',
        rows: [
          c.text !== undefined ? { label: 'Text', value: c.text, mono: false } : { label: 'Bytes', value: c.hex, note: 'not UTF-8 text: signed as these bytes' },
          { label: 'Length', value: `${c.bytes.length} bytes`, mono: false, copy: false },
        ],
      },
    ],
    notes: [],
  }
}

import * as Ens from '../../core/ens/Ens'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  name: Ens.Result
}

export const parse = fieldParser<Input>({
  name: (v) => Ens.hash(v),
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ name: r }) => {
    const rows: Row[] = [
      { label: 'Normalized name', value: r.normalized === '' ? '(empty: the root)' : r.normalized, ...(r.unchanged ? {} : { note: `Changed from "${r.input}" by ENSIP-15 normalization.`, tone: 'warn' as const }) },
      { label: 'Namehash', value: r.namehash, note: 'The node: what the registry and resolvers key records by.' },
    ]
    if (r.labels[0]) rows.push({ label: 'Labelhash (first label)', value: r.labels[0].labelhash, note: `${Ens.isEncodedLabel(r.labels[0].label) ? 'As given: the label is known only by its hash' : `keccak256("${r.labels[0].label}")`}; for a .eth 2LD, also its ERC-721 token id (as a number).` })
    if (r.labels[0]) rows.push({ label: 'Token id (decimal)', value: BigInt(r.labels[0].labelhash).toString(), note: 'The labelhash as a uint256.' })
    rows.push({ label: 'DNS-encoded name', value: r.dnsEncoded, note: 'Wire format for ENSIP-10 resolve(bytes name, bytes data) on wildcard resolvers.' })
    if (r.beautified !== r.normalized) rows.push({ label: 'Display form', value: r.beautified, note: 'ENSIP-15 beautified (for display only; hash the normalized name).' })
    const labels: Row[] = r.labels.map((l, i) => ({ label: `${i + 1}. ${l.label}`, value: l.labelhash }))
    return { sections: [{ rows }, ...(labels.length ? [{ title: 'Labelhash of each label', rows: labels }] : [])] }
  },
})

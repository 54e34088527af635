import * as SolidityPacked from '../../core/hash/SolidityPacked'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'
import { bytes } from '../kit/text'

interface Input extends Record<string, unknown> {
  values: SolidityPacked.Packed
}

export const parse = fieldParser<Input>({
  values: (v) => SolidityPacked.encodeText(v),
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ values: p }) => {
    const rows: Row[] = [
      { label: 'Packed (hex)', value: p.hex, open: { tool: 'hash', inputs: { input: p.hex, encoding: 'hex' }, label: 'Hash these bytes' } },
      { label: 'Keccak-256', value: p.keccak256, note: 'keccak256(abi.encodePacked(...))' },
      { label: 'SHA-256', value: p.sha256, note: 'sha256(abi.encodePacked(...))' },
      { label: 'Size', value: bytes(p.size), mono: false },
    ]
    const parts: Row[] = p.parts.map((part, i) => ({ label: `${i + 1}. ${part.type}`, value: part.hex, note: `bytes ${part.offset} to ${part.offset + (part.hex.length - 2) / 2}` }))
    const notes = [
      {
        tone: 'warn' as const,
        text: 'Packed encoding is ambiguous: two dynamic values side by side (string, bytes) can collide, e.g. ("a","bc") and ("ab","c"). Do not hash packed data from untrusted input for signatures or ids.',
      },
    ]
    const dynamic = p.parts.filter((x) => x.type === 'string' || x.type === 'bytes').length
    return { sections: [{ rows }, { title: 'Parts', rows: parts }], ...(dynamic >= 2 ? { notes } : {}) }
  },
})

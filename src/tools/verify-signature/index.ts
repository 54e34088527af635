import * as Signing from '../../core/Signing'
import * as TypedDataView from '../../core/TypedDataView'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'
import { address, onField } from '../kit/fields'
import * as SignatureInspect from '../../core/SignatureInspect'

interface Input extends Record<string, unknown> {
  message: string
  signature: string
  expected?: string
  mode: Signing.Mode | 'auto'
  encoding: Signing.MessageEncoding
}

export const parse = fieldParser<Input>({
  message: (v) => v,
  signature: (v) => {
    SignatureInspect.parse(v)
    return v
  },
  expected: (v) => address('expected', v),
  mode: (v) => (['eip191', 'eip712', 'digest'].includes(v) ? (v as Signing.Mode) : 'auto'),
  encoding: (v) => (v === 'text' || v === 'hex' ? v : 'auto'),
})

const MODE_NAMES: Record<Signing.Mode, string> = { eip191: 'EIP-191 personal message', eip712: 'EIP-712 typed data', digest: 'raw digest' }

export default defineTool<Input>(meta, {
  parse,
  run: async (input): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const fields = meta.fields.map((f) => f.name)
    const r = onField('message', fields, () =>
      Signing.verify({ message: input.message, signature: input.signature, mode: input.mode, encoding: input.encoding, ...(input.expected ? { expected: input.expected } : {}) }),
    )
    const summary: Row[] = []
    if (r.expected) {
      summary.push(
        r.match
          ? { label: 'Result', value: `Valid: signed by the expected address (${MODE_NAMES[r.match.mode]})`, mono: false, tone: 'ok' }
          : { label: 'Result', value: 'INVALID: no mode recovers the expected address', mono: false, tone: 'error' },
      )
      summary.push({ label: 'Expected signer', value: r.expected })
    }
    if (r.match) {
      summary.push({ label: 'Matched mode', value: r.match.description, mono: false })
      summary.push({ label: 'Recovered signer', value: r.match.recovered! })
    } else if (!r.expected && r.attempts.length === 1 && r.attempts[0]!.recovered) {
      summary.push({ label: 'Recovered signer', value: r.attempts[0]!.recovered })
    }
    if (r.signature.s > SignatureInspect.HALF_N)
      summary.push({ label: 'Malleability', value: 'High s: a canonical (low-s) twin exists; many verifiers reject this form.', mono: false, tone: 'warn' })
    const attempts: Row[] = r.attempts.map((a) => ({
      label: a.description,
      value: a.recovered ?? `no signer: ${a.error}`,
      note: a.digest !== '0x' ? `digest ${a.digest}` : undefined,
      ...(a.matches === true ? { tone: 'ok' as const } : a.matches === false || a.error ? { tone: 'warn' as const } : {}),
    })).map((row) => (row.note === undefined ? (({ note: _n, ...rest }) => rest)(row) : row))
    const sections: ToolResult['sections'] = [{ rows: summary }, { title: 'Modes tried', rows: attempts }]
    if (r.match?.mode === 'eip712' || (input.mode === 'eip712' && input.message.trim().startsWith('{'))) {
      try {
        const td = TypedDataView.parse(input.message)
        sections.push({
          title: 'Typed data',
          rows: [{ label: 'Digest', value: TypedDataView.digest(td) }, ...TypedDataView.leaves(td).map((l) => ({ label: l.path, value: l.value, note: l.type }))],
        })
      } catch {
        /* shown in the attempts already */
      }
    }
    return { sections }
  },
})

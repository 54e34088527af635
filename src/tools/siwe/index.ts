import * as Signing from '../../core/Signing'
import * as Siwe from '../../core/Siwe'
import * as SignatureInspect from '../../core/SignatureInspect'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'
import { uint } from '../sign-message/shared'

interface Input extends Record<string, unknown> {
  message: Siwe.Message
  text: string
  signature?: string
  domain?: string
  chainId?: bigint
  nonce?: string
}

export const parse = fieldParser<Input>({
  message: (v) => Siwe.parse(v),
  text: (_v, raw) => raw.message ?? '',
  signature: (v) => {
    if (v.trim() === '') return undefined
    SignatureInspect.parse(v)
    return v.trim()
  },
  domain: (v) => v.trim() || undefined,
  chainId: (v) => (v.trim() === '' ? undefined : uint('chainId', v)),
  nonce: (v) => v.trim() || undefined,
})

const LABELS: [keyof Siwe.Message, string][] = [
  ['scheme', 'Scheme'],
  ['domain', 'Domain'],
  ['address', 'Address'],
  ['statement', 'Statement'],
  ['uri', 'URI'],
  ['version', 'Version'],
  ['chainId', 'Chain ID'],
  ['nonce', 'Nonce'],
  ['issuedAt', 'Issued At'],
  ['expirationTime', 'Expiration Time'],
  ['notBefore', 'Not Before'],
  ['requestId', 'Request ID'],
  ['resources', 'Resources'],
]

export default defineTool<Input>(meta, {
  parse,
  run: async ({ message, text, signature, domain, chainId, nonce }): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const problems = Siwe.problems(message, { ...(domain ? { domain } : {}), ...(chainId !== undefined ? { chainId } : {}), ...(nonce ? { nonce } : {}) })
    const byField = new Map<string, string[]>()
    for (const p of problems) byField.set(p.field, [...(byField.get(p.field) ?? []), p.message])
    const rows: Row[] = []
    for (const [key, label] of LABELS) {
      const v = message[key]
      if (v === undefined) continue
      const value = Array.isArray(v) ? v.join('\n') : String(v)
      const issues = byField.get(key)
      rows.push({ label, value, mono: key === 'address' || key === 'nonce', ...(issues ? { tone: 'error' as const, note: issues.join(' ') } : {}) })
    }
    const head: Row[] = []
    if (signature) {
      const v = Siwe.verify(text, signature)
      head.push(
        v.valid
          ? { label: 'Signature', value: `Valid: signed by ${v.recovered}`, mono: false, tone: 'ok' }
          : { label: 'Signature', value: `INVALID: recovered ${v.recovered}, not the message address ${message.address}`, mono: false, tone: 'error' },
      )
    }
    head.push(
      problems.length
        ? { label: 'Verdict', value: `Refuse: ${problems.length} problem${problems.length > 1 ? 's' : ''} found`, mono: false, tone: 'error' }
        : { label: 'Verdict', value: signature ? 'No problem found' : 'No problem found in the fields (no signature given)', mono: false, tone: 'ok' },
    )
    return {
      sections: [{ rows: head }, { title: 'Fields', rows }],
      ...(problems.length ? { notes: problems.map((p) => ({ tone: 'error' as const, text: `${p.field}: ${p.message}` })) } : {}),
    }
  },
})

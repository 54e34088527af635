import * as Chains from '../../core/chain/Chains'
import * as ContractSignature from '../../core/sign/ContractSignature'
import * as Rpc from '../../core/chain/Rpc'
import * as Signing from '../../core/sign/Signing'
import * as Siwe from '../../core/sign/Siwe'
import * as SignatureInspect from '../../core/sign/SignatureInspect'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  text: string
  signature?: string
  domain?: string
  chainId?: bigint
  nonce?: string
  onchain: boolean
}

export const parse = fieldParser<Input>({
  text: (_v, raw) => {
    const t = raw.message ?? ''
    if (t.trim() === '') throw new Siwe.SiweParseError('message', 'Enter a SIWE message.', 'It starts with "<domain> wants you to sign in with your Ethereum account:".')
    if (t.length > Siwe.MAX_MESSAGE) throw new Siwe.SiweParseError('message', `The message is ${t.length} characters; at most ${Siwe.MAX_MESSAGE} are accepted.`, 'A SIWE message is a few lines long.')
    return t
  },
  signature: (v, raw) => {
    if (v.trim() === '') return undefined
    // A contract account's signature can have any length: checked on the chain when asked to.
    if (raw.onchain === 'true') return ContractSignature.parseSignatureBytes(v)
    SignatureInspect.parse(v)
    return v.trim()
  },
  domain: (v) => v.trim() || undefined,
  chainId: (v) => (v.trim() === '' ? undefined : Chains.parseChainIdBig(v)),
  nonce: (v) => v.trim() || undefined,
  onchain: (v) => v === 'true',
})

/** fieldParser files the message check under `text`; show it at the message field. */
function parseInput(raw: Record<string, string>) {
  const p = parse(raw)
  if (!p.ok && p.errors.text) {
    const { text, ...rest } = p.errors
    return { ok: false as const, errors: { ...rest, message: text } }
  }
  return p
}

export default defineTool<Input>(meta, {
  parse: parseInput,
  run: async ({ text, signature, domain, chainId, nonce, onchain }, ctx): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const r = Siwe.inspect(text, { ...(domain ? { domain } : {}), ...(chainId !== undefined ? { chainId } : {}), ...(nonce ? { nonce } : {}) })
    const byField = new Map<string, string[]>()
    for (const p of r.problems) byField.set(p.field, [...(byField.get(p.field) ?? []), p.message])
    const rows: Row[] = r.fields.map(({ field, label, value }) => {
      const issues = byField.get(field)
      return { label, value, mono: field === 'address' || field === 'nonce', ...(issues ? { tone: 'error' as const, note: issues.join(' ') } : {}) }
    })
    // A problem on a field the message does not have (e.g. a missing nonce) still gets a row.
    for (const [field, msgs] of byField)
      if (!r.fields.some((f) => f.field === field)) rows.push({ label: Siwe.FIELD_LABELS.find(([k]) => k === field)?.[1] ?? 'Message', value: '(missing or unreadable)', mono: false, tone: 'error', note: msgs.join(' ') })
    const head: Row[] = []
    if (signature && onchain) {
      const claimed = r.message?.address
      if (!claimed) throw new Siwe.SiweParseError('message', 'The message has no valid address to ask on the chain.', 'Fix the message first (see the fields below).')
      if (!ctx.rpc) throw new Rpc.NotConnectedError().at('onchain')
      const v = await ContractSignature.verify(ctx.rpc, { signer: claimed, hash: Signing.hashMessage(Signing.messageBytes(text, 'text')) as `0x${string}`, signature: signature as `0x${string}` })
      head.push(
        v.valid
          ? { label: 'Signature', value: `Valid: signed by ${claimed}`, mono: false, tone: 'ok' }
          : { label: 'Signature', value: `INVALID: ${claimed} does not accept this signature`, mono: false, tone: 'error' },
        { label: 'Decided by', value: ContractSignature.PATH_LABELS[v.path], mono: false, note: v.explanation },
      )
      if (v.disagreement) head.push({ label: 'Disagreement', value: v.disagreement, mono: false, tone: 'warn' })
    } else if (signature) {
      const v = Siwe.verify(text, signature)
      const claimed = r.message?.address ?? r.fields.find((f) => f.field === 'address')?.value
      head.push(
        v.valid
          ? { label: 'Signature', value: `Valid: signed by ${v.recovered}`, mono: false, tone: 'ok' }
          : { label: 'Signature', value: `INVALID: recovered ${v.recovered}${claimed ? `, not the message address ${claimed}` : ''}`, mono: false, tone: 'error' },
      )
    }
    head.push(
      r.problems.length
        ? { label: 'Verdict', value: `Refuse: ${r.problems.length} problem${r.problems.length > 1 ? 's' : ''} found`, mono: false, tone: 'error' }
        : { label: 'Verdict', value: signature ? 'No problem found' : 'No problem found in the fields (no signature given)', mono: false, tone: 'ok' },
    )
    return {
      sections: [{ rows: head }, { title: 'Fields', rows }],
      ...(r.problems.length ? { notes: r.problems.map((p) => ({ tone: 'error' as const, text: `${p.field}: ${p.message}` })) } : {}),
    }
  },
})

import * as ContractSignature from '../../core/sign/ContractSignature'
import * as Rpc from '../../core/chain/Rpc'
import * as Signing from '../../core/sign/Signing'
import * as TypedDataView from '../../core/sign/TypedDataView'
import { defineTool, fieldParser } from '../define'
import type { Eip1193Like, Row, ToolResult } from '../types'
import meta from './meta'
import { address, onField } from '../kit/fields'
import * as SignatureInspect from '../../core/sign/SignatureInspect'

interface Input extends Record<string, unknown> {
  message: string
  signature: string
  expected?: string
  mode: Signing.Mode | 'auto'
  encoding: Signing.MessageEncoding
  onchain: boolean
}

export const parse = fieldParser<Input>({
  message: (v) => v,
  signature: (v, raw) => {
    // A contract account's signature can have any length: checked on the chain when asked to.
    if (raw.onchain === 'true') return ContractSignature.parseSignatureBytes(v)
    SignatureInspect.parse(v)
    return v
  },
  expected: (v) => address('expected', v),
  mode: (v) => (['eip191', 'eip712', 'digest'].includes(v) ? (v as Signing.Mode) : 'auto'),
  encoding: (v) => (v === 'text' || v === 'hex' ? v : 'auto'),
  onchain: (v) => v === 'true',
})

const MODE_NAMES: Record<Signing.Mode, string> = { eip191: 'EIP-191 personal message', eip712: 'EIP-712 typed data', digest: 'raw digest' }

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    if (input.onchain) return onChain(input, ctx.rpc)
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

/** The chain check: the expected signer's code decides the path (ContractSignature.verify). */
async function onChain(input: Input, rpc: Eip1193Like | undefined): Promise<ToolResult> {
  if (!input.expected)
    throw new ContractSignature.MissingSignerError()
  if (!rpc) throw new Rpc.NotConnectedError().at('onchain')
  const fields = meta.fields.map((f) => f.name)
  const candidates = onField('message', fields, () => ContractSignature.digests(input.message, input.mode, input.encoding))
  const tried: { c: (typeof candidates)[number]; r: ContractSignature.Result }[] = []
  for (const c of candidates) {
    const r = await ContractSignature.verify(rpc, { signer: input.expected as `0x${string}`, hash: c.digest, signature: input.signature as `0x${string}` })
    tried.push({ c, r })
    if (r.valid) break
  }
  const decided = tried.find((t) => t.r.valid) ?? tried[tried.length - 1]!
  const r = decided.r
  const summary: Row[] = [
    r.valid
      ? { label: 'Result', value: `Valid: signed by the expected address (${MODE_NAMES[decided.c.mode]})`, mono: false, tone: 'ok' }
      : { label: 'Result', value: 'INVALID: the expected signer does not accept this signature', mono: false, tone: 'error' },
    { label: 'Expected signer', value: input.expected },
    { label: 'Decided by', value: ContractSignature.PATH_LABELS[r.path], mono: false, note: r.explanation },
    { label: 'Account', value: ACCOUNT[r.account], mono: false, ...(r.delegate ? { note: `delegated to ${r.delegate}` } : {}) },
  ]
  if (r.valid) summary.push({ label: 'Matched mode', value: decided.c.description, mono: false })
  if (r.ecdsa) summary.push({ label: 'ECDSA', value: r.ecdsa.valid ? 'valid' : 'not valid', mono: false, note: r.ecdsa.detail })
  if (r.erc1271) summary.push({ label: 'ERC-1271', value: r.erc1271.valid ? 'valid' : 'not valid', mono: false, note: r.erc1271.detail })
  if (r.erc6492) summary.push({ label: 'ERC-6492 factory', value: r.erc6492.factory, note: `factory call data ${r.erc6492.factoryData.length > 74 ? `${r.erc6492.factoryData.slice(0, 74)}…` : r.erc6492.factoryData}` })
  if (r.disagreement) summary.push({ label: 'Disagreement', value: r.disagreement, mono: false, tone: 'warn' })
  return {
    sections: [
      { rows: summary },
      { title: 'Modes tried', rows: tried.map((t) => ({ label: t.c.description, value: `${t.r.valid ? 'valid' : 'not valid'} (${ContractSignature.PATH_LABELS[t.r.path]})`, note: `digest ${t.c.digest}`, tone: t.r.valid ? ('ok' as const) : ('warn' as const) })) },
    ],
  }
}

const ACCOUNT: Record<ContractSignature.Account, string> = {
  eoa: 'Externally owned account (no code)',
  contract: 'Contract account',
  counterfactual: 'Counterfactual contract account (not deployed yet)',
  eip7702: 'EIP-7702 delegated EOA',
}

import * as Signing from '../../core/sign/Signing'
import * as SignatureInspect from '../../core/sign/SignatureInspect'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  sig: SignatureInspect.ParsedSig
  digest?: `0x${string}`
  rawDigest?: string
}

export const parse = fieldParser<Input>({
  rawDigest: (_v, raw) => (raw.digest ?? '').trim().replace(/^0x$/, ''),
  sig: (_v, raw) => {
    const text = (raw.signature ?? '').trim()
    if (text !== '') return SignatureInspect.parse(text)
    if (!(raw.r ?? '').trim() && !(raw.s ?? '').trim()) throw new SignatureInspect.EmptyError('signature', 'Enter a signature, or r, s and v.', 'Paste 65 or 64 bytes of hex, or fill r, s and v.')
    return SignatureInspect.fromParts(raw.r ?? '', raw.s ?? '', raw.v ?? '')
  },
  digest: (v, raw) => {
    const t = v.trim()
    if ((t === '' || t === '0x') && raw.message) return Signing.hashMessage(Signing.messageBytes(raw.message, 'auto'))
    if (t === '' || t === '0x') return undefined
    if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw new SignatureInspect.InvalidDigestError()
    return t.toLowerCase() as `0x${string}`
  },
})

/** fieldParser files every error under the parser's key; move signature errors to their own fields. */
function parseInput(raw: Record<string, string>) {
  const p = parse(raw)
  if (!p.ok && p.errors.sig) {
    const { sig, ...rest } = p.errors
    const viaParts = !(raw.signature ?? '').trim()
    const field = viaParts ? (/\bv\b|recovery value/.test(sig) ? 'v' : /^s\b/.test(sig) ? 's' : 'r') : 'signature'
    return { ok: false as const, errors: { ...rest, [field]: sig } }
  }
  return p
}

const hex32 = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`

export default defineTool<Input>(meta, {
  parse: parseInput,
  run: async ({ sig, digest, rawDigest }): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const high = SignatureInspect.isHighS(sig.s)
    const canonical = SignatureInspect.canonical(sig)
    const rows: Row[] = [
      { label: 'Format', value: sig.format, mono: false },
      { label: 'r', value: hex32(sig.r) },
      { label: 's', value: hex32(sig.s), ...(high ? { tone: 'warn' as const, note: 'upper half of the curve order: malleable' } : {}) },
      { label: 'yParity', value: String(sig.yParity), mono: false },
      { label: 'v (legacy)', value: String(27 + sig.yParity), mono: false },
      ...(sig.v !== undefined ? [{ label: 'v as given', value: `${sig.v} (${sig.vKind === 'eip155' ? 'EIP-155' : sig.vKind === 'legacy' ? '27/28' : 'y parity'})`, mono: false }] : []),
      ...(sig.chainId !== undefined ? [{ label: 'Chain id (EIP-155)', value: String(sig.chainId), mono: false, ...(sig.chainId === 0n ? { tone: 'warn' as const, note: 'v = 35/36 means chain id 0, which EIP-155 does not allow' } : {}) }] : []),
      { label: '65 bytes (r‖s‖v)', value: SignatureInspect.toHex65(sig) },
    ]
    if (!high) rows.push({ label: 'Compact (EIP-2098)', value: SignatureInspect.toCompact(sig) })
    const twin: Row[] = high
      ? [
          { label: 'High s', value: 'Yes: s > n/2. EIP-2 makes nodes reject such transactions, and OpenZeppelin ECDSA rejects such signatures.', mono: false, tone: 'warn' },
          { label: 'Canonical twin', value: SignatureInspect.toHex65(canonical), note: 'same signer: r, n - s, flipped y parity', open: { tool: 'signature-inspect', inputs: { signature: SignatureInspect.toHex65(canonical) }, label: 'Inspect the twin' } },
          { label: 'Canonical s', value: hex32(canonical.s) },
          { label: 'Canonical compact (EIP-2098)', value: SignatureInspect.toCompact(canonical) },
        ]
      : [
          { label: 'High s', value: 'No: canonical low-s signature.', mono: false, tone: 'ok' },
          { label: 'Malleable twin', value: SignatureInspect.toHex65(SignatureInspect.twin(sig)), note: 'also verifies under plain ECDSA, but not under EIP-2 rules' },
        ]
    const sections: ToolResult['sections'] = [{ rows }, { title: 'Malleability', rows: twin }]
    if (digest) {
      const rec = SignatureInspect.recover(sig, digest)
      sections.push({
        title: 'Recovered signer',
        rows: [
          { label: 'Address', value: rec.address },
          { label: 'Digest used', value: digest, note: (rawDigest ?? '') === '' ? 'EIP-191 hash of the message' : 'as given' },
          { label: 'Public key', value: rec.publicKey, note: 'uncompressed, 65 bytes' },
          { label: 'Public key (compressed)', value: rec.compressed },
        ],
      })
    }
    return { sections }
  },
})

import * as Signing from '../../core/sign/Signing'
import { defineTool, fieldParser } from '../define'
import type { ToolResult } from '../types'
import meta from './meta'
import { privateKey } from '../kit/fields'
import * as PublicTestKeys from '../../core/keys/PublicTestKeys'

type Mode = 'auto' | 'text' | 'hex' | 'digest'

interface Input extends Record<string, unknown> {
  privateKey: `0x${string}`
  mode: Mode
  message: Uint8Array | `0x${string}`
  /** The message as typed, for the verify link. */
  text: string
}

export const parse = fieldParser<Input>({
  privateKey,
  text: (_v, raw) => raw.message ?? '',
  mode: (v) => (['auto', 'text', 'hex', 'digest'].includes(v) ? (v as Mode) : 'auto'),
  message: (v, raw) => {
    const mode = (raw.mode || 'auto') as Mode
    if (mode === 'digest') {
      const t = v.trim()
      if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw new Signing.InvalidDigestError(t)
      if (raw.confirmRaw !== 'true')
        throw new Signing.UnconfirmedRawSignError()
      return t.toLowerCase() as `0x${string}`
    }
    return Signing.messageBytes(v, mode)
  },
})

export default defineTool<Input>(meta, {
  parse,
  run: async ({ privateKey, mode, message, text }): Promise<ToolResult> => {
    await Signing.useWasmEngine()
    const s = typeof message === 'string' ? Signing.signDigest(privateKey, message) : Signing.signMessage(privateKey, message)
    const verifyInputs: Record<string, string> =
      mode === 'digest'
        ? { message: s.digest, signature: s.signature, expected: s.signer, mode: 'digest' }
        : { message: text, signature: s.signature, expected: s.signer, mode: 'eip191', encoding: mode }
    const notes = [
      ...PublicTestKeys.notes({ keys: [privateKey] }),
      ...(mode === 'digest' ? [{ tone: 'warn' as const, text: 'You signed a raw digest. Anyone holding this signature can use it wherever that digest is accepted (a transaction, a permit, an order).' }] : []),
    ]
    return {
      ...(notes.length ? { notes } : {}),
      sections: [
        {
          rows: [
            { label: 'Signature', value: s.signature, note: '65 bytes r‖s‖v, v = 27 or 28', open: { tool: 'verify-signature', inputs: verifyInputs, label: 'Verify it' } },
            { label: 'Compact (EIP-2098)', value: s.compact, note: '64 bytes r‖(yParity·2^255 + s)', open: { tool: 'signature-inspect', inputs: { signature: s.compact }, label: 'Inspect it' } },
            { label: 'Signer', value: s.signer },
            ...(mode === 'digest'
              ? []
              : [{ label: 'Signed as', value: Signing.messageEncoding(text, mode) === 'hex' ? `bytes (${(text.length - 2) / 2} from the hex)` : 'UTF-8 text', mono: false, copy: false,
                  note: mode === 'auto' ? 'Auto: a message of 0x and whole hex bytes is signed as those bytes, anything else as text.' : undefined }]),
            { label: 'Digest signed', value: s.digest, note: mode === 'digest' ? 'the raw digest, as given' : 'keccak256("\\x19Ethereum Signed Message:\\n" + length + message)' },
          ],
        },
        {
          title: 'Parts',
          rows: [
            { label: 'r', value: s.r },
            { label: 's', value: s.s },
            { label: 'v', value: String(s.v), mono: false },
            { label: 'yParity', value: String(s.yParity), mono: false },
          ],
        },
      ],
    }
  },
})

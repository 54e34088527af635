import * as Hashing from '../../core/hash/Hashing'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'
import { bytes } from '../kit/text'

interface Input extends Record<string, unknown> {
  encoding: Hashing.Encoding
  message: { bytes: Uint8Array; text: string }
}

export const parse = fieldParser<Input>({
  encoding: (v) => (v === 'hex' ? 'hex' : 'utf8'),
  message: (v, raw) => ({ bytes: Hashing.parseBytes(v, raw.encoding === 'hex' ? 'hex' : 'utf8'), text: v }),
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ message, encoding }): ToolResult => {
    const m = Hashing.messageHash(message.bytes)
    // Long messages stay out of links (they would make unwieldy URLs).
    const verify =
      message.text.length <= 2000
        ? { open: { tool: 'verify-signature', inputs: { message: message.text, mode: 'eip191', encoding: encoding === 'hex' ? 'hex' : 'text' }, label: 'Verify a signature of this message' } }
        : {}
    // A browser text box turns every line break into LF: say so, since a message signed
    // with CRLF (Windows) line endings hashes differently.
    const lines = encoding === 'utf8' && message.text.includes('\n')
    const exact = `0x${m.prefixed.slice(m.prefixed.length - 2 * m.length)}`
    return {
      ...(lines
        ? { notes: [{ tone: 'info' as const, text: 'Line breaks were hashed as LF (\\n, 0x0a): the text box normalises CRLF to LF. If the message was signed with CRLF line endings, hash its exact bytes as hex (below).' }] }
        : {}),
      sections: [
        {
          rows: [
            { label: 'Message hash', value: m.hash, note: 'keccak256(prefix ++ message): the digest a wallet signs for personal_sign.', ...verify },
            { label: 'Prefix', value: m.prefix, note: '\\x19 is the byte 0x19; \\n is a newline; the number is the message length in bytes.' },
            { label: 'Message length', value: bytes(m.length), mono: false },
            { label: 'Prefixed message (hex)', value: m.prefixed, open: { tool: 'hash', inputs: { input: m.prefixed, encoding: 'hex' }, label: 'Hash these bytes' } },
            ...(encoding === 'utf8' && message.text.includes('\n') && message.text.length <= 2000
              ? [<Row>{ label: 'Message bytes (hex)', value: exact, note: 'Edit these to hash other bytes exactly (0d0a for a CRLF line break).', open: { tool: 'message-hash', inputs: { message: exact, encoding: 'hex' }, label: 'Hash the exact bytes' } }]
              : []),
          ],
        },
      ],
    }
  },
})

import * as Hashing from '../../core/Hashing'
import { defineTool, fieldParser } from '../define'
import meta from './meta'

interface Input extends Record<string, unknown> {
  encoding: Hashing.Encoding
  message: Uint8Array
}

export const parse = fieldParser<Input>({
  encoding: (v) => (v === 'hex' ? 'hex' : 'utf8'),
  message: (v, raw) => Hashing.parseBytes(v, raw.encoding === 'hex' ? 'hex' : 'utf8'),
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ message }) => {
    const m = Hashing.messageHash(message)
    return {
      sections: [
        {
          rows: [
            { label: 'Message hash', value: m.hash, note: 'keccak256(prefix ++ message): the digest a wallet signs for personal_sign.' },
            { label: 'Prefix', value: m.prefix, note: '\\x19 is the byte 0x19; \\n is a newline; the number is the message length in bytes.' },
            { label: 'Message length', value: `${m.length} bytes`, mono: false },
            { label: 'Prefixed message (hex)', value: m.prefixed, open: { tool: 'hash', inputs: { input: m.prefixed, encoding: 'hex' }, label: 'Hash these bytes' } },
          ],
        },
      ],
    }
  },
})

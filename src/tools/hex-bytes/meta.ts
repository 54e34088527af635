import { defineMeta } from '../define'
import { file, numeric, select, textarea, unless, when } from '../kit/fieldKinds'

// Expected values: Foundry's cast (format-bytes32-string, parse-bytes32-string, from-utf8,
// to-utf8, to-ascii, to-bytes32, pad, concat-hex, to-hexdata, parse-bytes32-address,
// address-zero, hash-zero), run by hand and by the differential test.
export default defineMeta({
  id: 'hex-bytes',
  title: 'Hex and bytes32',
  summary: 'bytes32 strings, hex to and from UTF-8 or ASCII text, left and right padding, concatenating and slicing hex: cast\'s conversions in the page.',
  capability: 'calldata',
  keywords: ['bytes32', 'format-bytes32-string', 'parse-bytes32-string', 'to-bytes32', 'pad', 'concat-hex', 'to-hexdata', 'from-bin', 'parse-bytes32-address', 'address-zero', 'hash-zero', 'to-ascii', 'to-utf8', 'from-utf8', 'utf8', 'ascii', 'hex', 'string', 'slice', 'concat', 'left pad', 'right pad'],
  runs: 'main',
  fields: [
    select('mode', 'Conversion', [
      ['to-bytes32-string', 'Text to bytes32 string (format-bytes32-string)'], ['from-bytes32-string', 'bytes32 to text (parse-bytes32-string)'],
      ['from-utf8', 'Text to hex (from-utf8)'], ['to-utf8', 'Hex to UTF-8 text (to-utf8)'], ['to-ascii', 'Hex to ASCII text (to-ascii)'],
      ['pad-left', 'Pad on the left (numbers, addresses: cast pad)'], ['pad-right', 'Pad on the right (bytesN, strings: cast to-bytes32)'],
      ['concat', 'Concatenate hex (concat-hex)'], ['slice', 'Slice hex (bytes from start to end)'], ['to-hexdata', 'to-hexdata'],
      ['from-bin', 'File to hex (from-bin)'], ['parse-bytes32-address', 'parse-bytes32-address'], ['zero', 'address-zero, hash-zero'],
    ]),
    textarea('input', 'Input', { placeholder: 'hello   or   0x68656c6c6f', showWhen: unless('mode', 'from-bin', 'zero'), help: 'Text or hex, as the conversion needs. To concatenate, put one hex value per line (or separate them with spaces).' }),
    file('file', 'File', { showWhen: when('mode', 'from-bin') }),
    numeric('length', 'Length in bytes', '32', { showWhen: when('mode', 'pad-left', 'pad-right') }),
    numeric('start', 'Start byte', '0', { showWhen: when('mode', 'slice'), help: 'From 0; negative counts from the end.' }),
    numeric('end', 'End byte (not included)', { showWhen: when('mode', 'slice'), help: 'Empty for the end; negative counts from the end.' }),
  ],
})

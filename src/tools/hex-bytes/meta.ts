import { defineMeta } from '../define'

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
    { name: 'mode', label: 'Conversion', kind: 'select', default: 'to-bytes32-string', options: [
      { value: 'to-bytes32-string', label: 'Text to bytes32 string (format-bytes32-string)' },
      { value: 'from-bytes32-string', label: 'bytes32 to text (parse-bytes32-string)' },
      { value: 'from-utf8', label: 'Text to hex (from-utf8)' },
      { value: 'to-utf8', label: 'Hex to UTF-8 text (to-utf8)' },
      { value: 'to-ascii', label: 'Hex to ASCII text (to-ascii)' },
      { value: 'pad-left', label: 'Pad on the left (numbers, addresses: cast pad)' },
      { value: 'pad-right', label: 'Pad on the right (bytesN, strings: cast to-bytes32)' },
      { value: 'concat', label: 'Concatenate hex (concat-hex)' },
      { value: 'slice', label: 'Slice hex (bytes from start to end)' },
      { value: 'to-hexdata', label: 'to-hexdata' },
      { value: 'from-bin', label: 'File to hex (from-bin)' },
      { value: 'parse-bytes32-address', label: 'parse-bytes32-address' },
      { value: 'zero', label: 'address-zero, hash-zero' },
    ] },
    { name: 'input', label: 'Input', kind: 'textarea', placeholder: 'hello   or   0x68656c6c6f', showWhen: { field: 'mode', not: ['from-bin', 'zero'] },
      help: 'Text or hex, as the conversion needs. To concatenate, put one hex value per line (or separate them with spaces).' },
    { name: 'file', label: 'File', kind: 'file', showWhen: { field: 'mode', is: ['from-bin'] } },
    { name: 'length', label: 'Length in bytes', kind: 'text', default: '32', inputMode: 'numeric', showWhen: { field: 'mode', is: ['pad-left', 'pad-right'] } },
    { name: 'start', label: 'Start byte', kind: 'text', default: '0', inputMode: 'numeric', showWhen: { field: 'mode', is: ['slice'] },
      help: 'From 0; negative counts from the end.' },
    { name: 'end', label: 'End byte (not included)', kind: 'text', inputMode: 'numeric', showWhen: { field: 'mode', is: ['slice'] },
      help: 'Empty for the end; negative counts from the end.' },
  ],
})

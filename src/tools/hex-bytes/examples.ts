import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Text to bytes32', inputs: { mode: 'to-bytes32-string', input: 'hello' },
    expect: { bytes32: '0x68656c6c6f000000000000000000000000000000000000000000000000000000' } },
  { title: 'bytes32 to text', inputs: { mode: 'from-bytes32-string', input: '0x4d4b520000000000000000000000000000000000000000000000000000000000' },
    expect: { Text: 'MKR' } },
  { title: 'UTF-8 to hex', inputs: { mode: 'from-utf8', input: 'héllo' }, expect: { Hex: '0x68c3a96c6c6f' } },
  { title: 'Hex to ASCII', inputs: { mode: 'to-ascii', input: '0x48656c6c6f2c20776f726c6421' }, expect: { Text: 'Hello, world!' } },
  { title: 'Left-pad to 32 bytes', inputs: { mode: 'pad-left', input: '0x1234', length: '32' },
    expect: { Padded: '0x0000000000000000000000000000000000000000000000000000000000001234' } },
  { title: 'to-bytes32 (right pad)', inputs: { mode: 'pad-right', input: '0x1234', length: '32' },
    expect: { Padded: '0x1234000000000000000000000000000000000000000000000000000000000000' } },
  { title: 'Concatenate', inputs: { mode: 'concat', input: '0xa9059cbb\n0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' },
    expect: { Concatenated: '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' } },
  { title: 'Slice a selector off', inputs: { mode: 'slice', input: '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045', start: '4', end: '' },
    expect: { Slice: '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' } },
  { title: 'Normalise and join (to-hexdata)', inputs: { mode: 'to-hexdata', input: '0xDEAD:BEEF' }, expect: { Hex: '0xdeadbeef' } },
  { title: 'Address from a bytes32 word', inputs: { mode: 'parse-bytes32-address', input: '0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' },
    expect: { Address: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' } },
  { title: 'Zero address and zero hash', inputs: { mode: 'zero' }, expect: { 'Zero address': `0x${'0'.repeat(40)}`, 'Zero hash': `0x${'0'.repeat(64)}` } },
]

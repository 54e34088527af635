import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'The Solidity documentation example',
    inputs: { values: 'int16 -1\nbytes1 0x42\nuint16 0x03\nstring Hello, world!' },
    expect: { 'Packed (hex)': '0xffff42000348656c6c6f2c20776f726c6421', 'Keccak-256': '0xa61ecacd5de1490dcd3f7dad8f517cb383f00d6839207a7d8587ded6965e7889' },
  },
  {
    title: 'Address, uint8, string, bytes2',
    inputs: { values: 'address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\nuint8 5\nstring hi\nbytes2 0xabcd' },
    expect: { 'Packed (hex)': '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266056869abcd', 'Keccak-256': '0x4aa66f56e3a9aed4eccb3edbe13ac11dea9facf06ed783d5e8684ffe71154c33' },
  },
]

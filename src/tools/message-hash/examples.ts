import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'The text "hello"', inputs: { message: 'hello', encoding: 'utf8' }, expect: { 'Message hash': '0x50b2c43fd39106bafbba0da34fc430e1f91e3c96ea2acee2bc34119f92b37750' } },
  { title: 'The text "Hello, world"', inputs: { message: 'Hello, world', encoding: 'utf8' }, expect: { 'Message hash': '0x4e42acc7ef1dab6102278515a78f6dcd869258e95f6815933a5b68dc3d17cebc', 'Message length': '12 bytes' } },
  { title: 'Two bytes 0x1234 (as bytes, ethers v5 hashMessage)', inputs: { message: '0x1234', encoding: 'hex' }, expect: { 'Message hash': '0x456d81ecedeaa272a18e100870c4def2ef78a70e3e077ba40e0a92114b5865c5' } },
]

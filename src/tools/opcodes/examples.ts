import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // EIP-1153 (Cancun): TLOAD is 0x5c, 100 gas, one word in, one out.
  { title: 'An opcode by its byte', inputs: { query: '0x5c', hardfork: 'cancun' }, expect: { '0x5c': 'TLOAD' } },
  // EIP-3855 added PUSH0 (0x5f) in Shanghai; EIP-4844, EIP-7516, EIP-1153 and EIP-5656 added five in Cancun.
  { title: 'What Cancun added to Shanghai', inputs: { query: 'push0', hardfork: 'cancun', compare: 'shanghai' }, expect: { '0x5f': 'PUSH0', 'Added 0x5c': 'TLOAD', 'Added 0x5e': 'MCOPY' } },
]

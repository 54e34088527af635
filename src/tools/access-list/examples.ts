import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  { title: 'Store.set(43)',
    inputs: { to: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', data: '0x60fe47b1000000000000000000000000000000000000000000000000000000000000002b', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    expect: { 'Account 1': '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', 'Key 1.1': '0x0000000000000000000000000000000000000000000000000000000000000000' } },
]

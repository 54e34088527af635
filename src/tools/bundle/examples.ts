import type { Example } from '../types'

const STORE = '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8'
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const set = (v: number) => `0x60fe47b1${v.toString(16).padStart(64, '0')}`

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  // The Store test contract (deployed by the devnet fixtures): set(5), then get() sees 5; set(101) reverts ("too big") and changes nothing.
  { title: 'Store: set, read, a revert, set again, read',
    inputs: { calls: [set(5), '0x6d4ce63c', set(101), set(7), '0x6d4ce63c'].map((data) => JSON.stringify({ from: FROM, to: STORE, data })).join('\n') },
    expect: { 'Step 2 / Return data': `0x${'5'.padStart(64, '0')}`, 'Step 3 / Status': 'reverted', 'Step 5 / Return data': `0x${'7'.padStart(64, '0')}` } },
]

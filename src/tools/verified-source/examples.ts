import type { Example } from '../types'

// The Store test contract the devnet fixtures deploy (scripts/devnet-fixtures.mjs). No public
// host has the devnet's contracts, so the example leaves the lookup off (the tool reads the code
// and says nothing was sent) and the tool's meta says examplesRun: false: ticking the lookup
// against a host is the person's choice. The lookup itself is tested against a local Sourcify
// serving solc output of contracts deployed on anvil (test/chain/verified-source.test.ts,
// src/tools/verified-source/tool.test.ts).
export const examples: readonly Example[] = [
  { title: 'The devnet’s Store contract (lookup off: nothing sent)', inputs: { address: '0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8', lookup: 'false' },
    // `cast codesize 0x6e27C5D5e7218dfe9E0bd966ed933b2f63CFfBc8` on the seeded devnet: 212
    expect: { Sent: 'nothing', Code: '212 bytes' } },
]

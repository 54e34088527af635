import type { Example } from '../types'

/** The tool's worked examples ("Try an example"), loaded with its page, not on every route. */
export const examples: readonly Example[] = [
  {
    title: 'balances[0xf39F…] of a mapping at slot 1',
    inputs: { layout: 'mapping', slot: '1', keys: 'address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
    expect: { Slot: '0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502' },
  },
  { title: 'ERC-7201 example.main (from the ERC)', inputs: { layout: 'erc7201', namespace: 'example.main' }, expect: { Slot: '0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500' } },
  { title: 'EIP-1967 proxy slots', inputs: { layout: 'eip1967' }, expect: { implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc', admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103' } },
  { title: 'Element 0 of an array at slot 0', inputs: { layout: 'array', slot: '0', index: '0' }, expect: { Slot: '0x290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563' } },
]

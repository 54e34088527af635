import { defineMeta } from '../define'

export default defineMeta({
  id: 'storage-slot',
  title: 'Storage slot calculator',
  summary: 'Storage slot of a mapping entry (nested, any key type), a dynamic array element, an ERC-7201 namespace, or the EIP-1967 proxy slots.',
  capability: 'hashing',
  keywords: ['storage', 'slot', 'mapping', 'array', 'erc-7201', 'erc7201', 'namespaced', 'eip-1967', 'proxy', 'implementation', 'admin', 'beacon', 'index', 'layout'],
  runs: 'main',
  fields: [
    { name: 'layout', label: 'What to locate', kind: 'select', default: 'mapping', options: [
      { value: 'mapping', label: 'mapping entry m[k1][k2]…' },
      { value: 'array', label: 'dynamic array element a[i]' },
      { value: 'erc7201', label: 'ERC-7201 namespace root' },
      { value: 'eip1967', label: 'EIP-1967 proxy slots' },
    ] },
    { name: 'slot', label: 'Declared slot (of the mapping or array)', kind: 'text', default: '0', inputMode: 'numeric', help: 'Decimal or 0x hex: the slot the variable occupies (see forge inspect <Contract> storageLayout).', showWhen: { field: 'layout', is: ['mapping', 'array'] } },
    { name: 'keys', label: 'Mapping keys, one per line (outermost first)', kind: 'textarea', placeholder: 'address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\nuint256 42',
      help: 'type value per line; a second line is the key of the inner mapping. string and bytes keys hash their raw bytes.', showWhen: { field: 'layout', is: ['mapping'] } },
    { name: 'index', label: 'Array index', kind: 'text', default: '0', inputMode: 'numeric', showWhen: { field: 'layout', is: ['array'] } },
    { name: 'elementSize', label: 'Array element size in bytes', kind: 'text', default: '32', inputMode: 'numeric',
      help: '32 for uint256/bytes32, 20 for address, 1 for uint8/bool (packed several per slot); a multiple of 32 for structs.', showWhen: { field: 'layout', is: ['array'] } },
    { name: 'namespace', label: 'ERC-7201 namespace id', kind: 'text', placeholder: 'openzeppelin.storage.ERC20', help: 'The id in @custom:storage-location erc7201:<id>.', showWhen: { field: 'layout', is: ['erc7201'] } },
  ],
  examples: [
    {
      title: 'balances[0xf39F…] of a mapping at slot 1',
      inputs: { layout: 'mapping', slot: '1', keys: 'address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' },
      expect: { Slot: '0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502' },
    },
    { title: 'ERC-7201 example.main (from the ERC)', inputs: { layout: 'erc7201', namespace: 'example.main' }, expect: { Slot: '0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500' } },
    { title: 'EIP-1967 proxy slots', inputs: { layout: 'eip1967' }, expect: { implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc', admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103' } },
    { title: 'Element 0 of an array at slot 0', inputs: { layout: 'array', slot: '0', index: '0' }, expect: { Slot: '0x290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563' } },
  ],
})

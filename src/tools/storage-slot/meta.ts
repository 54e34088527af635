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
})

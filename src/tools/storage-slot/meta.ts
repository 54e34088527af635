import { defineMeta } from '../define'
import { numeric, select, text, textarea, when } from '../kit/fieldKinds'

export default defineMeta({
  id: 'storage-slot',
  title: 'Storage slot calculator',
  summary: 'Storage slot of a mapping entry (nested, any key type), a dynamic array element, an ERC-7201 namespace, or the EIP-1967 proxy slots.',
  capability: 'hashing',
  keywords: ['storage', 'slot', 'mapping', 'array', 'erc-7201', 'erc7201', 'namespaced', 'eip-1967', 'proxy', 'implementation', 'admin', 'beacon', 'index', 'layout'],
  runs: 'main',
  fields: [
    select('layout', 'What to locate', [
      ['mapping', 'mapping entry m[k1][k2]…'], ['array', 'dynamic array element a[i]'], ['erc7201', 'ERC-7201 namespace root'],
      ['eip1967', 'EIP-1967 proxy slots'],
    ]),
    numeric('slot', 'Declared slot (of the mapping or array)', '0', { help: 'Decimal or 0x hex: the slot the variable occupies (see forge inspect <Contract> storageLayout).', showWhen: when('layout', 'mapping', 'array') }),
    textarea('keys', 'Mapping keys, one per line (outermost first)', { placeholder: 'address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\nuint256 42', help: 'type value per line; a second line is the key of the inner mapping. string and bytes keys hash their raw bytes.', showWhen: when('layout', 'mapping') }),
    numeric('index', 'Array index', '0', { showWhen: when('layout', 'array') }),
    numeric('elementSize', 'Array element size in bytes', '32', { help: '32 for uint256/bytes32, 20 for address, 1 for uint8/bool (packed several per slot); a multiple of 32 for structs.', showWhen: when('layout', 'array') }),
    text('namespace', 'ERC-7201 namespace id', { placeholder: 'openzeppelin.storage.ERC20', help: 'The id in @custom:storage-location erc7201:<id>.', showWhen: when('layout', 'erc7201') }),
  ],
})

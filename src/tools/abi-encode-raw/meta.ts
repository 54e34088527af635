import { defineMeta } from '../define'

export default defineMeta({
  id: 'abi-encode-raw',
  title: 'abi.encode / encodePacked',
  summary: 'ABI-encode values for a list of types, as abi.encode or abi.encodePacked, with a word-by-word breakdown.',
  capability: 'calldata',
  keywords: ['abi.encode', 'encodePacked', 'abi.encodePacked', 'solidityPack', 'defaultAbiCoder', 'encode parameters', 'types', 'values', 'tuple'],
  runs: 'main',
  fields: [
    { name: 'types', label: 'Types', kind: 'text', placeholder: 'uint256, string, (address,bool)[]', help: 'Comma-separated Solidity types (names allowed), or a JSON parameter list.' },
    { name: 'values', label: 'Values (JSON)', kind: 'textarea', placeholder: '[42, "hello", [["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", true]]]',
      help: 'A JSON array, one value per type. Integers as numbers or strings (hex, 1e18, "1.5 ether").' },
    { name: 'packed', label: 'Packed (abi.encodePacked)', kind: 'checkbox', default: 'false' },
  ],
  examples: [
    {
      title: 'uint256, string, bool (cast abi-encode)',
      inputs: { types: 'uint256, string, bool', values: '[42, "hello", true]' },
      expect: { encoded: '0x000000000000000000000000000000000000000000000000000000000000002a00000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000001000000000000000000000000000000000000000000000000000000000000000568656c6c6f000000000000000000000000000000000000000000000000000000' },
    },
    {
      title: 'encodePacked(address, uint16, string) (cast abi-encode --packed)',
      inputs: { types: 'address, uint16, string', values: '["0x000000000000000000000000000000000000dEaD", 513, "hi"]', packed: 'true' },
      expect: { encoded: '0x000000000000000000000000000000000000dead02016869' },
    },
    {
      title: '1.5 ether and an address (cast abi-encode)',
      inputs: { types: 'uint256, address', values: '["1.5 ether", "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045"]' },
      expect: { encoded: '0x00000000000000000000000000000000000000000000000014d1120d7b160000000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045' },
    },
  ],
})

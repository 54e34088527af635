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
})

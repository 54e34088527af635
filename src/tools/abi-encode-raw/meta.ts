import { defineMeta } from '../define'
import { checkbox, text, textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'abi-encode-raw',
  title: 'abi.encode / encodePacked',
  summary: 'ABI-encode values for a list of types, as abi.encode or abi.encodePacked, with a word-by-word breakdown.',
  capability: 'calldata',
  keywords: ['abi.encode', 'encodePacked', 'abi.encodePacked', 'solidityPack', 'defaultAbiCoder', 'encode parameters', 'types', 'values', 'tuple'],
  runs: 'main',
  fields: [
    text('types', 'Types', { placeholder: 'uint256, string, (address,bool)[]', help: 'Comma-separated Solidity types (names allowed), or a JSON parameter list.' }),
    textarea('values', 'Values (JSON)', { placeholder: '[42, "hello", [["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", true]]]', help: 'A JSON array, one value per type. Integers as numbers or strings (hex, 1e18, "1.5 ether").' }),
    checkbox('packed', 'Packed (abi.encodePacked)'),
  ],
})

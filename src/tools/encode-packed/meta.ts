import { defineMeta } from '../define'
import { textarea } from '../kit/fieldKinds'

export default defineMeta({
  id: 'encode-packed',
  title: 'abi.encodePacked',
  summary: "Solidity's packed encoding of a typed value list, and its keccak256 and sha256 (solidityPackedKeccak256).",
  capability: 'hashing',
  keywords: ['encodePacked', 'abi.encodePacked', 'solidityPack', 'solidityPacked', 'solidityKeccak256', 'packed', 'keccak256', 'sha256', 'hash'],
  runs: 'main',
  fields: [
    textarea('values', 'Typed values, one per line', { placeholder: 'address 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\nuint256 1000\nstring hello', help: 'type value per line: address, bool, uint8..uint256, int8..int256, bytes1..bytes32, bytes, string, or arrays of value types like uint256[] [1, 2]. Quote a string to keep outer spaces.' }),
  ],
})

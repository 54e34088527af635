/**
 * The minimal ENS test contracts the chain tests and e2e deploy on anvil (and copy to ENS's
 * registry address with anvil_setCode): one Solidity text each, joined into the bundles that
 * need them with `solidity(...)` (test/chain/solc.ts compiles each bundle once per process).
 */

/** A registry with only what resolution reads: node → resolver. */
export const REGISTRY = `contract Registry {
  mapping(bytes32 => address) r;
  function setResolver(bytes32 node, address res) external { r[node] = res; }
  function resolver(bytes32 node) external view returns (address) { return r[node]; }
}`

/** A plain resolver: addr(bytes32) and text(bytes32,string), no ENSIP-10. */
export const SIMPLE_RESOLVER = `contract Simple {
  mapping(bytes32 => address) a;
  mapping(bytes32 => mapping(string => string)) t;
  function setAddr(bytes32 node, address x) external { a[node] = x; }
  function setText(bytes32 node, string calldata key, string calldata value) external { t[node][key] = value; }
  function addr(bytes32 node) external view returns (address) { return a[node]; }
  function text(bytes32 node, string calldata key) external view returns (string memory) { return t[node][key]; }
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x01ffc9a7; }
}`

/** One Solidity source file (licence and pragma first) holding the given contracts, in order. */
export function solidity(...contracts: string[]): string {
  return ['// SPDX-License-Identifier: MIT', 'pragma solidity ^0.8.0;', ...contracts].join('\n')
}

/**
 * An ENSIP-10 wildcard resolver named `name` (doc comment `doc`): any name's address is the last
 * 20 bytes of keccak256(its DNS encoding); text(key) answers `texts[key]` (a Solidity expression
 * giving the ABI-encoded answer, or any bytes), "" for other keys; other records revert.
 */
export function wildcardResolver(name: string, doc: string, texts: Record<string, string>): string {
  const answers = Object.entries(texts).map(([key, answer]) => `      if (keccak256(bytes(key)) == keccak256("${key}")) return ${answer};`)
  return `/** ${doc} */
contract ${name} {
  function supportsInterface(bytes4 id) external pure returns (bool) { return id == 0x9061b923 || id == 0x01ffc9a7; }
  function resolve(bytes calldata name, bytes calldata data) external pure returns (bytes memory) {
    bytes4 sel = bytes4(data[:4]);
    if (sel == 0x3b3b57de) return abi.encode(address(uint160(uint256(keccak256(name)))));
    if (sel == 0x59d1d43c) {
      (, string memory key) = abi.decode(data[4:], (bytes32, string));
${answers.join('\n')}
      return abi.encode("");
    }
    revert("unsupported record");
  }
}`
}

/**
 * The storage-by-name test contract (issue 25): a variable of every kind a layout describes,
 * each with a public getter (or a getter written for it), compiled by solc-js with
 * `storageLayout` in its output, and an ERC-7201 namespace whose root `cast index-erc7201`
 * computes. Shared by src/core/storage/StorageRead.test.ts and the e2e spec.
 */
import { createRequire } from 'node:module'
import { cast } from './support'

const require = createRequire(import.meta.url)
export const NAMESPACE = 'test.storage.Vars'

export function source(root: string): string {
  return `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Vars {
  enum Color { Red, Green, Blue }
  struct S { uint128 x; address who; string name; uint256[] list; }
  /// @custom:storage-location erc7201:${NAMESPACE}
  struct NsStore { uint256 count; string label; mapping(address => uint256) m; uint8 small; bool on; }

  uint256 public a;
  uint8 public small; int16 public neg; bool public flag; address public owner; bytes4 public tag;
  string public shortStr; string public longStr; bytes public data;
  uint256[3] public fixedNums; uint64[] public dyn; uint16[5] public packedFixed;
  S public s;
  mapping(address => uint256) public balances;
  mapping(address => mapping(uint256 => bool)) public allowed;
  mapping(uint256 => S) public byId;
  string[] public names;
  Color public color; bytes32 public hash; int256 public big;

  function _ns() private pure returns (NsStore storage $) { assembly { $.slot := ${root} } }
  function nsCount() external view returns (uint256) { return _ns().count; }
  function nsLabel() external view returns (string memory) { return _ns().label; }
  function nsM(address k) external view returns (uint256) { return _ns().m[k]; }
  function nsSmall() external view returns (uint8) { return _ns().small; }
  function nsOn() external view returns (bool) { return _ns().on; }
  function dynLength() external view returns (uint256) { return dyn.length; }
  function namesLength() external view returns (uint256) { return names.length; }
  function sList(uint256 i) external view returns (uint256) { return s.list[i]; }
  function sListLength() external view returns (uint256) { return s.list.length; }
  function byIdList(uint256 id, uint256 i) external view returns (uint256) { return byId[id].list[i]; }
  function byIdListLength(uint256 id) external view returns (uint256) { return byId[id].list.length; }

  function setValues(uint256 a_, uint8 small_, int16 neg_, bool flag_, address owner_, bytes4 tag_, Color color_, bytes32 hash_, int256 big_) external {
    a = a_; small = small_; neg = neg_; flag = flag_; owner = owner_; tag = tag_; color = color_; hash = hash_; big = big_;
  }
  function setTexts(string calldata s1, string calldata s2, bytes calldata d) external { shortStr = s1; longStr = s2; data = d; }
  function setArrays(uint256[3] calldata f, uint64[] calldata d, uint16[5] calldata p, string[] calldata n) external {
    fixedNums = f; dyn = d; packedFixed = p; delete names; for (uint256 i; i < n.length; i++) names.push(n[i]);
  }
  function setStruct(uint128 x, address who, string calldata name, uint256[] calldata list) external { s = S(x, who, name, list); }
  function setMaps(address k, uint256 v, uint256 n, bool on, uint256 id, uint128 x, string calldata name, uint256[] calldata list) external {
    balances[k] = v; allowed[k][n] = on; byId[id] = S(x, k, name, list);
  }
  function setNs(uint256 c, string calldata l, address k, uint256 v, uint8 sm, bool on) external {
    NsStore storage $ = _ns(); $.count = c; $.label = l; $.m[k] = v; $.small = sm; $.on = on;
  }
}
contract NsLayout { Vars.NsStore ns; }
`
}

export interface Compiled {
  bytecode: string
  abi: unknown[]
  /** The layout with the namespace in OpenZeppelin's `namespaces` form. */
  layout: { storage: unknown[]; types: Record<string, unknown>; namespaces: Record<string, unknown[]> }
  root: string
}

type Out = { contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } }; storageLayout: { storage: { type: string }[]; types: Record<string, { members?: unknown[] }> } }>>; errors?: { severity: string; formattedMessage: string }[] }

/** Compiles Vars with its storage layout; the namespace's members come from NsLayout's struct. */
export function compileVars(): Compiled {
  const root = cast(['index-erc7201', NAMESPACE])
  const solc = require('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'Vars.sol': { content: source(root) } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'storageLayout'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as Out
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const vars = out.contracts['Vars.sol']!.Vars!
  const ns = out.contracts['Vars.sol']!.NsLayout!.storageLayout
  const struct = ns.types[ns.storage[0]!.type]!
  return {
    bytecode: `0x${vars.evm.bytecode.object}`,
    abi: vars.abi,
    root,
    layout: { ...vars.storageLayout, types: { ...vars.storageLayout.types, ...ns.types }, namespaces: { [`erc7201:${NAMESPACE}`]: struct.members! } },
  }
}

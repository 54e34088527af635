/**
 * The contracts the ABI-from-bytecode tests measure against (issue 25): OpenZeppelin tokens,
 * proxies and utilities from @openzeppelin/contracts in node_modules, and contracts written
 * here (every argument type shape, and a hand-written assembly dispatcher), compiled by solc-js
 * (a dev dependency) with the optimizer off, on, and through the IR pipeline. Each comes with
 * the ABI solc gives for it, the independent answer.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const OZ = dirname(require.resolve('@openzeppelin/contracts/package.json'))

export interface CorpusContract {
  /** `<name>/<settings>`, e.g. `Erc20Plain/opt`. */
  name: string
  /** Runtime code (0x-hex). */
  runtime: string
  /** solc's JSON ABI. */
  abi: AbiItem[]
}

export interface AbiItem {
  type: string
  name?: string
  inputs?: AbiParam[]
  stateMutability?: string
}
interface AbiParam {
  type: string
  components?: AbiParam[]
}

const oz = (path: string) => `import "@openzeppelin/contracts/${path}";`

/** Each source: a file of its own, named after its one deployable contract. */
export const SOURCES: Record<string, string> = {
  Erc20Plain: `${oz('token/ERC20/ERC20.sol')} contract Erc20Plain is ERC20 { constructor() ERC20("T","T") {} }`,
  Erc20Burnable: `${oz('token/ERC20/extensions/ERC20Burnable.sol')} contract Erc20Burnable is ERC20Burnable { constructor() ERC20("T","T") {} }`,
  Erc20Capped: `${oz('token/ERC20/extensions/ERC20Capped.sol')} contract Erc20Capped is ERC20Capped { constructor() ERC20("T","T") ERC20Capped(1e27) {} }`,
  Erc20Pausable: `${oz('token/ERC20/extensions/ERC20Pausable.sol')} ${oz('access/Ownable.sol')}
    contract Erc20Pausable is ERC20Pausable, Ownable { constructor() ERC20("T","T") Ownable(msg.sender) {}
      function pause() external onlyOwner { _pause(); } function unpause() external onlyOwner { _unpause(); }
      function mint(address to, uint256 v) external onlyOwner { _mint(to, v); } }`,
  Erc20Permit: `${oz('token/ERC20/extensions/ERC20Permit.sol')} contract Erc20Permit is ERC20Permit { constructor() ERC20("T","T") ERC20Permit("T") {} }`,
  Erc20Votes: `${oz('token/ERC20/extensions/ERC20Votes.sol')} ${oz('token/ERC20/extensions/ERC20Permit.sol')}
    contract Erc20Votes is ERC20Permit, ERC20Votes { constructor() ERC20("T","T") ERC20Permit("T") {}
      function _update(address a, address b, uint256 v) internal override(ERC20, ERC20Votes) { super._update(a, b, v); }
      function nonces(address o) public view override(ERC20Permit, Nonces) returns (uint256) { return super.nonces(o); } }`,
  Erc20FlashMint: `${oz('token/ERC20/extensions/ERC20FlashMint.sol')} contract Erc20FlashMint is ERC20FlashMint { constructor() ERC20("T","T") {} }`,
  Erc4626Vault: `${oz('token/ERC20/extensions/ERC4626.sol')} contract Erc4626Vault is ERC4626 { constructor(IERC20 a) ERC20("V","V") ERC4626(a) {} }`,
  Erc20Wrapper: `${oz('token/ERC20/extensions/ERC20Wrapper.sol')} contract Erc20Wrapper is ERC20Wrapper { constructor(IERC20 a) ERC20("W","W") ERC20Wrapper(a) {} }`,
  Erc1363Token: `${oz('token/ERC20/extensions/ERC1363.sol')} contract Erc1363Token is ERC1363 { constructor() ERC20("T","T") {} }`,
  Erc721Plain: `${oz('token/ERC721/ERC721.sol')} contract Erc721Plain is ERC721 { constructor() ERC721("N","N") {} }`,
  Erc721Enum: `${oz('token/ERC721/extensions/ERC721Enumerable.sol')} contract Erc721Enum is ERC721Enumerable { constructor() ERC721("N","N") {} }`,
  Erc721Uri: `${oz('token/ERC721/extensions/ERC721URIStorage.sol')} contract Erc721Uri is ERC721URIStorage { constructor() ERC721("N","N") {}
      function mint(address to, uint256 id, string calldata uri) external { _mint(to, id); _setTokenURI(id, uri); } }`,
  Erc721Royalty: `${oz('token/ERC721/extensions/ERC721Royalty.sol')} contract Erc721Royalty is ERC721Royalty { constructor() ERC721("N","N") {} }`,
  Erc1155Plain: `${oz('token/ERC1155/ERC1155.sol')} contract Erc1155Plain is ERC1155 { constructor() ERC1155("u") {}
      function mintBatch(address to, uint256[] memory ids, uint256[] memory vs, bytes memory d) external { _mintBatch(to, ids, vs, d); } }`,
  Erc1155Supply: `${oz('token/ERC1155/extensions/ERC1155Supply.sol')} contract Erc1155Supply is ERC1155Supply { constructor() ERC1155("u") {} }`,
  RolesToken: `${oz('token/ERC20/ERC20.sol')} ${oz('access/AccessControl.sol')}
    contract RolesToken is ERC20, AccessControl { bytes32 public constant MINTER = keccak256("M");
      constructor() ERC20("T","T") { _grantRole(DEFAULT_ADMIN_ROLE, msg.sender); }
      function mint(address to, uint256 v) external onlyRole(MINTER) { _mint(to, v); } }`,
  Timelock: `${oz('governance/TimelockController.sol')} contract Timelock is TimelockController {
      constructor(address[] memory p) TimelockController(1, p, p, msg.sender) {} }`,
  Vesting: `${oz('finance/VestingWallet.sol')} contract Vesting is VestingWallet { constructor() VestingWallet(msg.sender, 1, 2) {} }`,
  Owned2Step: `${oz('access/Ownable2Step.sol')} contract Owned2Step is Ownable2Step { uint256 public x; constructor() Ownable(msg.sender) {}
      function set(uint256 v) external onlyOwner { x = v; } }`,
  MulticallToken: `${oz('token/ERC20/ERC20.sol')} ${oz('utils/Multicall.sol')} contract MulticallToken is ERC20, Multicall { constructor() ERC20("T","T") {} }`,
  Proxy1967: `${oz('proxy/ERC1967/ERC1967Proxy.sol')} contract Proxy1967 is ERC1967Proxy { constructor(address i) ERC1967Proxy(i, "") {} }`,
  Admin: `${oz('proxy/transparent/ProxyAdmin.sol')} contract Admin is ProxyAdmin { constructor() ProxyAdmin(msg.sender) {} }`,
  Beacon: `${oz('proxy/beacon/UpgradeableBeacon.sol')} contract Beacon is UpgradeableBeacon { constructor(address i) UpgradeableBeacon(i, msg.sender) {} }`,
  Shapes: `contract Shapes {
      struct P { uint256 a; address b; }
      struct Q { P[] ps; string s; }
      uint256 public total;
      function u8(uint8 a) external pure returns (uint8) { return a; }
      function i128(int128 a) external pure returns (int128) { return a; }
      function b32(bytes32 a, bytes4 b) external pure returns (bytes32) { return a ^ bytes32(b); }
      function flag(bool a, address who) external view returns (bool) { return a && who != msg.sender; }
      function str(string calldata s) external pure returns (uint256) { return bytes(s).length; }
      function raw(bytes memory b) external pure returns (uint256) { return b.length; }
      function arr(uint256[] calldata xs) external pure returns (uint256 t) { for (uint256 i; i < xs.length; i++) t += xs[i]; }
      function fixedArr(address[3] calldata xs) external pure returns (address) { return xs[2]; }
      function nested(uint256[][] memory xs) external pure returns (uint256) { return xs.length; }
      function tup(P calldata p) external pure returns (uint256) { return p.a; }
      function deep(Q memory q) external pure returns (uint256) { return q.ps.length; }
      function strs(string[] memory ss) external pure returns (uint256) { return ss.length; }
      function pay() external payable { total += msg.value; }
      function write(uint64 a, uint16 b) external { total = a + b; }
    }`,
  Handwritten: `contract Handwritten {
      // Hand-written dispatch: the selector compared in assembly, no solc dispatcher.
      fallback() external payable {
        assembly {
          let sel := shr(224, calldataload(0))
          switch sel
          case 0x70a08231 { mstore(0, sload(calldataload(4))) return(0, 32) }           // balanceOf(address)
          case 0xa9059cbb { sstore(calldataload(4), calldataload(36)) mstore(0, 1) return(0, 32) } // transfer(address,uint256)
          case 0x18160ddd { mstore(0, sload(0)) return(0, 32) }                          // totalSupply()
          default { revert(0, 0) }
        }
      }
    }`,
}

/** What the hand-written dispatcher answers, in place of solc's ABI (its ABI has only the fallback). */
const HANDWRITTEN_ABI: AbiItem[] = [
  { type: 'function', name: 'balanceOf', inputs: [{ type: 'address' }], stateMutability: 'view' },
  { type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }], stateMutability: 'nonpayable' },
  { type: 'function', name: 'totalSupply', inputs: [], stateMutability: 'view' },
]

type Settings = 'noopt' | 'opt' | 'ir'
const SETTINGS: Record<Settings, object> = {
  noopt: { optimizer: { enabled: false } },
  opt: { optimizer: { enabled: true, runs: 200 } },
  ir: { optimizer: { enabled: true, runs: 200 }, viaIR: true },
}

function findImport(path: string): { contents: string } | { error: string } {
  if (!path.startsWith('@openzeppelin/contracts/')) return { error: `not found: ${path}` }
  return { contents: readFileSync(join(OZ, path.slice('@openzeppelin/contracts/'.length)), 'utf8') }
}

/** Compiles every source with the given settings; returns each named contract's runtime and ABI. */
export function compileCorpus(settings: Settings, names = Object.keys(SOURCES)): CorpusContract[] {
  const solc = require('solc') as { compile(input: string, cb: { import: typeof findImport }): string }
  const sources = Object.fromEntries(names.map((n) => [`${n}.sol`, { content: `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n${SOURCES[n]}` }]))
  const input = {
    language: 'Solidity',
    sources,
    settings: { ...SETTINGS[settings], evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: AbiItem[]; evm: { deployedBytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  return names.map((n) => {
    const c = out.contracts[`${n}.sol`]![n]!
    return { name: `${n}/${settings}`, runtime: `0x${c.evm.deployedBytecode.object}`, abi: n === 'Handwritten' ? HANDWRITTEN_ABI : c.abi }
  })
}

/** A parameter's canonical type, tuples written out: `(uint256,address)[]`. */
export function canonicalType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type
  return `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`
}

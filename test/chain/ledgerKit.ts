/**
 * A contract whose storage is mostly mappings, for the debugger's mapping names (issue 24/25:
 * src/core/debug/DebugTrace.preimages.test.ts, e2e/debug-slot-names.spec.ts): `move` writes
 * `balances[to]`, the nested `allowance[msg.sender][spender]`, a uint-keyed and a string-keyed
 * entry; `noise` hashes `n` distinct inputs of `len` bytes between two balance writes, the
 * hostile trace the recorder's preimage cap is for. Compiled with solc-js with storageLayout.
 */
import { compileFull } from './sourceKit'

export const LEDGER_PATH = 'src/Ledger.sol'

export const LEDGER_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Ledger {
  uint256 public total;
  mapping(address => uint256) public balances;
  mapping(address => mapping(address => uint256)) public allowance;
  mapping(uint256 => uint256) public byId;
  mapping(string => uint256) public byName;
  function move(address to, address spender, uint256 id, string calldata name) external {
    balances[to] += 5;
    allowance[msg.sender][spender] = 7;
    byId[id] = 9;
    byName[name] = 11;
    total += 1;
  }
  function noise(uint256 n, uint256 len, address to) external {
    balances[to] = 1;
    uint256 h;
    for (uint256 i = 0; i < n; i++) {
      assembly { mstore(0, add(i, 1)) mstore(32, h) h := xor(h, keccak256(0, len)) }
    }
    total = h;
    balances[msg.sender] = 2;
  }
}
`

export interface LedgerBuild {
  /** The whole solc standard-JSON output (what a person pastes on /debug). */
  output: unknown
  abi: unknown[]
  bytecode: `0x${string}`
  storageLayout: { storage: { label: string; slot: string; offset: number; type: string }[]; types: Record<string, unknown> }
}

/** Ledger compiled by solc-js (optimizer off) with its ABI, init code and storageLayout. */
export function compileLedger(): LedgerBuild {
  const { output } = compileFull({ [LEDGER_PATH]: LEDGER_SOL }, false, { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'storageLayout'] } } })
  const c = (output.contracts[LEDGER_PATH] as Record<string, any>).Ledger as { abi: unknown[]; evm: { bytecode: { object: string } }; storageLayout: LedgerBuild['storageLayout'] }
  return { output, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, storageLayout: c.storageLayout }
}

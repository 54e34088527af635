/**
 * Contracts for the source-level debugger's tests (src/core/debug/DebugSource.test.ts,
 * ArtifactMatch.test.ts, e2e/debug-source.spec.ts), compiled with solc-js in standard-JSON form
 * (deployed bytecode, source map, immutable references, AST), with the optimizer on or off.
 * The lines that matter are marked in the source with `// @name` comments, so a test finds
 * each line by construction (`markerLine`).
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export const SRC_PATH = 'src/Vault.sol'

export const VAULT_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Sums, weighs and guards: a loop, internal calls (one recursive) and a revert, each on its own line.
contract Vault {
    uint256 public total;
    uint256 public immutable limit;
    error TooMuch(uint256 acc, uint256 limit);

    constructor(uint256 l) {
        if (l == 0) revert("zero limit"); // @ctor-revert
        limit = l;
    }

    function run(uint256 n) external returns (uint256) {
        uint256 acc = _sum(n); // @call-sum
        for (uint256 i = 0; i < n; i++) { // @loop
            acc += _weigh(i); // @call-weigh
        }
        _guard(acc); // @call-guard
        total = acc; // @store
        return acc;
    }

    function _sum(uint256 n) internal pure returns (uint256) {
        if (n == 0) return 0; // @sum-base
        return n + _sum(n - 1); // @sum-rec
    }

    function _weigh(uint256 i) internal view returns (uint256 w) {
        w = i * 3 + (total % 7); // @weigh
    }

    function _guard(uint256 acc) internal view {
        if (acc > limit) { // @if
            revert TooMuch(acc, limit); // @revert
        }
    }
}

/// Forwards every call to its implementation by DELEGATECALL.
contract Proxy {
    address immutable impl;
    constructor(address i) { impl = i; }
    fallback() external payable {
        address i = impl;
        assembly { // @delegate
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), i, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
`

/** The 1-based line of the `// @name` marker. */
export function markerLine(source: string, name: string): number {
  const lines = source.split('\n')
  const i = lines.findIndex((l) => l.includes(`// @${name}`) && !l.includes(`// @${name}-`))
  if (i < 0) throw new Error(`no marker @${name}`)
  return i + 1
}

export interface SolcOutput {
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string; sourceMap: string }; deployedBytecode: { object: string; sourceMap: string; immutableReferences?: Record<string, { start: number; length: number }[]> } } }>>
  sources: Record<string, { id: number; ast: unknown }>
}

const cache = new Map<string, SolcOutput>()

/** solc standard-JSON output for `sources` (path → text); throws on a compile error. */
export function compileFull(sources: Record<string, string>, optimize: boolean, extra: Record<string, unknown> = {}): { input: unknown; output: SolcOutput } {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([p, content]) => [p, { content }])),
    settings: {
      optimizer: { enabled: optimize, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.bytecode.sourceMap', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'evm.deployedBytecode.immutableReferences'], '': ['ast'] } },
      ...extra,
    },
  }
  const key = JSON.stringify(input)
  const hit = cache.get(key)
  if (hit) return { input, output: hit }
  const solc = require('solc') as { compile(input: string): string }
  const out = JSON.parse(solc.compile(key)) as SolcOutput & { errors?: { severity: string; formattedMessage: string }[] }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  cache.set(key, out)
  return { input, output: out }
}

/** A Foundry-style artifact (out/<File>.sol/<C>.json) of one contract of a solc output. */
export function foundryArtifact(output: SolcOutput, path: string, name: string): Record<string, unknown> {
  const c = output.contracts[path]![name]!
  return {
    abi: c.abi,
    bytecode: { object: `0x${c.evm.bytecode.object}`, sourceMap: c.evm.bytecode.sourceMap, linkReferences: {} },
    deployedBytecode: { object: `0x${c.evm.deployedBytecode.object}`, sourceMap: c.evm.deployedBytecode.sourceMap, linkReferences: {}, immutableReferences: c.evm.deployedBytecode.immutableReferences ?? {} },
    methodIdentifiers: {},
    metadata: { settings: { compilationTarget: { [path]: name } }, sources: { [path]: { keccak256: '0x', license: 'MIT' } } },
    ast: output.sources[path]!.ast,
    id: output.sources[path]!.id,
  }
}

/**
 * OpenZeppelin's ERC20 as the chain tests deploy it: GlanceToken (symbol GLT, 6 decimals, the
 * constructor's supply minted to the deployer), MintBurnToken (MBT, 8 decimals, mint and burn) and NotAToken, compiled with solc-js; the
 * OpenZeppelin sources come from the dev dependency in node_modules. Used by
 * token-amount.test.ts and erc20-preset.test.ts.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as Rpc from '../../src/core/chain/Rpc'
import * as TxSend from '../../src/core/tx/TxSend'
import { KEYS, addr } from './sendKit'

const require = createRequire(import.meta.url)
export const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Burnable} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Burnable.sol";
contract GlanceToken is ERC20 {
  constructor(uint256 supply) ERC20("Glance Token", "GLT") { _mint(msg.sender, supply); }
  function decimals() public pure override returns (uint8) { return 6; }
}
/** What cast erc20-token mint and burn call: mint(address,uint256) (open to anyone here) and ERC20Burnable's burn(uint256). */
contract MintBurnToken is ERC20Burnable {
  constructor() ERC20("Mint Burn Token", "MBT") {}
  function decimals() public pure override returns (uint8) { return 8; }
  function mint(address to, uint256 amount) external { _mint(to, amount); }
}
contract NotAToken {}
`

/** OpenZeppelin's sources come from the dev dependency in node_modules. */
export function compile(): Record<string, { bytecode: string; abi: unknown[] }> {
  const solc = require('solc') as { compile(input: string, opts: { import: (p: string) => { contents: string } | { error: string } }): string }
  const input = {
    language: 'Solidity',
    sources: { 'Glance.sol': { content: SOURCE } },
    settings: { optimizer: { enabled: false }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const findImports = (p: string) => {
    try {
      return { contents: readFileSync(require.resolve(p), 'utf8') }
    } catch {
      return { error: `not found: ${p}` }
    }
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  return Object.fromEntries(Object.entries(out.contracts['Glance.sol']!).map(([n, c]) => [n, { bytecode: `0x${c.evm.bytecode.object}`, abi: c.abi }]))
}


/** Deploys init code (with its constructor arguments) from the first devnet key; the contract's address. */
export async function deploy(rpc: Rpc.Transport, data: string): Promise<`0x${string}`> {
  const from = addr(KEYS[0]) as `0x${string}`
  const p = await TxSend.prepare(rpc, { chainId: 31337, from, to: null, value: 0n, data: data as `0x${string}` })
  const hash = await TxSend.signAndSend(rpc, p, KEYS[0])
  return (await TxSend.waitForReceipt(rpc, hash, { pollMs: 50 })).contractAddress as `0x${string}`
}

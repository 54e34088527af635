/**
 * The delegate-call value tests' contracts (#41): a proxy that DELEGATECALLs every call into a
 * deposit book, whose `multicall` DELEGATECALLs itself once per call it is given. Each of those
 * frames runs with the `msg.value` the proxy was sent (a DELEGATECALL passes its caller's on), so
 * `multicall([deposit(), deposit()])` with 1 ether credits 2: the `msg.value` reused across
 * delegate calls that auditors look for. Compiled by solc-js (sourceKit's compileFull); the test
 * deploys them on its own anvil (vitest) or the e2e devnet (Playwright).
 */
import { encodeDeployData, encodeFunctionData, type Abi, type Hex } from 'viem'
import { compileFull } from './sourceKit'

export const DELEGATE_PATH = 'src/DelegateValue.sol'

export const DELEGATE_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The code the proxy runs (its storage layout: the proxy's slot 0, then the book).
contract DepositBook {
  address public impl;
  mapping(address => uint256) public credit;
  event Deposited(address indexed who, uint256 value);

  function deposit() external payable returns (uint256) {
    credit[msg.sender] += msg.value;
    emit Deposited(msg.sender, msg.value);
    return credit[msg.sender];
  }

  /// Every call run by DELEGATECALL on this contract: each sees the same msg.value.
  function multicall(bytes[] calldata calls) external payable {
    for (uint256 i = 0; i < calls.length; i++) {
      (bool ok, ) = address(this).delegatecall(calls[i]);
      require(ok, "call failed");
    }
  }
}

/// A proxy: every call is run by DELEGATECALL on the implementation's code.
contract BookProxy {
  address public impl;
  constructor(address i) { impl = i; }
  fallback() external payable {
    address i = impl;
    assembly {
      calldatacopy(0, 0, calldatasize())
      let r := delegatecall(gas(), i, 0, calldatasize(), 0, 0)
      returndatacopy(0, 0, returndatasize())
      switch r case 0 { revert(0, returndatasize()) } default { return(0, returndatasize()) }
    }
  }
}
`

export interface DelegateContracts {
  book: { abi: Abi; bytecode: Hex }
  proxy: { abi: Abi; bytecode: Hex }
}

/** The two contracts, compiled by solc (optimizer on). */
export function delegateContracts(): DelegateContracts {
  const { output } = compileFull({ [DELEGATE_PATH]: DELEGATE_SOL }, true)
  const c = output.contracts[DELEGATE_PATH]!
  const art = (n: string) => ({ abi: c[n]!.abi as Abi, bytecode: `0x${c[n]!.evm.bytecode.object}` as Hex })
  return { book: art('DepositBook'), proxy: art('BookProxy') }
}

/** The deploy data of the book, and of a proxy to the book at `book`. */
export function deployData(c: DelegateContracts, book?: Hex): Hex {
  return book ? encodeDeployData({ abi: c.proxy.abi, bytecode: c.proxy.bytecode, args: [book] } as never) : encodeDeployData({ abi: c.book.abi, bytecode: c.book.bytecode } as never)
}

/** `multicall([deposit(), … n times])`: n delegate calls, each with the value the proxy was sent. */
export function multicallDeposits(c: DelegateContracts, n: number): Hex {
  const deposit = encodeFunctionData({ abi: c.book.abi, functionName: 'deposit' })
  return encodeFunctionData({ abi: c.book.abi, functionName: 'multicall', args: [Array.from({ length: n }, () => deposit)] } as never)
}

/** `credit(who)`, to read what the book credited. */
export function creditOf(c: DelegateContracts, who: Hex): Hex {
  return encodeFunctionData({ abi: c.book.abi, functionName: 'credit', args: [who] } as never)
}

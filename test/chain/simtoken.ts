/**
 * A small ERC-20 (symbol SIMT, 6 decimals, a require with a reason) and a forwarder whose
 * calls into it revert one frame deep or pass ether on: Solidity source for solc-js
 * (test/chain/solc.ts), shared by the send-simulation e2e and the simulation decode test.
 */
export const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract SimToken {
  string public constant name = "Sim Token";
  string public constant symbol = "SIMT";
  uint8 public constant decimals = 6;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) { totalSupply = supply; balanceOf[msg.sender] = supply; emit Transfer(address(0), msg.sender, supply); }
  function transfer(address to, uint256 value) external returns (bool) {
    require(balanceOf[msg.sender] >= value, "SimToken: transfer amount exceeds balance");
    balanceOf[msg.sender] -= value;
    balanceOf[to] += value;
    emit Transfer(msg.sender, to, value);
    return true;
  }
  function approve(address spender, uint256 value) external returns (bool) {
    allowance[msg.sender][spender] = value;
    emit Approval(msg.sender, spender, value);
    return true;
  }
}
contract Forwarder {
  function forward(SimToken token, address to, uint256 value) external { token.transfer(to, value); }
  function pay(address to) external payable { payable(to).transfer(msg.value); }
}
`

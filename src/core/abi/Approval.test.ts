import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Approval from './Approval'
import * as Abi from './Abi'
import * as Calldata from './Calldata'

// Call data encoded by ethers v5 (an independent encoder), decoded by ours, then judged.
const decode = (abi: string, fn: string, args: unknown[]) => {
  const iface = new ethers.utils.Interface([abi])
  const data = iface.encodeFunctionData(fn, args)
  const call = Calldata.decodeCall(data, { abis: [Abi.parse(iface.format(ethers.utils.FormatTypes.json) as string)] })
  return Approval.of(call.signature, call.args)
}
const spender = ethers.utils.getAddress('0x000000000022d473030f116ddee9f6b43ac78ba3')
const MAX = ethers.constants.MaxUint256

describe('Approval.of', () => {
  it('flags approve and increaseAllowance of 2^256-1 (and anything from 2^128) as unlimited, not a real amount', () => {
    expect(decode('function approve(address spender, uint256 amount)', 'approve', [spender, MAX])).toMatchObject({ kind: 'erc20', unlimited: true, amount: MAX.toString() })
    expect(decode('function approve(address spender, uint256 amount)', 'approve', [spender, ethers.BigNumber.from(2).pow(128)])?.unlimited).toBe(true)
    expect(decode('function approve(address spender, uint256 amount)', 'approve', [spender, ethers.BigNumber.from(2).pow(128).sub(1)])?.unlimited).toBe(false)
    expect(decode('function approve(address spender, uint256 amount)', 'approve', [spender, 1000])).toMatchObject({ unlimited: false, amount: '1000' })
    expect(decode('function increaseAllowance(address spender, uint256 added)', 'increaseAllowance', [spender, MAX])?.unlimited).toBe(true)
  })
  it('reads EIP-2612 and DAI permits, Permit2 approve and permit, and setApprovalForAll', () => {
    const r = '0x' + '11'.repeat(32)
    expect(decode('function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)', 'permit', [spender, spender, MAX, 1, 27, r, r])).toMatchObject({ kind: 'permit', unlimited: true })
    expect(decode('function permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)', 'permit', [spender, spender, 0, 0, true, 27, r, r])).toMatchObject({ kind: 'permit', unlimited: true })
    expect(decode('function permit(address holder, address spender, uint256 nonce, uint256 expiry, bool allowed, uint8 v, bytes32 r, bytes32 s)', 'permit', [spender, spender, 0, 0, false, 27, r, r])).toBeNull()
    const max160 = ethers.BigNumber.from(2).pow(160).sub(1)
    expect(decode('function approve(address token, address spender, uint160 amount, uint48 expiration)', 'approve', [spender, spender, max160, 0])).toMatchObject({ kind: 'permit2', unlimited: true })
    expect(decode('function permit(address owner, ((address token, uint160 amount, uint48 expiration, uint48 nonce) details, address spender, uint256 sigDeadline) permitSingle, bytes signature)', 'permit', [spender, [[spender, max160, 0, 0], spender, 1], '0x'])).toMatchObject({ kind: 'permit2', unlimited: true, spender })
    expect(decode('function setApprovalForAll(address operator, bool approved)', 'setApprovalForAll', [spender, true])).toMatchObject({ kind: 'all', unlimited: true })
    expect(decode('function setApprovalForAll(address operator, bool approved)', 'setApprovalForAll', [spender, false])).toBeNull()
  })
  it('grants nothing for other calls', () => {
    expect(decode('function transfer(address to, uint256 amount)', 'transfer', [spender, MAX])).toBeNull()
  })
})

/**
 * UserOpSimulate's reading of what the node says, with revert data and logs encoded by ethers
 * v5 (an independent encoder): FailedOp / FailedOpWithRevert reasons, UserOperationEvent success
 * and failure (with UserOperationRevertReason), and the fall-back to eth_call when the node has
 * no eth_simulateV1. The run against real entry points is in test/chain/userOperation.test.ts.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Rpc from '../chain/Rpc'
import * as UserOpSimulate from './UserOpSimulate'
import * as UserOperation from './UserOperation'

const ep = new ethers.utils.Interface([
  'error FailedOp(uint256 opIndex, string reason)',
  'error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)',
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  'event UserOperationRevertReason(bytes32 indexed userOpHash, address indexed sender, uint256 nonce, bytes revertReason)',
])
const EP = UserOperation.ENTRY_POINTS['0.7']
const H = `0x${'11'.repeat(32)}`
const S = '0x2222222222222222222222222222222222222222'

/** Error(string) revert data: its selector and the ABI-encoded string (ethers' coder). */
const errorString = (m: string) => ethers.utils.hexConcat([ethers.utils.id('Error(string)').slice(0, 10), ethers.utils.defaultAbiCoder.encode(['string'], [m])])

function log(name: string, args: unknown[], address: string = EP) {
  const l = ep.encodeEventLog(ep.getEvent(name), args)
  return { address, topics: l.topics, data: l.data }
}

describe('UserOpSimulate reads the entry point', () => {
  it('FailedOp and FailedOpWithRevert give the AAxx reason', () => {
    expect(UserOpSimulate.reverted(ep.encodeErrorResult('FailedOp', [0, 'AA24 signature error']) as `0x${string}`)).toEqual({ status: 'failed-op', text: 'The entry point refused the op: AA24 signature error.', reason: 'AA24 signature error' })
    const inner = errorString('no')
    expect(UserOpSimulate.reverted(ep.encodeErrorResult('FailedOpWithRevert', [0, 'AA23 reverted', inner]) as `0x${string}`).reason).toBe('AA23 reverted (Error("no"))')
    expect(UserOpSimulate.reverted('0x').status).toBe('reverted')
  })

  it('UserOperationEvent: success, and a reverted call with its reason', () => {
    const ok = UserOpSimulate.fromLogs([log('UserOperationEvent', [H, S, ethers.constants.AddressZero, 0, true, 123, 45])], EP)
    expect(ok).toMatchObject({ status: 'executed', actualGasCost: 123n, actualGasUsed: 45n })
    const reason = errorString('too poor')
    const bad = UserOpSimulate.fromLogs([log('UserOperationRevertReason', [H, S, 0, reason]), log('UserOperationEvent', [H, S, ethers.constants.AddressZero, 0, false, 7, 8])], EP)
    expect(bad).toMatchObject({ status: 'call-reverted', reason: 'Error("too poor")' })
    // Logs of another contract are not the entry point's.
    expect(UserOpSimulate.fromLogs([log('UserOperationEvent', [H, S, ethers.constants.AddressZero, 0, true, 1, 1], S)], EP).status).toBe('reverted')
  })

  it('falls back to eth_call when the node has no eth_simulateV1', async () => {
    const asked: string[] = []
    const rpc: Rpc.Eip1193Like = {
      request: async ({ method }) => {
        asked.push(method)
        if (method === 'eth_simulateV1') throw Object.assign(new Error('the method eth_simulateV1 does not exist'), { code: -32601 })
        if (method === 'eth_call') throw Object.assign(new Error('execution reverted'), { code: 3, data: ep.encodeErrorResult('FailedOp', [0, 'AA21 didn\'t pay prefund']) })
        throw new Error(`unexpected ${method}`)
      },
    }
    const op = UserOperation.fromJson('{"sender":"0x2222222222222222222222222222222222222222","nonce":0,"callData":"0x","callGasLimit":1,"verificationGasLimit":1,"preVerificationGas":1,"maxFeePerGas":1,"maxPriorityFeePerGas":1}').op
    const r = await UserOpSimulate.run(rpc, op, { version: '0.7', entryPoint: EP, beneficiary: S })
    expect(asked).toEqual(['eth_simulateV1', 'eth_call'])
    expect(r).toMatchObject({ method: 'eth_call', status: 'failed-op', reason: "AA21 didn't pay prefund" })
  })
})

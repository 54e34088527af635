/**
 * AccountCall against call data encoded by ethers v5 (an independent ABI encoder) for each
 * known account function, with random targets, values and data: the steps read back are the
 * calls encoded. ERC-7579 single and delegatecall executions are packed with
 * ethers.utils.solidityPack, batches with ethers' ABI coder. Unknown selectors give undefined.
 */
import fc from 'fast-check'
import { ethers } from 'ethers'
import { Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import * as AccountCall from './AccountCall'

const addr = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => Address.checksum(Hex.fromBytes(b)))
const data = fc.uint8Array({ maxLength: 100 }).map((b) => Hex.fromBytes(b))
const value = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })
const call = fc.record({ to: addr, value, data })
const iface = new ethers.utils.Interface([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, bytes[] func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeUserOp(address to, uint256 value, bytes data, uint8 operation)',
  'function execute(address to, uint256 value, bytes data, uint8 operation)',
  'function execute(bytes32 mode, bytes executionCalldata)',
])
const coder = ethers.utils.defaultAbiCoder
const bn = (v: bigint) => ethers.BigNumber.from(v)

describe('AccountCall.decode reads the calls ethers v5 encoded', () => {
  it('SimpleAccount execute and the three executeBatch forms', () => {
    fc.assert(
      fc.property(call, fc.array(call, { maxLength: 5 }), (c, list) => {
        expect(AccountCall.decode(iface.encodeFunctionData('execute(address,uint256,bytes)', [c.to, bn(c.value), c.data]) as Hex.Hex)?.steps).toEqual([{ ...c, operation: 'call' }])
        expect(AccountCall.decode(iface.encodeFunctionData('executeBatch(address[],bytes[])', [list.map((x) => x.to), list.map((x) => x.data)]) as Hex.Hex)?.steps).toEqual(list.map((x) => ({ ...x, value: 0n, operation: 'call' })))
        expect(AccountCall.decode(iface.encodeFunctionData('executeBatch(address[],uint256[],bytes[])', [list.map((x) => x.to), list.map((x) => bn(x.value)), list.map((x) => x.data)]) as Hex.Hex)?.steps).toEqual(list.map((x) => ({ ...x, operation: 'call' })))
        expect(AccountCall.decode(iface.encodeFunctionData('executeBatch((address,uint256,bytes)[])', [list.map((x) => [x.to, bn(x.value), x.data])]) as Hex.Hex)?.steps).toEqual(list.map((x) => ({ ...x, operation: 'call' })))
      }),
      { numRuns: 40 },
    )
  })

  it('Safe 4337 module and Kernel v2 operations (1 = delegatecall)', () => {
    fc.assert(
      fc.property(call, fc.constantFrom(0, 1), (c, op) => {
        const safe = AccountCall.decode(iface.encodeFunctionData('executeUserOp', [c.to, bn(c.value), c.data, op]) as Hex.Hex)!
        expect(safe.account).toBe('Safe 4337 module')
        expect(safe.steps).toEqual([{ ...c, operation: op ? 'delegatecall' : 'call' }])
        expect(AccountCall.decode(iface.encodeFunctionData('execute(address,uint256,bytes,uint8)', [c.to, bn(c.value), c.data, op]) as Hex.Hex)?.steps).toEqual([{ ...c, operation: op ? 'delegatecall' : 'call' }])
      }),
      { numRuns: 20 },
    )
  })

  it('ERC-7579 execute(mode, executionCalldata): single, batch, delegatecall', () => {
    fc.assert(
      fc.property(call, fc.array(call, { maxLength: 4 }), (c, list) => {
        const mode = (t: string, e = '00') => `0x${t}${e}${'00'.repeat(30)}`
        const single = ethers.utils.solidityPack(['address', 'uint256', 'bytes'], [c.to, bn(c.value), c.data])
        expect(AccountCall.decode(iface.encodeFunctionData('execute(bytes32,bytes)', [mode('00'), single]) as Hex.Hex)).toMatchObject({ steps: [{ ...c, operation: 'call' }], mode: 'single call, revert on failure' })
        const batch = coder.encode(['(address,uint256,bytes)[]'], [list.map((x) => [x.to, bn(x.value), x.data])])
        expect(AccountCall.decode(iface.encodeFunctionData('execute(bytes32,bytes)', [mode('01', '01'), batch]) as Hex.Hex)).toMatchObject({ steps: list.map((x) => ({ ...x, operation: 'call' })), mode: 'batch, try (failures do not revert)' })
        const dc = ethers.utils.solidityPack(['address', 'bytes'], [c.to, c.data])
        expect(AccountCall.decode(iface.encodeFunctionData('execute(bytes32,bytes)', [mode('ff'), dc]) as Hex.Hex)?.steps).toEqual([{ ...c, value: 0n, operation: 'delegatecall' }])
      }),
      { numRuns: 30 },
    )
  })

  it('unknown selectors and data that does not fit give undefined', () => {
    expect(AccountCall.decode('0xa9059cbb0000000000000000000000000000000000000000000000000000000000000001')).toBeUndefined()
    expect(AccountCall.decode('0xb61d27f6')).toBeUndefined()
    expect(AccountCall.decode('0x')).toBeUndefined()
  })
})

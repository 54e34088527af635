import { describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import * as Esr from './EthSignRequest'
import * as SignWitness from './SignWitness'
import { BaseError } from '../Errors'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** An unsigned EIP-1559 transaction serialized by ethers v5 (an encoder independent of ours). */
function request(address: string | undefined, data: Uint8Array, dataType: Esr.DataType = 4): Esr.Review {
  return Esr.review({ requestId: Esr.newRequestId(), signData: data, dataType, chainId: 31337n, derivationPath: Esr.parsePath("m/44'/60'/0'/0/0"), ...(address ? { address: address as `0x${string}` } : {}) })
}
const unsigned = ethers.utils.arrayify(
  ethers.utils.serializeTransaction({ type: 2, chainId: 31337, nonce: 4, to: TO, value: ethers.BigNumber.from(1234), data: '0xa9059cbb00', gasLimit: 90_000, maxFeePerGas: 2e9, maxPriorityFeePerGas: 1e9, accessList: [{ address: TO, storageKeys: [ethers.utils.hexZeroPad('0x01', 32)] }] }),
)

describe('SignWitness.callOf', () => {
  it('is the call the transaction asks for, from the address the request names', () => {
    expect(SignWitness.callOf(request(FROM, unsigned))).toEqual({
      from: FROM.toLowerCase(),
      to: TO.toLowerCase(),
      value: 1234n,
      data: '0xa9059cbb00',
      gas: 90_000n,
      accessList: [{ address: TO.toLowerCase(), storageKeys: [ethers.utils.hexZeroPad('0x01', 32)] }],
    })
  })
  it('refuses a request with no sender, and a message', () => {
    expect(() => SignWitness.callOf(request(undefined, unsigned))).toThrow(/names no sender/)
    const e = (() => {
      try {
        SignWitness.callOf(request(FROM, new TextEncoder().encode('hello'), 3))
      } catch (x) {
        return x
      }
    })()
    expect(e).toBeInstanceOf(BaseError)
    expect((e as BaseError).name).toBe('SignWitness.NotATransactionError')
  })
})

import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { parse } from './index'

// anvil test account 0 and its key (published); its address with the first letter's case flipped
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const GOOD = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BAD = `0xF${GOOD.slice(3)}`

const typedData = (verifyingContract: string) =>
  JSON.stringify({
    types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Mail: [{ name: 'to', type: 'address' }] },
    primaryType: 'Mail',
    domain: { name: 'x', chainId: 1, verifyingContract },
    message: { to: GOOD.toLowerCase() },
  })

describe('sign-typed-data: a mistyped address is refused for signing', () => {
  it('refuses a wrong-case verifying contract when signing (ethers getAddress refuses it too), with the position', () => {
    expect(() => ethers.utils.getAddress(BAD)).toThrow()
    const p = parse({ typedData: typedData(BAD), privateKey: KEY })
    expect(p.ok).toBe(false)
    if (!p.ok) expect(p.errors.typedData).toMatch(/Checksum mismatch \(EIP-55\): the case of character 1 /)
  })

  it('shows the digest without a key, and signs a correct or all-lower-case address', () => {
    expect(parse({ typedData: typedData(BAD) }).ok).toBe(true)
    expect(parse({ typedData: typedData(GOOD), privateKey: KEY }).ok).toBe(true)
    expect(parse({ typedData: typedData(GOOD.toLowerCase()), privateKey: KEY }).ok).toBe(true)
  })
})

/**
 * SafeMessage hashes against independent implementations: ethers v5's TypedDataEncoder and
 * hashMessage, and `cast keccak` for the type hash. The on-chain checks (getMessageHash,
 * isValidSignature, checkSignatures of the published Safes) are in test/chain/safeMessage.test.ts.
 */
import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cast } from '../../../test/support'
import * as Safe from './Safe'
import * as SafeMessage from './SafeMessage'

describe('SafeMessage', () => {
  it('the type hash is keccak256("SafeMessage(bytes message)") (cast keccak)', () => {
    expect(cast(['keccak', 'SafeMessage(bytes message)'])).toBe(SafeMessage.SAFE_MSG_TYPEHASH)
  })

  it('hashes equal ethers v5 TypedDataEncoder for every version, random Safes, chains and messages', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Safe.VERSIONS), fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), fc.uint8Array({ maxLength: 100 }), (version, a, chainId, msg) => {
        const safe = ethers.utils.getAddress(ethers.utils.hexlify(a)) as SafeMessage.Hex
        const message = ethers.utils.hexlify(msg) as SafeMessage.Hex
        const h = SafeMessage.hashes({ version, chainId, safe, message })
        const domain = Safe.domainHasChainId(version) ? { chainId: chainId.toString(), verifyingContract: safe } : { verifyingContract: safe }
        const types = { SafeMessage: [{ name: 'message', type: 'bytes' }] }
        expect(h.safeMessageHash).toBe(ethers.utils._TypedDataEncoder.hash(domain, types, { message }))
        expect(h.domainHash).toBe(ethers.utils._TypedDataEncoder.hashDomain(domain))
      }),
      { numRuns: 200 },
    )
  })

  it('message bytes: text is EIP-191 hashMessage, typed data its EIP-712 hash, bytes as given', () => {
    expect(SafeMessage.messageBytes('text', 'Hello, Safe')).toBe(ethers.utils.hashMessage('Hello, Safe'))
    const td = { types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'body', type: 'string' }] }, primaryType: 'Mail', domain: { name: 'x' }, message: { body: 'hi' } }
    expect(SafeMessage.messageBytes('typed', JSON.stringify(td))).toBe(ethers.utils._TypedDataEncoder.hash(td.domain, { Mail: td.types.Mail }, td.message))
    expect(SafeMessage.messageBytes('bytes', ' 0xABcd ')).toBe('0xabcd')
  })

  it('bad messages get a clear error at the message field', () => {
    expect(() => SafeMessage.messageBytes('bytes', '0xabc')).toThrow(expect.objectContaining({ name: 'SafeMessage.InvalidMessageError', field: 'message' }))
    expect(() => SafeMessage.messageBytes('typed', '{')).toThrow(/not valid JSON/)
    expect(() => SafeMessage.messageBytes('typed', '{"types":{}}')).toThrow(expect.objectContaining({ name: 'SafeMessage.InvalidMessageError' }))
  })
})

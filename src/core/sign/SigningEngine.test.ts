/**
 * SigningEngine: once ox's WebAssembly secp256k1 engine is installed, every ox key, signing and
 * recovery call uses it, and it agrees with ethers v5 (elliptic) byte for byte: RFC 6979
 * deterministic nonces, low s, the same public keys and recovered addresses.
 */
import { ethers } from 'ethers'
import { Engine, Hex, PublicKey, Secp256k1, Signature } from 'ox'
import { describe, expect, it } from 'vitest'
import * as SigningEngine from './SigningEngine'

const random = (n: number) => Hex.fromBytes(crypto.getRandomValues(new Uint8Array(n)))

describe('SigningEngine.useWasmEngine', () => {
  it('installs the WebAssembly engine once; ox then signs, derives and recovers as ethers v5 does', async () => {
    // ox's Engine.get() lists only the slots overridden: none before, Secp256k1 after
    expect(Engine.get().Secp256k1).toBeUndefined()
    expect(await SigningEngine.useWasmEngine()).toBe(true)
    const installed = Engine.get().Secp256k1?.sign
    expect(installed).toBeTypeOf('function')
    expect(await SigningEngine.useWasmEngine()).toBe(true)
    expect(Engine.get().Secp256k1?.sign).toBe(installed)

    for (let i = 0; i < 40; i++) {
      const key = random(32)
      const digest = random(32)
      const ours = Secp256k1.sign({ payload: digest, privateKey: key })
      const theirs = new ethers.utils.SigningKey(key).signDigest(digest)
      expect(Signature.toHex(ours)).toBe(ethers.utils.joinSignature(theirs))
      expect(PublicKey.toHex(Secp256k1.getPublicKey({ privateKey: key }))).toBe(ethers.utils.computePublicKey(key))
      expect(ethers.utils.getAddress(Secp256k1.recoverAddress({ payload: digest, signature: ours }))).toBe(ethers.utils.recoverAddress(digest, theirs))
    }
  })
})

/**
 * Safe message hashes (EIP-1271 SafeMessage) against the published Safe contracts on anvil:
 * up to 1.2.0 the Safe's own `getMessageHash` and `isValidSignature(bytes,bytes)`; for 1.3.0
 * and 1.4.1 (whose getMessageHash lives in the CompatibilityFallbackHandler, not in the test
 * artifacts) the expected hash is built from the contract's own `domainSeparator()` as the
 * handler's source does, and the signatures are checked by the Safe's `checkSignatures`
 * (what the handler calls). Random messages; a too-short set of signatures must be refused.
 */
import { AbiParameters, Hash, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import * as Safe from '../../src/core/sign/Safe'
import * as SafeMessage from '../../src/core/sign/SafeMessage'
import { useOwnerChain } from './ownerChain'
import { bytes, call, createSafe, deploySafeContracts, fn, ownerOf, type H } from './safeKit'

const chain = useOwnerChain('safe messages', ' (messages and keys from crypto.getRandomValues)')

describe('SafeMessage against the published Safe contracts', () => {
  for (const version of ['1.1.1', '1.2.0', '1.3.0', '1.4.1'] as const) {
    it(`Safe ${version}, 2 of 3: hash and isValidSignature on 10 random messages`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const keys = [0, 1, 2].map(() => bytes(32))
      const safe = await createSafe(chain.rpc, chain.deployer, d, keys.map(ownerOf), 2n, BigInt(Date.now()))
      const domainSeparator = await call<string>(chain.rpc, safe, fn(d.safeAbi, 'domainSeparator'))
      const legacy = version === '1.1.1' || version === '1.2.0'
      for (let i = 0; i < 10; i++) {
        // Half 32-byte hashes (what Safe{Wallet} signs for text and typed data), half raw bytes.
        const message = i % 2 ? bytes(32) : SafeMessage.messageBytes('bytes', bytes(1 + (i * 7) % 90))
        const h = SafeMessage.hashes({ version, chainId: chain.chainId, safe, message })
        expect(h.domainHash).toBe(domainSeparator)
        const byHand = Hash.keccak256(Hex.concat('0x1901', domainSeparator as H, Hash.keccak256(AbiParameters.encode(AbiParameters.from('bytes32, bytes32'), [SafeMessage.SAFE_MSG_TYPEHASH, Hash.keccak256(message)]))))
        expect(h.safeMessageHash).toBe(byHand)
        const onChain = await SafeMessage.contractMessageHash(chain.provider, safe, message)
        if (legacy) expect(onChain).toBe(h.safeMessageHash)
        else expect(onChain).toBeUndefined() // no fallback handler in this deployment

        const pick = [0, 1, 2].sort(() => Math.random() - 0.5)
        const sigs = pick.slice(0, 2).map((k, j) => (j ? Safe.signEthSign(keys[k]!, h.safeMessageHash, version) : Safe.signEip712(keys[k]!, h.safeMessageHash)))
        const ok = await SafeMessage.isValidSignature(chain.provider, { safe, message, signatures: Safe.combine(sigs), safeMessageHash: h.safeMessageHash })
        expect(ok, JSON.stringify(ok)).toMatchObject({ valid: true, method: legacy ? 'isValidSignature(bytes,bytes)' : 'checkSignatures' })
        // Negative controls: one signature of two required; two signatures over another message.
        const short = await SafeMessage.isValidSignature(chain.provider, { safe, message, signatures: Safe.combine(sigs.slice(0, 1)), safeMessageHash: h.safeMessageHash })
        expect(short.valid).toBe(false)
        const other = SafeMessage.hashes({ version, chainId: chain.chainId, safe, message: bytes(32) })
        const wrong = pick.slice(0, 2).map((k) => Safe.signEip712(keys[k]!, other.safeMessageHash))
        expect((await SafeMessage.isValidSignature(chain.provider, { safe, message, signatures: Safe.combine(wrong), safeMessageHash: h.safeMessageHash })).valid).toBe(false)
      }
    })
  }
})

describe('/safe-message on anvil: the hash and isValidSignature through the tool', () => {
  for (const version of ['1.2.0', '1.4.1'] as const) {
    it(`Safe ${version}, 1 of 2: the page's signature is valid; a stranger's is not`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const keys = [bytes(32), bytes(32)]
      const safe = await createSafe(chain.rpc, chain.deployer, d, keys.map(ownerOf), 1n, BigInt(Date.now()))
      const runWith = async (key: H) => (await chain.runTool('safe-message', { safe, message: 'Sign in to example.org', signForm: 'eip712', privateKey: key })).rows
      const rows = await runWith(keys[1]!)
      const expected = SafeMessage.hashes({ version, chainId: chain.chainId, safe, message: SafeMessage.messageBytes('text', 'Sign in to example.org') }).safeMessageHash
      expect(rows.get('safeMessageHash')).toBe(expected)
      if (version === '1.2.0') expect(rows.get("Safe's getMessageHash")).toBe(expected)
      expect(rows.get('isValidSignature')).toBe('valid')
      expect((await runWith(bytes(32))).get('isValidSignature')).toBe('not valid')
    })
  }
})

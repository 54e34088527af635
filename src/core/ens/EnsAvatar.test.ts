import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue } from '../../../test/support'
import * as EnsAvatar from './EnsAvatar'

describe('EnsAvatar.parse (ENSIP-12 record forms)', () => {
  it('reads each form of the ENSIP-12 examples', () => {
    // the NFT example of ENSIP-12 (the contract address checksummed, as EIP-55 writes it)
    expect(EnsAvatar.parse('eip155:1/erc721:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d/0')).toEqual({
      kind: 'nft',
      standard: 'erc721',
      chainId: 1,
      contract: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
      tokenId: 0n,
    })
    expect(EnsAvatar.parse('eip155:1/erc1155:0xfaafdc07907ff5120a76b34b731b278c38d6043c/10063')).toMatchObject({ kind: 'nft', standard: 'erc1155', tokenId: 10063n })
    expect(EnsAvatar.parse('https://ipfs.io/ipfs/QmQ2X/avatar.png')).toEqual({ kind: 'url', url: 'https://ipfs.io/ipfs/QmQ2X/avatar.png', host: 'ipfs.io' })
    expect(EnsAvatar.parse('data:image/svg+xml;base64,PHN2Zz4=')).toMatchObject({ kind: 'data', mediaType: 'image/svg+xml' })
    expect(EnsAvatar.parse('ipfs://QmQ2X')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/gateway host/) })
    expect(EnsAvatar.parse('http://example.org/a.png')).toMatchObject({ kind: 'unsupported', reason: expect.stringMatching(/only https/) })
    expect(() => EnsAvatar.parse('eip155:1/erc20:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d/0')).toThrow(EnsAvatar.InvalidRecordError)
    expect(() => EnsAvatar.parse(`eip155:1/erc721:0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d/${2n ** 256n}`)).toThrow(/above 2\^256 - 1/)
  })
  it('any text gives a reading or a domain error', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (t) => void expectDomainErrorOrValue(() => EnsAvatar.parse(t))), { numRuns: 500 })
    fc.assert(
      fc.property(fc.array(fc.constantFrom('eip155:', '1', '/', 'erc721:', 'erc1155:', '0x', 'ab'.repeat(20), 'https://', 'data:', ',', '9'.repeat(80)), { maxLength: 8 }), (parts) =>
        void expectDomainErrorOrValue(() => EnsAvatar.parse(parts.join(''))),
      ),
      { numRuns: 500 },
    )
  })
})

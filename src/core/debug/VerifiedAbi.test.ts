import { describe, expect, it } from 'vitest'
import * as Abi from './../abi/Abi'
import * as VerifiedAbi from './VerifiedAbi'

const named = (proxy: boolean): VerifiedAbi.Named => ({
  address: '0x00000000000000000000000000000000000000aa',
  name: proxy ? 'ERC1967Proxy → Counter' : 'Counter',
  abi: Abi.parse('function bump()\nfunction count() view returns (uint256)'),
  by: 'verified source from http://h, full match',
  ...(proxy ? { implementation: { address: '0x00000000000000000000000000000000000000bb', name: 'Counter', path: 'src/Counter.sol', match: 'full', by: 'verified source from http://h, full match', how: 'EIP-1967 implementation slot' } } : {}),
})

describe('VerifiedAbi.choose: which ABI names a page’s functions, said', () => {
  it('none pasted: the verified ABI (its JSON parses back to the same entries); behind a proxy, called through it', () => {
    const c = VerifiedAbi.choose('  ', named(true))
    expect(c.from).toBe('verified')
    expect(Abi.entries(Abi.parse(c.abiText)).map((e) => e.signature)).toEqual(['bump()', 'count()'])
    expect(c.proxy).toBe(true)
    expect(c.by).toBe('the verified source of ERC1967Proxy → Counter: verified source from http://h, full match')
    expect(VerifiedAbi.choose('', named(false)).proxy).toBe(false)
  })
  it('a pasted ABI wins, and the line says the verified one waits behind it', () => {
    const c = VerifiedAbi.choose('function x()', named(false))
    expect(c).toMatchObject({ from: 'pasted', abiText: 'function x()', proxy: false })
    expect(c.by).toMatch(/wins over the verified source of Counter/)
    expect(VerifiedAbi.choose('function x()', undefined).by).toBe('the ABI pasted')
    expect(VerifiedAbi.choose('', undefined).from).toBe('none')
  })
})

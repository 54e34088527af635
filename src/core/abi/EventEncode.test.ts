import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue, testSeed } from '../../../test/support'
import * as EventEncode from './EventEncode'

// Checked against ethers v5 Interface.encodeEventLog (cast has no command for this).
const cases: { sig: string; values: () => unknown[] }[] = [
  { sig: 'event Transfer(address indexed from, address indexed to, uint256 value)', values: () => [addr(), addr(), big()] },
  { sig: 'event Note(string indexed tag, bytes payload, uint8 kind)', values: () => [word(), `0x${hex(7)}`, 3] },
  { sig: 'event Many(uint256 indexed a, bool indexed b, int128 c, string d)', values: () => [big(), true, '-5', word()] },
  { sig: 'event Anon(address indexed who, uint256 amount) anonymous', values: () => [addr(), big()] },
]
let n = 0
const rand = () => fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: 1, seed: testSeed + n++ })[0]!
const hex = (bytes: number) => Array.from({ length: bytes }, () => (rand() % 256).toString(16).padStart(2, '0')).join('')
const addr = () => ethers.utils.getAddress(`0x${hex(20)}`)
const big = () => BigInt(`0x${hex(32)}`).toString()
const word = () => `w${rand()}`

describe('EventEncode.encode against ethers v5 encodeEventLog', () => {
  for (const c of cases)
    it(c.sig, () => {
      for (let k = 0; k < 8; k++) {
        const values = c.values()
        const iface = new ethers.utils.Interface([c.sig])
        const fragment = Object.values(iface.events)[0]!
        const theirs = iface.encodeEventLog(fragment, values)
        const ours = EventEncode.encode(EventEncode.parseEvent(c.sig), JSON.stringify(values))
        expect(ours.topics).toEqual(theirs.topics)
        expect(ours.data).toBe(theirs.data)
      }
    })

  it('refuses a wrong count and bad values with domain errors', () => {
    const ev = EventEncode.parseEvent('Transfer(address indexed from, address indexed to, uint256 value)')
    expect(() => EventEncode.encode(ev, '[1]')).toThrow(/3 parameters; 1 value was given/)
    fc.assert(fc.property(fc.string(), (s) => void expectDomainErrorOrValue(() => EventEncode.encode(ev, s))))
    expect(() => EventEncode.parseEvent('')).toThrow(EventEncode.MissingEventError)
  })
})

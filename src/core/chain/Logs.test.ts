import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { expectDomainErrorOrValue } from '../../../test/support'
import * as Abi from '../abi/Abi'
import * as Logs from './Logs'

const EVENT = 'event Mixed(address indexed who, uint8 indexed small, int256 indexed signed, string indexed tag, bytes indexed blob, bool indexed flag, bytes32 indexed id, uint256 amount)'

describe('Logs: topics of indexed values, against ethers v5 encodeFilterTopics', () => {
  const iface = new ethers.utils.Interface([EVENT])
  const ev = Logs.pickEvent(Abi.parse(EVENT), 'Mixed')!
  it('builds the same topics for random values', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.integer({ min: 0, max: 255 }), fc.bigInt({ min: -(2n ** 255n), max: 2n ** 255n - 1n }), fc.string(), fc.uint8Array({ maxLength: 40 }), fc.boolean(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (who, small, signed, tag, blob, flag, id) => {
        const hex = (b: Uint8Array) => ethers.utils.hexlify(b)
        const values = [ethers.utils.getAddress(hex(who)), small, signed.toString(), tag, hex(blob), flag, hex(id)]
        const ours = Logs.topicsFor(ev, values.map((v) => [String(v)]).slice(0, 7).map((v, i) => (i === 3 ? [tag] : v)))
        // ethers v5's encodeFilterTopics cannot pad negative integers: the int256 topic is its ABI word (defaultAbiCoder)
        const theirs = iface.encodeFilterTopics('Mixed', [values[0], small, 0, tag, hex(blob), flag, hex(id)])
        theirs[3] = ethers.utils.defaultAbiCoder.encode(['int256'], [signed.toString()])
        expect(ours).toEqual(theirs)
      }),
      { numRuns: 200 },
    )
  })
  it('leaves "any" positions null and trims trailing ones, as ethers does', () => {
    const ours = Logs.topicsFor(ev, Logs.parseFilters(ev, 'small = 7'))
    expect(ours).toEqual(iface.encodeFilterTopics('Mixed', [null, 7]))
    expect(Logs.topicsFor(ev, Logs.parseFilters(ev, 'who = 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 | 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))).toEqual(
      iface.encodeFilterTopics('Mixed', [['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']]),
    )
  })
})

describe('Logs: parsers never crash', () => {
  const ev = Logs.pickEvent(Abi.parse(EVENT), 'Mixed')
  it('filters text gives topics or a core error', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => {
      expectDomainErrorOrValue(() => Logs.topicsFor(ev, Logs.parseFilters(ev, text)))
    }), { numRuns: 500 })
    fc.assert(fc.property(fc.array(fc.constantFrom('who', 'small', 'signed', 'tag', 'flag', 'id', 'x', '=', ' ', '|', '*', '0x', '1', '-', 'ff', '\n', 'true')), (parts) => {
      expectDomainErrorOrValue(() => Logs.topicsFor(ev, Logs.parseFilters(ev, parts.join(''))))
    }), { numRuns: 500 })
  })
  it('event text gives an event, none, or a core error', () => {
    fc.assert(fc.property(fc.string({ maxLength: 120 }), (text) => {
      expectDomainErrorOrValue(() => Logs.pickEvent(undefined, text))
      expectDomainErrorOrValue(() => Logs.pickEvent(Abi.parse(EVENT), text))
    }), { numRuns: 300 })
  })
})

/**
 * TraceWords, the small words of a trace: checksums against ethers v5's getAddress, ether against
 * viem's formatEther, separators against ethers v5's commify, on random values; the words for
 * jargon (moved here from test/chain/trace-view.test.ts, as TraceView re-exports them).
 */
import { ethers } from 'ethers'
import { formatEther } from 'viem'
import { describe, expect, it } from 'vitest'
import * as TraceView from './TraceView'
import * as TraceWords from './TraceWords'
import { testSeed } from '../../../test/support'

const rnd = (n: number) => BigInt(Math.floor(Math.random() * n))
const randomHex = (bytes: number) => `0x${Array.from({ length: bytes }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0')).join('')}`

describe('words for jargon', () => {
  it('hardforks and node reads in plain words', () => {
    expect(TraceView.hardforkText).toBe(TraceWords.hardforkText)
    expect(TraceView.readsText).toBe(TraceWords.readsText)
    expect(TraceView.hardforkText('bpo1')).toBe('Osaka rules with the blob limits of BPO1 (blob-parameter-only upgrade 1)')
    expect(TraceView.hardforkText('prague')).toBe('Prague (Pectra) rules')
    expect(TraceView.readsText({ requests: 20, roundTrips: 2 })).toBe('20 values read from the node in 2 batches')
    expect(TraceView.readsText({ requests: 1, roundTrips: 1 })).toBe('1 value read from the node in 1 batch')
  })

  it('other forks, no reads and decoding sources', () => {
    expect(TraceWords.hardforkText('BPO12')).toBe('Osaka rules with the blob limits of BPO12 (blob-parameter-only upgrade 12)')
    expect(TraceWords.hardforkText('cancun')).toBe('Cancun (Dencun: blobs) rules')
    expect(TraceWords.hardforkText('shanghai')).toBe('shanghai rules')
    expect(TraceWords.readsText({ requests: 0, roundTrips: 0 })).toBe('nothing read from the node (all known already)')
    expect(TraceWords.sourceText('abi')).toBe('the ABI')
    expect(TraceWords.sourceText('table')).toBe('the offline signature table')
    expect(TraceWords.sourceText('guess')).toBe('a guess')
    expect(TraceWords.sourceText('registry')).toBe('the registry')
  })
})

describe('TraceWords: checksums, ether and separators against ethers v5 and viem', () => {
  it(`checksums equal ethers v5 getAddress on random addresses (seed ${testSeed}); anything else as given`, () => {
    for (let k = 0; k < 200; k++) {
      const a = randomHex(20)
      expect(TraceWords.checksum(a), a).toBe(ethers.utils.getAddress(a))
      expect(TraceWords.checksum(a.toUpperCase().replace(/^0X/, '0x')), a).toBe(ethers.utils.getAddress(a))
    }
    expect(TraceWords.checksum('0x1234')).toBe('0x1234')
    expect(TraceWords.checksum('vitalik.eth')).toBe('vitalik.eth')
  })

  it('ether equals viem formatEther with the unit; grouped equals ethers v5 commify', () => {
    const values = [0n, 1n, 12_345n, 10n ** 18n, 10n ** 18n + 1n, 123_456_789n * 10n ** 15n, -5n * 10n ** 17n, ...Array.from({ length: 100 }, () => rnd(1e15) * rnd(1e9))]
    for (const v of values) {
      expect(TraceWords.ether(v), String(v)).toBe(`${formatEther(v)} ETH`)
      const whole = v < 0n ? -v : v
      expect(TraceWords.grouped(whole), String(whole)).toBe(ethers.utils.commify(whole.toString()))
    }
    expect(TraceWords.grouped(21_000)).toBe('21,000')
  })

  it('a long value has its middle elided; a short one is as it is', () => {
    const a = ethers.utils.getAddress(randomHex(20))
    expect(TraceWords.middle(a)).toBe(`${a.slice(0, 8)}…${a.slice(-6)}`)
    expect(TraceWords.middle(a, 4, 4)).toBe(`${a.slice(0, 4)}…${a.slice(-4)}`)
    expect(TraceWords.middle('0x1234567890abcd')).toBe('0x1234567890abcd') // 16 characters: 8 + 6 + 2, kept
    expect(TraceWords.middle('0x1234567890abcde')).toBe('0x123456…0abcde')
  })
})

describe('replayedNote', () => {
  it('names the place, and says when the sender is only the node’s word', () => {
    expect(TraceWords.replayedNote({ index: 2, earlierTxs: 1 })).toBe("mined at index 2; replayed after 1 of the block's other transaction(s)")
    expect(TraceWords.replayedNote({ index: 0, earlierTxs: 0, atBlock: '7' })).toContain('on the state after block 7')
    expect(TraceWords.replayedNote({ index: 0, earlierTxs: 0, senderFromNode: true })).toMatch(/recovers to no one.*the node's word$/)
    expect(TraceWords.replayedNote({ index: 0, earlierTxs: 0 })).not.toMatch(/node's word/)
  })
})

describe('replayPathText (#39)', () => {
  it('names the path and its round trips, and says why the prestate path was not taken', () => {
    expect(TraceWords.replayPathText({ kind: 'prestate', roundTrips: 2, requests: 7 })).toEqual({ value: "node's prestate tracer, 2 round trips", note: '7 requests' })
    expect(TraceWords.replayPathText({ kind: 'replay', roundTrips: 5, requests: 6, note: 'verified reads' })).toEqual({ value: 'earlier transactions replayed, 5 round trips', note: '6 requests; verified reads' })
  })
})

describe('token amounts in units (#35)', () => {
  it(`an ERC-20 amount argument reads in the token’s units as ethers v5 formats them (seed ${testSeed}); anything else stays as it is`, () => {
    const rand = Math.random
    for (let i = 0; i < 500; i++) {
      const decimals = Math.floor(rand() * 31)
      const v = BigInt(Math.floor(rand() * 2 ** 53)) * 10n ** BigInt(Math.floor(rand() * 20))
      const info = { symbol: 'DEMO', decimals }
      const units = ethers.utils.formatUnits(v, decimals).replace(/\.0$/, '')
      const expected = v >= 2n ** 128n ? `${v} (unlimited)` : `${units} DEMO`
      for (const fn of ['transfer', 'transferFrom', 'approve', 'Transfer', 'Approval']) expect(TraceWords.amountArg(info, fn, { type: 'uint256', value: String(v) })).toBe(expected)
      // not an amount: another function, another type, a token without decimals, a name from Object.prototype
      expect(TraceWords.amountArg(info, 'balanceOf', { type: 'uint256', value: String(v) })).toBeUndefined()
      expect(TraceWords.amountArg(info, 'transfer', { type: 'address', value: String(v) })).toBeUndefined()
      expect(TraceWords.amountArg({ symbol: 'DEMO' }, 'transfer', { type: 'uint256', value: String(v) })).toBeUndefined()
      expect(TraceWords.amountArg(info, '__proto__', { type: 'uint256', value: String(v) })).toBeUndefined()
      expect(TraceWords.amountArg(info, 'constructor', { type: 'uint256', value: String(v) })).toBeUndefined()
    }
    // the largest amount is said as 2^256 − 1, not its 78 digits
    expect(TraceWords.formatAmount(ethers.constants.MaxUint256.toString(), { symbol: 'DEMO', decimals: 18 })).toBe('2^256 − 1 DEMO (unlimited)')
    expect(TraceWords.formatAmount(ethers.constants.MaxUint256.sub(1).toString())).toBe(`${ethers.constants.MaxUint256.sub(1).toString()} (unlimited)`)
  })
})

/**
 * SimVerified's choice of what to ask a verified-source host about, and at which block. The
 * naming itself is tested against anvil, solc and viem in test/chain/simulate-verified.test.ts.
 */
import { numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import type * as SimReport from '../sim/SimReport'
import * as SimVerified from './SimVerified'

const addr = (n: number) => `0x${n.toString(16).padStart(40, 'a')}`
const frame = (to: string, calls: unknown[] = [], type = 'CALL') => ({ to, type, calls })
const report = (root: unknown, events: string[] = [], storage: string[] = [], stateBlock = 'latest') =>
  ({ root, events: events.map((address) => ({ address })), assets: { storage: storage.map((address) => ({ address })) }, result: { block: { stateBlock } } }) as unknown as SimReport.Report

describe('SimVerified', () => {
  it('asks about every callee, emitter and account whose storage changed, once each, lowercase, precompiles and self-destruct beneficiaries aside', () => {
    const A = addr(1).toUpperCase().replace('0X', '0x')
    const r = report(frame(A, [frame(addr(2), [frame('0x0000000000000000000000000000000000000001')]), frame(addr(3), [], 'SELFDESTRUCT')]), [addr(4), addr(1)], [addr(5)])
    expect(SimVerified.addressesOf(r)).toEqual([addr(1), addr(2), addr(4), addr(5)])
  })

  it(`asks about at most ${SimVerified.MAX_ADDRESSES} contracts`, () => {
    const r = report(frame(addr(0), Array.from({ length: 100 }, (_, i) => frame(addr(i + 1)))))
    const got = SimVerified.addressesOf(r)
    expect(got).toHaveLength(SimVerified.MAX_ADDRESSES)
    expect(got[0]).toBe(addr(0))
  })

  it('checks code at the block the simulation ran on (hex quantity), or latest for the pending state', () => {
    for (const n of [0n, 1n, 19_000_000n, 2n ** 40n]) expect(SimVerified.blockOf(report(frame(addr(1)), [], [], n.toString()))).toBe(numberToHex(n))
    expect(SimVerified.blockOf(report(frame(addr(1)), [], [], 'pending'))).toBe('latest')
  })
})

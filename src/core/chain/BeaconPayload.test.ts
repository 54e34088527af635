/**
 * BeaconPayload.convert against `cast b2e-payload` on random beacon blocks (V1, V2, V3 payloads,
 * random numbers up to 2^64 and 2^256, random transactions and withdrawals; the seed is printed
 * by src/test-setup.ts), and bad input named.
 */
import { describe, expect, it } from 'vitest'
import { castAsync } from '../../../test/support'
import * as BeaconPayload from './BeaconPayload'

const rnd = (n: number) => Math.floor(Math.random() * n)
const hexBytes = (n: number) => `0x${Array.from({ length: n }, () => rnd(256).toString(16).padStart(2, '0')).join('')}`
const mixedCase = (h: string) => (rnd(3) === 0 ? `0x${[...h.slice(2)].map((c) => (rnd(2) ? c.toUpperCase() : c)).join('')}` : h)
const dec = (bits: number) => (rnd(5) === 0 ? '0' : BigInt(hexBytes(bits / 8)).toString())

function randomBlock(): { block: unknown; version: string } {
  const version = ['V1', 'V2', 'V3'][rnd(3)]!
  const payload: Record<string, unknown> = {
    parent_hash: mixedCase(hexBytes(32)),
    fee_recipient: mixedCase(hexBytes(20)),
    state_root: hexBytes(32),
    receipts_root: hexBytes(32),
    logs_bloom: hexBytes(256),
    prev_randao: hexBytes(32),
    block_number: dec(64),
    gas_limit: dec(64),
    gas_used: dec(64),
    timestamp: dec(64),
    extra_data: hexBytes(rnd(33)),
    base_fee_per_gas: dec(256),
    block_hash: hexBytes(32),
    transactions: Array.from({ length: rnd(4) }, () => hexBytes(1 + rnd(120))),
  }
  if (version !== 'V1') payload.withdrawals = Array.from({ length: rnd(3) }, () => ({ index: dec(64), validator_index: dec(64), address: hexBytes(20), amount: dec(64) }))
  if (version === 'V3') Object.assign(payload, { blob_gas_used: dec(64), excess_blob_gas: dec(64) })
  const block = { message: { slot: dec(64), proposer_index: dec(64), parent_root: hexBytes(32), state_root: hexBytes(32), body: { execution_payload: payload } }, signature: hexBytes(96) }
  return { block, version }
}

describe('BeaconPayload.convert against cast b2e-payload', () => {
  it('prints the same execution payload for 30 random beacon blocks', async () => {
    const cases = Array.from({ length: 30 }, randomBlock)
    const theirs = await Promise.all(cases.map((c) => castAsync(['b2e-payload', JSON.stringify(c.block)])))
    cases.forEach((c, i) => {
      const ours = BeaconPayload.convert(JSON.stringify(c.block))
      expect(ours.version, `case ${i}`).toBe(c.version)
      expect(ours.json, `case ${i}: ${JSON.stringify(c.block).slice(0, 200)}`).toBe(theirs[i])
    })
  }, 120_000)

  it('says what is missing or wrong', () => {
    expect(() => BeaconPayload.convert('{')).toThrow(/Not JSON/)
    expect(() => BeaconPayload.convert('{"message":{}}')).toThrow(/No execution payload found/)
    const { block } = randomBlock()
    const p = (block as { message: { body: { execution_payload: Record<string, unknown> } } }).message.body.execution_payload
    p.gas_used = '0x10'
    expect(() => BeaconPayload.convert(JSON.stringify(block))).toThrow(/execution_payload.gas_used is not a decimal number/)
    p.gas_used = '16'
    p.block_hash = '0x12'
    expect(() => BeaconPayload.convert(JSON.stringify(block))).toThrow(/block_hash is 1 bytes; it should be 32/)
  })
})

import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, runTool } from '../../../test/support'
import { withDefaults } from '../define'
import vanity, { splitPlan } from '.'

// anvil's account 1 minus account 0, mod n: the offset that turns seed 0 into key 1
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const OFFSET = `0x${(((BigInt(ANVIL_KEYS[1]) - BigInt(ANVIL_KEYS[0])) % N) + N).toString(16).padStart(64, '0')}`
const ADDR1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('vanity: the split key (profanity2)', () => {
  it('the plan gives only the seed’s public key, and profanity2’s command with it and the pattern', () => {
    const plan = splitPlan(withDefaults(vanity, { action: 'split', mode: 'suffix', suffix: 'BEEF', target: 'create', seed: ANVIL_KEYS[0] }))!
    const rows = new Map(plan.sections[0]!.rows.map((r) => [r.label, r.value]))
    const pub = new ethers.utils.SigningKey(ANVIL_KEYS[0]).publicKey.slice(4)
    expect(rows.get('Seed public key (-z)')).toBe(pub)
    expect(rows.get('profanity2 command')).toBe(`./profanity2.x64 --contract --matching ${'X'.repeat(36)}beef -z ${pub}`)
    // nothing of the seed itself
    expect(JSON.stringify(plan)).not.toContain(ANVIL_KEYS[0].slice(2, 18))
    // a published seed is said to be one
    expect(plan.notes?.[0]?.text).toMatch(/public test key/)
    // no seed, or a pattern being typed: nothing to show yet
    expect(splitPlan(withDefaults(vanity, { action: 'split', prefix: 'ab' }))).toBeUndefined()
    expect(splitPlan(withDefaults(vanity, { action: 'split', prefix: 'zz', seed: ANVIL_KEYS[0] }))).toBeUndefined()
  })

  it('Combine adds the offset to the seed: the key of anvil’s account 1 (ethers v5), shown as a secret', async () => {
    const rows = await runTool('vanity', { action: 'split', prefix: '7099', seed: ANVIL_KEYS[0], offset: OFFSET })
    expect(rows.get('Address')).toBe(ADDR1)
    expect(rows.get('Private key')).toBe(ANVIL_KEYS[1])
    expect(new ethers.Wallet(rows.get('Private key')!).address).toBe(ADDR1)
    expect(rows.get('Matches')).toBe('yes')
  })

  it('a wrong offset, a missing seed and a printed address that differs are told at their fields, the seed never in a message', () => {
    const run = (raw: Record<string, string>) => {
      const p = vanity.parse(withDefaults(vanity, { action: 'split', prefix: '7099', seed: ANVIL_KEYS[0], ...raw }))
      if (!p.ok) return p.errors
      try {
        vanity.run(p.value, { signal: new AbortController().signal, progress: () => {} })
      } catch (e) {
        return { [(e as { field: string }).field]: (e as Error).message }
      }
      return {}
    }
    expect(run({ offset: '' }).offset).toMatch(/Paste the offset/)
    expect(run({ offset: OFFSET, seed: '' }).offset).toMatch(/holds no seed key/)
    expect(run({ offset: '0x2' }).offset).toMatch(/does not fit: starts with 7099/)
    expect(run({ offset: OFFSET, minerAddress: `0x${'12'.repeat(20)}` }).offset).toMatch(/The miner printed 0x1212/)
    expect(run({ offset: OFFSET, minerAddress: '0x12' }).minerAddress).toMatch(/40 hex digits/)
    for (const v of [run({ offset: '0x2' }), run({ offset: OFFSET, minerAddress: `0x${'12'.repeat(20)}` })]) expect(JSON.stringify(v)).not.toContain(ANVIL_KEYS[0].slice(2, 18))
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { castAsync, repoRoot, testSeed } from '../../../test/support'
import tool, { type Found } from './index'

// The reverse of cast 4byte, checked forwards: cast sig / cast sig-event of every signature
// we name must give back the selector or topic that was looked up.
// The table's keys, read from its 16 shards per kind.
const keysOf = (kind: string) => [...'0123456789abcdef'].flatMap((d) => Object.keys(JSON.parse(readFileSync(join(repoRoot, `src/core/data/signatures.${kind}.${d}.json`), 'utf8')) as object))
const table = { functions: keysOf('functions'), errors: keysOf('errors'), events: keysOf('events') }

async function lookup(keys: string[]): Promise<Found[]> {
  const parsed = tool.parse({ keys: keys.join('\n') })
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return (await tool.run(parsed.value, { signal: new AbortController().signal, progress: () => {} })).data as Found[]
}

describe('signature-from-selector against cast sig and sig-event', () => {
  it('every signature named for random table selectors and topics hashes back to them', { timeout: 120_000 }, async () => {
    const keys = [
      ...fc.sample(fc.constantFrom(...table.functions, ...table.errors), { numRuns: 20, seed: testSeed }),
      ...fc.sample(fc.constantFrom(...table.events), { numRuns: 10, seed: testSeed }),
    ]
    const found = await lookup(keys)
    for (const f of found) {
      expect(f.signatures.length, f.key).toBeGreaterThan(0)
      for (const s of f.signatures) {
        const theirs = await castAsync([s.kind === 'event' ? 'sig-event' : 'sig', s.canonical])
        expect(theirs, `${s.canonical} for ${f.key}`).toBe(f.key)
      }
    }
  })

  it('random selectors: either not in the table or a signature cast agrees with', async () => {
    const keys = fc.sample(fc.uint8Array({ minLength: 4, maxLength: 4 }), { numRuns: 20, seed: testSeed }).map((b) => `0x${Buffer.from(b).toString('hex')}`)
    for (const f of await lookup(keys)) for (const s of f.signatures) expect(await castAsync(['sig', s.canonical])).toBe(f.key)
  })

  it('takes the first 4 bytes of call data, and refuses 3 bytes at the field', async () => {
    const call = await castAsync(['calldata', 'transfer(address,uint256)', '0x000000000000000000000000000000000000dEaD', '1'])
    const [f] = await lookup([call])
    expect(f!.key).toBe(await castAsync(['sig', 'transfer(address,uint256)']))
    const bad = tool.parse({ keys: '0xa9059c' })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.keys).toMatch(/is 3 bytes; a selector is 4 bytes/)
  })
})

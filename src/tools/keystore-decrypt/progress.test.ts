/**
 * Honest progress: the key derivation is one WebAssembly call that reports nothing until it
 * returns, so the tool reports it as a step of unknown length (a negative fraction), never as
 * a bar that sits at 2% for the whole derivation.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { haveVectors, vectorsDir } from '../../../test/support'
import { join } from 'node:path'
import { withDefaults } from '../define'
import tool from './index'

describe.skipIf(!haveVectors)('keystore-decrypt progress', () => {
  it('geth’s test keystore (password "foobar"): the derivation step is indeterminate, then the bar fills', async () => {
    const text = readFileSync(join(vectorsDir, 'keystore/geth/keystore/aaa'), 'utf8')
    const declared = `0x${(JSON.parse(text) as { address: string }).address}`.toLowerCase()
    const parsed = tool.parse(withDefaults(tool, { keystore: text, password: 'foobar' }))
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
    const seen: [number, string | undefined][] = []
    const result = await tool.run(parsed.value, { signal: new AbortController().signal, progress: (f, l) => seen.push([f, l]) })
    expect((result.data as { address: string }).address.toLowerCase()).toBe(declared)
    const deriving = seen.filter(([, l]) => l?.startsWith('deriving the key'))
    expect(deriving.length).toBeGreaterThan(0)
    for (const [f] of deriving) expect(f).toBeLessThan(0)
    expect(seen.at(-1)![0]).toBe(1)
    for (const [f, l] of seen) if (!l?.startsWith('deriving the key')) expect(f).toBeGreaterThanOrEqual(0)
  })
})

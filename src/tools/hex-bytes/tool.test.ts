/**
 * /hex-bytes' cast-parity modes through the tool, against cast on random inputs (seed printed;
 * TEST_SEED replays): from-bin (a dropped file), to-hexdata, parse-bytes32-address; a file too
 * large or missing, and bad words, get a message at the field.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cast, castAsync } from '../../../test/support'
import { withDefaults } from '../define'
import type { BlobLike } from '../types'
import tool from './index'
import meta from './meta'

const never = { signal: new AbortController().signal, progress: () => {} }
const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')

async function rows(inputs: Record<string, string>, files?: Record<string, BlobLike>) {
  const p = tool.parse(withDefaults(meta, inputs), files)
  if (!p.ok) throw new Error(JSON.stringify(p.errors))
  const r = await tool.run(p.value, never)
  return new Map(r.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value] as const)))
}

describe('hex-bytes cast-parity modes against cast', () => {
  it('from-bin: a dropped file = cast from-bin of the same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const file = new Blob([bytes as Uint8Array<ArrayBuffer>]) as unknown as BlobLike
        expect((await rows({ mode: 'from-bin' }, { file })).get('Hex')).toBe(cast(['from-bin'], { input: Buffer.from(bytes) as unknown as string }))
      }),
      { numRuns: 15 },
    )
  })

  it('to-hexdata and parse-bytes32-address = cast on random input', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 16 }), { minLength: 1, maxLength: 3 }), fc.uint8Array({ minLength: 20, maxLength: 20 }), async (parts, a) => {
        const text = parts.map((p, i) => `${i % 2 ? '' : '0x'}${hexOf(p).toUpperCase()}`).join(':')
        expect((await rows({ mode: 'to-hexdata', input: text })).get('Hex')).toBe(await castAsync(['to-hexdata', text]))
        const word = `0x${'00'.repeat(12)}${hexOf(a)}`
        expect((await rows({ mode: 'parse-bytes32-address', input: word })).get('Address')).toBe(await castAsync(['parse-bytes32-address', word]))
      }),
      { numRuns: 15 },
    )
  })

  it('bad input at the field', () => {
    const missing = tool.parse(withDefaults(meta, { mode: 'from-bin' }))
    expect(missing.ok || missing.errors.file).toMatch(/Choose or drop a file/)
    const big = tool.parse(withDefaults(meta, { mode: 'from-bin' }), { file: { size: (1 << 20) + 1, slice: () => ({ arrayBuffer: async () => new ArrayBuffer(0) }) } })
    expect(big.ok || big.errors.file).toMatch(/at most 1048576/)
    const word = tool.parse(withDefaults(meta, { mode: 'parse-bytes32-address', input: `0x01${'00'.repeat(31)}` }))
    expect(word.ok || word.errors.input).toMatch(/first 12 bytes are not zero/)
  })
})

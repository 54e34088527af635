/**
 * The hashing and addresses tools as the UI drives them: errors land on the right field,
 * hostile raw input never crashes parse or run, results are plain data, and secrets never
 * leak into results, errors or links.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import type { BlobLike, Tool, ToolEntry } from '../types'
import { tools as addresses } from './addresses'
import { tools as hashing } from './hashing'

const never = new AbortController().signal
const ctx = { signal: never, progress: () => {} }
const entries: ToolEntry[] = [...hashing, ...addresses]

async function load(id: string): Promise<Tool<any>> {
  return (await entries.find((e) => e.meta.id === id)!.load()).default
}

async function parseRun(id: string, raw: Record<string, string>, files?: Record<string, BlobLike>) {
  const tool = await load(id)
  const parsed = tool.parse(withDefaults(tool, raw), files)
  if (!parsed.ok) return { errors: parsed.errors }
  const result = await tool.run(parsed.value, ctx)
  const rows = new Map(result.sections.flatMap((s) => s.rows.map((r) => [r.label, r] as const)))
  return { result, rows }
}

describe('errors land on the field that is wrong', () => {
  it('address', async () => {
    expect((await parseRun('address', { address: '0x123' })).errors).toEqual({ address: expect.stringMatching(/has 3 \(37 missing\)/) })
    expect((await parseRun('address', { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', chainId: 'x' })).errors).toEqual({ chainId: expect.stringMatching(/is not a chain id/) })
    expect((await parseRun('address', { address: 'XE00' })).errors?.address).toMatch(/ICAP/)
  })

  it('address: all one case is unchecked, unless that is its checksum form (EIP-55 "All caps" cases)', async () => {
    const status = async (address: string) => (await parseRun('address', { address })).rows!.get('Status')!
    expect(await status('0x52908400098527886E0F7030069857D2E4169EE7')).toMatchObject({ value: 'Valid: all uppercase, which is also its checksum form', tone: 'ok' })
    expect(await status('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toMatchObject({ value: 'Valid but unchecked: all uppercase', tone: 'warn' })
    expect(await status('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toMatchObject({ value: 'Valid but unchecked: all lowercase', tone: 'warn' })
    expect(await status('0x0000000000000000000000000000000000000000')).toMatchObject({ value: 'Valid: digits only, nothing to checksum', tone: 'ok' })
    expect(await status('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({ value: 'Valid, checksum correct (EIP-55)', tone: 'ok' })
  })

  it('contract-address: init code vs its hash, salt, nonce', async () => {
    const deployer = '0x00000000000000000000000000000000deadbeef'
    expect((await parseRun('contract-address', { mode: 'create2', deployer, salt: '1' })).errors).toEqual({ initCode: expect.stringMatching(/Enter the init code/) })
    expect((await parseRun('contract-address', { mode: 'create2', deployer, salt: '1', initCodeHash: '0x1234' })).errors).toEqual({ initCodeHash: expect.stringMatching(/32 bytes/) })
    expect((await parseRun('contract-address', { mode: 'create2', deployer, salt: 'salty', initCode: '0x00' })).errors).toEqual({ salt: expect.any(String) })
    expect((await parseRun('contract-address', { mode: 'create', deployer, nonce: '-1' })).errors).toEqual({ nonce: expect.any(String) })
    // CREATE ignores the CREATE2-only fields, even when they hold junk.
    expect((await parseRun('contract-address', { mode: 'create', deployer, nonce: '0', salt: 'junk', initCode: 'junk' })).rows?.get('Contract address')).toBeDefined()
  })

  it('storage-slot checks only the fields of the chosen layout', async () => {
    expect((await parseRun('storage-slot', { layout: 'mapping', slot: '0', keys: '' })).errors).toEqual({ keys: expect.stringMatching(/at least one mapping key/) })
    expect((await parseRun('storage-slot', { layout: 'mapping', slot: 'x', keys: 'uint256 1' })).errors).toEqual({ slot: expect.any(String) })
    expect((await parseRun('storage-slot', { layout: 'array', slot: '0', index: '0', elementSize: '33' })).errors).toEqual({ elementSize: expect.stringMatching(/33 bytes is not valid/) })
    expect((await parseRun('storage-slot', { layout: 'erc7201', namespace: '', slot: 'junk', keys: 'junk' })).errors).toEqual({ namespace: expect.any(String) })
  })

  it('address-from-key: a bad private key is reported without echoing it', async () => {
    const key = `0x${'ab'.repeat(31)}`
    const r = await parseRun('address-from-key', { privateKey: key })
    expect(r.errors).toEqual({ privateKey: expect.stringMatching(/has 62 hex digits; a private key has exactly 64/) })
    expect(JSON.stringify(r.errors)).not.toContain('abababab')
    expect((await parseRun('address-from-key', {})).errors).toEqual({ publicKey: expect.stringMatching(/Enter a public key/) })
  })

  it('address-from-key: a private key gives no secret in any row or link', async () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
    const r = await parseRun('address-from-key', { privateKey: key })
    expect(r.rows!.get('Address')!.value).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // anvil account 1
    expect(JSON.stringify(r.result)).not.toContain(key.slice(2, 40))
  })

  it('hash: hex errors land on the input; a file is hashed in chunks with progress', async () => {
    expect((await parseRun('hash', { input: 'zz', encoding: 'hex' })).errors).toEqual({ input: expect.stringMatching(/not hexadecimal/) })
    const tool = await load('hash')
    const file = new Blob([new TextEncoder().encode('abc')])
    const parsed = tool.parse(withDefaults(tool, { input: 'ignored' }), { file })
    expect(parsed.ok).toBe(true)
    const seen: number[] = []
    const result = await tool.run((parsed as { value: unknown }).value, { signal: never, progress: (f) => seen.push(f) })
    const rows = new Map(result.sections.flatMap((s) => s.rows.map((r) => [r.label, r.value])))
    expect(rows.get('Keccak-256')).toBe('0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45')
    expect(seen.at(-1)).toBe(1)
  })
})

describe('hostile raw input', () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom('', ' ', '0x', '0x0', '-1', '1e999', 'XE00', '0X' + 'f'.repeat(40), '[', '"', 'uint8[] [', 'address payable', '\u0000', '💩.eth'),
    fc.string({ unit: fc.constantFrom('0', 'f', 'x', 'F', ' ', '\n', '[', ']', ',', '(', ')'), maxLength: 120 }),
  )
  for (const entry of entries) {
    it(`${entry.meta.id}: parse never throws, run returns plain data or a core error`, async () => {
      const tool = await load(entry.meta.id)
      const fields = entry.meta.fields.filter((f) => f.kind !== 'file')
      await fc.assert(
        fc.asyncProperty(fc.tuple(...fields.map((f) => (f.kind === 'select' ? fc.constantFrom(...f.options!.map((o) => o.value), 'bogus') : junk))), async (values) => {
          const raw = Object.fromEntries(fields.map((f, i) => [f.name, values[i]!]))
          const parsed = tool.parse(withDefaults(tool, raw))
          if (!parsed.ok) {
            for (const k of Object.keys(parsed.errors)) expect(fields.map((f) => f.name)).toContain(k)
            return
          }
          try {
            const result = await tool.run(parsed.value, ctx)
            expect(structuredClone(result)).toEqual(result)
            for (const s of result.sections) for (const r of s.rows) expect(typeof r.value).toBe('string')
          } catch (e) {
            expect((e as Error).name, String(e)).toMatch(/^[A-Z][A-Za-z]+\.[A-Za-z]+Error$/)
          }
        }),
        { numRuns: 150 },
      )
    })
  }
})

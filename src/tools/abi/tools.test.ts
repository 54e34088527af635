/** Bad input to each calldata tool is reported at the field that holds it. */
import { describe, expect, it } from 'vitest'
import { withDefaults } from '../define'
import { tools } from '../groups/calldata'

async function parseWith(id: string, raw: Record<string, string>) {
  const entry = tools.find((t) => t.meta.id === id)!
  const tool = (await entry.load()).default
  return tool.parse(withDefaults(tool, raw))
}

const transfer = '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240'

describe('field errors of the calldata tools', () => {
  it.each([
    ['abi', { abi: 'function f(uint7 x)' }, 'abi', /uint7/],
    ['abi', { abi: 'function f()', name: '1bad' }, 'name', /not a Solidity identifier/],
    ['abi-encode', { abi: '' }, 'abi', /Paste an ABI/],
    ['abi-encode', { abi: 'function a()\nfunction b()', function: 'c' }, 'function', /No function "c"/],
    ['abi-encode', { abi: 'function a(uint256)\nfunction a(address)', function: 'a' }, 'function', /matches 2 functions/],
    ['abi-encode', { abi: 'function t(address to)', args: '["0x12"]' }, 'args', /Argument 1 \(to\): An address has 40 hex digits; this has 2/],
    ['abi-encode-raw', { types: 'uint9', values: '[1]' }, 'types', /uint9/],
    ['abi-encode-raw', { types: 'uint8', values: '[300]' }, 'values', /out of range for uint8/],
    // Solidity refuses abi.encodePacked of string[] (elements are padded to 32 bytes); this packed "a" as 0x61.
    ['abi-encode-raw', { types: 'string[]', values: '[["a"]]', packed: 'true' }, 'types', /string\[\] cannot be packed: array elements are padded to 32 bytes/],
    ['calldata-decode', { data: '' }, 'data', /Paste call data/],
    ['calldata-decode', { data: '0xzz' }, 'data', /not hex/],
    ['calldata-decode', { data: transfer, abi: '[{' }, 'abi', /does not parse/],
    ['result-decode', { data: '0x12', function: '' }, 'function', /Give the output types/],
    ['error-decode', { data: '0x123' }, 'data', /odd number/],
    ['event-decode', { topics: '0x1234' }, 'topics', /Topic 0 is not 32 bytes/],
  ])('%s %j -> error at %s', async (id, raw, field, msg) => {
    const r = await parseWith(id, raw as Record<string, string>)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.errors[field], JSON.stringify(r.errors)).toMatch(msg)
  })

  it('run errors from hostile data are core errors naming the word', async () => {
    const entry = tools.find((t) => t.meta.id === 'calldata-decode')!
    const tool = (await entry.load()).default
    // f(bytes) = 0xd45754f8 (cast sig); the length word claims 2^256-1 bytes.
    const p2 = tool.parse(withDefaults(tool, { data: `0xd45754f8${'00'.repeat(31)}20${'ff'.repeat(32)}`, signature: 'f(bytes)' }))
    expect(p2.ok).toBe(true)
    if (p2.ok) await expect(Promise.resolve().then(() => tool.run(p2.value, { signal: new AbortController().signal, progress: () => {} }))).rejects.toThrow(/Word 1 \(byte 0x24\)/)
  })
})

describe('decoded calls open in the encoder', () => {
  it('re-encodes to the same call data', async () => {
    const dec = (await tools.find((t) => t.meta.id === 'calldata-decode')!.load()).default
    const enc = (await tools.find((t) => t.meta.id === 'abi-encode')!.load()).default
    const ctx = { signal: new AbortController().signal, progress: () => {} }
    const p = dec.parse(withDefaults(dec, { data: transfer }))
    if (!p.ok) throw new Error('parse')
    const r = await dec.run(p.value, ctx)
    const link = r.sections[0]!.rows.find((row) => row.label === 'function')!.open!
    expect(link.tool).toBe('abi-encode')
    const q = enc.parse(withDefaults(enc, link.inputs))
    if (!q.ok) throw new Error(JSON.stringify(q.errors))
    const out = await enc.run(q.value, ctx)
    expect(out.sections[0]!.rows.find((row) => row.label === 'call data')!.value).toBe(transfer)
  })
})

describe('the opt-in online lookup of the decoders', () => {
  // mintTo(address,uint256,bytes32): the lookup only keeps a candidate that hashes to 0x6fb66f2d, so a wrong selector fails here.
  const MINT_TO = `0x6fb66f2d${'00'.repeat(12)}d8da6bf26964af9d7eed9e03e53415d37aa96045${'0'.repeat(63)}7${'6d656d6f'.padEnd(64, '0')}`
  const spy = () => {
    const asked: string[] = []
    const fetch = async (u: string) => {
      asked.push(u)
      return { ok: true, status: 200, json: async () => ({ ok: true, result: { function: { '0x6fb66f2d': [{ name: 'mintTo(address,uint256,bytes32)' }] }, event: {} } }) }
    }
    return { asked, fetch }
  }
  const runOf = async (id: string, raw: Record<string, string>, ctx: object) => {
    const tool = (await tools.find((t) => t.meta.id === id)!.load()).default
    const p = tool.parse(withDefaults(tool, raw))
    if (!p.ok) throw new Error(JSON.stringify(p.errors))
    return tool.run(p.value, { signal: new AbortController().signal, progress: () => {}, ...ctx })
  }

  it('contacts nothing without ctx.fetch, or with the box unticked', async () => {
    const s = spy()
    for (const id of ['calldata-decode', 'error-decode']) {
      await runOf(id, { data: MINT_TO, lookup: 'true' }, {})
      await runOf(id, { data: MINT_TO, lookup: 'false' }, { fetch: s.fetch })
    }
    expect(s.asked).toEqual([])
  })

  it('with the box ticked and a fetch, call data is decoded with the candidate found', async () => {
    const s = spy()
    const r = await runOf('calldata-decode', { data: MINT_TO, lookup: 'true' }, { fetch: s.fetch })
    expect(s.asked).toEqual(['https://api.openchain.xyz/signature-database/v1/lookup?function=0x6fb66f2d&filter=true'])
    const rows = r.sections.flatMap((x) => x.rows)
    expect(rows.find((x) => x.label === 'function')?.value).toBe('mintTo(address,uint256,bytes32)')
    expect(rows.find((x) => x.label === 'source')?.value).toBe('api.openchain.xyz (online lookup)')
    expect(rows.find((x) => x.label === 'amount' || x.label === 'arg1')?.value).toBe('7')
  })
})

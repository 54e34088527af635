import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { registry } from '../tools/registry'
import type { RawInput, ToolMeta } from '../tools/types'
import { hiddenFields, withDefaults } from '../tools/define'
import { fromSearch, MAX_URL_VALUE, toSearch, toolHref, withheld } from './url'
import { heldInMemory } from './features/calldata-decode/held'

/** Any value of a field: one of its options (so a mode switch is exercised), or any string. */
const valueOf = (f: ToolMeta['fields'][number]) =>
  f.options?.length ? fc.oneof(fc.constantFrom(...f.options.map((o) => o.value)), fc.string({ minLength: 1, maxLength: 30 })) : fc.string({ minLength: 1, maxLength: 30 })

describe('URL state', () => {
  it.each(registry.map((e) => [e.meta.id, e.meta] as const))('%s: secret and hidden fields never reach the URL; the rest round-trips', (_id, meta) => {
    fc.assert(
      fc.property(fc.record(Object.fromEntries(meta.fields.map((f) => [f.name, valueOf(f)])), { requiredKeys: [] }), (p) => {
        const patch = p as RawInput
        const values = withDefaults(meta, patch)
        const search = toSearch(meta, values)
        const back = withDefaults(meta, fromSearch(meta, search))
        const hidden = hiddenFields(meta, values)
        for (const f of meta.fields) {
          if (f.secret || f.notInLink || f.kind === 'file' || hidden.has(f.name)) {
            expect(back[f.name]).toBe(withDefaults(meta, {})[f.name])
            if (patch[f.name] && patch[f.name] !== '') expect(new URLSearchParams(search).has(f.name)).toBe(false)
          } else expect(back[f.name]).toBe(values[f.name])
        }
      }),
      { numRuns: 50 },
    )
  })

  it('a link cannot turn the verified-source lookup on (#36): lookup=true is ignored on its pages and never written', () => {
    const pages = ['storage-read', 'transaction', 'contract-read', 'verified-source'].map((id) => registry.find((e) => e.meta.id === id)!.meta)
    for (const meta of pages) {
      expect(meta.fields.find((f) => f.name === 'lookup')?.notInLink).toBe(true)
      expect(fromSearch(meta, '?lookup=true&host=http%3A%2F%2F127.0.0.1%3A1').lookup).toBeUndefined()
      expect(toolHref(meta, { lookup: 'true' })).not.toContain('lookup')
    }
  })

  it('ignores secret parameters put into a URL by hand', () => {
    for (const { meta } of registry) {
      const secret = meta.fields.find((f) => f.secret)
      if (!secret) continue
      expect(fromSearch(meta, `?${secret.name}=0xdeadbeef`)[secret.name]).toBeUndefined()
      expect(toolHref(meta, { [secret.name]: '0xdeadbeef' })).not.toContain('deadbeef')
    }
  })

  it('a value too large for a link is kept in memory: the URL holds a reference, the value round-trips, the page can say why', () => {
    const meta = registry.find((e) => e.meta.id === 'calldata-decode')!.meta
    const big = `0xa9059cbb${'ab'.repeat(MAX_URL_VALUE)}`
    const search = toSearch(meta, withDefaults(meta, { data: big, signature: 'transfer(address,uint256)' }))
    expect(search.length).toBeLessThan(100)
    expect(search).not.toContain('abab')
    expect(new URLSearchParams(search).get('signature')).toBe('transfer(address,uint256)')
    expect(fromSearch(meta, search).data).toBe(big)
    expect(heldInMemory(meta, search)).toEqual([{ field: 'data', label: 'Call data', length: big.length, found: true }])
    // A value at the limit still goes into the URL itself.
    const edge = 'a'.repeat(MAX_URL_VALUE)
    expect(new URLSearchParams(toSearch(meta, withDefaults(meta, { data: edge }))).get('data')).toBe(edge)
    // A reference this page does not hold (a link opened elsewhere) gives an empty field, and says so.
    expect(fromSearch(meta, '@data=999999').data).toBe('')
    expect(heldInMemory(meta, '@data=999999')).toEqual([{ field: 'data', label: 'Call data', length: 0, found: false }])
  })

  it('a held value edited on its page keeps its reference: the slot is overwritten, the query string is unchanged', () => {
    const meta = registry.find((e) => e.meta.id === 'calldata-decode')!.meta
    const first = `0x${'ab'.repeat(MAX_URL_VALUE)}`
    const search = toSearch(meta, withDefaults(meta, { data: first }))
    // A key typed into it: the page writes its state with the query string it has now.
    const typed = `${first}c`
    expect(toSearch(meta, withDefaults(meta, { data: typed }), `?${search}`)).toBe(search)
    expect(fromSearch(meta, search).data).toBe(typed)
    // A link drawn elsewhere (not the page editing its own state) gets a slot of its own; the same value keeps it.
    const other = `0x${'cd'.repeat(MAX_URL_VALUE)}`
    const link = toSearch(meta, withDefaults(meta, { data: other }))
    expect(link).not.toBe(search)
    expect(toSearch(meta, withDefaults(meta, { data: other }))).toBe(link)
    expect(fromSearch(meta, search).data).toBe(typed)
    expect(fromSearch(meta, link).data).toBe(other)
    // A query string that refers to no held value of the field: a new slot, nothing overwritten.
    const third = `0x${'ef'.repeat(MAX_URL_VALUE)}`
    const fresh = toSearch(meta, withDefaults(meta, { data: third }), '?signature=x')
    expect([search, link]).not.toContain(fresh)
    expect(fromSearch(meta, fresh).data).toBe(third)
    expect(fromSearch(meta, search).data).toBe(typed)
  })

  it('secrets stay out of the URL and out of memory references, however large', () => {
    const meta = registry.find((e) => e.meta.id === 'hd-derive')!.meta
    const search = toSearch(meta, withDefaults(meta, { phrase: 'word '.repeat(MAX_URL_VALUE) }))
    expect(search).not.toContain('phrase')
  })
})

describe('values that look like a key stay out of the URL', () => {
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
  const xprv = 'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cjPG7vvVexpXkgU8pvZRSJCjHkCJMNDMH2jFNPHrPvpEq4qP3qRQhN8mY5ZrB'
  const xpub = 'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8'
  const meta = (id: string) => registry.find((e) => e.meta.id === id)!.meta

  it('a private key in address-from-key\'s public key box is withheld with a reason', () => {
    expect(toSearch(meta('address-from-key'), { publicKey: key })).not.toContain(key.slice(2))
    expect(withheld(meta('address-from-key'), 'publicKey', key)).toMatch(/private key/)
  })

  it('a transaction hash still goes in the transaction link (that tool takes no key)', () => {
    expect(toSearch(meta('transaction'), { hash: key })).toContain(key)
  })

  it('no extended private key or xpub reaches any tool\'s URL, in any field', () => {
    for (const { meta: m } of registry)
      for (const f of m.fields) {
        const s = toSearch(m, { [f.name]: xprv })
        expect(s).not.toContain('xprv')
        expect(toSearch(m, { [f.name]: xpub })).not.toContain('xpub6')
      }
  })
})

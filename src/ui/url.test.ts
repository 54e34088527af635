import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { registry } from '../tools/registry'
import type { RawInput, ToolMeta } from '../tools/types'
import { hiddenFields, withDefaults } from '../tools/define'
import { fromSearch, toSearch, toolHref } from './url'

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
          if (f.secret || f.kind === 'file' || hidden.has(f.name)) {
            expect(back[f.name]).toBe(withDefaults(meta, {})[f.name])
            if (patch[f.name] && patch[f.name] !== '') expect(new URLSearchParams(search).has(f.name)).toBe(false)
          } else expect(back[f.name]).toBe(values[f.name])
        }
      }),
      { numRuns: 50 },
    )
  })

  it('ignores secret parameters put into a URL by hand', () => {
    for (const { meta } of registry) {
      const secret = meta.fields.find((f) => f.secret)
      if (!secret) continue
      expect(fromSearch(meta, `?${secret.name}=0xdeadbeef`)[secret.name]).toBeUndefined()
      expect(toolHref(meta, { [secret.name]: '0xdeadbeef' })).not.toContain('deadbeef')
    }
  })
})

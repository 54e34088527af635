/**
 * What a person reads of a tool's meta (its summary, field labels and help, option labels and
 * example titles) is prose: no Markdown backticks, which the page would show literally (#23).
 */
import { describe, expect, it } from 'vitest'
import { registry } from './registry'
import { examplesOf } from '../../test/support'

describe('visible text of every tool', () => {
  for (const { meta } of registry) {
    it(`${meta.id}: no literal backticks`, () => {
      const texts = [
        meta.title,
        meta.summary,
        meta.action ?? '',
        ...meta.fields.flatMap((f) => [f.label, f.help ?? '', f.placeholder ?? '', ...(f.options ?? []).map((o) => o.label)]),
        ...examplesOf(meta.id).map((e) => e.title),
        ...Object.values(meta.groups ?? {}),
      ]
      for (const t of texts) expect(t, t).not.toContain('`')
    })
  }
})

// @vitest-environment jsdom
/**
 * Every secret input on every tool's page (the fields a tool's meta.ts marks `secret`: keys,
 * phrases, passwords, keystores) carries the attributes that keep its text in the page (#28):
 * translate="no" (a browser's page translation would send it to a translation service),
 * autocomplete="off", spellcheck="false" (a spelling service, or the dictionary), autocorrect and
 * autocapitalize off. Found from the registry: each page is rendered under every state that
 * shows a field behind `showWhen`, and each shown secret field's control is checked.
 */
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { forEachState, withPageRendering } from '../../test/pageKit'
import { isShown } from '../tools/define'
import { registry } from '../tools/registry'

/** What is wrong with a secret control's attributes (empty when right). */
export function secretAttributeFaults(el: Element): string[] {
  const want: Record<string, string> = { translate: 'no', autocomplete: 'off', spellcheck: 'false', autocorrect: 'off', autocapitalize: 'off' }
  return Object.entries(want)
    .filter(([a, v]) => el.getAttribute(a) !== v)
    .map(([a, v]) => `${a}="${el.getAttribute(a)}" (want "${v}")`)
}

withPageRendering()

const withSecrets = registry.filter((e) => e.meta.fields.some((f) => f.secret && f.kind !== 'file'))

describe('secret inputs keep their text in the page', () => {
  it('the registry declares secret text fields (the list below is not empty)', () => {
    expect(withSecrets.length).toBeGreaterThanOrEqual(10)
  })

  it.each(withSecrets.map((e) => [e.meta.id, e] as const))('%s', async (_id, entry) => {
    const { meta } = entry
    const faults: string[] = []
    const checked = new Set<string>()
    await forEachState(entry, (raw) => {
      for (const s of document.querySelectorAll('details:not([open]) > summary')) fireEvent.click(s)
      for (const f of meta.fields.filter((x) => x.secret && x.kind !== 'file' && !x.setBy && isShown(meta, x.name, raw))) {
        const controls = screen.queryAllByLabelText(f.label).filter((el) => el.matches('input, textarea'))
        if (!controls.length) faults.push(`${f.name}: no control`)
        for (const el of controls) for (const fault of secretAttributeFaults(el)) faults.push(`${f.name}: ${fault}`)
        checked.add(f.name)
      }
    })
    expect(checked.size).toBeGreaterThan(0)
    expect([...new Set(faults)], `secret inputs of ${meta.id}`).toEqual([])
  })

  it('the check can fail: a plain input is reported', () => {
    const el = document.createElement('input')
    el.setAttribute('spellcheck', 'false')
    expect(secretAttributeFaults(el).map((f) => f.split('=')[0])).toEqual(['translate', 'autocomplete', 'autocorrect', 'autocapitalize'])
  })
})

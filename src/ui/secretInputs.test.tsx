// @vitest-environment jsdom
/**
 * Every secret input on every tool's page (the fields a tool's meta.ts marks `secret`: keys,
 * phrases, passwords, keystores) carries the attributes that keep its text in the page (#28):
 * translate="no" (a browser's page translation would send it to a translation service),
 * autocomplete="off", spellcheck="false" (a spelling service, or the dictionary), autocorrect and
 * autocapitalize off. Found from the registry: each page is rendered under every state that
 * shows a field behind `showWhen`, and each shown secret field's control is checked.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState, type ComponentType } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { isShown, withDefaults } from '../tools/define'
import { registry } from '../tools/registry'
import type { FieldSpec, RawInput, Tool, ToolMeta } from '../tools/types'
import { ToolForm, type ToolPageProps } from './components/ToolForm'

const pages = import.meta.glob<{ default: ComponentType<ToolPageProps> }>('./features/*/index.tsx')

/** The defaults, then for each field behind `showWhen` a set of values that shows it (as metaFields.test.tsx). */
function statesOf(meta: ToolMeta): RawInput[] {
  const base = withDefaults(meta, {})
  const out = new Map<string, RawInput>([[JSON.stringify(base), base]])
  for (const f of meta.fields) {
    const raw = { ...base }
    let cur: FieldSpec | undefined = f
    for (let guard = 0; cur?.showWhen && guard < 10; guard++) {
      const when: NonNullable<FieldSpec['showWhen']> = cur.showWhen
      const on = meta.fields.find((x) => x.name === when.field)
      if (!on) break
      const candidates = on.kind === 'checkbox' ? ['true', 'false'] : on.kind === 'select' ? (on.options ?? []).map((o) => o.value) : ['x']
      raw[on.name] = when.is?.length ? when.is[0]! : (candidates.find((v) => !when.not?.includes(v)) ?? '')
      cur = on
    }
    out.set(JSON.stringify(raw), raw)
  }
  return [...out.values()]
}

function Harness({ meta, tool, initial, Page }: { meta: ToolMeta; tool: Tool<any>; initial: RawInput; Page: ComponentType<ToolPageProps> | undefined }) {
  const [values, setVals] = useState<RawInput>(initial)
  const props = { meta, tool, values, setValues: (p: RawInput) => setVals((v) => ({ ...v, ...p })), files: {}, setFile: () => {} }
  return Page ? <Page {...props} /> : <ToolForm {...props} />
}

/** What is wrong with a secret control's attributes (empty when right). */
export function secretAttributeFaults(el: Element): string[] {
  const want: Record<string, string> = { translate: 'no', autocomplete: 'off', spellcheck: 'false', autocorrect: 'off', autocapitalize: 'off' }
  return Object.entries(want)
    .filter(([a, v]) => el.getAttribute(a) !== v)
    .map(([a, v]) => `${a}="${el.getAttribute(a)}" (want "${v}")`)
}

beforeAll(() => {
  globalThis.Worker ??= class {
    onmessage = null
    onerror = null
    postMessage() {}
    terminate() {}
    addEventListener() {}
    removeEventListener() {}
  } as unknown as typeof Worker
})
afterEach(cleanup)

const withSecrets = registry.filter((e) => e.meta.fields.some((f) => f.secret && f.kind !== 'file'))

describe('secret inputs keep their text in the page', () => {
  it('the registry declares secret text fields (the list below is not empty)', () => {
    expect(withSecrets.length).toBeGreaterThanOrEqual(10)
  })

  it.each(withSecrets.map((e) => [e.meta.id, e] as const))('%s', async (_id, entry) => {
    const { meta } = entry
    const tool = (await entry.load()).default
    const load = pages[`./features/${meta.id}/index.tsx`]
    const Page = load && (await load()).default
    const faults: string[] = []
    const checked = new Set<string>()
    for (const raw of statesOf(meta)) {
      render(<Harness meta={meta} tool={tool} initial={raw} Page={Page} />)
      await act(async () => {})
      for (const s of document.querySelectorAll('details:not([open]) > summary')) fireEvent.click(s)
      for (const f of meta.fields.filter((x) => x.secret && x.kind !== 'file' && !x.setBy && isShown(meta, x.name, raw))) {
        const controls = screen.queryAllByLabelText(f.label).filter((el) => el.matches('input, textarea'))
        if (!controls.length) faults.push(`${f.name}: no control`)
        for (const el of controls) for (const fault of secretAttributeFaults(el)) faults.push(`${f.name}: ${fault}`)
        checked.add(f.name)
      }
      cleanup()
    }
    expect(checked.size).toBeGreaterThan(0)
    expect([...new Set(faults)], `secret inputs of ${meta.id}`).toEqual([])
  })

  it('the check can fail: a plain input is reported', () => {
    const el = document.createElement('input')
    el.setAttribute('spellcheck', 'false')
    expect(secretAttributeFaults(el).map((f) => f.split('=')[0])).toEqual(['translate', 'autocomplete', 'autocorrect', 'autocapitalize'])
  })
})

/**
 * Tools' pages rendered in jsdom, as the registry-wide page suites render them
 * (src/ui/metaFields.test.tsx, secretInputs.test.tsx): a tool's page (its feature page, else the
 * generic form) holding its own values, under every set of values that shows a field behind
 * `showWhen`. The suites' files must say `// @vitest-environment jsdom`.
 */
import { act, cleanup, render } from '@testing-library/react'
import { useState, type ComponentType } from 'react'
import { afterEach, beforeAll } from 'vitest'
import { withDefaults } from '../src/tools/define'
import type { FieldSpec, RawInput, Tool, ToolEntry, ToolMeta } from '../src/tools/types'
import { ToolForm, type ToolPageProps } from '../src/ui/components/ToolForm'

const pages = import.meta.glob<{ default: ComponentType<ToolPageProps> }>('../src/ui/features/*/index.tsx')

/** A value of the field `on` under which a field with this `showWhen` is shown. */
function showing(on: FieldSpec, when: NonNullable<FieldSpec['showWhen']>): string {
  if (when.is?.length) return when.is[0]!
  const candidates = on.kind === 'checkbox' ? ['true', 'false'] : on.kind === 'select' ? (on.options ?? []).map((o) => o.value) : ['x']
  return candidates.find((v) => !when.not?.includes(v)) ?? ''
}

/** The defaults, then for each field behind `showWhen` a set of values that shows it. */
export function statesOf(meta: ToolMeta): RawInput[] {
  const base = withDefaults(meta, {})
  const out = new Map<string, RawInput>([[JSON.stringify(base), base]])
  for (const f of meta.fields) {
    const raw = { ...base }
    let cur: FieldSpec | undefined = f
    for (let guard = 0; cur?.showWhen && guard < 10; guard++) {
      const when: NonNullable<FieldSpec['showWhen']> = cur.showWhen
      const on = meta.fields.find((x) => x.name === when.field)
      if (!on) break
      raw[on.name] = showing(on, when)
      cur = on
    }
    out.set(JSON.stringify(raw), raw)
  }
  return [...out.values()]
}

/** A tool's page (or the generic form when it has none) holding its values in state, as the app does. */
function Harness({ meta, tool, initial, Page }: { meta: ToolMeta; tool: Tool<any>; initial: RawInput; Page: ComponentType<ToolPageProps> | undefined }) {
  const [values, setVals] = useState<RawInput>(initial)
  const props = { meta, tool, values, setValues: (p: RawInput) => setVals((v) => ({ ...v, ...p })), files: {}, setFile: () => {} }
  return Page ? <Page {...props} /> : <ToolForm {...props} />
}

/**
 * Renders the entry's page under each of {@link statesOf} its meta in turn, runs `check` on each
 * (the page drawn, its first effects settled), and unmounts it; gives the page's component
 * (undefined for a tool drawn by the generic form).
 */
export async function forEachState(entry: ToolEntry, check: (raw: RawInput) => void): Promise<ComponentType<ToolPageProps> | undefined> {
  const { meta } = entry
  const tool = (await entry.load()).default
  const load = pages[`../src/ui/features/${meta.id}/index.tsx`]
  const Page = load && (await load()).default
  for (const raw of statesOf(meta)) {
    render(<Harness meta={meta} tool={tool} initial={raw} Page={Page} />)
    await act(async () => {})
    check(raw)
    cleanup()
  }
  return Page
}

/** Registers the file's hooks: a stand-in Worker (pages may start one when they open; jsdom has none, and none is needed to draw a form) and cleanup after each test. */
export function withPageRendering(): void {
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
}

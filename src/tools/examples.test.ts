/**
 * Every worked example shown in the UI runs here: it parses, runs without error, and
 * produces every row its `expect` names with exactly that value (every example names at
 * least one).
 * Network tools' examples run in the chain integration tests instead (they need a node).
 */
import { describe, expect, it } from 'vitest'
import { registry } from './registry'
import { withDefaults } from './define'
import { examplesOf, resultRows as rowsOf } from '../../test/support'

const never = new AbortController().signal

describe.each(registry.filter((e) => e.meta.runs !== 'network').map((e) => [e.meta.id, e] as const))('examples of %s', (_id, entry) => {
  it.each(examplesOf(entry.meta.id).map((ex) => [ex.title, ex] as const))('%s', async (_t, ex) => {
    // An example without expected rows would only test that the tool did not throw.
    expect(Object.keys(ex.expect ?? {}).length, 'the example names the rows it expects').toBeGreaterThan(0)
    const tool = (await entry.load()).default
    const parsed = tool.parse(withDefaults(tool, ex.inputs))
    if (!parsed.ok) throw new Error(`example did not parse: ${JSON.stringify(parsed.errors)}`)
    const result = await tool.run(parsed.value, { signal: never, progress: () => {} })
    const rows = rowsOf(result)
    expect(rows.size).toBeGreaterThan(0)
    for (const [label, value] of Object.entries(ex.expect ?? {})) expect(rows.get(label), label).toBe(value)
  })
})

/**
 * The one network module (#28): ESLint forbids fetch, WebSocket, XMLHttpRequest, EventSource
 * and navigator.sendBeacon anywhere in src/ but src/core/chain/Net.ts. The rule fires on a
 * planted `fetch` (and the rest); src/ as it is passes (`npm run lint`).
 */
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const repoRoot = join(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: repoRoot, ignore: false })

async function rules(file: string, code: string): Promise<(string | null)[]> {
  const [r] = await eslint.lintText(code, { filePath: join(repoRoot, file) })
  return r!.messages.filter((m) => /^no-restricted-(globals|properties)$/.test(m.ruleId ?? '')).map((m) => m.ruleId)
}

describe('requests leave only through src/core/chain/Net.ts', () => {
  it.each([
    ['a planted fetch in a tool', 'src/tools/units/Probe.ts', "export const go = () => fetch('https://evil.example/x')\n", 'no-restricted-globals'],
    ['a WebSocket in the page', 'src/ui/Probe.tsx', "export const go = () => new WebSocket('wss://evil.example')\n", 'no-restricted-globals'],
    ['an XMLHttpRequest in a worker', 'src/workers/Probe.ts', 'export const go = () => new XMLHttpRequest()\n', 'no-restricted-globals'],
    ['an EventSource in core', 'src/core/format/Probe.ts', "export const go = () => new EventSource('/x')\n", 'no-restricted-globals'],
    ['navigator.sendBeacon', 'src/ui/Probe.tsx', "export const go = () => navigator.sendBeacon('/x', 'data')\n", 'no-restricted-properties'],
    ['globalThis.fetch', 'src/core/sim/Probe.ts', "export const go = () => globalThis.fetch('/x')\n", 'no-restricted-properties'],
  ])('fires on %s', async (_what, file, code, rule) => {
    expect(await rules(file, code)).toContain(rule)
  })

  it('allows Net.ts itself, tests, and a member named fetch (DispatchCode.fetch, options.fetch)', async () => {
    expect(await rules('src/core/chain/Net.ts', "export const f = () => fetch('/x')\n")).toEqual([])
    expect(await rules('src/core/chain/Probe.test.ts', "export const f = () => fetch('/x')\n")).toEqual([])
    expect(await rules('src/core/chain/Probe.ts', 'export const f = (o: { fetch: () => void }) => o.fetch()\n')).toEqual([])
  })
  // src/ as it is passes the rule: `npm run lint` (CI) lints every file with it.
})

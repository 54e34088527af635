import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { registry } from '../src/tools/registry'
import { repoRoot } from './support'

// A documentation check, not a test of the tools: one test, however many tools there are.
describe('README', () => {
  it('names the two commands and lists every registered tool (regenerate with scripts/tools-table.ts)', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('npm test')
    expect(registry.length).toBeGreaterThan(0)
    expect(registry.map((e) => e.meta.id).filter((id) => !readme.includes(`(\`/${id}\`)`))).toEqual([])
  })
})

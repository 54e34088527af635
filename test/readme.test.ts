import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { registry } from '../src/tools/registry'
import { repoRoot } from './support'

describe('README', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
  it('names the two commands', () => {
    expect(readme).toContain('npm install && npm start')
    expect(readme).toContain('npm test')
  })
  it.each(registry.map((e) => [e.meta.id]))('lists the tool /%s (regenerate with scripts/tools-table.ts)', (id) => {
    expect(readme).toContain(`(\`/${id}\`)`)
  })
})

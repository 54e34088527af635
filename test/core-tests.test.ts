/**
 * Every core module has its tests beside it (issue #22): `Foo.ts` has `Foo.test.ts` or
 * `Foo.<topic>.test.ts` in its own folder, whichever family folder that is.
 */
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './support'

const core = join(repoRoot, 'src', 'core')
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === 'data' ? [] : files(join(dir, e.name))) : [join(dir, e.name)]))
}
const all = files(core)
const modules = all.filter((p) => /\/[A-Z]\w*\.ts$/.test(p))
const tested = (p: string) => {
  const stem = p.replace(/\.ts$/, '')
  return all.some((q) => q === `${stem}.test.ts` || (q.startsWith(`${stem}.`) && q.endsWith('.test.ts')))
}

describe('core: tests beside every module', () => {
  it('the scan finds the modules, and tells a tested one from one without tests', () => {
    expect(modules.length).toBeGreaterThan(80)
    expect(tested(join(core, 'Errors.ts'))).toBe(true)
    expect(tested(join(core, 'NoSuchModule.ts'))).toBe(false)
  })

  it('every module has a test file beside it', () => {
    expect(modules.filter((p) => !tested(p)).map((p) => relative(repoRoot, p))).toEqual([])
  })
})

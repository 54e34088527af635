/**
 * No function in src/ over 150 lines and no page file (src/ui/features) over 300 (#22), measured by
 * scripts/long-functions.mjs. test/long-functions-allow.json names what is still over: a long
 * function or page missing from it fails, and so does an entry that is no longer over the
 * limit (or no longer exists), so the list only shrinks.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { functionsIn, MAX_FUNCTION_LINES, MAX_PAGE_LINES, measure } from '../scripts/long-functions.mjs'
import { repoRoot } from './support'

const allow = JSON.parse(readFileSync(join(repoRoot, 'test', 'long-functions-allow.json'), 'utf8')) as { functions: string[]; pages: string[] }

describe('function and page lengths in src/', () => {
  const m = measure(repoRoot)

  it('every function over 150 lines is in test/long-functions-allow.json', () => {
    expect(MAX_FUNCTION_LINES).toBe(150)
    expect(m.functions.length).toBeGreaterThan(1000) // the walk found the tree
    expect(m.longFunctions.filter((f) => !allow.functions.includes(f.id)).map((f) => `${f.id} (${f.lines} lines)`)).toEqual([])
  })

  it('every function in the allow-list is still over 150 lines (the list only shrinks)', () => {
    const long = new Set(m.longFunctions.map((f) => f.id))
    expect(allow.functions.filter((id) => !long.has(id))).toEqual([])
  })

  it('every page file over 300 lines is in the allow-list, and every listed one still is', () => {
    expect(MAX_PAGE_LINES).toBe(300)
    expect(m.pages.length).toBeGreaterThan(10)
    expect(m.longPages.filter((p) => !allow.pages.includes(p.file)).map((p) => `${p.file} (${p.lines} lines)`)).toEqual([])
    const long = new Set(m.longPages.map((p) => p.file))
    expect(allow.pages.filter((f) => !long.has(f))).toEqual([])
  })
})

describe('scripts/long-functions.mjs', () => {
  const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i}`).join('\n')
  const fn = (head: string, n: number, tail = '}') => `${head}\n${body(n)}\n${tail}`
  const dirs: string[] = []
  const tree = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'long-functions-'))
    dirs.push(root)
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return root
  }
  const run = (root: string) => spawnSync(process.execPath, [join(repoRoot, 'scripts', 'long-functions.mjs'), '--root', root], { encoding: 'utf8' })
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('counts every kind of function from its first line to its last, and names it by what encloses it', () => {
    const text = [
      fn('export function declared(a: number) {', 5), // lines 1-5
      fn('const arrow = (x: number) => {', 4), // 6-9
      fn('export const Comp = memo(function Comp() {', 3, '})'), // 10-12
      'class Box {',
      fn('  method() {', 3, '  }'),
      fn('  get size() {', 3, '  }'),
      '}',
      fn('function outer() {\n  useEffect(() => {', 4, '  })\n}'), // outer: 6 lines, the callback 4
    ].join('\n')
    const found = Object.fromEntries(functionsIn('f.tsx', text).map((f) => [f.name, f.lines]))
    expect(found).toEqual({ declared: 5, arrow: 4, Comp: 3, 'Box.method': 3, 'Box.size': 3, outer: 6, 'outer.useEffect()': 4 })
  })

  it('fails on a function of 151 lines (a method too) and a page file of 301, and passes at 150 and 300', () => {
    const failing = tree({
      'src/core/Long.ts': `${fn('export function tooLong() {', 151)}\n${fn('export function justFits() {', 150)}\n`,
      'src/ui/Thing.tsx': `export class Thing {\n${fn('  render() {', 151, '  }')}\n}\n`,
      'src/ui/features/page/index.tsx': `${'// line\n'.repeat(301)}`,
      'src/core/Long.test.ts': `${fn('export function inATest() {', 400)}\n`,
    })
    const r = run(failing)
    expect(r.status).toBe(1)
    expect(r.stdout).toContain('functions over 150 lines: 2')
    expect(r.stdout).toMatch(/151 {2}src\/core\/Long\.ts:1 {2}tooLong\n/)
    expect(r.stdout).toMatch(/151 {2}src\/ui\/Thing\.tsx:2 {2}Thing\.render\n/)
    expect(r.stdout).not.toContain('justFits')
    expect(r.stdout).not.toContain('inATest')
    expect(r.stdout).toContain('page files (src/ui/features) over 300 lines: 1')
    expect(r.stdout).toContain('301  src/ui/features/page/index.tsx')

    const passing = tree({
      'src/core/Fits.ts': `${fn('export const fits = () => {', 150)}\n`,
      'src/ui/features/page/index.tsx': `${'// line\n'.repeat(300)}`,
    })
    const ok = run(passing)
    expect(ok.stdout).toContain('functions over 150 lines: 0')
    expect(ok.stdout).toContain('page files (src/ui/features) over 300 lines: 0')
    expect(ok.status).toBe(0)
  })
})

/**
 * Pages read a result's typed `data`, never a row by its label or a section by its title:
 * labels are words for people, and change with them (issue #10).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const UI = join(__dirname)
/** Comparing a row's label or a section's title, e.g. `r.label === 'Address'`, `s.title !== 'Export'`. */
const LOOKUP = /\.(label|title)\s*[!=]==?/


function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('src/ui never looks up a result row by its label', () => {
  it('the pattern catches the lookups it is meant to catch', () => {
    for (const line of ["s.rows.find((r) => r.label === 'Address')", 'account?.rows.find((r) => r.label === l)', "filter((s) => s.title !== 'Export')", "x.label=='Result'"]) expect(line).toMatch(LOOKUP)
    for (const line of ["meta.fields.find((f) => f.name === 'abi')", "<label htmlFor={id}>{spec.label}</label>", 'label === tokenLabel']) expect(line).not.toMatch(LOOKUP)
  })

  it.each(sources(UI).map((p) => [relative(UI, p)]))('%s', (file) => {
    const hits = readFileSync(join(UI, file), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line.trim() }))
      .filter((l) => LOOKUP.test(l.text))
    expect(hits, `${file} looks up rows by label; read the result's typed data instead`).toEqual([])
  })
})

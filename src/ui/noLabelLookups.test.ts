/**
 * Pages read a result's typed `data`, never a row by its label or a section by its title:
 * labels are words for people, and change with them (issue #10). The guard below names every
 * way of reading a row by its label that we know of, and is run over a fixture of each (it
 * must find them all) before it is run over src/ui (it must find none).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const UI = join(__dirname)

/** A label or a title of something (`r.label`, `s.title`, `row?.label`). */
const OF = String.raw`\??\.(?:label|title)\b`
/** A string, or a template literal's start. */
const TEXT = String.raw`['"\x60]`

/** Each way of reading a row (or a section) by its label (or title), named. */
export const LOOKUPS: readonly { name: string; pattern: RegExp }[] = [
  // r.label === 'Address', s.title !== 'Export', x.label=='Result'
  { name: 'comparing a label', pattern: new RegExp(String.raw`${OF}\s*[!=]==?`) },
  // 'Address' === r.label
  { name: 'comparing with a label', pattern: new RegExp(String.raw`[!=]==?\s*[\w$]+${OF}`) },
  // r.label.startsWith('token'), r.label.includes('hex'), /wei/.test(r.label), r.label.match(...)
  { name: 'matching a label', pattern: new RegExp(String.raw`${OF}\s*\??\.\s*(?:startsWith|endsWith|includes|indexOf|match|search|localeCompare)\s*\(|\.test\(\s*[\w$]+${OF}\s*\)`) },
  // new Map(rows.map((r) => [r.label, r])), Object.fromEntries(rows.map((r) => [r.label, r.value]))
  { name: 'a label as a key', pattern: new RegExp(String.raw`\[\s*[\w$]+${OF}\s*,`) },
  // byLabel.set(r.label, r), seen.has(r.label), values[r.label], lookup.get(row.title)
  { name: 'keying by a label', pattern: new RegExp(String.raw`\.(?:set|get|has)\(\s*[\w$]+${OF}\s*[,)]|[\w$\]\)]\[\s*[\w$]+${OF}\s*\]`) },
  // byLabel.get('wei (hex)'), rowsByLabel['Address']: any map whose name says it is keyed by labels
  { name: 'a map keyed by labels', pattern: /\b\w*by_?(?:label|title)s?\b/i },
  // const { label } = row; ({ label }) => label === 'x'; label.startsWith('token')
  { name: 'a destructured label compared', pattern: new RegExp(String.raw`(?<![.\w$])(?:label|title)\s*[!=]==?\s*${TEXT}|${TEXT}\s*[!=]==?\s*(?:label|title)\b|(?<![.\w$])(?:label|title)\s*\.\s*(?:startsWith|endsWith|includes|match)\s*\(\s*${TEXT}`) },
  // const { label, value } = row / = result.sections[0].rows[1]
  { name: 'a label destructured from a row', pattern: /\{[^{}]*\b(?:label|title)\b[^{}]*\}\s*=\s*[\w$.[\]?]*\b(?:row|rows|section|sections|result)\b/ },
  // switch (r.label) { case 'Address': … }
  { name: 'switching on a label', pattern: new RegExp(String.raw`switch\s*\(\s*[\w$]*${OF}\s*\)`) },
]

/** The lines of `source` that read a row by its label, with the way each does. */
export function labelLookups(source: string): { line: number; text: string; name: string }[] {
  return source.split('\n').flatMap((text, i) => LOOKUPS.filter((l) => l.pattern.test(text)).map((l) => ({ line: i + 1, text: text.trim(), name: l.name })))
}

/** One line of each kind: every one must be found, by the way it is named for. */
const CAUGHT: [string, string][] = [
  ["s.rows.find((r) => r.label === 'Address')", 'comparing a label'],
  ['account?.rows.find((r) => r.label === l)', 'comparing a label'],
  ["filter((s) => s.title !== 'Export')", 'comparing a label'],
  ["x.label=='Result'", 'comparing a label'],
  ["rows.find((r) => 'Address' === r.label)", 'comparing with a label'],
  ["rows.filter((r) => !r.label.startsWith('token'))", 'matching a label'],
  ["rows.find((r) => r.label.includes('hex'))", 'matching a label'],
  ["rows.find((r) => r.label?.endsWith('(hex)'))", 'matching a label'],
  ['rows.find((r) => /wei/.test(r.label))', 'matching a label'],
  ['const byLabel = new Map(rows.map((r) => [r.label, r.value]))', 'a label as a key'],
  ['const byName = new Map(results.flatMap((r) => r.sections[0]!.rows.map((row) => [row.label, row] as const)))', 'a label as a key'],
  ['const values = Object.fromEntries(rows.map((r) => [r.label, r.value]))', 'a label as a key'],
  ['for (const r of rows) index.set(r.label, r)', 'keying by a label'],
  ['if (seen.has(row.label)) continue', 'keying by a label'],
  ['const v = values[r.label]', 'keying by a label'],
  ["const hex = byLabel.get('wei (hex)')", 'a map keyed by labels'],
  ["const a = rowsByTitle['Answers']", 'a map keyed by labels'],
  ["rows.find(({ label }) => label === 'Address')", 'a destructured label compared'],
  ["rows.filter(({ label }) => !label.startsWith('token'))", 'a destructured label compared'],
  ["if ('Address' === label) return value", 'a destructured label compared'],
  ['const { label, value } = result.sections[0].rows[1]', 'a label destructured from a row'],
  ['const { title } = section', 'a label destructured from a row'],
  ['switch (row.label) {', 'switching on a label'],
]

/** Lines that only show a label, or compare something else: none may be found. */
const CLEAN = [
  "meta.fields.find((f) => f.name === 'abi')",
  '<label htmlFor={id}>{spec.label}</label>',
  'label === tokenLabel',
  "const tokenLabel = `token (${data?.decimals ?? '?'} decimals)`",
  "units.map(({ unit, label, value }) => <label>{unit === 'token' ? 'Token' : label}</label>)",
  '<CopyButton value={shown} label={`amount in ${label}`} />',
  "const rows = view.data?.accounts ?? []",
  'waitingFor.push(meta.fields.find((f) => f.name === name)?.label ?? name)',
  '{state.progress?.label ?? "Working…"}',
]

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

describe('src/ui never looks up a result row by its label', () => {
  it.each(CAUGHT)('the guard catches %s (%s)', (line, name) => {
    expect(labelLookups(`const ok = 1\n${line}\n`).map((h) => [h.line, h.name])).toContainEqual([2, name])
  })

  it('the guard fails on a fixture file holding every kind, one hit per line', () => {
    const fixture = CAUGHT.map(([line]) => line).join('\n')
    const lines = new Set(labelLookups(fixture).map((h) => h.line))
    expect([...lines].sort((a, b) => a - b)).toEqual(CAUGHT.map((_, i) => i + 1))
  })

  it.each(CLEAN)('the guard leaves alone %s', (line) => {
    expect(labelLookups(line)).toEqual([])
  })

  it.each(sources(UI).map((p) => [relative(UI, p)]))('%s', (file) => {
    const hits = labelLookups(readFileSync(join(UI, file), 'utf8'))
    expect(hits, `${file} looks up rows by label; read the result's typed data instead`).toEqual([])
  })
})

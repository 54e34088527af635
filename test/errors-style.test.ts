/**
 * House style for errors (issue #10): every error core throws on purpose is a class at the
 * bottom of its module (`export class XError extends BaseError`), never a `BaseError` built
 * by string name in a tool or elsewhere, and no module throws another module's error name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './support'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : []
  })
}

/** Where a core error is named: a class's `super('Module.XError', …)`, or `extends errorType('Module.XError', …)`. */
const NAMED = /(?:super|errorType)\(\s*'([A-Z]\w*)\.\w+Error'/

const files = sources(join(repoRoot, 'src')).filter((p) => !p.endsWith(join('core', 'Errors.ts')))

describe('errors are classes in their own core module', () => {
  it('the scan finds the pattern it is meant to find', () => {
    expect("throw new BaseError('X.YError', 'msg')").toMatch(/new BaseError\(/)
    expect("super('Units.TooManyDecimalsError', 'msg')").toMatch(NAMED)
    expect("extends errorType('Units.TooManyDecimalsError', ['hint'])").toMatch(NAMED)
  })

  it.each(files.map((p) => [relative(repoRoot, p)]))('%s builds no BaseError by string name', (file) => {
    expect(readFileSync(join(repoRoot, file), 'utf8')).not.toMatch(/new BaseError\(/)
  })

  it.each(files.filter((p) => p.includes(join('src', 'core'))).map((p) => [relative(repoRoot, p)]))('%s names its errors after itself', (file) => {
    const module = file.split('/').pop()!.replace(/\.ts$/, '')
    const names = [...readFileSync(join(repoRoot, file), 'utf8').matchAll(new RegExp(NAMED.source, 'g'))].map((m) => m[1])
    // A module's errors may live in a file the module re-exports whole (Rpc re-exports RpcFaults).
    // Core modules are found by name in whichever family folder holds them.
    const reexports = (n: string) => {
      const other = files.find((p) => p.includes(join('src', 'core')) && p.endsWith(`${sep}${n}.ts`))
      return !!other && readFileSync(other, 'utf8').includes(`export * from './${module}'`)
    }
    expect(names.filter((n) => n !== module && !reexports(n!))).toEqual([])
  })
})

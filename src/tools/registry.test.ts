import { readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CAPABILITIES, registry } from './registry'
import { withDefaults } from './define'
import { examplesOf } from '../../test/support'

const toolsDir = join(__dirname)
const featuresDir = join(__dirname, '..', 'ui', 'features')
const ids = registry.map((e) => e.meta.id)

describe('registry', () => {
  it('lists every tool folder, and only those', () => {
    const folders = readdirSync(toolsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'groups' && existsSync(join(toolsDir, d.name, 'meta.ts')))
      .map((d) => d.name)
      .sort()
    expect([...ids].sort()).toEqual(folders)
  })

  it('has unique kebab-case ids and known capabilities', () => {
    expect(new Set(ids).size).toBe(ids.length)
    const caps = new Set(CAPABILITIES.map((c) => c.id))
    for (const { meta } of registry) {
      expect(meta.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(caps.has(meta.capability)).toBe(true)
      expect(meta.title.length).toBeGreaterThan(2)
      expect(meta.summary.length).toBeGreaterThan(10)
    }
  })

  it('has a registered tool for every feature folder', () => {
    const features = existsSync(featuresDir)
      ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
      : []
    for (const f of features) expect(ids, `feature folder ${f}`).toContain(f)
  })

  it('loads each tool with the same meta it declares', async () => {
    for (const entry of registry) {
      const tool = (await entry.load()).default
      expect(tool.id).toBe(entry.meta.id)
      expect(tool.fields).toEqual(entry.meta.fields)
      expect(typeof tool.parse).toBe('function')
      expect(typeof tool.run).toBe('function')
    }
  })

  it('gives every tool at least one worked example, and only names known fields', async () => {
    for (const { meta, examples } of registry) {
      // what the page loads with the tool is the tool's own examples module
      expect((await examples()).examples, meta.id).toBe(examplesOf(meta.id))
      expect(examplesOf(meta.id).length, meta.id).toBeGreaterThan(0)
      const names = new Set(meta.fields.map((f) => f.name))
      for (const ex of examplesOf(meta.id)) for (const k of Object.keys(ex.inputs)) expect(names.has(k), `${meta.id}: ${k}`).toBe(true)
    }
  })

  it('never fills a secret field with a default', () => {
    for (const { meta } of registry)
      for (const f of meta.fields) if (f.secret) expect(withDefaults(meta, {})[f.name], `${meta.id}.${f.name}`).toBe('')
  })
})

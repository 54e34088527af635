import { describe, expect, it } from 'vitest'
import { registry } from '../tools/registry'
import { workerTools } from './tools'

describe('the worker loads only the tools that run there', () => {
  it('every tool that runs in a worker is loadable by the worker', () => {
    const wanted = registry.filter((e) => e.meta.runs === 'worker').map((e) => e.meta.id)
    expect(wanted.length).toBeGreaterThan(0)
    for (const id of wanted) expect(Object.keys(workerTools), id).toContain(id)
  })

  it('each entry is a registered tool and loads the same tool as the registry', async () => {
    for (const [id, load] of Object.entries(workerTools)) {
      const entry = registry.find((e) => e.meta.id === id)
      expect(entry, id).toBeDefined()
      const [mine, theirs] = await Promise.all([load(), entry!.load()])
      expect(mine.default, id).toBe(theirs.default)
      expect(mine.default.id).toBe(id)
    }
  })
})

describe('a tool that sends some runs to its worker', () => {
  it('is loadable by the worker (its `placeOf` can answer "worker")', async () => {
    const tools = await Promise.all(registry.map(async (e) => (await e.load()).default))
    const placing = tools.filter((t) => t.placeOf).map((t) => t.id)
    expect(placing).toContain('calldata-decode')
    for (const id of placing) expect(Object.keys(workerTools), id).toContain(id)
  })
})

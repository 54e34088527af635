import { describe, expect, it } from 'vitest'
import { defineMeta, defineTool, fieldParser, fieldsOfGroup, groupsOf, hiddenFields, isShown, visibleRaw } from './define'
import { registry } from './registry'
import type { RawInput } from './types'

const meta = defineMeta({
  id: 'demo',
  title: 'Demo',
  summary: 'A tool with mode-dependent fields.',
  capability: 'units',
  keywords: [],
  runs: 'main',
  fields: [
    { name: 'mode', label: 'Mode', kind: 'select', default: 'a', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }] },
    { name: 'onlyA', label: 'Only A', kind: 'text', default: 'dflt' },
    { name: 'notA', label: 'Not A', kind: 'text', showWhen: { field: 'mode', not: ['a'] } },
    { name: 'flag', label: 'Flag', kind: 'checkbox', showWhen: { field: 'mode', is: ['b'] } },
    { name: 'underFlag', label: 'Under the flag', kind: 'text', default: 'x', showWhen: { field: 'flag', is: ['true'] } },
    { name: 'always', label: 'Always', kind: 'text' },
  ],
  examples: [],
})
// `onlyA` is declared without showWhen above; give it one here so both `is` and `not` are covered.
const demo = { ...meta, fields: meta.fields.map((f) => (f.name === 'onlyA' ? { ...f, showWhen: { field: 'mode', is: ['a'] } } : f)) }

describe('visibleRaw', () => {
  it('sets every field hidden by showWhen to its default and leaves the shown ones as typed', () => {
    const raw = { mode: 'b', onlyA: 'typed', notA: 'n', flag: 'false', underFlag: 'u', always: 'w' }
    expect(visibleRaw(demo, raw)).toEqual({ mode: 'b', onlyA: 'dflt', notA: 'n', flag: 'false', underFlag: 'x', always: 'w' })
    expect(visibleRaw(demo, { ...raw, mode: 'a' })).toEqual({ mode: 'a', onlyA: 'typed', notA: '', flag: 'false', underFlag: 'x', always: 'w' })
  })

  it('follows chains: a field under a hidden field is hidden too', () => {
    expect(isShown(demo, 'underFlag', { mode: 'b', flag: 'true' })).toBe(true)
    expect(isShown(demo, 'underFlag', { mode: 'c', flag: 'true' })).toBe(false)
    expect([...hiddenFields(demo, { mode: 'c', flag: 'true' })].sort()).toEqual(['flag', 'onlyA', 'underFlag'])
  })

  it('uses the default of an absent controlling field, and of a select value that is not an option', () => {
    expect([...hiddenFields(demo, {})].sort()).toEqual(['flag', 'notA', 'underFlag'])
    expect([...hiddenFields(demo, { mode: 'zzz' })].sort()).toEqual(['flag', 'notA', 'underFlag'])
  })
})

describe('defineTool: parse sees hidden fields at their default', () => {
  const tool = defineTool(demo, {
    parse: (raw: RawInput) => ({ ok: true as const, value: { ...raw } }),
    run: () => ({ sections: [] }),
  })

  it('whatever a hidden field held does not reach parse', () => {
    expect(tool.parse({ mode: 'c', onlyA: 'typed in A', notA: 'n' })).toEqual({ ok: true, value: { mode: 'c', onlyA: 'dflt', notA: 'n', flag: 'false', underFlag: 'x' } })
    expect(tool.parse({ mode: 'a', onlyA: 'typed in A', notA: 'n' })).toEqual({ ok: true, value: { mode: 'a', onlyA: 'typed in A', notA: '', flag: 'false', underFlag: 'x' } })
  })

  it('fieldParser with the meta does not run a hidden field’s parser', () => {
    const parse = fieldParser<{ mode: string; onlyA?: string; notA?: string }>(
      {
        mode: (v) => v,
        onlyA: (v) => {
          if (v !== 'ok') throw new Error('onlyA is not ok')
          return v
        },
        notA: (v) => v.toUpperCase(),
      },
      demo,
    )
    expect(parse({ mode: 'b', onlyA: 'bad', notA: 'n' })).toEqual({ ok: true, value: { mode: 'b', notA: 'N' } })
    expect(parse({ mode: 'a', onlyA: 'bad', notA: 'n' })).toMatchObject({ ok: false, errors: { onlyA: expect.stringContaining('onlyA is not ok') } })
  })
})

describe('real tools ignore what a hidden field holds', () => {
  const load = async (id: string) => (await registry.find((e) => e.meta.id === id)!.load()).default
  const rowsOf = (r: { sections: { rows: { label: string; value: string }[] }[] }) => Object.fromEntries(r.sections.flatMap((s) => s.rows.map((x) => [x.label, x.value])))

  it('contract-address: CREATE ignores a bad CREATE2 salt and init code', async () => {
    const tool = await load('contract-address')
    const p = tool.parse({ mode: 'create', deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', nonce: '0', salt: 'not hex', initCode: 'zz' })
    expect(p.ok).toBe(true)
    // anvil's first deployment from account 0 (what anvil prints for nonce 0).
    if (p.ok) expect(rowsOf(await tool.run(p.value, { signal: new AbortController().signal, progress: () => {} }))['Contract address']).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3')
    expect(tool.parse({ mode: 'create2', deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', nonce: 'bad nonce', salt: 'not hex', initCode: '0x00' })).toMatchObject({ ok: false, errors: { salt: expect.any(String) } })
  })

  it('storage-slot: an ERC-7201 root ignores mapping keys that would not parse', async () => {
    const tool = await load('storage-slot')
    const p = tool.parse({ layout: 'erc7201', namespace: 'example.main', keys: 'nonsense', slot: 'x', index: 'y' })
    expect(p.ok).toBe(true)
    // The slot given in ERC-7201 itself for example.main.
    if (p.ok) expect(rowsOf(await tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })).Slot).toBe('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500')
  })

  it('keystore-encrypt: a key source ignores a bad keystore and scrypt parameters of another kdf', async () => {
    const tool = await load('keystore-encrypt')
    expect(tool.parse({ source: 'key', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', keystore: '{', password: 'pw', kdf: 'light', n: '3' }).ok).toBe(true)
    expect(tool.parse({ source: 'key', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', password: 'pw', kdf: 'custom-scrypt', n: '3', r: '8', p: '1' })).toMatchObject({ ok: false, errors: { n: expect.any(String) } })
  })
})

describe('showWhen declarations of every registered tool', () => {
  it.each(registry.map((e) => [e.meta.id, e.meta] as const))('%s: each names an earlier field, and only values that field can hold', (_id, m) => {
    m.fields.forEach((f, i) => {
      if (!f.showWhen) return
      const on = m.fields.findIndex((x) => x.name === f.showWhen!.field)
      expect(on, `${f.name}.showWhen.field`).toBeGreaterThanOrEqual(0)
      expect(on, `${f.name} is declared after ${f.showWhen.field}`).toBeLessThan(i)
      const controller = m.fields[on]!
      const can = controller.kind === 'checkbox' ? ['true', 'false'] : controller.options?.map((o) => o.value)
      if (can) for (const v of [...(f.showWhen.is ?? []), ...(f.showWhen.not ?? [])]) expect(can, `${f.name}.showWhen value ${v}`).toContain(v)
      expect(f.showWhen.is ?? f.showWhen.not, `${f.name}.showWhen has is or not`).toBeDefined()
    })
  })
})

describe('field groups', () => {
  const grouped = defineMeta({
    ...meta,
    fields: [
      { name: 'a', label: 'A', kind: 'text' },
      { name: 'b', label: 'B', kind: 'text', group: 'advanced' },
      { name: 'c', label: 'C', kind: 'checkbox', group: 'named' },
      { name: 'd', label: 'D', kind: 'text', group: 'basic' },
      { name: 'e', label: 'E', kind: 'checkbox', setBy: 'a button' },
    ],
    groups: { named: 'Named' },
  })
  it('puts a field without a group in basic, keeps declaration order, and leaves out fields set by the page', () => {
    expect(groupsOf(grouped)).toEqual(['basic', 'advanced', 'named'])
    expect(fieldsOfGroup(grouped, 'basic').map((f) => f.name)).toEqual(['a', 'd'])
    expect(fieldsOfGroup(grouped, 'advanced').map((f) => f.name)).toEqual(['b'])
    expect(fieldsOfGroup(grouped, 'named').map((f) => f.name)).toEqual(['c'])
  })

  it.each(registry.map((e) => [e.meta.id, e.meta] as const))('%s: every named group has a title', (_id, m) => {
    for (const g of groupsOf(m)) if (g !== 'basic' && g !== 'advanced') expect(m.groups?.[g], `title of group ${g}`).toBeTruthy()
    for (const g of Object.keys(m.groups ?? {})) expect(groupsOf(m), `group ${g} has fields`).toContain(g)
  })
})

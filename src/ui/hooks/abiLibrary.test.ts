// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { abiLibrary } from './abiLibrary'

describe('the ABI library', () => {
  beforeEach(() => {
    for (const e of abiLibrary.list()) abiLibrary.remove(e.name)
  })

  it('saves named ABIs in localStorage, replaces by name, removes', () => {
    abiLibrary.save('Token', 'function transfer(address to, uint256 amount) returns (bool)')
    abiLibrary.save('Router', '[{"type":"function","name":"multicall","inputs":[{"name":"data","type":"bytes[]"}],"outputs":[]}]')
    abiLibrary.save('Token', 'function approve(address spender, uint256 amount) returns (bool)')
    expect(abiLibrary.list().map((e) => e.name)).toEqual(['Router', 'Token'])
    expect(JSON.parse(localStorage.getItem('ether-workbench:abi-library')!)).toHaveLength(2)
    expect(abiLibrary.abis()[1]![0]).toMatchObject({ type: 'function', name: 'approve' })
    abiLibrary.remove('Router')
    expect(abiLibrary.list().map((e) => e.name)).toEqual(['Token'])
  })

  it('refuses an invalid ABI or an empty name, with the parse error', () => {
    expect(() => abiLibrary.save('Bad', 'function f(uint7 x)')).toThrow(/uint7/)
    expect(() => abiLibrary.save('  ', 'function f()')).toThrow(/Give the ABI a name/)
    expect(abiLibrary.list()).toEqual([])
  })

  it('exports and imports the whole library', () => {
    abiLibrary.save('A', 'function a()')
    abiLibrary.save('B', 'event B(uint256 indexed x)')
    const doc = abiLibrary.exportJson()
    abiLibrary.remove('A')
    abiLibrary.remove('B')
    expect(abiLibrary.importJson(doc)).toBe(2)
    expect(abiLibrary.list().map((e) => e.name)).toEqual(['A', 'B'])
    expect(() => abiLibrary.importJson('{"nope":1}')).toThrow(/not an exported ABI library/)
    expect(() => abiLibrary.importJson('not json')).toThrow(/not JSON/)
  })

  it.each([
    ['not JSON', '{corrupt', []],
    ['not a list', '{"name":"A","abi":"function a()"}', []],
    ['entries of the wrong shape among good ones', '[1, null, {"name":2}, {"name":"Ok","abi":"function ok()"}]', ['Ok']],
  ])('survives corrupt storage on a fresh read: %s', async (_what, stored, names) => {
    localStorage.setItem('ether-workbench:abi-library', stored)
    // A fresh module has no in-memory copy, so list() really reads the corrupt value.
    vi.resetModules()
    const fresh = (await import('./abiLibrary')).abiLibrary
    expect(fresh.list().map((e) => e.name)).toEqual(names)
    expect(fresh.abis()).toHaveLength(names.length)
  })
})

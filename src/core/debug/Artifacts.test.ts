/**
 * Artifacts.parse over real solc output (test/chain/sourceKit.ts compiles it) in each form a
 * person drops: standard-JSON output with its input, output alone plus .sol files, a Hardhat
 * build-info, Foundry artifacts with and without the .sol beside them. Hostile JSON (random
 * values put anywhere in a real output, random text) gets a result or an Artifacts error, never
 * anything else; sizes past the bounds are refused with a message.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../Errors'
import * as Artifacts from './Artifacts'
import { compileFull, foundryArtifact, SRC_PATH, VAULT_SOL } from '../../../test/chain/sourceKit'

const seed = Date.now() % 2 ** 31
console.log(`Artifacts.test seed ${seed}`)

const { input, output } = compileFull({ [SRC_PATH]: VAULT_SOL, 'lib/Other.sol': 'pragma solidity ^0.8.28;\ncontract Other { function f() external pure returns (uint) { return 1; } }\n' }, false)
const json = (v: unknown) => JSON.stringify(v)

describe('Artifacts.parse', () => {
  it('solc standard-JSON output with its input: every contract, its ids and the texts', () => {
    const b = Artifacts.parse([{ name: 'out.json', text: json(output) }, { name: 'in.json', text: json(input) }])
    expect(b.contracts.map((c) => `${c.path}:${c.name}`).sort()).toEqual(['lib/Other.sol:Other', `${SRC_PATH}:Proxy`, `${SRC_PATH}:Vault`])
    const vault = b.contracts.find((c) => c.name === 'Vault')!
    expect(vault.code).toBe(output.contracts[SRC_PATH]!.Vault!.evm.deployedBytecode.object)
    expect(vault.sourceMap).toBe(output.contracts[SRC_PATH]!.Vault!.evm.deployedBytecode.sourceMap)
    expect(vault.immutables.length).toBeGreaterThan(0)
    expect(vault.ids.get(output.sources[SRC_PATH]!.id)).toBe(SRC_PATH)
    expect(vault.ids.get(output.sources['lib/Other.sol']!.id)).toBe('lib/Other.sol')
    expect(b.sources.get(SRC_PATH)!.content).toBe(VAULT_SOL)
    expect(b.sources.get(SRC_PATH)!.ast).toBeTruthy()
    expect(Artifacts.missingTexts(b, vault)).toEqual([])
    expect(Artifacts.badMaps(b)).toEqual([])
  })

  it('immutables keep their AST id, named from the AST: Vault\'s `limit`, Proxy\'s `impl`, at the offsets solc gives', () => {
    const b = Artifacts.parse([{ name: 'out.json', text: json(output) }])
    const names = Artifacts.declarationNames(b)
    for (const [cname, want] of [['Vault', 'limit'], ['Proxy', 'impl']] as const) {
      const c = b.contracts.find((x) => x.name === cname)!
      const refs = output.contracts[SRC_PATH]![cname]!.evm.deployedBytecode.immutableReferences!
      expect(c.immutables).toEqual(Object.entries(refs).flatMap(([id, rs]) => rs.map((r) => ({ start: r.start, length: r.length, id: Number(id) }))))
      expect([...new Set(c.immutables.map((r) => names.get(r.id)))]).toEqual([want])
    }
    // A Foundry artifact carries the same ids and its own AST.
    const f = Artifacts.parse([{ name: 'Vault.json', text: json(foundryArtifact(output, SRC_PATH, 'Vault')) }])
    expect(f.contracts[0]!.immutables.map((r) => Artifacts.declarationNames(f).get(r.id))).toEqual(f.contracts[0]!.immutables.map(() => 'limit'))
  })

  it('output alone: texts from .sol files dropped beside it, by path or by name', () => {
    const b = Artifacts.parse([{ name: 'out.json', text: json(output) }, { name: 'Vault.sol', text: VAULT_SOL }])
    expect(b.sources.get(SRC_PATH)!.content).toBe(VAULT_SOL)
    expect(Artifacts.missingTexts(b, b.contracts.find((c) => c.name === 'Vault')!)).toEqual(['lib/Other.sol'])
  })

  it('a Hardhat build-info', () => {
    const b = Artifacts.parse([{ name: 'build-info/abc.json', text: json({ _format: 'hh-sol-build-info-1', id: 'abc', solcVersion: '0.8.37', solcLongVersion: '0.8.37', input, output }) }])
    expect(b.contracts.map((c) => c.name).sort()).toEqual(['Other', 'Proxy', 'Vault'])
    expect(b.sources.get('lib/Other.sol')!.content).toContain('contract Other')
  })

  it('Foundry artifacts: the file id from the artifact, ids shared between artifacts, the text from a dropped .sol', () => {
    const vault = foundryArtifact(output, SRC_PATH, 'Vault')
    const other = foundryArtifact(output, 'lib/Other.sol', 'Other')
    const b = Artifacts.parse([{ name: 'Vault.json', text: json(vault) }, { name: 'Other.json', text: json(other) }, { name: 'Vault.sol', text: VAULT_SOL }])
    const v = b.contracts.find((c) => c.name === 'Vault')!
    expect(v.kind).toBe('foundry')
    expect(v.path).toBe(SRC_PATH)
    expect(v.ids.get(output.sources[SRC_PATH]!.id)).toBe(SRC_PATH)
    expect(v.ids.get(output.sources['lib/Other.sol']!.id)).toBe('lib/Other.sol')
    expect(b.sources.get(SRC_PATH)!.content).toBe(VAULT_SOL)
    expect(b.sources.get(SRC_PATH)!.ast).toEqual(output.sources[SRC_PATH]!.ast)
    expect(Artifacts.missingTexts(b, v)).toEqual(['lib/Other.sol'])
  })

  it('a .sol whose name two sources share is not guessed', () => {
    const b = Artifacts.parse([
      { name: 'out.json', text: json({ contracts: output.contracts, sources: { 'a/Vault.sol': { id: 0 }, 'b/Vault.sol': { id: 1 } } }) },
      { name: 'Vault.sol', text: VAULT_SOL },
    ])
    expect(b.sources.get('a/Vault.sol')!.content).toBeUndefined()
    expect(b.sources.get('b/Vault.sol')!.content).toBeUndefined()
  })

  it('library link placeholders are accepted as code', () => {
    const linked = { contracts: { 'L.sol': { C: { evm: { deployedBytecode: { object: `6080__$${'ab'.repeat(17)}$__00`, sourceMap: '' } } } } } }
    expect(Artifacts.parse([{ name: 'l.json', text: json(linked) }]).contracts[0]!.code).toContain('__$')
  })

  it('what is not compiler output: a message naming the file', () => {
    expect(() => Artifacts.parse([{ name: 'x.json', text: '{"a":' }])).toThrow(Artifacts.NotJsonError)
    expect(() => Artifacts.parse([{ name: 'x.json', text: '{"a":' }])).toThrow(/x\.json is not valid JSON/)
    expect(() => Artifacts.parse([{ name: 'x.json', text: '{"a":1}' }])).toThrow(Artifacts.UnknownFormError)
    expect(() => Artifacts.parse([{ name: 'x.json', text: '[1,2]' }])).toThrow(Artifacts.UnknownFormError)
    expect(() => Artifacts.parse([])).toThrow(Artifacts.NothingError)
    expect(() => Artifacts.parse([{ name: 'V.sol', text: VAULT_SOL }])).toThrow(Artifacts.NothingError)
    expect(() => Artifacts.parse([{ name: 'x.json', text: json({ contracts: { 'a.sol': { A: { evm: { deployedBytecode: { object: '60zz' } } } } } }) }])).toThrow(/A's runtime bytecode is not hex/)
    expect(() => Artifacts.parse([{ name: 'x.json', text: json({ contracts: { 'a.sol': { A: { evm: { deployedBytecode: { object: '6000', immutableReferences: { '1': [{ start: 1, length: 32 }] } } } } } } }) }])).toThrow(Artifacts.BadFieldError)
  })

  it('sizes past the bounds are refused', () => {
    expect(() => Artifacts.parse([{ name: 'big.json', text: ' '.repeat(Artifacts.MAX_FILE + 1) }])).toThrow(Artifacts.TooLargeError)
    const half = ' '.repeat(Artifacts.MAX_FILE)
    expect(() => Artifacts.parse([{ name: 'a', text: half }, { name: 'b', text: half }, { name: 'c', text: ' ' }])).toThrow(/the files together/)
    expect(() => Artifacts.parse(Array.from({ length: Artifacts.MAX_FILES + 1 }, () => ({ name: 'a', text: '' })))).toThrow(Artifacts.TooManyError)
  })

  it('hostile JSON: random values anywhere in a real output, and random text, give a result or an Artifacts error', () => {
    const paths: (string | number)[][] = []
    const collect = (v: unknown, at: (string | number)[]) => {
      paths.push(at)
      if (at.length > 7 || !v || typeof v !== 'object') return
      if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => collect(x, [...at, i]))
      else for (const [k, x] of Object.entries(v)) if (k !== 'ast') collect(x, [...at, k])
    }
    const bundle = { input, output }
    collect(bundle, [])
    const check = (files: Artifacts.File[]) => {
      try {
        Artifacts.parse(files)
      } catch (e) {
        expect(e).toBeInstanceOf(BaseError)
        expect((e as BaseError).name).toMatch(/^Artifacts\./)
      }
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.jsonValue({ maxDepth: 3 }), fc.boolean(), (pi, value, hh) => {
        const copy = structuredClone(bundle) as Record<string, unknown>
        const at = paths[pi]!
        if (at.length === 0) return check([{ name: 'x.json', text: json(value) }])
        let o = copy as Record<string | number, unknown>
        for (const k of at.slice(0, -1)) o = o[k] as Record<string | number, unknown>
        o[at[at.length - 1]!] = value
        check(hh ? [{ name: 'x.json', text: json(copy) }] : [{ name: 'o.json', text: json(copy.output) }, { name: 'i.json', text: json(copy.input) }])
      }),
      { seed, numRuns: 400 },
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.constantFrom('{"__proto__":{"contracts":1}}', '{"contracts":{"__proto__":{"A":{"evm":{"deployedBytecode":"0x00"}}}}}', '{"deployedBytecode":{"object":"0x00"},"ast":{"absolutePath":"__proto__"}}')), (t) => check([{ name: 'r.json', text: t }, { name: '__proto__', text: t }])),
      { seed, numRuns: 1000 },
    )
  })
})

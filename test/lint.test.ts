/**
 * The architecture's import fences (eslint.config.js, docs/ARCHITECTURE.md) fire where they
 * should and stay quiet where they should not. Each probe is linted with ESLint's Node API
 * under a virtual file path inside the zone it tests; the imports it makes point at real
 * files, and `import-x/no-unresolved` is switched on for relative imports so that a probe whose
 * target has moved fails here instead of passing silently (no-restricted-paths skips what it
 * cannot resolve).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { repoRoot } from './support'

const PATHS = 'import-x/no-restricted-paths'
const IMPORTS = 'no-restricted-imports'
const CYCLE = 'import-x/no-cycle'

// One instance for every case. `ignore: false` lets it lint the fixtures under
// test/lint-fixtures, which the normal lint run skips. The probes under src are virtual files
// nothing imports, so they can close no cycle: no-cycle is off for them (it would walk the whole
// import graph, seconds per probe); the cycle fixtures keep the project's no-cycle setting.
const eslint = new ESLint({
  cwd: repoRoot,
  ignore: false,
  overrideConfig: [
    { rules: { 'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }] } },
    { files: ['src/**'], rules: { 'import-x/no-cycle': 'off' } },
  ],
})

interface Finding { rule: string | null; message: string }

async function lint(file: string, code: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, file) })
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }))
}

/** A module that imports `spec` and uses it, so no other rule has anything to say. */
const importing = (spec: string) => `import * as M from '${spec}'\n\nexport { M }\n`

/** Lints `code` as `file` and expects exactly one finding, from `rule`, whose message contains `says`. */
async function expectFence(file: string, code: string, rule: string, says: string) {
  const findings = await lint(file, code)
  expect(findings.map((f) => f.rule), JSON.stringify(findings)).toEqual([rule])
  expect(findings[0]!.message).toContain(says)
}

/** Lints `code` as `file` and expects no finding at all. */
async function expectClean(file: string, code: string) {
  expect(await lint(file, code)).toEqual([])
}

const subdirs = (dir: string) =>
  readdirSync(join(repoRoot, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()
const TOOLS = subdirs('src/tools').filter((d) => d !== 'kit' && d !== 'groups')
const FEATURES = subdirs('src/ui/features')

// Virtual files, one per zone (none of them exists; their directories do).
const CORE = 'src/core/LintProbe.ts'
const TOOL = 'src/tools/units/lint-probe.ts'
const KIT = 'src/tools/kit/lint-probe.ts'
const GROUP = 'src/tools/groups/lint-probe.ts'
const WORKER = 'src/workers/lint-probe.ts'
const SHELL = 'src/ui/LintProbe.tsx'
const COMPONENT = 'src/ui/components/LintProbe.tsx'
const FEATURE = 'src/ui/features/units/LintProbe.tsx'

/** One test per [name, file, what it imports, what the message says]: that import in that file fails `rule`, with that message. */
function itFails(rule: string, cases: [string, string, string, string][]) {
  it.each(cases)('%s (%s imports %s)', async (_name, file, spec, says) => {
    await expectFence(file, importing(spec), rule, says)
  })
}

describe('lint fences: forbidden imports fail', () => {
  itFails(PATHS, [
    ['core → ui', CORE, '../ui/url', 'core is the bottom layer'],
    ['core → tools', CORE, '../tools/types', 'core is the bottom layer'],
    ['core → a tool', CORE, '../tools/units', 'core is the bottom layer'],
    ['core → workers', CORE, '../workers/protocol', 'core is the bottom layer'],
    ['tools → ui', TOOL, '../../ui/url', 'tools sit under ui and workers'],
    ['tools → workers', TOOL, '../../workers/client', 'tools sit under ui and workers'],
    ['tool → another tool (index)', TOOL, '../hash', "never another tool's folder"],
    ['tool → another tool (meta)', TOOL, '../hash/meta', "never another tool's folder"],
    ['tool → registry', TOOL, '../registry', "never another tool's folder"],
    ['tool → a group file', TOOL, '../groups/units', "never another tool's folder"],
    ['kit → a tool folder', KIT, '../units', 'never a tool folder'],
    ['kit → a tool meta', KIT, '../hash/meta', 'never a tool folder'],
    ['kit → registry', KIT, '../registry', 'never a tool folder'],
    ['workers → ui', WORKER, '../ui/url', 'workers never import ui'],
    ['workers → ui component', WORKER, '../ui/components/ToolForm', 'workers never import ui'],
    ['feature → another feature', FEATURE, '../abi-encode', 'A feature never imports another feature'],
    ['feature → another tool', FEATURE, '../../../tools/hash', 'A feature imports only its own tool'],
    ['feature → kit', FEATURE, '../../../tools/kit/fields', 'A feature imports only its own tool'],
    ['feature → group file', FEATURE, '../../../tools/groups/units', 'A feature imports only its own tool'],
    ['shell → a tool folder', SHELL, '../tools/hash', 'The ui shell reaches tools only through'],
    ['shell component → a tool folder', COMPONENT, '../../tools/units', 'The ui shell reaches tools only through'],
    ['shell → a feature', SHELL, './features/units', 'The shell never imports a feature'],
    ['shell component → a feature', COMPONENT, '../features/abi-encode', 'The shell never imports a feature'],
  ])

  itFails(IMPORTS, [
    ['core → react', CORE, 'react', 'React belongs to src/ui only'],
    ['tools → react', TOOL, 'react', 'React belongs to src/ui only'],
    ['workers → react', WORKER, 'react', 'React belongs to src/ui only'],
    ['tools → ox', TOOL, 'ox', 'Only src/core imports cryptography'],
    ['workers → ox', WORKER, 'ox', 'Only src/core imports cryptography'],
    ['ui → ox', SHELL, 'ox', 'Only src/core imports cryptography'],
    ['ui → ox/Hex', COMPONENT, 'ox/Hex', 'Only src/core imports cryptography'],
    ['ui → viem', COMPONENT, 'viem', 'Only src/core imports cryptography'],
    ['ui → hash-wasm', COMPONENT, 'hash-wasm', 'Only src/core imports cryptography'],
    ['ui → @noble/hashes', COMPONENT, '@noble/hashes/sha3', 'Only src/core imports cryptography'],
    ['ui → @scure/bip39', COMPONENT, '@scure/bip39', 'Only src/core imports cryptography'],
    ['ui → @adraffy/ens-normalize', COMPONENT, '@adraffy/ens-normalize', 'Only src/core imports cryptography'],
    ['ui → ethers', COMPONENT, 'ethers', 'Only src/core imports cryptography'],
    ['feature → ox', FEATURE, 'ox', 'Only src/core imports cryptography'],
    ['group file → a tool index, statically', GROUP, '../units', "imports only '../<id>/meta'"],
  ])

  it('a group file → kit fails twice: outside its zone, and not a meta import', async () => {
    const findings = await lint(GROUP, importing('../kit/fields'))
    expect(findings.map((f) => f.rule).sort(), JSON.stringify(findings)).toEqual([PATHS, IMPORTS].sort())
    expect(findings.find((f) => f.rule === PATHS)!.message).toContain("imports only each tool's meta.ts")
  })

  it('an import cycle fails (test/lint-fixtures/cycle/a.ts <-> b.ts)', async () => {
    const file = 'test/lint-fixtures/cycle/a.ts'
    const findings = await lint(file, readFileSync(join(repoRoot, file), 'utf8'))
    expect(findings.map((f) => f.rule), JSON.stringify(findings)).toEqual([CYCLE])
  })

  it('tests keep the layer fences (a core test → ui)', async () => {
    await expectFence('src/core/LintProbe.test.ts', importing('../ui/url'), PATHS, 'core is the bottom layer')
  })

  it('an import that does not resolve is reported (so a moved probe target cannot pass silently)', async () => {
    const findings = await lint(FEATURE, importing('../no-such-feature'))
    expect(findings.map((f) => f.rule)).toEqual(['import-x/no-unresolved'])
  })
})

describe('lint fences: allowed imports pass', () => {
  it.each([
    ['core → core (the shared base)', CORE, './Errors'],
    ['core → ox', CORE, 'ox'],
    ['tool → core', TOOL, '../../core/format/Units'],
    ['tool → its own meta', TOOL, './meta'],
    ['tool → its own index', TOOL, './index'],
    ['tool → types', TOOL, '../types'],
    ['tool → define', TOOL, '../define'],
    ['tool → kit', TOOL, '../kit/fields'],
    ['kit → core', KIT, '../../core/format/Units'],
    ['kit → kit', KIT, './fields'],
    ['kit → types', KIT, '../types'],
    ['kit → define', KIT, '../define'],
    ['group file → a tool meta', GROUP, '../units/meta'],
    ['group file → types', GROUP, '../types'],
    ['workers → registry', WORKER, '../tools/registry'],
    ['workers → a tool', WORKER, '../tools/units'],
    ['workers → core', WORKER, '../core/Errors'],
    ['shell → registry', SHELL, '../tools/registry'],
    ['shell → detect', SHELL, '../tools/detect'],
    ['shell → define', SHELL, '../tools/define'],
    ['shell → workers', SHELL, '../workers/client'],
    ['shell → core', SHELL, '../core/format/Units'],
    ['shell component → types', COMPONENT, '../../tools/types'],
    ['shell → react', SHELL, 'react'],
    ['feature → its own tool', FEATURE, '../../../tools/units'],
    ['feature → its own tool meta', FEATURE, '../../../tools/units/meta'],
    ['feature → types', FEATURE, '../../../tools/types'],
    ['feature → registry', FEATURE, '../../../tools/registry'],
    ['feature → components', FEATURE, '../../components/ToolForm'],
    ['feature → hooks', FEATURE, '../../hooks/abiLibrary'],
    ['feature → workers client', FEATURE, '../../../workers/client'],
    ['feature → core', FEATURE, '../../../core/format/Units'],
    ['feature → itself', FEATURE, './index'],
  ])('%s (%s imports %s)', async (_name, file, spec) => {
    await expectClean(file, importing(spec))
  })

  it('a group file names a tool meta statically and load()s its index', async () => {
    await expectClean(GROUP, "import meta from '../units/meta'\n\nexport const entry = { meta, load: () => import('../units') }\n")
  })

  it('a tool test may reach across tools', async () => {
    await expectClean('src/tools/units/lint-probe.test.ts', importing('../hash'))
  })

  it('importing into a cycle without closing it is fine (test/lint-fixtures/cycle/c.ts)', async () => {
    const file = 'test/lint-fixtures/cycle/c.ts'
    await expectClean(file, readFileSync(join(repoRoot, file), 'utf8'))
  })
})

describe('lint fences: every tool and feature folder is fenced', () => {
  it('finds the folders', () => {
    expect(TOOLS.length).toBeGreaterThan(10)
    expect(FEATURES.length).toBeGreaterThan(5)
  })

  it.each(TOOLS)('src/tools/%s imports no other tool, but may import its own meta', async (id) => {
    const other = TOOLS.find((t) => t !== id)!
    const file = `src/tools/${id}/lint-probe.ts`
    await expectFence(file, importing(`../${other}/meta`), PATHS, "never another tool's folder")
    await expectClean(file, importing('./meta'))
  })

  it.each(FEATURES)('src/ui/features/%s imports no other feature and no other tool', async (id) => {
    const otherFeature = FEATURES.find((f) => f !== id)!
    const otherTool = TOOLS.find((t) => t !== id)!
    const file = `src/ui/features/${id}/LintProbe.tsx`
    await expectFence(file, importing(`../${otherFeature}`), PATHS, 'A feature never imports another feature')
    await expectFence(file, importing(`../../../tools/${otherTool}/meta`), PATHS, 'A feature imports only its own tool')
    if (existsSync(join(repoRoot, 'src/tools', id, 'meta.ts'))) await expectClean(file, importing(`../../../tools/${id}/meta`))
  })
})

// core's concept families (eslint.config.js CORE_FAMILIES, docs/ARCHITECTURE.md "Core
// families"), bottom first: each imports only the families before it, and the root of src/core
// (Errors, Outcome) imports none. The folders are made by scripts/core-layout.mjs.
const ORDER = JSON.parse(/const CORE_FAMILIES = (\[[^\]]*\])/.exec(readFileSync(join(repoRoot, 'eslint.config.js'), 'utf8'))![1]!.replace(/'/g, '"')) as string[]
const FAMILIES = ORDER.filter((f) => existsSync(join(repoRoot, 'src/core', f)))
/** A real module of a family folder, as a specifier from a file one folder deep in src/core. */
const moduleOf = (family: string) => {
  const m = readdirSync(join(repoRoot, 'src/core', family)).find((n) => /^[A-Z]\w*\.ts$/.test(n))!
  return `../${family}/${m.replace(/\.ts$/, '')}`
}

describe('lint fences: core families', () => {
  it('every folder of src/core is a family in the order, or its data', () => {
    expect(ORDER.length).toBeGreaterThan(5)
    expect(subdirs('src/core').filter((d) => d !== 'data' && !ORDER.includes(d))).toEqual([])
  })

  describe.skipIf(FAMILIES.length < 2)('with the families in place', () => {
    it.each(FAMILIES.slice(0, -1).map((f, i) => [f, FAMILIES[i + 1]!]))('src/core/%s imports no family above it (%s)', async (low, high) => {
      await expectFence(`src/core/${low}/LintProbe.ts`, importing(moduleOf(high)), PATHS, 'import only the families below them')
    })

    it.each(FAMILIES.slice(1).map((f, i) => [f, FAMILIES[i]!]))('src/core/%s may import the family below it (%s) and the shared base', async (high, low) => {
      await expectClean(`src/core/${high}/LintProbe.ts`, importing(moduleOf(low)))
      await expectClean(`src/core/${high}/LintProbe.ts`, importing('../Errors'))
    })

    it('the root of src/core imports no family', async () => {
      await expectFence(CORE, importing(moduleOf(FAMILIES[0]!).replace(/^\.\./, '.')), PATHS, 'the shared base')
    })

    it('a family is still core: it imports no ui', async () => {
      await expectFence(`src/core/${FAMILIES[0]}/LintProbe.ts`, importing('../../ui/url'), PATHS, 'core is the bottom layer')
    })

    it('tests may reach across families (a chain test sends through tx)', async () => {
      await expectClean(`src/core/${FAMILIES[0]}/LintProbe.test.ts`, importing(moduleOf(FAMILIES.at(-1)!)))
    })
  })
})

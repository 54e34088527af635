// Lint: TypeScript and React rules, and the architecture's one-way imports (DESIGN.md,
// docs/ARCHITECTURE.md), held by import-x/no-restricted-paths zones over resolved paths:
// core imports nothing of the app; a tool imports only core, tools/types, tools/define,
// tools/kit and its own folder; kit only core, types and define; the registry files import
// every tool's meta.ts (and load() its index); workers never import ui; the ui shell reaches
// tools only through types, define, registry and detect; a feature imports no other feature
// and no tool but its own; ui never reaches a crypto library directly; core's concept families
// import only the families below them; no cycles.
// test/lint.test.ts proves each fence fires (and that allowed imports pass).
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'

const CRYPTO = ['ox', 'ox/*', 'viem', 'viem/*', 'hash-wasm', '@noble/*', '@scure/*', '@adraffy/*', '@ethereumjs/*', 'qrcode', '@openchainxyz/*', 'ethers', 'ethers6']
const cryptoRule = { group: CRYPTO, caseSensitive: true, message: 'Only src/core imports cryptography and Ethereum libraries: ask core.' }
const reactRule = { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'React belongs to src/ui only.' }

// Zones are resolved against this file's folder, whatever the process's working directory.
const root = import.meta.dirname
const subdirs = (dir) => readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
// Every tool folder and every feature folder gets its own zone (read when lint starts, so a new
// folder is fenced without editing this file).
const TOOLS = subdirs('src/tools').filter((d) => d !== 'kit' && d !== 'groups')
const FEATURES = subdirs('src/ui/features')
const TOOL_BASE = ['types.ts', 'define.ts'] // what every tool, kit and the registry may import from src/tools
const SHELL_API = [...TOOL_BASE, 'registry.ts', 'detect.ts'] // what ui may import from src/tools

const coreZone = {
  target: 'src/core',
  from: ['src/tools', 'src/ui', 'src/workers'],
  message: 'core is the bottom layer: it imports no tools, ui or workers.',
}
const toolsUnderUiZone = {
  target: 'src/tools',
  from: ['src/ui', 'src/workers'],
  message: 'tools sit under ui and workers: they import only core.',
}
const workersZone = { target: 'src/workers', from: 'src/ui', message: 'workers never import ui.' }

// core's concept families (docs/ARCHITECTURE.md "Core families"), bottom first: a family
// imports only the families before it; the root of src/core (Errors, Outcome) is the shared
// base and imports no family. Fenced for the folders that exist (scripts/core-layout.mjs makes
// them); test/lint.test.ts fails on a folder of src/core that is not in this list.
const CORE_FAMILIES = ['format', 'keys', 'address', 'hash', 'abi', 'chain', 'storage', 'bytecode', 'ens', 'sign', 'tx', 'sim', 'qr', 'debug']
const FAMILY_ORDER = CORE_FAMILIES.join(' < ')
const families = CORE_FAMILIES.filter((f) => existsSync(join(root, 'src/core', f)))
const familyZones = [
  ...families.slice(0, -1).map((f, i) => ({
    target: `src/core/${f}`,
    from: families.slice(i + 1).map((g) => `src/core/${g}`),
    message: `core's families import only the families below them (${FAMILY_ORDER}): src/core/${f} imports none of ${families.slice(i + 1).join(', ')}.`,
  })),
  ...(families.length
    ? [{ target: 'src/core/*.ts', from: families.map((g) => `src/core/${g}`), message: 'The root of src/core (Errors, Outcome) is the shared base: it imports no family.' }]
    : []),
]

const ZONES = [
  coreZone,
  ...familyZones,
  toolsUnderUiZone,
  workersZone,
  ...TOOLS.map((id) => ({
    target: `src/tools/${id}`,
    from: 'src/tools',
    except: [`./${id}`, './kit', ...TOOL_BASE],
    message: `A tool imports only core, src/tools/types.ts, src/tools/define.ts, src/tools/kit and its own folder (src/tools/${id}): never another tool's folder. Move shared code to src/tools/kit or core.`,
  })),
  {
    target: 'src/tools/kit',
    from: 'src/tools',
    except: ['./kit', ...TOOL_BASE],
    message: 'src/tools/kit is shared by tools: it imports only core, src/tools/types.ts and src/tools/define.ts, never a tool folder.',
  },
  {
    target: ['src/tools/types.ts', 'src/tools/define.ts'],
    from: 'src/tools',
    except: TOOL_BASE,
    message: 'src/tools/types.ts and define.ts are the base every tool imports: they import only core.',
  },
  {
    target: 'src/tools/registry.ts',
    from: 'src/tools',
    except: ['./groups', ...TOOL_BASE],
    message: 'The registry concatenates src/tools/groups/*.',
  },
  {
    // A group file imports each tool's meta.ts statically, its index and examples lazily (load: () => import('../<id>')).
    target: 'src/tools/groups',
    from: 'src/tools',
    except: ['./groups', ...TOOL_BASE, ...TOOLS.flatMap((id) => [`./${id}/meta.ts`, `./${id}/index.ts`, `./${id}/examples.ts`])],
    message: "A group file imports only each tool's meta.ts (and load()s its index.ts and examples.ts).",
  },
  {
    target: 'src/tools/detect.ts',
    from: 'src/tools',
    except: [...TOOL_BASE, './registry.ts', './groups'],
    message: 'detect.ts reads tools through the registry only.',
  },
  {
    // The shell: everything in src/ui but the features.
    target: ['src/ui/*.{ts,tsx}', 'src/ui/!(features)/**'],
    from: 'src/tools',
    except: SHELL_API,
    message: 'The ui shell reaches tools only through src/tools/{types,define,registry,detect}.ts: a tool is loaded through the registry.',
  },
  {
    target: ['src/ui/*.{ts,tsx}', 'src/ui/!(features)/**'],
    from: 'src/ui/features',
    message: 'The shell never imports a feature: features are discovered by import.meta.glob and lazy-loaded.',
  },
  ...FEATURES.flatMap((id) => [
    {
      target: `src/ui/features/${id}`,
      from: 'src/ui/features',
      except: [`./${id}`],
      message: 'A feature never imports another feature: share through src/ui/components, src/ui/hooks or core.',
    },
    {
      target: `src/ui/features/${id}`,
      from: 'src/tools',
      except: [`./${id}`, ...SHELL_API],
      message: `A feature imports only its own tool (src/tools/${id}) and src/tools/{types,define,registry,detect}.ts: never another tool's folder.`,
    },
  ]),
]
// Tests may reach across tools and features (a test of several wallet tools, ToolForm run on a
// real tool); the layer fences still hold for them.
const TEST_ZONES = [coreZone, toolsUnderUiZone, workersZone]
const TESTS = ['src/**/*.test.{ts,tsx}']
const NET_GLOBALS = ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource']
const NET_MESSAGE = 'Requests leave only through src/core/chain/Net.ts (Net.fetchFn, Net.webSocketCtor): one module to audit (#28).'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.scratch/**', '.tmp*/**', 'tmp/**', 'src/core/data/**', 'test/lint-fixtures/**', 'src/wasm/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Without this import-x parses only .js files, and no-cycle silently followed no TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
      'preserve-caught-error': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The app logs nothing (secrets must never reach a log); scripts, tests and benches may print.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'error' },
  },
  {
    // Requests leave the page through one module only (#28): src/core/chain/Net.ts hands out
    // fetch and WebSocket; nothing else in src/ names a network primitive (test/net-lint.test.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/core/chain/Net.ts'],
    rules: {
      'no-restricted-globals': ['error', ...NET_GLOBALS.map((name) => ({ name, message: NET_MESSAGE }))],
      'no-restricted-properties': [
        'error',
        ...['globalThis', 'window', 'self'].flatMap((object) => NET_GLOBALS.map((property) => ({ object, property, message: NET_MESSAGE }))),
        { property: 'sendBeacon', message: NET_MESSAGE },
      ],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [reactRule] }] },
  },
  {
    files: ['src/tools/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [cryptoRule, reactRule] }] },
  },
  {
    // Lazy loading: a group file names each tool's meta.ts statically; the tool's code is only load()ed.
    files: ['src/tools/groups/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [cryptoRule, reactRule, {
          regex: '^\\.\\./(?!(?:types|define)$|[^/]+/meta$)',
          message: "A group file imports only '../<id>/meta' (and '../types', '../define') statically: load the tool with load: () => import('../<id>').",
        }],
      }],
    },
  },
  {
    files: ['src/workers/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cryptoRule, reactRule] }] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [cryptoRule] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: ZONES }] },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: TEST_ZONES }] },
  },
)

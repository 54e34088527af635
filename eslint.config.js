// Lint: TypeScript and React rules, and the architecture's one-way imports (DESIGN.md):
// core imports nothing of the app; tools only core; workers tools and core; ui never
// reaches a crypto library directly; features never import each other; no cycles.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import globals from 'globals'

const CRYPTO = ['ox', 'ox/*', 'viem', 'viem/*', 'hash-wasm', '@noble/*', '@scure/*', '@adraffy/*', 'qrcode', '@openchainxyz/*', 'ethers', 'ethers6']
const cryptoRule = { group: CRYPTO, caseSensitive: true, message: 'Only src/core imports cryptography and Ethereum libraries: ask core.' }

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.scratch/**', '.tmp*/**', 'tmp/**', 'src/core/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
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
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/tools/**', '**/ui/**', '**/workers/**', 'react', 'react-dom', 'react/*'], message: 'core is the bottom layer: it imports no tools, ui, workers or React.' }] }],
    },
  },
  {
    files: ['src/tools/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [cryptoRule, { group: ['**/ui/**', '**/workers/**', 'react', 'react-dom'], message: 'tools sit under ui and workers: they import only core.' }] }],
    },
  },
  {
    files: ['src/workers/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cryptoRule, { group: ['**/ui/**', 'react'], message: 'workers never import ui.' }] }] },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/ui/features/**', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [cryptoRule] }] },
  },
  {
    files: ['src/ui/features/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [cryptoRule, { regex: '^\\.\\./(?!\\.\\.)[^/]+', message: 'A feature never imports another feature: share through src/ui/components or core.' }],
      }],
    },
  },
)

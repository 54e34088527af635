#!/usr/bin/env node
/**
 * Long functions and long page files (#22): every function in src/**\/*.ts(x) but tests
 * (declarations, function expressions, arrows, methods, accessors, constructors, and so every
 * React component and hook callback) with its length in lines, read with the TypeScript
 * compiler's parser; and every file under src/ui/features with its length.
 *
 *   node scripts/long-functions.mjs [--root <dir>] [--max <lines>] [--max-page <lines>] [--all] [--json]
 *
 * Lists the functions over `--max` (150) lines and the page files over `--max-page` (300), longest
 * first (`--all`: every function, longest first), and exits 1 when there is any, else 0.
 * A function is counted from its first token to its closing token, nested functions included;
 * it is named by the path of names that encloses it (`BigNum.ts#evaluate`,
 * `ToolForm.tsx#ToolForm.onSubmit`; a callback by what it is passed to: `X.useEffect()`).
 * test/long-functions.test.ts holds the tree to test/long-functions-allow.json.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const MAX_FUNCTION_LINES = 150
export const MAX_PAGE_LINES = 300

const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.endsWith(`${sep}test-setup.ts`)
const isSource = (file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !isTest(file)

function sourceFiles(dir) {
  const out = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...sourceFiles(p))
    else if (isSource(p)) out.push(p)
  }
  return out
}

const posix = (p) => p.split(sep).join('/')

/** The name a function node is known by: its own, or what holds it (variable, property, call). */
function nameOf(node) {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) return node.name.text
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  const p = node.parent
  if (!p) return '(anonymous)'
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name && ts.isIdentifier(p.name)) return p.name.text
  if (ts.isCallExpression(p) || ts.isNewExpression(p)) {
    // memo(function X() {}) already returned X above; `const X = memo(() => ...)` takes the variable's name.
    const callee = p.expression.getText()
    const holder = p.parent
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && /^(memo|forwardRef|React\.memo|React\.forwardRef)$/.test(callee)) return holder.name.text
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}()`
  }
  if (ts.isJsxExpression(p) && ts.isJsxAttribute(p.parent)) return `${p.parent.name.getText()}=`
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) return p.left.getText()
  return '(anonymous)'
}

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n)

/** Every function of one file: { name, line, lines }, name qualified by its enclosing functions and classes. */
export function functionsIn(fileName, text) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1
  const found = []
  const seen = new Map()
  const visit = (node, path) => {
    let next = path
    if (isFunction(node) && node.body) {
      const base = [...path, nameOf(node)].join('.')
      const n = (seen.get(base) ?? 0) + 1
      seen.set(base, n)
      const name = n === 1 ? base : `${base}#${n}`
      const first = lineOf(node.getStart(sf))
      found.push({ name, line: first, lines: lineOf(node.getEnd()) - first + 1 })
      next = [...path, nameOf(node)]
    } else if (ts.isClassLike(node) && node.name) {
      next = [...path, node.name.text]
    }
    ts.forEachChild(node, (child) => visit(child, next))
  }
  visit(sf, [])
  return found
}

/**
 * Measures a tree: every function of `<root>/src` (tests excluded), and every page file (any
 * file under src/ui/features) with its line count. `id` is `<path from root>#<name>`.
 */
export function measure(root = defaultRoot, { max = MAX_FUNCTION_LINES, maxPage = MAX_PAGE_LINES } = {}) {
  const functions = []
  const pages = []
  for (const file of sourceFiles(join(root, 'src'))) {
    const rel = posix(relative(root, file))
    const text = readFileSync(file, 'utf8')
    for (const f of functionsIn(file, text)) functions.push({ id: `${rel}#${f.name}`, file: rel, ...f })
    if (rel.startsWith('src/ui/features/')) pages.push({ file: rel, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) })
  }
  const byLength = (a, b) => b.lines - a.lines || (a.id ?? a.file).localeCompare(b.id ?? b.file)
  functions.sort(byLength)
  pages.sort(byLength)
  return {
    functions,
    pages,
    longFunctions: functions.filter((f) => f.lines > max),
    longPages: pages.filter((p) => p.lines > maxPage),
  }
}

function main(argv) {
  const arg = (flag, fallback) => {
    const i = argv.indexOf(flag)
    return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback
  }
  const root = arg('--root', defaultRoot)
  const max = Number(arg('--max', MAX_FUNCTION_LINES))
  const maxPage = Number(arg('--max-page', MAX_PAGE_LINES))
  const m = measure(root, { max, maxPage })
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ longFunctions: m.longFunctions, longPages: m.longPages }, null, 2))
  } else {
    const list = argv.includes('--all') ? m.functions : m.longFunctions
    console.log(`functions over ${max} lines: ${m.longFunctions.length}`)
    for (const f of list) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
    console.log(`page files (src/ui/features) over ${maxPage} lines: ${m.longPages.length}`)
    for (const p of m.longPages) console.log(`${String(p.lines).padStart(5)}  ${p.file}`)
  }
  return m.longFunctions.length + m.longPages.length > 0 ? 1 : 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2))

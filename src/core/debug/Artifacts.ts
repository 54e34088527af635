/**
 * Compiler output a person drops or pastes, read for a debugger: each contract's runtime
 * bytecode, source map and immutable ranges, each source's path, text and AST, whatever the
 * form — solc standard-JSON output (and its input, for the texts), a Hardhat build-info, a
 * Foundry `out/<File>.sol/<C>.json` artifact, or plain `.sol` files dropped beside them.
 *
 * Source ids are per compilation, so each contract keeps its own id → path table; texts are
 * shared by path. A Foundry artifact names only its own file's id (`id`, `ast.absolutePath`):
 * ids of other files come from the other artifacts dropped with it. A source whose text is
 * missing is matched to a dropped `.sol` file by path, or by the end of the path when only
 * one file has that name.
 *
 * Everything is bounded (sizes, counts) and any text that is not one of these forms gets an
 * `Artifacts.*` error naming the file; nothing else is thrown.
 *
 * @example
 * ```ts
 * const b = Artifacts.parse([{ name: 'Counter.json', text }, { name: 'Counter.sol', text: sol }])
 * b.contracts[0].name; b.contracts[0].sourceMap; b.sources.get('src/Counter.sol')?.content
 * ```
 */
import { BaseError } from '../Errors'
import * as SourceMap from './SourceMap'

/** The largest file read (a big Hardhat build-info with its sources is a few tens of MiB). */
export const MAX_FILE = 64 * 2 ** 20
/** The most read in all. */
export const MAX_TOTAL = 128 * 2 ** 20
export const MAX_FILES = 500
export const MAX_CONTRACTS = 5000
/** Runtime code is at most 24,576 bytes; link placeholders and odd builds get some room. */
const MAX_CODE_HEX = 2 * 2 * 49_152

export interface Contract {
  name: string
  /** The path of the file that defines it (as the compiler named it). */
  path: string
  /** Runtime bytecode as hex without 0x; may hold library placeholders `__$…$__`. */
  code: string
  sourceMap: string
  /** Byte ranges of immutables in the runtime code, with the AST id of the variable (`immutableReferences`' key; -1 when not a number). */
  immutables: { start: number; length: number; id: number }[]
  /** This compilation's source ids. */
  ids: Map<number, string>
  /** Where it came from (the file name given). */
  from: string
  /** A Foundry artifact knows only its own file's id; the others come from its neighbours. */
  kind: 'solc' | 'foundry'
  /** The creation bytecode (init code without constructor arguments) and its source map, when given. */
  creation?: { code: string; sourceMap: string } | undefined
}

export interface Source {
  path: string
  content: string | undefined
  ast: unknown
}

export interface Bundle {
  contracts: Contract[]
  /** By path. */
  sources: Map<string, Source>
}

/** A file given: its name and text. */
export interface File {
  name: string
  text: string
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
const entries = (v: unknown): [string, unknown][] => (isObj(v) ? Object.entries(v) : [])

/** Reads every file; throws an `Artifacts.*` error when a file is none of the forms or nothing holds bytecode. */
export function parse(files: readonly File[]): Bundle {
  if (!Array.isArray(files)) throw new NothingError()
  if (files.length > MAX_FILES) throw new TooManyError(`${files.length} files`, `${MAX_FILES}`)
  let total = 0
  const b: Bundle = { contracts: [], sources: new Map() }
  const loose: File[] = []
  for (const f of files) {
    const name = typeof f?.name === 'string' ? f.name.slice(0, 200) : 'pasted text'
    const text = typeof f?.text === 'string' ? f.text : ''
    if (text.length > MAX_FILE) throw new TooLargeError(name, text.length)
    total += text.length
    if (total > MAX_TOTAL) throw new TooLargeError('the files together', total)
    const t = text.trimStart()
    if (t.startsWith('{') || t.startsWith('[')) readJson(b, name, text)
    else if (t.length > 0) loose.push({ name, text })
  }
  attachLoose(b, loose)
  if (b.contracts.length === 0) throw new NothingError()
  return b
}

function readJson(b: Bundle, name: string, text: string) {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    throw new NotJsonError(name)
  }
  if (!isObj(v)) throw new UnknownFormError(name)
  // Hardhat build-info and solc input+output bundles
  if (isObj(v.output) && isObj(v.input)) return readSolc(b, name, v.output, v.input)
  if (isObj(v.contracts)) return readSolc(b, name, v, undefined)
  // solc standard-JSON input alone: texts only
  if (isObj(v.sources) && str(v.language)) return addTexts(b, v.sources)
  if (isObj(v.deployedBytecode) || typeof v.deployedBytecode === 'string') return readFoundry(b, name, v)
  throw new UnknownFormError(name)
}

function addSource(b: Bundle, path: string, content: string | undefined, ast: unknown) {
  const s = b.sources.get(path) ?? { path, content: undefined, ast: undefined }
  if (content !== undefined) s.content ??= content
  if (ast !== undefined) s.ast ??= ast
  b.sources.set(path, s)
}

function addTexts(b: Bundle, sources: unknown) {
  for (const [path, s] of entries(sources)) if (isObj(s)) addSource(b, path, str(s.content), undefined)
}

function addContract(b: Bundle, c: Contract) {
  if (b.contracts.length >= MAX_CONTRACTS) throw new TooManyError('contracts', `${MAX_CONTRACTS}`)
  b.contracts.push(c)
}

function bytecodeOf(name: string, contract: string, dep: unknown): { code: string; sourceMap: string; immutables: Contract['immutables'] } | undefined {
  const object = typeof dep === 'string' ? dep : isObj(dep) ? str(dep.object) : undefined
  if (object === undefined) return undefined
  const code = object.replace(/^0x/, '')
  if (code === '') return undefined // an interface or abstract contract
  if (code.length > MAX_CODE_HEX || !isCodeHex(code)) throw new BadFieldError(name, `${contract}'s runtime bytecode is not hex`)
  const sourceMap = isObj(dep) ? (str(dep.sourceMap) ?? '') : ''
  const immutables: Contract['immutables'] = []
  for (const [key, refs] of entries(isObj(dep) ? dep.immutableReferences : undefined)) {
    if (!Array.isArray(refs)) continue
    const id = /^\d{1,9}$/.test(key) ? Number(key) : -1
    for (const r of refs) {
      if (!isObj(r)) continue
      const start = r.start
      const length = r.length
      if (typeof start === 'number' && typeof length === 'number' && Number.isInteger(start) && Number.isInteger(length) && start >= 0 && length > 0 && length <= 32 && start + length <= code.length / 2) immutables.push({ start, length, id })
      else throw new BadFieldError(name, `${contract}'s immutableReferences hold a range outside its code`)
    }
  }
  if (immutables.length > 10_000) throw new TooManyError('immutable references', '10,000')
  return { code, sourceMap, immutables }
}

function creationOf(name: string, contract: string, bytecode: unknown): Contract['creation'] {
  const bc = bytecodeOf(name, contract, bytecode)
  return bc && { code: bc.code, sourceMap: bc.sourceMap }
}

const HEX2 = /^[0-9a-fA-F]{2}$/

/** Hex bytes, where a library's link placeholder (40 characters between `__` and `__`) may stand for 20 bytes. */
function isCodeHex(code: string): boolean {
  for (let i = 0; i < code.length; ) {
    if (HEX2.test(code.slice(i, i + 2))) i += 2
    else if (code.startsWith('__', i) && code.startsWith('__', i + 38)) i += 40
    else return false
  }
  return true
}

function readSolc(b: Bundle, name: string, output: Obj, input: Obj | undefined) {
  if (input) addTexts(b, input.sources)
  const ids = new Map<number, string>()
  for (const [path, s] of entries(output.sources)) {
    if (!isObj(s)) continue
    if (typeof s.id === 'number' && Number.isSafeInteger(s.id) && s.id >= 0) ids.set(s.id, path)
    addSource(b, path, str(s.content), s.ast ?? s.legacyAST)
  }
  for (const [path, byName] of entries(output.contracts)) {
    for (const [cname, c] of entries(byName)) {
      if (!isObj(c)) continue
      const evm = isObj(c.evm) ? c.evm : undefined
      const bc = bytecodeOf(name, cname, evm?.deployedBytecode)
      if (!bc) continue
      addContract(b, { name: cname, path, ...bc, ids, from: name, kind: 'solc', creation: creationOf(name, cname, evm?.bytecode) })
    }
  }
}

function readFoundry(b: Bundle, name: string, v: Obj) {
  const ast = isObj(v.ast) ? v.ast : undefined
  const meta = isObj(v.metadata) ? v.metadata : typeof v.metadata === 'string' ? safeJson(v.metadata) : undefined
  const target = isObj(meta) && isObj(meta.settings) ? entries(meta.settings.compilationTarget)[0] : undefined
  const path = str(ast?.absolutePath) ?? target?.[0] ?? str(v.sourceName) ?? name.replace(/\.json$/i, '.sol')
  const cname = str(target?.[1]) ?? str(v.contractName) ?? name.replace(/\.json$/i, '').replace(/^.*[\\/]/, '')
  const bc = bytecodeOf(name, cname, v.deployedBytecode)
  const ids = new Map<number, string>()
  if (typeof v.id === 'number' && Number.isSafeInteger(v.id) && v.id >= 0) ids.set(v.id, path)
  addSource(b, path, str(v.source), ast)
  for (const [p, s] of entries(isObj(meta) ? meta.sources : undefined)) addSource(b, p, isObj(s) ? str(s.content) : undefined, undefined)
  if (bc) addContract(b, { name: cname, path, ...bc, ids, from: name, kind: 'foundry', creation: creationOf(name, cname, v.bytecode) })
  else if (!ast) throw new BadFieldError(name, 'it has no runtime bytecode (deployedBytecode.object)')
}

function safeJson(t: string): unknown {
  if (t.length > MAX_FILE) return undefined
  try {
    return JSON.parse(t)
  } catch {
    return undefined
  }
}

/** Foundry ids of one build are shared: every contract learns the ids the others name; loose `.sol` texts fill missing contents. */
function attachLoose(b: Bundle, loose: File[]) {
  const foundry = b.contracts.filter((c) => c.kind === 'foundry')
  const shared = new Map<number, string>()
  for (const c of foundry) for (const [id, p] of c.ids) if (!shared.has(id)) shared.set(id, p)
  for (const c of foundry) for (const [id, p] of shared) if (!c.ids.has(id)) c.ids.set(id, p)
  for (const f of loose) {
    const name = f.name.replace(/\\/g, '/')
    const exact = b.sources.get(name)
    if (exact) {
      exact.content ??= f.text
      continue
    }
    const base = name.replace(/^.*\//, '')
    const hits = [...b.sources.values()].filter((s) => s.content === undefined && (s.path === name || s.path.endsWith(`/${name}`) || s.path.replace(/^.*\//, '') === base))
    if (hits.length === 1) hits[0]!.content = f.text
    else if (hits.length === 0) addSource(b, name, f.text, undefined)
  }
}

/** Source texts missing for a contract's files (paths), for a message. */
/**
 * The names of the variables declared in the bundle's ASTs, by AST id (solc's `immutableReferences`
 * name immutables by id only): `owner` for `address immutable owner`. At most `MAX_NODES` nodes are walked.
 */
export function declarationNames(b: Bundle): Map<number, string> {
  const out = new Map<number, string>()
  const stack: unknown[] = [...b.sources.values()].map((s) => s.ast)
  for (let seen = 0; stack.length && seen < MAX_NODES; seen++) {
    const n = stack.pop()
    if (Array.isArray(n)) stack.push(...n)
    else if (isObj(n)) {
      if (n.nodeType === 'VariableDeclaration' && typeof n.id === 'number' && typeof n.name === 'string') out.set(n.id, n.name)
      for (const v of Object.values(n)) if (typeof v === 'object' && v !== null) stack.push(v)
    }
  }
  return out
}
const MAX_NODES = 2_000_000

export function missingTexts(b: Bundle, c: Contract): string[] {
  return [...new Set(c.ids.values())].filter((p) => b.sources.get(p)?.content === undefined)
}

/** Checks that each contract's source map reads; returns contracts whose maps do not, with why. */
export function badMaps(b: Bundle): { contract: Contract; error: SourceMap.InvalidError | SourceMap.TooLargeError }[] {
  const out: { contract: Contract; error: SourceMap.InvalidError | SourceMap.TooLargeError }[] = []
  for (const c of b.contracts) {
    try {
      SourceMap.decode(c.sourceMap)
    } catch (e) {
      if (e instanceof SourceMap.InvalidError || e instanceof SourceMap.TooLargeError) out.push({ contract: c, error: e })
      else throw e
    }
  }
  return out
}

export class NotJsonError extends BaseError {
  constructor(name: string) {
    super('Artifacts.NotJsonError', `${name} is not valid JSON.`, { hints: ['Drop the compiler output as it was written (solc --standard-json output, a Foundry out/<File>.sol/<Contract>.json, or a Hardhat artifacts/build-info/*.json).'] })
  }
}

export class UnknownFormError extends BaseError {
  constructor(name: string) {
    super('Artifacts.UnknownFormError', `${name} is JSON but not compiler output this page reads.`, { hints: ['Expected solc standard-JSON output (contracts, sources), a Foundry artifact (deployedBytecode, ast) or a Hardhat build-info (input, output).', 'Hardhat\'s artifacts/contracts/*.json have no source maps: use artifacts/build-info/*.json.'] })
  }
}

export class BadFieldError extends BaseError {
  constructor(name: string, why: string) {
    super('Artifacts.BadFieldError', `${name}: ${why}.`)
  }
}

export class TooLargeError extends BaseError {
  constructor(what: string, size: number) {
    super('Artifacts.TooLargeError', `${what} is too large (${(size / 2 ** 20).toFixed(1)} MiB; at most ${MAX_FILE / 2 ** 20} MiB a file and ${MAX_TOTAL / 2 ** 20} MiB in all).`, { hints: ['Drop only the artifacts of the contracts in this transaction.'] })
  }
}

export class TooManyError extends BaseError {
  constructor(what: string, most: string) {
    super('Artifacts.TooManyError', `Too many ${what} (at most ${most}).`, { hints: ['Drop only the artifacts of the contracts in this transaction.'] })
  }
}

export class NothingError extends BaseError {
  constructor() {
    super('Artifacts.NothingError', 'No contract with runtime bytecode was found in what was given.', { hints: ['Paste or drop compiler output that holds evm.deployedBytecode (solc: outputSelection "evm.deployedBytecode.object", "evm.deployedBytecode.sourceMap"; Foundry and Hardhat build-info have it).'] })
  }
}

/** Any of the errors above, said for a field that takes compiler output (what to paste added). */
export class NotCompilerOutputError extends BaseError {
  constructor(cause: BaseError) {
    super('Artifacts.NotCompilerOutputError', cause.shortMessage, {
      hints: [...cause.hints, "Paste solc's standard-JSON output (with evm.deployedBytecode and the AST), a Hardhat build-info or a Foundry artifact."],
    })
  }
}

/**
 * A DebugTrace recording read through compiler output: for every step, the Solidity file and
 * line it runs and the internal functions it is inside; moves by source line and to a line
 * breakpoint.
 *
 * Each code a frame ran is matched to an artifact (`ArtifactMatch`); its source map gives
 * every instruction a source range. Internal functions come from the map's jump markers: a
 * JUMP marked `i` enters a function (named from the AST definition that holds the JUMPDEST it
 * lands on, else from the source text there), one marked `o` leaves it. One pass over the
 * recording fills three columns (file, line, function-stack node per step), so any step and
 * any move is answered without replaying.
 *
 * @example
 * ```ts
 * const src = DebugSource.load(recording, Artifacts.parse(files))
 * DebugSource.at(src, recording, i)          // { path, line, text, functions: ['withdraw', '_check'] }
 * DebugSource.go(src, recording, i, { to: 'line' })
 * ```
 */
import type * as Artifacts from './Artifacts'
import * as ArtifactMatch from './ArtifactMatch'
import type * as DebugTrace from './DebugTrace'
import * as SourceMap from './SourceMap'

/** The deepest internal-function stack kept per frame (unbalanced markers cannot grow it past this). */
const MAX_FN_DEPTH = 1024

interface CodeInfo {
  contract: Artifacts.Contract
  exact: boolean
  map: SourceMap.Entry[]
  ix: Int32Array
  /** Per instruction: file index in `Loaded.files` (-1: none) and 1-based line (0: none). */
  file: Int32Array
  line: Int32Array
  /** The contract's function definitions (from the ASTs given). */
  fns: SourceMap.FunctionRange[]
}

interface FnNode {
  parent: number
  /** How many internal functions (named or not) hold it, itself included. */
  depth: number
  name: string
  /** The step that entered it (the JUMPDEST). */
  step: number
}

export interface Loaded {
  /** Per recorded code (`Recording.codes`): the artifact it matched. */
  codes: (CodeInfo | undefined)[]
  /** Files with text, by index. */
  files: { path: string; content: string; src: SourceMap.Source }[]
  stepFile: Int32Array
  stepLine: Int32Array
  /** Per step: the innermost internal function node (-1: none). */
  stepFn: Int32Array
  fns: FnNode[]
  /** Per call frame: its code's artifact (name, whether the metadata matched too), for the page. */
  contracts: { address: string; name: string | undefined; path: string | undefined; exact: boolean }[]
  /** Sources a matched contract needs whose text was not given. */
  missing: string[]
}

function codeInfo(contract: Artifacts.Contract, sourceMap: string, exact: boolean, code: Uint8Array, fileOf: (path: string) => number, files: Loaded['files']): CodeInfo {
  let map: SourceMap.Entry[]
  try {
    map = SourceMap.decode(sourceMap)
  } catch {
    map = [] // a bad map gives no lines (Artifacts.badMaps names it)
  }
  const ix = SourceMap.instructionIndex(code)
  const file = new Int32Array(map.length).fill(-1)
  const line = new Int32Array(map.length)
  const cache = new Map<number, number>()
  for (let k = 0; k < map.length; k++) {
    const e = map[k]!
    if (e.f < 0 || e.s < 0) continue
    let fi = cache.get(e.f)
    if (fi === undefined) {
      const path = contract.ids.get(e.f)
      fi = path === undefined ? -1 : fileOf(path)
      cache.set(e.f, fi)
    }
    if (fi < 0) continue
    const pos = SourceMap.position(files[fi]!.src, e.s)
    if (!pos) continue
    file[k] = fi
    line[k] = pos.line
  }
  return { contract, exact, map, ix, file, line, fns: [] }
}

/** Matches every code of the recording to `bundle` and reads every step's place. */
export function load(rec: DebugTrace.Recording, bundle: Artifacts.Bundle): Loaded {
  const prepared = ArtifactMatch.prepare(bundle)
  const files: Loaded['files'] = []
  const byPath = new Map<string, number>()
  const missing = new Set<string>()
  const fileOf = (path: string): number => {
    const known = byPath.get(path)
    if (known !== undefined) return known
    const s = bundle.sources.get(path)
    let i = -1
    if (s?.content !== undefined) {
      i = files.length
      files.push({ path, content: s.content, src: SourceMap.source(s.content) })
    } else missing.add(path)
    byPath.set(path, i)
    return i
  }
  // init code (a creation frame's) is matched to creation bytecode, the rest to runtime code
  const init = new Set(rec.frames.flatMap((f) => (f.type === 'CREATE' || f.type === 'CREATE2') && f.code >= 0 ? [f.code] : []))
  const codes = rec.codes.map((code, k) => {
    if (init.has(k)) {
      const m = ArtifactMatch.findCreation(prepared, code)
      return m ? codeInfo(m.contract, m.contract.creation!.sourceMap, m.exact, code, fileOf, files) : undefined
    }
    const m = ArtifactMatch.find(prepared, code)
    return m ? codeInfo(m.contract, m.contract.sourceMap, m.exact, code, fileOf, files) : undefined
  })
  const functions = new Map<string, SourceMap.FunctionRange[]>()
  const fnsOf = (c: Artifacts.Contract): SourceMap.FunctionRange[] => {
    let list = functions.get(c.path + '\u0000' + c.from)
    if (!list) {
      list = []
      for (const [id, path] of c.ids) for (const f of SourceMap.functionsOfAst(bundle.sources.get(path)?.ast)) if (f.file === id) list.push(f)
      functions.set(c.path + '\u0000' + c.from, list)
    }
    return list
  }
  const l: Loaded = {
    codes,
    files,
    stepFile: new Int32Array(rec.steps).fill(-1),
    stepLine: new Int32Array(rec.steps),
    stepFn: new Int32Array(rec.steps).fill(-1),
    fns: [],
    contracts: rec.frames.map((f) => {
      const c = f.code >= 0 ? codes[f.code] : undefined
      return { address: f.codeAddress, name: c?.contract.name, path: c?.contract.path, exact: c?.exact ?? false }
    }),
    missing: [],
  }
  for (const c of codes) if (c) c.fns = fnsOf(c.contract)
  walk(l, rec, fnsOf)
  l.missing = [...missing]
  return l
}

/** One pass: every step's file and line, and the internal-function stack from the jump markers. */
function walk(l: Loaded, rec: DebugTrace.Recording, fnsOf: (c: Artifacts.Contract) => SourceMap.FunctionRange[]) {
  const cur = new Int32Array(rec.frames.length).fill(-1)
  const depth = new Int32Array(rec.frames.length)
  const entering = new Uint8Array(rec.frames.length)
  for (let i = 0; i < rec.steps; i++) {
    const fr = rec.frame[i]!
    const ci = rec.frames[fr]!.code
    const info = ci >= 0 ? l.codes[ci] : undefined
    const k = info ? info.ix[rec.pc[i]!] : -1
    const e = info && k !== undefined && k >= 0 ? info.map[k] : undefined
    if (entering[fr]) {
      entering[fr] = 0
      if (depth[fr]! < MAX_FN_DEPTH) {
        const fi = e ? info!.file[k!]! : -1
        const name = e ? (SourceMap.functionName(e, fnsOf(info!.contract), fi >= 0 ? l.files[fi]!.src : undefined) ?? '') : ''
        l.fns.push({ parent: cur[fr]!, depth: depth[fr]! + 1, name, step: i })
        cur[fr] = l.fns.length - 1
        depth[fr]!++
      }
    }
    if (e) {
      l.stepFile[i] = info!.file[k!]!
      l.stepLine[i] = info!.line[k!]!
    }
    l.stepFn[i] = cur[fr]!
    const op = rec.op[i]
    if (e && (op === 0x56 || op === 0x57)) {
      if (e.j === 'i') entering[fr] = 1
      else if (e.j === 'o' && cur[fr]! >= 0) {
        cur[fr] = l.fns[cur[fr]!]!.parent
        depth[fr]!--
      }
    }
  }
}

/** Where step `i` is in the sources. */
export interface Place {
  /** Index into `Loaded.files`, -1 when the step has no source line (no artifact, generated code). */
  file: number
  path: string | undefined
  line: number
  column: number
  /** The line's text. */
  text: string
  /** The contract the frame runs, when matched. */
  contract: string | undefined
  /** Internal functions the step is inside, outermost first (unnamed ones — compiler-generated — left out). */
  functions: string[]
  /** For every call frame of the step's call stack, outermost first: the internal functions it is in (the callers' at their call; the last is `functions`). */
  frames: string[][]
}

/** The named internal functions step `i` is in; when none was entered by a jump (a fallback, or code the optimizer inlined), the AST function that holds the step's source. */
function functionsAt(l: Loaded, rec: DebugTrace.Recording, i: number): string[] {
  const out: string[] = []
  for (let n = l.stepFn[i] ?? -1, guard = 0; n >= 0 && guard < MAX_FN_DEPTH; n = l.fns[n]!.parent, guard++) if (l.fns[n]!.name) out.unshift(l.fns[n]!.name)
  if (out.length > 0) return out
  const fr = rec.frame[i]
  const info = fr === undefined ? undefined : l.codes[rec.frames[fr]!.code]
  const k = info?.ix[rec.pc[i]!]
  const e = info && k !== undefined && k >= 0 ? info.map[k] : undefined
  const name = e && e.s >= 0 ? SourceMap.functionName(e, info!.fns, undefined) : undefined
  return name ? [name] : []
}

export function at(l: Loaded, rec: DebugTrace.Recording, i: number): Place {
  const fi = l.stepFile[i] ?? -1
  const fr = rec.frame[i]
  const contract = fr === undefined ? undefined : l.contracts[fr]?.name
  const functions = functionsAt(l, rec, i)
  const frames = [functions]
  for (let f = fr === undefined ? undefined : rec.frames[fr]; f && f.parent >= 0; f = rec.frames[f.parent]) frames.unshift(f.callStep >= 0 ? functionsAt(l, rec, f.callStep) : [])
  if (fi < 0) return { file: -1, path: undefined, line: 0, column: 0, text: '', contract, functions, frames }
  const f = l.files[fi]!
  const ci = rec.frames[fr!]!.code
  const info = l.codes[ci]!
  const e = info.map[info.ix[rec.pc[i]!]!]!
  const pos = SourceMap.position(f.src, e.s)!
  return { file: fi, path: f.path, line: pos.line, column: pos.column, text: SourceMap.lineText(f.src, pos.line), contract, functions, frames }
}

export type Move =
  /**
   * The first step of the next (back: the previous) source line run, in any frame; `over`:
   * only in this frame and internal function or those it returns to (over calls of either kind).
   */
  | { to: 'line'; back?: boolean | undefined; over?: boolean | undefined }
  /** The next (back: previous) step that enters line `line` of file `file`. */
  | { to: 'breakpoint'; file: number; line: number; back?: boolean | undefined }

const fnDepth = (l: Loaded, i: number) => (l.stepFn[i]! >= 0 ? l.fns[l.stepFn[i]!]!.depth : 0)
/** Step `j` is at the level of step `from` or one it returns to: a shallower call, or the same frame no deeper in internal functions. */
const level = (l: Loaded, rec: DebugTrace.Recording, from: number, j: number) => rec.depth[j]! < rec.depth[from]! || (rec.frame[j] === rec.frame[from] && fnDepth(l, j) <= fnDepth(l, from))

const same = (l: Loaded, a: number, b: number) => l.stepFile[a] === l.stepFile[b] && l.stepLine[a] === l.stepLine[b]
const known = (l: Loaded, i: number) => l.stepFile[i]! >= 0 && l.stepLine[i]! > 0

/** The step a move leads to from `from` (`from` itself when there is none). */
export function go(l: Loaded, rec: DebugTrace.Recording, from: number, m: Move): number {
  const n = rec.steps
  if (from < 0 || from >= n) return from
  if (m.to === 'line') {
    const ok = (j: number) => known(l, j) && !same(l, j, from) && (!m.over || level(l, rec, from, j))
    if (!m.back) {
      for (let j = from + 1; j < n; j++) if (ok(j)) return j
      return from
    }
    // back: the start of the nearest earlier run on another known line (at this level, with over)
    let j = from - 1
    while (j >= 0 && !ok(j)) j--
    if (j < 0) return from
    while (j > 0 && known(l, j - 1) && same(l, j - 1, j) && (!m.over || level(l, rec, j, j - 1))) j--
    return j
  }
  const hit = (j: number) => l.stepFile[j] === m.file && l.stepLine[j] === m.line && (j === 0 || !(l.stepFile[j - 1] === m.file && l.stepLine[j - 1] === m.line))
  if (!m.back) {
    for (let j = from + 1; j < n; j++) if (hit(j)) return j
  } else for (let j = from - 1; j >= 0; j--) if (hit(j)) return j
  return from
}

/** Lines of file `file` that some step runs (for the gutter). */
export function linesRun(l: Loaded, file: number): number[] {
  const s = new Set<number>()
  for (let i = 0; i < l.stepFile.length; i++) if (l.stepFile[i] === file) s.add(l.stepLine[i]!)
  return [...s].sort((a, b) => a - b)
}

/**
 * EVM bytecode as instructions, the way `cast disassemble` prints them (offset, opcode name,
 * PUSH data; a PUSH cut off by the end of the code shows no data, an undefined byte is
 * `UNKNOWN(0x0C)`), with what an auditor reads off them: jump destinations, basic blocks, the
 * function dispatcher's entries (selector → the function's code, found by evmole, the engine
 * /bytecode-selectors and `cast selectors` use, and named from the offline signature table), the compiler's CBOR metadata, and creation code split into constructor, runtime
 * and constructor arguments. Opcode names follow the chosen hardfork (`Opcodes`).
 *
 * @example
 * ```ts
 * const d = await Disassembler.disassemble('0x6080604052…')
 * d.parts[0].instructions[0] // { offset: 0, op: 0x60, name: 'PUSH1', push: '80' }
 * Disassembler.line(d.parts[0].instructions[0]) // '00000000: PUSH1 0x80'
 * ```
 */
import { BaseError } from '../Errors'
import * as AbiFromBytecode from '../abi/AbiFromBytecode'
import type * as SignatureTable from '../abi/SignatureTable'
import * as HexText from '../format/HexText'
import * as Metadata from './Metadata'
import * as Opcodes from './Opcodes'

/** Creation code may be twice EIP-170's 24,576 bytes (EIP-3860), plus constructor arguments. */
export const MAX_CODE = 4 * 24_576

export interface Instruction {
  offset: number
  op: number
  name: string
  /** PUSH data as hex digits (what there is of it when cut off by the end of the code). */
  push?: string
  /** A PUSH whose data runs past the end of the code. */
  truncated?: boolean
  /** JUMP/JUMPI right after a PUSH: the destination, and whether it is a JUMPDEST. */
  target?: number
  targetOk?: boolean
}

export interface Block {
  /** Offset of its first and last instruction. */
  start: number
  end: number
  /** Index of its first instruction, and how many it holds. */
  first: number
  count: number
  /** Starts with a JUMPDEST (reachable by a jump). */
  jumpdest: boolean
  /** How it ends: the last opcode's name, or 'falls through'. */
  exit: string
}

export interface Entry {
  selector: `0x${string}`
  /** Offset of the first PUSH holding the selector's value (null when no PUSH holds it whole). */
  offset: number | null
  /** Where the function's code starts, as evmole finds it (null when it gives none). */
  dest: number | null
  /** Canonical signatures from the offline table (empty: unknown). */
  signatures: string[]
}

export interface Part {
  kind: 'code' | 'constructor' | 'runtime'
  /** Offset of the part in the code given. */
  start: number
  size: number
  /** Offsets in the listing are relative to the part (as the EVM runs it). */
  instructions: Instruction[]
  blocks: Block[]
  jumpdests: number
  entries: Entry[]
  metadata: Metadata.Metadata | null
}

export interface Disassembly {
  hardfork: string
  size: number
  parts: Part[]
  /** How creation code was split ('' when it was not). */
  split: string
  /** Bytes after the runtime in creation code (constructor arguments), as hex. */
  trailing?: `0x${string}`
}

export interface Options {
  hardfork?: string
  /** The runtime code too: creation code is split where it holds it. */
  runtime?: string
  /** The loaded offline signature table, to name dispatcher entries. */
  table?: SignatureTable.Table
  /** Checked between steps (a worker's cancel). */
  signal?: { readonly aborted: boolean }
}

const PUSH1 = 0x60
const PUSH32 = 0x7f
const JUMP = 0x56
const JUMPI = 0x57
const JUMPDEST = 0x5b
const HALTS = new Set([0x00, 0xf3, 0xfd, 0xfe, 0xff, JUMP])

/** The instructions of `code`, named for `hardfork` (cast's listing, instruction by instruction). */
export function instructions(code: Uint8Array, hardfork: string = Opcodes.NEWEST): Instruction[] {
  return drain(decode(code, hardfork))
}

/** Runs a stepwise computation to its end at once. */
function drain<T>(g: Generator<void, T>): T {
  for (;;) {
    const r = g.next()
    if (r.done) return r.value
  }
}

/** Bytes decoded between two pauses of a stepwise run (a few milliseconds of work). */
const STEP_BYTES = 6_144

function* decode(code: Uint8Array, hardfork: string): Generator<void, Instruction[]> {
  const names = NAMES.get(hardfork) ?? namesOf(hardfork)
  const hex = toHex(code)
  const out: Instruction[] = []
  const dests = new Set<number>()
  for (let i = 0, pause = STEP_BYTES; i < code.length; ) {
    if (i >= pause) {
      pause += STEP_BYTES
      yield
    }
    const op = code[i]!
    const name = names[op]!
    if (op >= PUSH1 && op <= PUSH32) {
      const n = op - PUSH1 + 1
      const push = hex.slice(2 + 2 * (i + 1), 2 + 2 * Math.min(code.length, i + 1 + n))
      out.push(i + 1 + n > code.length ? { offset: i, op, name, push, truncated: true } : { offset: i, op, name, push })
      i += n + 1
    } else {
      if (op === JUMPDEST) dests.add(i)
      out.push({ offset: i, op, name })
      i += 1
    }
  }
  for (let k = 1; k < out.length; k++) {
    const x = out[k]!
    const p = out[k - 1]!
    if ((x.op === JUMP || x.op === JUMPI) && p.push !== undefined && !p.truncated && p.push.length <= 8) {
      x.target = parseInt(p.push, 16)
      x.targetOk = dests.has(x.target)
    }
  }
  return out
}

const NAMES = new Map<string, string[]>()
function namesOf(hardfork: string): string[] {
  const t = Opcodes.table(hardfork).byByte
  const names = Array.from({ length: 256 }, (_, op) => t[op]?.name ?? `UNKNOWN(0x${op.toString(16).toUpperCase().padStart(2, '0')})`)
  NAMES.set(hardfork, names)
  return names
}

/**
 * A listing packed to cross to another thread cheaply: each instruction's offset (everything
 * else is read back from the code by `instructionAt`). 20,000 instruction objects cost the
 * receiving thread tens of milliseconds to rebuild; one typed array costs nothing.
 */
export function offsets(ins: readonly Instruction[]): Uint32Array {
  const out = new Uint32Array(ins.length)
  for (let k = 0; k < ins.length; k++) out[k] = ins[k]!.offset
  return out
}

/** Instruction `k` of `code` whose instruction offsets are `at` (from `offsets`), as `instructions` gives it. */
export function instructionAt(code: Uint8Array, at: Uint32Array, k: number, hardfork: string = Opcodes.NEWEST): Instruction {
  const names = NAMES.get(hardfork) ?? namesOf(hardfork)
  const i = at[k]!
  const op = code[i]!
  const x: Instruction = { offset: i, op, name: names[op]! }
  if (op >= PUSH1 && op <= PUSH32) {
    const end = i + 1 + (op - PUSH1 + 1)
    x.push = toHex(code.subarray(i + 1, Math.min(code.length, end))).slice(2)
    if (end > code.length) x.truncated = true
  }
  if ((op === JUMP || op === JUMPI) && k > 0) {
    const p = at[k - 1]!
    const pop = code[p]!
    const end = p + 1 + (pop - PUSH1 + 1)
    if (pop >= PUSH1 && pop <= PUSH1 + 3 && end <= code.length) {
      let t = 0
      for (let j = p + 1; j < end; j++) t = t * 256 + code[j]!
      x.target = t
      x.targetOk = code[t] === JUMPDEST && indexAt(at, t) !== -1
    }
  }
  return x
}

/** The index of the instruction at offset `offset` in `at` (sorted offsets), or -1 when none starts there. */
export function indexAt(at: Uint32Array, offset: number): number {
  let lo = 0
  let hi = at.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (at[mid] === offset) return mid
    if (at[mid]! < offset) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** One instruction as `cast disassemble` prints it: `00000000: PUSH1 0x80` (no data when cut off). */
export function line(x: Instruction): string {
  return `${x.offset.toString(16).padStart(8, '0')}: ${text(x)}`
}

/** The instruction part of cast's line, the listing's row: `PUSH1 0x80`; a PUSH cut off by the end of the code is its bare name, as cast lists it. */
export function text(x: Instruction): string {
  return x.push !== undefined && !x.truncated ? `${x.name} 0x${x.push}` : x.name
}

/** Basic blocks: a JUMPDEST starts one; a jump, a halt or an undefined opcode ends one. */
export function blocks(ins: readonly Instruction[]): Block[] {
  const out: Block[] = []
  let first = 0
  const close = (last: number, exit: string) => {
    if (last < first) return
    const a = ins[first]!
    out.push({ start: a.offset, end: ins[last]!.offset, first, count: last - first + 1, jumpdest: a.op === JUMPDEST, exit })
    first = last + 1
  }
  for (let k = 0; k < ins.length; k++) {
    const x = ins[k]!
    if (x.op === JUMPDEST && k > first) close(k - 1, 'falls through')
    if (HALTS.has(x.op) || x.op === JUMPI || x.name.charCodeAt(0) === 85 /* U of UNKNOWN */) close(k, x.name)
  }
  close(ins.length - 1, 'falls through')
  return out
}

/**
 * The dispatcher's entries: the selectors evmole finds (`AbiFromBytecode.selectors`, the call
 * /bytecode-selectors makes, and `cast selectors`' engine: every dispatcher shape it knows, a
 * selector with leading zero bytes pushed short and via-IR's `PUSH4 sel SUB` included), each
 * with the function's code offset and the first PUSH that holds its value.
 */
export async function entries(code: Uint8Array, ins: readonly Instruction[], table?: SignatureTable.Table): Promise<Entry[]> {
  if (!code.length) return []
  const found = await AbiFromBytecode.selectors(toHex(code))
  const pushed = new Map<number, number>()
  for (const x of ins) {
    if (x.op < PUSH1 || x.op > PUSH1 + 3 || x.truncated || x.push === undefined) continue
    const v = parseInt(x.push, 16)
    if (!pushed.has(v)) pushed.set(v, x.offset)
  }
  return found.map((f) => {
    const names = table ? [...new Set(table.lookup('function', f.selector).map((m) => canonical(m.item)))] : []
    return { selector: f.selector as `0x${string}`, offset: pushed.get(parseInt(f.selector.slice(2), 16)) ?? null, dest: f.offset, signatures: names }
  })
}

function canonical(item: unknown): string {
  const it = item as { name?: string; inputs?: { type: string; components?: unknown[] }[] }
  const type = (p: { type: string; components?: unknown[] }): string =>
    p.type.startsWith('tuple') ? `(${(p.components as { type: string; components?: unknown[] }[]).map(type).join(',')})${p.type.slice(5)}` : p.type
  return `${it.name ?? ''}(${(it.inputs ?? []).map(type).join(',')})`
}

/** One part's listing, blocks, entries and metadata. */
export function part(kind: Part['kind'], code: Uint8Array, start: number, options: Options = {}): Part {
  return drain(partSteps(kind, code, start, options))
}

function* partSteps(kind: Part['kind'], code: Uint8Array, start: number, options: Options, decoded?: Instruction[]): Generator<void, Part> {
  const ins = decoded ?? (yield* decode(code, options.hardfork ?? Opcodes.CURRENT))
  const metadata = Metadata.read(code)
  yield
  // The dispatcher's entries are filled in afterwards (`withEntries`: evmole is asynchronous).
  return { kind, start, size: code.length, instructions: ins, blocks: blocks(ins), jumpdests: ins.filter((x) => x.op === JUMPDEST).length, entries: [], metadata }
}

/**
 * Where creation code copies out its runtime: a CODECOPY whose arguments are constants (followed
 * through PUSH, DUP and SWAP from the start of its block: solc's `PUSH size DUP1 PUSH offset
 * PUSH0 CODECOPY`, the library form `PUSH size PUSH offset PUSH pc DUP3 DUP3 DUP3 CODECOPY`),
 * that copies from after itself, and then either RETURNs in the same block (immutables may be
 * written in between) or, in the first block, copies to the end of the code (a library). Null when none does.
 */
export function runtimeCopy(code: Uint8Array, ins: readonly Instruction[]): { offset: number; size: number } | null {
  const table = Opcodes.table(Opcodes.NEWEST).byByte
  let stack: (number | undefined)[] = []
  let firstBlock = true
  for (let k = 0; k < ins.length; k++) {
    const x = ins[k]!
    if (x.op === JUMPDEST) {
      stack = []
      firstBlock = false
    }
    if (x.op === 0x39) {
      const [, offset, size] = [stack.at(-1), stack.at(-2), stack.at(-3)]
      if (offset !== undefined && size !== undefined && size > 0 && offset > x.offset && offset + size <= code.length && ((firstBlock && offset + size === code.length) || returnsAfter(ins, k)))
        return { offset, size }
    }
    stack = step(stack, x, table)
    if (HALTS.has(x.op) || x.op === JUMPI) {
      stack = []
      firstBlock = false
    }
  }
  return null
}

/** The symbolic stack after `x`: constants pushed, moved by DUP and SWAP, anything else unknown. */
function step(stack: (number | undefined)[], x: Instruction, table: readonly (Opcodes.Opcode | undefined)[]): (number | undefined)[] {
  if (x.op === 0x5f) return [...stack, 0]
  if (x.op >= PUSH1 && x.op <= PUSH32) return [...stack, !x.truncated && x.push!.length <= 8 ? parseInt(x.push!, 16) : undefined]
  if (x.op >= 0x80 && x.op <= 0x8f) return [...stack, stack.at(-(x.op - 0x7f))]
  if (x.op >= 0x90 && x.op <= 0x9f) {
    const n = x.op - 0x8f
    if (stack.length <= n) return stack
    const s = [...stack]
    const top = s.length - 1
    ;[s[top], s[top - n]] = [s[top - n], s[top]]
    return s
  }
  const o = table[x.op]
  if (!o) return []
  return [...stack.slice(0, Math.max(0, stack.length - o.stackIn)), ...new Array<undefined>(o.stackOut).fill(undefined)]
}

/** A RETURN later in the block of instruction `k`. */
function returnsAfter(ins: readonly Instruction[], k: number): boolean {
  for (let j = k + 1; j < Math.min(ins.length, k + 40); j++) {
    const op = ins[j]!.op
    if (op === 0xf3) return true
    if (op === JUMP || op === JUMPI || op === JUMPDEST || HALTS.has(op)) return false
  }
  return false
}

/** Disassembles `hex` (runtime or creation code; `options.runtime` helps split the latter). */
export async function disassemble(hex: string, options: Options = {}): Promise<Disassembly> {
  return withEntries(parse(hex), drain(steps(hex, options)), options)
}

/** Each part's dispatcher entries (the dispatcher is in runtime code; constructor code has none; metadata excluded). */
async function withEntries(code: Uint8Array, d: Disassembly, options: Options): Promise<Disassembly> {
  for (const p of d.parts) {
    if (p.kind === 'constructor') continue
    const bytes = code.subarray(p.start, p.start + (p.metadata ? p.metadata.start : p.size))
    p.entries = await entries(bytes, p.instructions, options.table)
  }
  return d
}

/**
 * `disassemble`, pausing (`pause()`, e.g. a zero timeout) every few milliseconds of work, so a
 * 48 KB creation code never holds the thread for long; stops when `options.signal` is aborted.
 */
export async function disassembleInSteps(hex: string, options: Options, pause: () => Promise<void>): Promise<Disassembly> {
  const g = steps(hex, options)
  for (;;) {
    const r = g.next()
    if (r.done) return withEntries(parse(hex), r.value, options)
    await pause()
    if (options.signal?.aborted) throw new CancelledError()
  }
}

function* steps(hex: string, options: Options): Generator<void, Disassembly> {
  const code = parse(hex)
  const hardfork = options.hardfork ?? Opcodes.CURRENT
  const o = { ...options, hardfork }
  let cut: { offset: number; size: number } | null = null
  let split = ''
  if (options.runtime?.trim()) {
    const rt = toHex(parse(options.runtime, 'runtime')).slice(2)
    const whole = toHex(code).slice(2)
    for (let at = whole.indexOf(rt); at > 0; at = whole.indexOf(rt, at + 1)) {
      if (at % 2 !== 0) continue
      cut = { offset: at / 2, size: rt.length / 2 }
      split = 'where the runtime code given appears in it'
      break
    }
  }
  let all: Instruction[] | undefined
  if (!cut) {
    all = yield* decode(code, hardfork)
    cut = runtimeCopy(code, all)
    if (cut) split = `at the constructor's CODECOPY of ${cut.size} bytes from offset ${cut.offset}`
    else if (options.runtime?.trim()) split = 'not split: the runtime code given is not in it and no constructor copy was found'
  }
  if (!cut) return { hardfork, size: code.length, parts: [yield* partSteps('code', code, 0, o, all)], split }
  const parts = [yield* partSteps('constructor', code.subarray(0, cut.offset), 0, o), yield* partSteps('runtime', code.subarray(cut.offset, cut.offset + cut.size), cut.offset, o)]
  const rest = code.subarray(cut.offset + cut.size)
  return { hardfork, size: code.length, parts, split, ...(rest.length ? { trailing: toHex(rest) } : {}) }
}

/** EIP-1167 minimal proxy: the implementation address its code forwards to, else null. */
export function cloneTarget(hex: string): `0x${string}` | null {
  const m = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/.exec(hex.toLowerCase())
  return m ? `0x${m[1]}` : null
}

/** Bytes from hex (`0x` optional, whitespace ignored). */
export function parse(hex: string, what = 'bytecode'): Uint8Array {
  if (!hex.trim()) throw new EmptyCodeError(what)
  const h = HexText.parse(hex, what, { maxBytes: MAX_CODE })
  const out = new Uint8Array((h.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

/** `0x…` of bytes. */
export function toHex(b: Uint8Array): `0x${string}` {
  const parts = new Array<string>(b.length)
  for (let i = 0; i < b.length; i++) parts[i] = HEX[b[i]!]!
  return `0x${parts.join('')}`
}

export class EmptyCodeError extends BaseError {
  constructor(what: string) {
    super('Disassembler.EmptyCodeError', `Paste the ${what} to disassemble.`, {
      hints: ['eth_getCode of the address (cast code <address>), or "bytecode"/"deployedBytecode" from a build artifact.'],
    })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('Disassembler.CancelledError', 'Disassembly cancelled.')
  }
}

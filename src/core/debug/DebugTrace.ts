/**
 * Every opcode step of one EVM transaction, recorded compactly for a step debugger, and any
 * step materialised on demand (full stack, memory, storage touched, return data, call stack).
 *
 * The recording is columnar: typed arrays of pc, opcode, gas, gas cost, depth, frame and memory
 * size per step; the stack as deltas (how many items of the frame's previous step stay, plus
 * the words pushed, with a full snapshot every {@link STACK_CHECKPOINT} steps of a frame); memory
 * as the writes each step made (offset, bytes), so any step's memory is rebuilt from its frame's
 * earlier writes; SLOAD/SSTORE/TLOAD/TSTORE as accesses per frame. Nothing is capped but the
 * total size: past `maxBytes` the run stops with {@link TooLargeError}, which names the bound.
 *
 * A step is what a node's struct logger (geth, anvil `debug_traceTransaction`) logs: pc, op,
 * gas left and the step's cost before it runs, depth from 1, the stack (bottom first) and
 * memory as they are before the op. A CALL-family or CREATE step's cost includes the gas given
 * to the new frame, as the struct logger counts it (DebugTrace.test.ts holds every step
 * equal to anvil's).
 *
 * @example
 * ```ts
 * const { result, recording } = await DebugTrace.call(session, { from, to, data })
 * const s = DebugTrace.step(recording, recording.steps - 1)
 * s.op; s.stack; s.memory; s.callStack
 * ```
 */
import type { EVM, EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import { bytesToHex } from '@ethereumjs/util'
import { Hash } from 'ox'
import { BaseError } from '../Errors'
import type * as SimRpc from '../sim/SimRpc'
import * as Simulation from '../sim/Simulation'

type Hex = `0x${string}`

/** A full stack snapshot every this many steps of a frame (bounds the walk back to rebuild one). */
export const STACK_CHECKPOINT = 256
/** The default bound on a recording's size: 512 MiB. */
export const DEFAULT_MAX_BYTES = 512 * 2 ** 20

/**
 * SHA3 inputs kept to name mapping slots (`balances[0xAb…]`, `allowance[a][b]` in the storage
 * panel): inputs of 32 to {@link PREIMAGE_MAX_LENGTH} bytes (`key ‖ slot` is 64 bytes for a
 * value-type key and for each level of a nested mapping; a `bytes`/`string` key adds its length
 * to the slot's 32; 32 alone is an array's base, e.g. an array inside a mapping's value), read
 * from the step's memory as the SHA3 runs, each distinct one once. The cap: the first
 * {@link PREIMAGE_LIMIT} distinct inputs and at most {@link PREIMAGE_BYTES} bytes of them; past
 * either, SHA3 steps are only counted (`Recording.preimagesDropped`), so a trace of millions of
 * distinct hashes holds at most 256 KiB of inputs (and their dedup keys, ~0.6 MiB).
 */
export const PREIMAGE_LIMIT = 4096
export const PREIMAGE_BYTES = 256 * 1024
/** The longest SHA3 input kept: a 1 KiB `bytes`/`string` mapping key and its slot. */
export const PREIMAGE_MAX_LENGTH = 1024 + 32
/** A step view carries at most this many preimages (those its storage slots lead to), and at most 64 KiB of them. */
export const PREIMAGES_PER_STEP = 256
const PREIMAGE_BYTES_PER_STEP = 64 * 1024

export type FrameType = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2'

/** One call frame of the recording. */
export interface Frame {
  id: number
  /** The calling frame's id, -1 for the transaction's own frame. */
  parent: number
  /** As the struct logger counts it: 1 for the transaction's frame. */
  depth: number
  type: FrameType
  /** The storage context (the contract whose storage the frame reads and writes). */
  address: string
  /** The code that runs (differs from `address` under DELEGATECALL and CALLCODE). */
  codeAddress: string
  caller: string
  /** The frame's `msg.value`: what a CALL or CREATE sent; for a DELEGATECALL its caller's, inherited (no ether moves); 0 for a STATICCALL. */
  value: bigint
  gasLimit: number
  gasUsed: number
  /** The step of the parent that made this frame (-1 for the root). */
  callStep: number
  /** First and last step run in this frame (-1 when no code ran: a precompile or an account without code). */
  firstStep: number
  lastStep: number
  /** The EVM's error (`revert`, `out of gas`, `invalid opcode`, …) when the frame failed. */
  error?: string
  output: Hex
  /** The code the frame runs (init code for a creation), an index into `Recording.codes`; -1 when none ran. */
  code: number
  children: number[]
  /** Indexes of this frame's memory writes, in step order. */
  writes: number[]
  /** Indexes of this frame's storage and transient storage accesses, in step order. */
  accesses: number[]
}

export type AccessKind = 'sload' | 'sstore' | 'tload' | 'tstore'
export interface Access {
  step: number
  kind: AccessKind
  slot: bigint
  /** The value read (known once the next step of the frame runs) or written. */
  value: bigint | undefined
}

/** A growable typed array. */
class Column<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array | BigUint64Array> {
  a: T
  n = 0
  constructor(private make: (n: number) => T, cap = 1024) {
    this.a = make(cap)
  }
  reserve(k: number): void {
    if (this.n + k <= this.a.length) return
    let cap = this.a.length * 2
    while (cap < this.n + k) cap *= 2
    const b = this.make(cap)
    b.set(this.a as never)
    this.a = b
  }
  get bytes(): number {
    return this.a.byteLength
  }
}

export interface Recording {
  steps: number
  pc: Uint32Array
  op: Uint8Array
  gas: Float64Array
  cost: Float64Array
  depth: Uint16Array
  frame: Uint32Array
  /** Memory size in bytes before the step. */
  memSize: Uint32Array
  /** The previous step of the same frame (-1 at a frame's first step). */
  prevInFrame: Int32Array
  stackKeep: Uint16Array
  stackPushN: Uint16Array
  stackPushAt: Uint32Array
  /** Stack words, 4 × 64 bits each, least significant first. */
  words: BigUint64Array
  /** Memory writes: the step that wrote, offset, length and where the bytes are in `memBytes`. */
  wStep: Int32Array
  wOff: Float64Array
  wLen: Uint32Array
  wAt: Float64Array
  memBytes: Uint8Array
  accesses: Access[]
  frames: Frame[]
  /** The codes frames ran, each once (by code address; init code by its bytes). */
  codes: Uint8Array[]
  /** Opcode names by byte (as the EVM names them). */
  names: string[]
  /** Distinct SHA3 inputs of 32 to {@link PREIMAGE_MAX_LENGTH} bytes, in the order first hashed (capped: {@link PREIMAGE_LIMIT}). */
  preimages: Uint8Array[]
  /** SHA3 steps in that length range whose input was not kept, once the cap was reached. */
  preimagesDropped: number
  /** Approximate size of the recording in bytes. */
  bytes: number
}

interface FrameState {
  msg: Message
  prevStep: number
  prevStack: bigint[]
  count: number
  pendingWrite?: { step: number; off: number; len: number; call: boolean } | undefined
  pendingLoad?: Access | undefined
  pendingStore?: Access | undefined
  lastChildOutput: number
}

export interface Recorder {
  evm: EVM
  maxBytes: number
  cols: {
    pc: Column<Uint32Array>
    op: Column<Uint8Array>
    gas: Column<Float64Array>
    cost: Column<Float64Array>
    depth: Column<Uint16Array>
    frame: Column<Uint32Array>
    memSize: Column<Uint32Array>
    prevInFrame: Column<Int32Array>
    stackKeep: Column<Uint16Array>
    stackPushN: Column<Uint16Array>
    stackPushAt: Column<Uint32Array>
    words: Column<BigUint64Array>
    wStep: Column<Int32Array>
    wOff: Column<Float64Array>
    wLen: Column<Uint32Array>
    wAt: Column<Float64Array>
    memBytes: Column<Uint8Array>
  }
  accesses: Access[]
  frames: Frame[]
  codes: Uint8Array[]
  codeKeys: Map<string, number[]>
  /** Frames open now (ids), innermost last. */
  open: number[]
  state: Map<number, FrameState>
  names: string[]
  pre: { seen: Set<string>; list: Uint8Array[]; bytes: number; dropped: number }
  topLevel: FrameType
  listeners: { before: (m: Message) => void; after: (r: EVMResult) => void; step: (s: InterpreterStep) => void }
  failed?: unknown
}

const CALL_TYPES: Record<number, FrameType> = { 0xf0: 'CREATE', 0xf1: 'CALL', 0xf2: 'CALLCODE', 0xf4: 'DELEGATECALL', 0xf5: 'CREATE2', 0xfa: 'STATICCALL' }
const M64 = (1n << 64n) - 1n

/** Starts recording the next transaction run on `evm`; `stop` ends it. */
export function start(evm: EVM, topLevel: 'CALL' | 'CREATE', options: { maxBytes?: number | undefined } = {}): Recorder {
  const c = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array | BigUint64Array>(make: (n: number) => T, cap?: number) => new Column<T>(make, cap)
  const r: Recorder = {
    evm,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    cols: {
      pc: c((n) => new Uint32Array(n)),
      op: c((n) => new Uint8Array(n)),
      gas: c((n) => new Float64Array(n)),
      cost: c((n) => new Float64Array(n)),
      depth: c((n) => new Uint16Array(n)),
      frame: c((n) => new Uint32Array(n)),
      memSize: c((n) => new Uint32Array(n)),
      prevInFrame: c((n) => new Int32Array(n)),
      stackKeep: c((n) => new Uint16Array(n)),
      stackPushN: c((n) => new Uint16Array(n)),
      stackPushAt: c((n) => new Uint32Array(n)),
      words: c((n) => new BigUint64Array(n), 4096),
      wStep: c((n) => new Int32Array(n), 256),
      wOff: c((n) => new Float64Array(n), 256),
      wLen: c((n) => new Uint32Array(n), 256),
      wAt: c((n) => new Float64Array(n), 256),
      memBytes: c((n) => new Uint8Array(n), 4096),
    },
    accesses: [],
    frames: [],
    codes: [],
    codeKeys: new Map(),
    open: [],
    state: new Map(),
    names: [],
    pre: { seen: new Set(), list: [], bytes: 0, dropped: 0 },
    topLevel,
    listeners: { before: (m) => guard(r, () => before(r, m)), after: (x) => guard(r, () => after(r, x)), step: (s) => guard(r, () => onStep(r, s)) },
  }
  evm.events!.on('beforeMessage', r.listeners.before)
  evm.events!.on('afterMessage', r.listeners.after)
  evm.events!.on('step', r.listeners.step)
  return r
}

/** Once the bound is passed the listeners throw, which ends the run. */
function guard(r: Recorder, f: () => void) {
  if (r.failed) throw r.failed
  f()
}

/** Stops recording and returns the recording (throws {@link TooLargeError} if the bound was passed). */
export function stop(r: Recorder): Recording {
  r.evm.events!.off('beforeMessage', r.listeners.before)
  r.evm.events!.off('afterMessage', r.listeners.after)
  r.evm.events!.off('step', r.listeners.step)
  if (r.failed) throw r.failed
  const k = r.cols
  // copied to their used length, so the growth slack (up to half of each column) is let go
  const cut = <T extends { slice(a: number, b: number): T }>(col: { a: T; n: number }) => col.a.slice(0, col.n)
  const rec: Recording = {
    steps: k.pc.n,
    pc: cut(k.pc),
    op: cut(k.op),
    gas: cut(k.gas),
    cost: cut(k.cost),
    depth: cut(k.depth),
    frame: cut(k.frame),
    memSize: cut(k.memSize),
    prevInFrame: cut(k.prevInFrame),
    stackKeep: cut(k.stackKeep),
    stackPushN: cut(k.stackPushN),
    stackPushAt: cut(k.stackPushAt),
    words: cut(k.words),
    wStep: cut(k.wStep),
    wOff: cut(k.wOff),
    wLen: cut(k.wLen),
    wAt: cut(k.wAt),
    memBytes: cut(k.memBytes),
    accesses: r.accesses,
    frames: r.frames,
    codes: r.codes,
    names: r.names,
    preimages: r.pre.list,
    preimagesDropped: r.pre.dropped,
    bytes: r.pre.bytes,
  }
  for (const v of Object.values(rec)) if (ArrayBuffer.isView(v)) rec.bytes += v.byteLength
  rec.bytes += r.accesses.length * 96 + r.frames.length * 400
  return rec
}

function size(r: Recorder): number {
  let b = 0
  for (const col of Object.values(r.cols)) b += col.bytes
  return b + r.accesses.length * 96 + r.frames.length * 400 + r.pre.bytes
}

function before(r: Recorder, m: Message) {
  const parentId = r.open[r.open.length - 1]
  const parent = parentId === undefined ? undefined : r.frames[parentId]!
  const callStep = parent ? parent.lastStep : -1
  const type = parent ? (CALL_TYPES[r.cols.op.a[callStep]!] ?? 'CALL') : r.topLevel
  const f: Frame = {
    id: r.frames.length,
    parent: parent ? parent.id : -1,
    depth: m.depth + 1,
    type,
    address: m.to?.toString() ?? '',
    codeAddress: (m as { _codeAddress?: { toString(): string } })._codeAddress?.toString() ?? m.to?.toString() ?? '', // the getter throws for a creation
    caller: m.caller.toString(),
    value: m.value,
    gasLimit: Number(m.gasLimit),
    gasUsed: 0,
    callStep,
    firstStep: -1,
    lastStep: -1,
    output: '0x',
    code: -1,
    children: [],
    writes: [],
    accesses: [],
  }
  // the struct logger counts the gas given to the new frame in the calling step's cost, without
  // the 2,300 stipend a CALL or CALLCODE with value adds for free
  if (parent && callStep >= 0) r.cols.cost.a[callStep]! += Number(m.gasLimit) - ((type === 'CALL' || type === 'CALLCODE') && m.value > 0n ? 2300 : 0)
  parent?.children.push(f.id)
  r.frames.push(f)
  r.open.push(f.id)
  r.state.set(f.id, { msg: m, prevStep: -1, prevStack: [], count: 0, lastChildOutput: 0 })
}

function after(r: Recorder, x: EVMResult) {
  const id = r.open.pop()
  if (id === undefined) return
  const f = r.frames[id]!
  const ex = x.execResult
  f.gasUsed = Number(ex.executionGasUsed)
  if (x.createdAddress) f.address = f.codeAddress = x.createdAddress.toString()
  f.output = bytesToHex(ex.returnValue)
  if (ex.exceptionError) f.error = ex.exceptionError.error
  // the step that ran out of gas cost what it took, all the gas left (as the struct logger counts it),
  // not the fee it asked for
  const last = f.lastStep
  if (f.error === 'out of gas' && last >= 0 && r.cols.cost.a[last]! > r.cols.gas.a[last]!) r.cols.cost.a[last] = r.cols.gas.a[last]!
  const fs = r.state.get(id)
  // a store at the very end of the code (no STOP follows) ran if the frame did not fail
  if (fs?.pendingStore && !ex.exceptionError) addAccess(r, f, fs.pendingStore)
  r.state.delete(id)
  const p = r.open[r.open.length - 1]
  if (p !== undefined) {
    const ps = r.state.get(p)
    // the caller's memory gets min(retLength, output) bytes on success or revert, nothing on other failures
    if (ps) ps.lastChildOutput = !ex.exceptionError || ex.exceptionError.error === 'revert' ? ex.returnValue.length : 0
  }
}

/** The index of the code a frame runs in `codes`, each code kept once. */
function codeIndex(r: Recorder, f: Frame, code: Message['code']): number {
  if (!(code instanceof Uint8Array)) return -1
  const key = f.type === 'CREATE' || f.type === 'CREATE2' ? `init:${code.length}:${bytesToHex(code.subarray(0, 64))}` : f.codeAddress.toLowerCase()
  const seen = r.codeKeys.get(key) ?? []
  for (const k of seen) {
    const c = r.codes[k]!
    if (c === code || (c.length === code.length && c.every((x, i) => x === code[i]))) return k
  }
  r.codes.push(code.slice())
  seen.push(r.codes.length - 1)
  r.codeKeys.set(key, seen)
  return r.codes.length - 1
}

function onStep(r: Recorder, e: InterpreterStep) {
  const id = r.open[r.open.length - 1]!
  const f = r.frames[id]!
  const fs = r.state.get(id)!
  const k = r.cols
  const i = k.pc.n
  if (f.firstStep < 0) {
    f.firstStep = i
    f.address = e.address.toString()
    f.codeAddress = (e.codeAddress as typeof e.codeAddress | undefined)?.toString() ?? f.address
    f.code = codeIndex(r, f, fs.msg.code)
  }
  f.lastStep = i
  const code = e.opcode.code
  r.names[code] ??= e.opcode.name
  const stack = e.stack
  // the previous step's effects, visible now: its memory write, its SLOAD/TLOAD value
  if (fs.pendingWrite) {
    const w = fs.pendingWrite
    fs.pendingWrite = undefined
    const len = w.call ? Math.min(w.len, fs.lastChildOutput) : w.len
    if (len > 0) addWrite(r, f, w.step, w.off, e.memory.subarray(w.off, w.off + len))
  }
  if (fs.pendingStore) {
    addAccess(r, f, fs.pendingStore)
    fs.pendingStore = undefined
  }
  if (fs.pendingLoad) {
    fs.pendingLoad.value = stack[stack.length - 1]
    fs.pendingLoad = undefined
  }
  for (const col of [k.pc, k.op, k.gas, k.cost, k.depth, k.frame, k.memSize, k.prevInFrame, k.stackKeep, k.stackPushN, k.stackPushAt] as Column<Uint32Array>[]) col.reserve(1)
  k.pc.a[i] = e.pc
  k.op.a[i] = code
  k.gas.a[i] = Number(e.gasLeft)
  k.cost.a[i] = Number(e.opcode.dynamicFee ?? BigInt(e.opcode.fee))
  k.depth.a[i] = e.depth + 1
  k.frame.a[i] = id
  k.memSize.a[i] = Number(e.memoryWordCount) * 32
  k.prevInFrame.a[i] = fs.prevStep
  // the stack: what stays from the frame's previous step, and what is new
  const prev = fs.prevStack
  let keep = 0
  if (fs.count % STACK_CHECKPOINT !== 0) {
    const lim = Math.min(prev.length, stack.length)
    while (keep < lim && prev[keep] === stack[keep]) keep++
  }
  const pushN = stack.length - keep
  k.words.reserve(pushN * 4)
  k.stackKeep.a[i] = keep
  k.stackPushN.a[i] = pushN
  k.stackPushAt.a[i] = k.words.n / 4
  for (let j = keep; j < stack.length; j++) {
    let w = stack[j]!
    const at = k.words.n
    k.words.a[at] = w & M64
    w >>= 64n
    k.words.a[at + 1] = w & M64
    w >>= 64n
    k.words.a[at + 2] = w & M64
    k.words.a[at + 3] = w >> 64n
    k.words.n += 4
  }
  fs.prevStack = stack
  fs.prevStep = i
  fs.count++
  k.pc.n = k.op.n = k.gas.n = k.cost.n = k.depth.n = k.frame.n = k.memSize.n = k.prevInFrame.n = k.stackKeep.n = k.stackPushN.n = k.stackPushAt.n = i + 1
  if (code === 0x20) notePreimage(r, stack, e.memory, k.memSize.a[i]!)
  noteEffects(r, f, fs, i, code, stack)
  if ((i & 1023) === 0 && size(r) > r.maxBytes) {
    r.failed = new TooLargeError(r.maxBytes, i + 1)
    throw r.failed
  }
}

/** What this step will write to memory or storage, recorded when the frame's next step shows it. */
function noteEffects(r: Recorder, f: Frame, fs: FrameState, i: number, code: number, stack: bigint[]) {
  const top = (n: number) => stack[stack.length - 1 - n] ?? 0n
  const region = (off: bigint, len: bigint, call = false) => {
    if (len > 0n) fs.pendingWrite = { step: i, off: Number(off), len: Number(len), call }
  }
  switch (code) {
    case 0x52: return region(top(0), 32n)
    case 0x53: return region(top(0), 1n)
    case 0x37: case 0x39: case 0x3e: case 0x5e: return region(top(0), top(2))
    case 0x3c: return region(top(1), top(3))
    case 0xf1: case 0xf2:
      fs.lastChildOutput = 0
      return region(top(5), top(6), true)
    case 0xf4: case 0xfa:
      fs.lastChildOutput = 0
      return region(top(4), top(5), true)
    case 0x54: case 0x5c: {
      const a: Access = { step: i, kind: code === 0x54 ? 'sload' : 'tload', slot: top(0), value: undefined }
      fs.pendingLoad = a
      return addAccess(r, f, a)
    }
    case 0x55: case 0x5d:
      // kept once it ran: a store that fails (out of gas, static context) writes nothing
      fs.pendingStore = { step: i, kind: code === 0x55 ? 'sstore' : 'tstore', slot: top(0), value: top(1) }
      return
  }
}

/** Keeps a SHA3 step's input (memory as the step sees it; past the memory's size it reads zeros, as the EVM does). */
function notePreimage(r: Recorder, stack: bigint[], memory: Uint8Array, memSize: number) {
  const off = stack[stack.length - 1] ?? 0n
  const len = Number(stack[stack.length - 2] ?? 0n)
  if (len < 32 || len > PREIMAGE_MAX_LENGTH || off >= 2n ** 32n) return
  const p = r.pre
  if (p.list.length >= PREIMAGE_LIMIT || p.bytes + len > PREIMAGE_BYTES) {
    p.dropped++
    return
  }
  const at = Number(off)
  const bytes = new Uint8Array(len)
  if (at < memSize) bytes.set(memory.subarray(at, Math.min(at + len, memSize)))
  const key = bytesToHex(bytes)
  if (p.seen.has(key)) return
  p.seen.add(key)
  p.list.push(bytes)
  p.bytes += len
}

function addAccess(r: Recorder, f: Frame, a: Access) {
  f.accesses.push(r.accesses.length)
  r.accesses.push(a)
}

function addWrite(r: Recorder, f: Frame, step: number, off: number, bytes: Uint8Array) {
  const k = r.cols
  for (const col of [k.wStep, k.wOff, k.wLen, k.wAt] as Column<Uint32Array>[]) col.reserve(1)
  k.memBytes.reserve(bytes.length)
  const w = k.wStep.n
  k.wStep.a[w] = step
  k.wOff.a[w] = off
  k.wLen.a[w] = bytes.length
  k.wAt.a[w] = k.memBytes.n
  k.memBytes.a.set(bytes, k.memBytes.n)
  k.memBytes.n += bytes.length
  k.wStep.n = k.wOff.n = k.wLen.n = k.wAt.n = w + 1
  f.writes.push(w)
}

// ---- reading a recording ----

const word = (rec: Recording, at: number): bigint => {
  const b = at * 4
  return rec.words[b]! | (rec.words[b + 1]! << 64n) | (rec.words[b + 2]! << 128n) | (rec.words[b + 3]! << 192n)
}

/** The stack at step `i`, bottom first. */
export function stackAt(rec: Recording, i: number): bigint[] {
  const len = rec.stackKeep[i]! + rec.stackPushN[i]!
  const out = new Array<bigint>(len)
  let m = len
  let j = i
  while (m > 0 && j >= 0) {
    const keep = rec.stackKeep[j]!
    const end = Math.min(keep + rec.stackPushN[j]!, m)
    const at = rec.stackPushAt[j]!
    for (let p = keep; p < end; p++) out[p] = word(rec, at + p - keep)
    m = Math.min(m, keep)
    j = rec.prevInFrame[j]!
  }
  return out
}

/** Memory at step `i` (before the op runs). */
export function memoryAt(rec: Recording, i: number): Uint8Array {
  const mem = new Uint8Array(rec.memSize[i]!)
  for (const w of rec.frames[rec.frame[i]!]!.writes) {
    if (rec.wStep[w]! >= i) break
    const off = rec.wOff[w]!
    const len = rec.wLen[w]!
    const at = rec.wAt[w]!
    mem.set(rec.memBytes.subarray(at, at + Math.min(len, mem.length - off)), off)
  }
  return mem
}

/** The frame's latest memory write before step `i` (visible at `i`): where, how long, and which step wrote it. */
export function lastWriteBefore(rec: Recording, i: number): { offset: number; length: number; step: number } | undefined {
  let out: { offset: number; length: number; step: number } | undefined
  for (const w of rec.frames[rec.frame[i]!]!.writes) {
    const s = rec.wStep[w]!
    if (s >= i) break
    out = { offset: rec.wOff[w]!, length: rec.wLen[w]!, step: s }
  }
  return out
}

/** The memory write step `i` made (visible from the frame's next step), if any. */
export function writeOf(rec: Recording, i: number): { offset: number; length: number } | undefined {
  for (const w of rec.frames[rec.frame[i]!]!.writes) {
    const s = rec.wStep[w]!
    if (s === i) return { offset: rec.wOff[w]!, length: rec.wLen[w]! }
    if (s > i) break
  }
  return undefined
}

/** The frame's storage and transient storage accesses up to and including step `i`. */
export function accessesAt(rec: Recording, i: number): Access[] {
  const out: Access[] = []
  for (const a of rec.frames[rec.frame[i]!]!.accesses) {
    const x = rec.accesses[a]!
    if (x.step > i) break
    out.push(x)
  }
  return out
}

/** The return data buffer at step `i`: the output of the frame's last call that ended before it. */
export function returnDataAt(rec: Recording, i: number): Hex {
  const f = rec.frames[rec.frame[i]!]!
  let out: Hex = '0x'
  for (const c of f.children) {
    const ch = rec.frames[c]!
    if (ch.callStep >= i) break
    out = (ch.type === 'CREATE' || ch.type === 'CREATE2') && !ch.error ? '0x' : ch.output
  }
  return out
}

/** The frames from the transaction's own down to the one step `i` runs in. */
export function callStackAt(rec: Recording, i: number): Frame[] {
  const out: Frame[] = []
  for (let f: Frame | undefined = rec.frames[rec.frame[i]!]; f; f = f.parent >= 0 ? rec.frames[f.parent] : undefined) out.unshift(f)
  return out
}

/** The opcode name at step `i`. */
export const opName = (rec: Recording, i: number): string => rec.names[rec.op[i]!] ?? `0x${rec.op[i]!.toString(16)}`

/** A slot this far or less past a hash is read as in the value the hash places (a struct member, a fixed array's element). */
const NEAR = 1n << 16n
const hashIndex = new WeakMap<Recording, { hashes: bigint[]; at: number[] }>()

/** The recording's preimages by their keccak256 (computed once, on the first ask), ascending. */
function preimageIndex(rec: Recording) {
  let ix = hashIndex.get(rec)
  if (!ix) {
    const pairs = rec.preimages.map((p, i) => [BigInt(Hash.keccak256(p, { as: 'Hex' })), i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    ix = { hashes: pairs.map((x) => x[0]), at: pairs.map((x) => x[1]) }
    hashIndex.set(rec, ix)
  }
  return ix
}

/**
 * The SHA3 inputs (hex) that `slots` lead to: each whose hash a slot is at or just past
 * (a mapping's entry, a member of the struct it holds), then the input whose hash is that
 * input's last 32 bytes (the mapping's own slot: the outer level of a nested mapping), and so on.
 * Inputs of 33 bytes or more are returned (`key ‖ slot`), at most {@link PREIMAGES_PER_STEP}
 * (a step's slots past that, or past 64 KiB of inputs, go without their keys).
 */
export function preimagesOf(rec: Recording, slots: readonly bigint[]): Hex[] {
  if (!rec.preimages.length || !slots.length) return []
  const { hashes, at } = preimageIndex(rec)
  const found = new Set<number>()
  const queue = [...slots]
  let bytes = 0
  for (let s = queue.pop(); s !== undefined && found.size < PREIMAGES_PER_STEP && bytes < PREIMAGE_BYTES_PER_STEP; s = queue.pop()) {
    // the last hash at or below s
    let lo = 0
    let hi = hashes.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (hashes[mid]! <= s) lo = mid + 1
      else hi = mid
    }
    for (let j = lo - 1; j >= 0 && s - hashes[j]! < NEAR; j--) {
      const p = at[j]!
      if (found.has(p)) continue
      found.add(p)
      const input = rec.preimages[p]!
      bytes += input.length
      queue.push(BigInt(bytesToHex(input.subarray(input.length - 32))))
    }
  }
  return [...found].sort((a, b) => a - b).flatMap((p) => (rec.preimages[p]!.length > 32 ? [bytesToHex(rec.preimages[p]!)] : []))
}

const hex32 = (v: bigint): Hex => `0x${v.toString(16).padStart(64, '0')}`

/** One step, materialised as plain data (structured-clone safe; words as 32-byte hex). */
export interface StepView {
  index: number
  pc: number
  op: string
  opcode: number
  gas: number
  gasCost: number
  depth: number
  /** Full 32-byte words, bottom first. */
  stack: Hex[]
  memory: Hex
  /** The frame's latest memory write before this step (to mark), and the step that made it. */
  justWritten?: { offset: number; length: number; step: number } | undefined
  /** What this step will write to memory (shown from the frame's next step). */
  writes?: { offset: number; length: number } | undefined
  storage: { slot: Hex; value: Hex | undefined; kind: AccessKind; step: number }[]
  transient: { slot: Hex; value: Hex | undefined; kind: AccessKind; step: number }[]
  returnData: Hex
  /** The SHA3 inputs (`key ‖ slot`) the storage slots shown lead to, for naming mapping entries ({@link preimagesOf}); absent when none. */
  preimages?: Hex[] | undefined
  /** Outermost first; `value` is the frame's `msg.value` (a DELEGATECALL's is its caller's, inherited). */
  callStack: { id: number; type: FrameType; address: string; codeAddress: string; value: bigint; depth: number; callStep: number; error?: string | undefined }[]
}

/** Materialises step `i`. */
export function step(rec: Recording, i: number): StepView {
  if (!(i >= 0 && i < rec.steps)) throw new StepOutOfRangeError(i, rec.steps)
  const raw = accessesAt(rec, i)
  const acc = raw.map((a) => ({ slot: hex32(a.slot), value: a.value === undefined ? undefined : hex32(a.value), kind: a.kind, step: a.step }))
  const preimages = preimagesOf(rec, [...new Set(raw.flatMap((a) => (a.kind === 'sload' || a.kind === 'sstore' ? [a.slot] : [])))])
  return {
    index: i,
    pc: rec.pc[i]!,
    op: opName(rec, i),
    opcode: rec.op[i]!,
    gas: rec.gas[i]!,
    gasCost: rec.cost[i]!,
    depth: rec.depth[i]!,
    stack: stackAt(rec, i).map(hex32),
    memory: bytesToHex(memoryAt(rec, i)),
    justWritten: lastWriteBefore(rec, i),
    writes: writeOf(rec, i),
    storage: acc.filter((a) => a.kind === 'sload' || a.kind === 'sstore'),
    transient: acc.filter((a) => a.kind === 'tload' || a.kind === 'tstore'),
    returnData: returnDataAt(rec, i),
    ...(preimages.length ? { preimages } : {}),
    callStack: callStackAt(rec, i).map((f) => ({ id: f.id, type: f.type, address: f.address, codeAddress: f.codeAddress, value: f.value, depth: f.depth, callStep: f.callStep, ...(f.error ? { error: f.error } : {}) })),
  }
}

/** A row of the opcode list. */
export interface Row {
  index: number
  pc: number
  op: string
  gas: number
  gasCost: number
  depth: number
  /** A PUSH1–PUSH32's operand: the bytes after it in the code the frame runs (as far as the code goes), hex. */
  push?: Hex
}

/** The operand of the PUSH at step `i` (PUSH0 has none), read from the code its frame runs. */
export function pushOperand(rec: Recording, i: number): Hex | undefined {
  const op = rec.op[i]!
  if (op < 0x60 || op > 0x7f) return undefined
  const code = rec.codes[rec.frames[rec.frame[i]!]?.code ?? -1]
  if (!code) return undefined
  const pc = rec.pc[i]!
  return bytesToHex(code.subarray(pc + 1, pc + 1 + (op - 0x5f))) as Hex
}

/** Rows `from` .. `from + count - 1` (clipped to the recording). */
export function rows(rec: Recording, from: number, count: number): Row[] {
  const out: Row[] = []
  const end = Math.min(rec.steps, Math.max(0, from) + count)
  for (let i = Math.max(0, from); i < end; i++) {
    const push = pushOperand(rec, i)
    out.push({ index: i, pc: rec.pc[i]!, op: opName(rec, i), gas: rec.gas[i]!, gasCost: rec.cost[i]!, depth: rec.depth[i]!, ...(push ? { push } : {}) })
  }
  return out
}

// ---- running a transaction under the recorder ----

export interface Options {
  /** Stop with {@link TooLargeError} past this many bytes of recording (default {@link DEFAULT_MAX_BYTES}). */
  maxBytes?: number | undefined
}

function observer(topLevel: 'CALL' | 'CREATE', options: Options, out: { recorder?: Recorder }) {
  return (evm: object) => {
    out.recorder = start(evm as EVM, topLevel, options)
    return () => undefined
  }
}

/** Simulates a call in `session` (as Simulation.call), recording every step. */
export async function call(session: Simulation.Session, input: Simulation.CallInput, options: Options = {}): Promise<{ result: Simulation.Result; recording: Recording }> {
  const out: { recorder?: Recorder } = {}
  try {
    const result = await Simulation.call(session, input, { observe: observer(input.to ? 'CALL' : 'CREATE', options, out) })
    return { result, recording: stop(out.recorder!) }
  } catch (e) {
    if (out.recorder) stop(out.recorder)
    throw e
  }
}

/** Replays a mined transaction (as Simulation.replay, at its own or another `position` in its block), recording every step of it (not of the block's earlier ones). */
export async function replay(rpc: SimRpc.Client, hash: Hex, options: Options & { hardfork?: string; position?: number | undefined; atBlock?: string | undefined; prestate?: Simulation.PrestateMode | undefined } = {}): Promise<{ result: Simulation.Result; session: Simulation.Session; recording: Recording }> {
  const out: { recorder?: Recorder } = {}
  let topLevel: 'CALL' | 'CREATE' = 'CALL'
  try {
    const r = await Simulation.replay(rpc, hash, {
      ...(options.hardfork ? { hardfork: options.hardfork } : {}),
      position: options.position,
      atBlock: options.atBlock,
      ...(options.prestate ? { prestate: options.prestate } : {}),
      observe: (evm, tx) => {
        topLevel = tx.to ? 'CALL' : 'CREATE'
        return observer(topLevel, options, out)(evm as object)
      },
    })
    return { ...r, recording: stop(out.recorder!) }
  } catch (e) {
    if (out.recorder) stop(out.recorder)
    throw e
  }
}

// ---------------------------------------------------------------------------------------

export class TooLargeError extends BaseError {
  constructor(maxBytes: number, steps: number) {
    super('DebugTrace.TooLargeError', `The transaction's step recording passed its bound of ${maxBytes >= 2 ** 20 ? `${Math.round(maxBytes / 2 ** 20)} MiB` : `${Math.round(maxBytes / 1024)} KiB`} after ${steps} steps.`, {
      hints: ['Debug a smaller call (less gas, fewer loops), or simulate it without steps to see its call tree.'],
    })
  }
}

export class StepOutOfRangeError extends BaseError {
  constructor(i: number, steps: number) {
    super('DebugTrace.StepOutOfRangeError', `There is no step ${i}: the recording has ${steps} steps (0 to ${steps - 1}).`, { hints: ['Choose a step in that range.'] })
  }
}

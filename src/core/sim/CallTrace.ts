/**
 * The call tree of an EthereumJS EVM run, with each frame's logs in execution order and an
 * optional, bounded log of opcode steps. Frames have the shape of geth's `callTracer`
 * (`{ withLog: true }`), so a trace can be compared with a node's `debug_traceTransaction`.
 *
 * The EVM's messages do not say which opcode made them (CALL, CALLCODE, STATICCALL…), so the
 * CALL-family, LOG and SELFDESTRUCT opcode handlers are wrapped once per EVM (through the
 * private `_opcodeMap` of @ethereumjs/evm 10.1.3, pinned exactly; the differential suite
 * test/chain/simulate.test.ts holds it to anvil's traces).
 *
 * @example
 * ```ts
 * const t = CallTrace.attach(vm.evm, 'CALL', { maxSteps: 2000 })
 * await runTx(vm, { tx, block })
 * CallTrace.detach(t); t.root // { type: 'CALL', from, to, gas, gasUsed, calls: [...] }
 * ```
 */
import type { EVM, EVMResult, InterpreterStep, Message } from '@ethereumjs/evm'
import { bytesToHex } from '@ethereumjs/util'
import { Bytes } from 'ox'

export type FrameType = 'CALL' | 'CALLCODE' | 'DELEGATECALL' | 'STATICCALL' | 'CREATE' | 'CREATE2' | 'SELFDESTRUCT'

export interface Log {
  address: string
  topics: string[]
  data: string
  /** Index of the frame's next child call when the log was emitted (geth's `position`). */
  position: string
  /** Index in the whole transaction's logs (only logs of frames that did not revert count). */
  index?: number
}

/** One frame; quantities as hex (geth's callTracer shape). */
export interface Frame {
  type: FrameType
  from: string
  to?: string
  value?: string
  gas: string
  gasUsed: string
  input: string
  output?: string
  error?: string
  /** Error(string) text or a Panic's meaning, as geth/anvil print it. */
  revertReason?: string
  calls?: Frame[]
  logs?: Log[]
}

/** One opcode step (the node's struct log: pc, op, gas, gasCost, depth; stack top first when asked). */
export interface Step {
  pc: number
  op: string
  gas: string
  gasCost: string
  depth: number
  stack?: string[]
  memSize?: number
}

export interface Options {
  /** Record at most this many opcode steps (0: none). */
  maxSteps?: number
  /** Copy up to this many stack items (top first) per step. Default 8. */
  stackItems?: number
}

export interface Tracer {
  root?: Frame
  stack: Frame[]
  steps: Step[]
  /** More steps ran than were recorded. */
  truncatedSteps: boolean
  /** Total steps executed (when steps are recorded). */
  stepCount: number
  pendingType: FrameType[]
  pendingCallStep?: Step | undefined
  evm: EVM
  options: Options
  listeners: { before: (m: Message) => void; after: (r: EVMResult) => void; step: (s: InterpreterStep) => void }
}

const CALL_OPS: Record<number, FrameType> = { 0xf0: 'CREATE', 0xf1: 'CALL', 0xf2: 'CALLCODE', 0xf4: 'DELEGATECALL', 0xf5: 'CREATE2', 0xfa: 'STATICCALL' }
const CALL_NAMES = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'])

/** Starts tracing the next transaction run on `evm`. */
export function attach(evm: EVM, topLevel: 'CALL' | 'CREATE', options: Options = {}): Tracer {
  const t: Tracer = {
    stack: [],
    steps: [],
    truncatedSteps: false,
    stepCount: 0,
    pendingType: [topLevel],
    evm,
    options,
    listeners: { before: (m) => before(t, m), after: (r) => after(t, r), step: (s) => step(t, s) },
  }
  installHooks(evm)
  active.set(evm, t)
  evm.events!.on('beforeMessage', t.listeners.before)
  evm.events!.on('afterMessage', t.listeners.after)
  if (options.maxSteps) evm.events!.on('step', t.listeners.step)
  return t
}

/** Stops tracing; numbers the logs that survived in execution order. */
export function detach(t: Tracer): void {
  if (active.get(t.evm) === t) active.delete(t.evm)
  t.evm.events!.off('beforeMessage', t.listeners.before)
  t.evm.events!.off('afterMessage', t.listeners.after)
  t.evm.events!.off('step', t.listeners.step)
}

function before(t: Tracer, m: Message) {
  const type = t.pendingType[t.pendingType.length - 1] ?? 'CALL'
  const f: Frame = {
    type,
    from: m.caller.toString(),
    ...(m.to ? { to: m.to.toString() } : {}),
    value: `0x${m.value.toString(16)}`,
    gas: `0x${m.gasLimit.toString(16)}`,
    gasUsed: '0x0',
    input: bytesToHex(m.isCreate ? ((m.code as Uint8Array | undefined) ?? m.data) : m.data),
  }
  // geth: `from` is the address executing the opcode; for DELEGATECALL that is the storage context
  if (type === 'DELEGATECALL') f.from = m.to!.toString()
  if (type === 'CALLCODE' || type === 'DELEGATECALL') f.to = m.codeAddress.toString()
  if (type === 'STATICCALL') delete f.value
  if (t.pendingCallStep) {
    // geth's gasCost of a CALL step includes the gas passed to the child
    t.pendingCallStep.gasCost = `0x${(BigInt(t.pendingCallStep.gasCost) + m.gasLimit).toString(16)}`
    t.pendingCallStep = undefined
  }
  if (t.stack.length) child(t, f)
  else t.root = f
  t.stack.push(f)
}

function after(t: Tracer, r: EVMResult) {
  const f = t.stack.pop()
  if (!f) return
  const ex = r.execResult
  f.gasUsed = `0x${ex.executionGasUsed.toString(16)}`
  if (r.createdAddress) f.to = r.createdAddress.toString()
  f.output = bytesToHex(ex.returnValue)
  if (ex.exceptionError) {
    f.error = ex.exceptionError.error === 'revert' ? 'execution reverted' : ex.exceptionError.error
    const reason = revertReason(ex.returnValue)
    if (reason !== undefined) f.revertReason = reason
    clearLogs(f)
  }
}

function child(t: Tracer, c: Frame) {
  const p = t.stack[t.stack.length - 1]
  if (p) (p.calls ??= []).push(c)
}

function addLog(t: Tracer, address: string, topics: string[], data: string) {
  const p = t.stack[t.stack.length - 1]
  if (p) (p.logs ??= []).push({ address, topics, data, position: `0x${(p.calls?.length ?? 0).toString(16)}` })
}

function step(t: Tracer, s: InterpreterStep) {
  t.stepCount++
  t.pendingCallStep = undefined
  if (t.steps.length >= t.options.maxSteps!) {
    t.truncatedSteps = true
    return
  }
  const n = t.options.stackItems ?? 8
  const st: Step = {
    pc: s.pc,
    op: s.opcode.name,
    gas: `0x${s.gasLeft.toString(16)}`,
    gasCost: `0x${(s.opcode.dynamicFee ?? BigInt(s.opcode.fee)).toString(16)}`,
    depth: s.depth + 1,
    ...(n > 0 ? { stack: s.stack.slice(-n).reverse().map((x) => `0x${x.toString(16)}`) } : {}),
    memSize: s.memoryWordCount !== undefined ? Number(s.memoryWordCount) * 32 : 0,
  }
  if (CALL_NAMES.has(st.op)) t.pendingCallStep = st
  t.steps.push(st)
}

function clearLogs(f: Frame) {
  delete f.logs
  for (const c of f.calls ?? []) clearLogs(c)
}

/** The logs of a tree in execution order (children's logs interleaved at their positions). */
export function logsInOrder(f: Frame | undefined): Log[] {
  if (!f) return []
  const out: Log[] = []
  const walk = (fr: Frame) => {
    const logs = fr.logs ?? []
    const calls = fr.calls ?? []
    let li = 0
    for (let ci = 0; ci <= calls.length; ci++) {
      while (li < logs.length && Number(logs[li]!.position) === ci) out.push(logs[li++]!)
      if (ci < calls.length) walk(calls[ci]!)
    }
    while (li < logs.length) out.push(logs[li++]!)
  }
  walk(f)
  return out
}

/** Where in the tree the transaction failed: the deepest first frame that errored, as a path of indexes. */
export function failurePath(f: Frame | undefined): number[] | undefined {
  if (!f?.error) return undefined
  const path: number[] = []
  let cur = f
  for (;;) {
    const i = (cur.calls ?? []).findIndex((c) => c.error && c.error === cur.error && c.output === cur.output)
    if (i < 0) return path
    path.push(i)
    cur = cur.calls![i]!
  }
}

/** Counts the frames of a tree. */
export function frameCount(f: Frame | undefined): number {
  return f ? 1 + (f.calls ?? []).reduce((s, c) => s + frameCount(c), 0) : 0
}

/** Error(string) text or the panic's meaning, with alloy's strings (what anvil prints). */
export function revertReason(ret: Uint8Array): string | undefined {
  const h = bytesToHex(ret)
  if (h.startsWith('0x08c379a0') && ret.length >= 68) {
    const len = Number(BigInt(`0x${h.slice(2 + 8 + 64, 2 + 8 + 128)}`))
    if (68 + len > ret.length) return undefined
    try {
      return Bytes.toString(ret.slice(68, 68 + len))
    } catch {
      return undefined
    }
  }
  if (h.startsWith('0x4e487b71') && ret.length === 36) {
    const code = Number(BigInt(`0x${h.slice(10)}`))
    return PANICS[code] ?? `panic 0x${code.toString(16)}`
  }
  return undefined
}

// as alloy-sol-types PanicKind prints them (what anvil/revm-inspectors give as revertReason)
const PANICS: Record<number, string> = {
  0x00: 'generic/unspecified error',
  0x01: 'assertion failed',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'failed to convert value into enum type',
  0x22: 'storage byte array incorrectly encoded',
  0x31: 'called `.pop()` on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN',
  0x41: 'out of memory',
  0x51: 'called an invalid internal function',
}

// ---- opcode-handler hooks (installed once per EVM; report to the attached tracer) ----

interface RunState {
  stack: { peek(n: number): bigint[] }
  interpreter: { getAddress(): { toString(): string } }
  memory: { read(offset: number, length: number): Uint8Array }
  stateManager: { getAccount(a: unknown): Promise<{ balance: bigint } | undefined> }
}
type Handler = (rs: RunState, common: unknown) => unknown
interface OpEntry {
  opHandler: Handler
}

const active = new WeakMap<object, Tracer>()
const hooked = new WeakSet<object>()

function installHooks(evm: EVM) {
  const map = (evm as unknown as { _opcodeMap: OpEntry[] })._opcodeMap
  if (hooked.has(map)) return
  hooked.add(map)
  for (const [code, type] of Object.entries(CALL_OPS)) {
    const e = map[Number(code)]
    if (!e) continue
    const orig = e.opHandler
    e.opHandler = async function tracedCall(rs, c) {
      const t = active.get(evm)
      if (!t) return orig(rs, c)
      t.pendingType.push(type)
      try {
        return await orig(rs, c)
      } finally {
        t.pendingType.pop()
      }
    }
  }
  for (let n = 0; n <= 4; n++) {
    const e = map[0xa0 + n]
    if (!e) continue
    const orig = e.opHandler
    e.opHandler = function tracedLog(rs, c) {
      const t = active.get(evm)
      if (!t) return orig(rs, c)
      const items = rs.stack.peek(2 + n)
      const off = items[0]!
      const len = items[1]!
      const addr = rs.interpreter.getAddress().toString()
      const r = orig(rs, c) // throws in a static context: then no log is recorded
      const data = len === 0n ? new Uint8Array() : rs.memory.read(Number(off), Number(len))
      addLog(t, addr, items.slice(2).map((x) => `0x${x.toString(16).padStart(64, '0')}`), bytesToHex(data))
      return r
    }
  }
  const sd = map[0xff]
  if (sd) {
    const orig = sd.opHandler
    sd.opHandler = async function tracedSelfdestruct(rs, c) {
      const t = active.get(evm)
      if (!t) return orig(rs, c)
      const ben = rs.stack.peek(1)[0]!
      const from = rs.interpreter.getAddress()
      const bal = (await rs.stateManager.getAccount(from))?.balance ?? 0n
      // the handler ends the frame by throwing STOP: record the frame first, drop it on a real error
      const f: Frame = { type: 'SELFDESTRUCT', from: from.toString(), to: `0x${ben.toString(16).padStart(40, '0')}`, value: `0x${bal.toString(16)}`, gas: '0x0', gasUsed: '0x0', input: '0x' }
      child(t, f)
      try {
        return await orig(rs, c)
      } catch (e) {
        if ((e as { error?: string })?.error !== 'stop') {
          const p = t.stack[t.stack.length - 1]
          if (p) p.calls = p.calls!.filter((x) => x !== f)
        }
        throw e
      }
    }
  }
}

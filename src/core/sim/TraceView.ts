/**
 * A simulation report (core/sim/SimReport) turned into what a person reads at a glance, the way a
 * debugger shows a trace: one line per call frame (call type, contract with its checksummed
 * address and name where known, decoded function and arguments, value, gas used), the frame
 * where a revert started marked once with its reason. Pure functions over plain data: the page
 * draws them, and Node tests them against real devnet simulations. Where gas and value went is
 * TraceFlows; the small words (checksums, units, hardfork names) are TraceWords.
 *
 * @example
 * ```ts
 * const lines = TraceView.lines(report)
 * lines[0].text // 'CALL 0x846413…C318bC set(v: 101) · 23,104 gas · reverted: too big'
 * ```
 */
import type * as AssetChanges from './AssetChanges'
import type * as CallTrace from './CallTrace'
import type * as SimReport from './SimReport'
import { amountArg, checksum, ether, grouped, middle } from './TraceWords'

export { amountArg, checksum, ether, formatAmount, grouped, middle, hardforkText, readsText, sourceText } from './TraceWords'

/** The precompiles' names, by address (0x01 to 0x11, and 0x100). */
const PRECOMPILE_NAMES = 'ecrecover sha256 ripemd160 identity modexp ecAdd ecMul ecPairing blake2f pointEvaluation bls12G1Add bls12G1Msm bls12G2Add bls12G2Msm bls12Pairing bls12MapFpToG1 bls12MapFp2ToG2'.split(' ')

/** The precompile at an address, by name (the EVM's built-in contracts), or undefined. */
export function precompile(address: string | undefined): string | undefined {
  const m = /^0x0{37}([0-9a-f]{3})$/i.exec(address ?? '')
  if (!m) return undefined
  const n = parseInt(m[1]!, 16)
  return n === 0x100 ? 'p256verify' : PRECOMPILE_NAMES[n - 1]
}

/** Options: names of contracts the person knows (lower-case address → name). */
export interface Options {
  names?: Record<string, string>
}

export interface Arg {
  name: string
  type: string
  /** As decoded; addresses checksummed. */
  value: string
}

/** One call frame as one line. */
export interface Line {
  /** `root`, or the indexes from the root joined by dots (`0.2.1`). */
  id: string
  path: number[]
  depth: number
  type: CallTrace.FrameType
  from: string
  /** The called contract or account (checksummed), the created contract, or the beneficiary of a SELFDESTRUCT. */
  to?: string
  /** Known name of `to` (the person's names, a token's symbol, a precompile). */
  name?: string
  /** What was called, decoded: `set`, `transfer`; for an unknown selector the selector; none for a plain payment. */
  fn?: string
  /** How it was decoded: abi, signature, table, guess. */
  source?: string
  args: Arg[]
  /** Wei moved with the call (0 for DELEGATECALL and STATICCALL: no ether moves). */
  value: bigint
  /**
   * DELEGATECALL only: the `msg.value` its code runs with, which is its caller's (the value the
   * calling frame was sent, passed down through any DELEGATECALLs between). No ether moves with
   * it, yet the code sees it: a value counted once per delegate call is counted again.
   */
  inheritedValue?: bigint
  /**
   * DELEGATECALL and CALLCODE: the account the code runs as (its storage, its balance,
   * `address(this)`; a proxy), checksummed. `to` is then the account whose code runs (the
   * implementation), as a node's callTracer gives them.
   */
  context?: string
  /** Known name of `context`. */
  contextName?: string
  /** Gas used: the frame's, or for the top frame the transaction's (intrinsic cost and refund included). */
  gasUsed: bigint
  /** The frame ended in an error (its own, or one it passed on). */
  failed: boolean
  /** The frame where the transaction's failure started: the one marked, with its reason. */
  revertOrigin: boolean
  /** A revert a caller caught (try/catch): the transaction went on. */
  caught: boolean
  /** Its effects were undone because a caller reverted, though it succeeded. */
  undone: boolean
  /** Why it failed: the decoded reason, the custom error, or the EVM's error. */
  reason?: string
  calls: number
  events: number
  /** The whole line in words (what a screen reader and a search read). */
  text: string
}

/** The frame's failure in words: the decoded reason, the custom error's signature, else the EVM's error. */
export function reasonOf(f: SimReport.FrameView): string | undefined {
  if (!f.error) return undefined
  return f.revertReason ?? f.revert?.reason ?? f.revert?.signature ?? f.error
}

const creates = (t: CallTrace.FrameType) => t === 'CREATE' || t === 'CREATE2'
/** A frame that runs another account's code as its caller (DELEGATECALL, CALLCODE): `from` is then the context, `to` the code. */
const runsAs = (t: CallTrace.FrameType) => t === 'DELEGATECALL' || t === 'CALLCODE'

/** The value a DELEGATECALL runs with, in words: `value 1.5 ETH (inherited from caller)`. */
export function inheritedText(v: bigint): string {
  return `value ${ether(v)} (inherited from caller)`
}

function argValue(a: { type: string; value: string }): string {
  if (a.type === 'address') return checksum(a.value)
  if (a.type === 'address[]') return a.value.replace(/0x[0-9a-fA-F]{40}/g, (m) => checksum(m))
  return a.value
}

/** The token the report read at an address (symbol, decimals), if any. */
export function tokenOf(address: string, report: Pick<SimReport.Report, 'tokens'>): AssetChanges.TokenInfo | undefined {
  return report.tokens[address.toLowerCase()] ?? report.tokens[checksum(address)] ?? report.tokens[address]
}

/** The name a person would know the address by. */
export function nameOf(address: string | undefined, report: Pick<SimReport.Report, 'tokens'> & Partial<Pick<SimReport.Report, 'named'>>, options: Options = {}): string | undefined {
  if (!address) return undefined
  const a = address.toLowerCase()
  const own = options.names?.[a]
  if (own) return own
  const token = tokenOf(address, report)
  // a verified source's name (#36): both a proxy's and its implementation's (`ERC1967Proxy → Counter`), beside a token's symbol
  const verified = report.named?.contracts[a]?.name
  if (verified) return token?.symbol ? `${token.symbol} (${verified})` : verified
  if (token?.symbol) return token.symbol
  return precompile(a)
}

/** One frame as a line (depth-first order comes from {@link lines}). */
export function line(f: SimReport.FrameView, report: SimReport.Report, options: Options = {}, ancestorFailed = false): Line {
  const root = f.path.length === 0
  const failed = !!f.error
  const origin = failed && f.onFailurePath && !f.calls.some((c) => c.onFailurePath)
  const caught = failed && !f.onFailurePath && !ancestorFailed
  const to = f.to ? checksum(f.to) : undefined
  const name = nameOf(f.to, report, options)
  let fn: string | undefined
  let source: string | undefined
  let args: Arg[] = []
  if (f.call) {
    source = f.call.source
    const n = f.call.signature.split('(')[0]!
    fn = f.call.source === 'guess' ? f.input.slice(0, 10) : n
    // a token's amount in its units (`10 DEMO`), where the report read its decimals
    const token = f.to ? tokenOf(f.to, report) : undefined
    args = f.call.args.map((a, i) => ({ name: f.call!.source === 'guess' ? `#${i + 1}` : a.name, type: a.type, value: (f.call!.source !== 'guess' && amountArg(token, n, a)) || argValue(a) }))
  } else if (creates(f.type)) fn = 'new contract'
  else if (f.type === 'SELFDESTRUCT') fn = 'selfdestruct'
  else if (f.input.length >= 10 && !precompile(f.to)) fn = f.input.slice(0, 10)
  const value = f.value !== undefined && f.type !== 'DELEGATECALL' && f.type !== 'STATICCALL' ? BigInt(f.value) : 0n
  // the EVM gives a DELEGATECALL's message its caller's value (the trace's `value` of the frame)
  const inheritedValue = f.type === 'DELEGATECALL' && f.value !== undefined ? BigInt(f.value) : undefined
  const context = runsAs(f.type) ? checksum(f.from) : undefined
  const contextName = runsAs(f.type) ? nameOf(f.from, report, options) : undefined
  const gasUsed = root ? BigInt(report.result.gasUsed) : BigInt(f.gasUsed)
  const reason = reasonOf(f)
  const id = root ? 'root' : f.path.join('.')
  const l: Line = {
    id,
    path: f.path,
    depth: f.path.length,
    type: f.type,
    from: checksum(f.from),
    ...(to ? { to } : {}),
    ...(name ? { name } : {}),
    ...(fn ? { fn } : {}),
    ...(source ? { source } : {}),
    args,
    value,
    ...(inheritedValue !== undefined ? { inheritedValue } : {}),
    ...(context ? { context } : {}),
    ...(contextName ? { contextName } : {}),
    gasUsed,
    failed,
    revertOrigin: origin,
    caught,
    undone: ancestorFailed && !failed,
    ...(reason ? { reason } : {}),
    calls: f.calls.length,
    events: f.events.length,
    text: '',
  }
  l.text = lineText(l)
  return l
}

/** The call in words: `set(v: 101)`. */
export function callText(l: Pick<Line, 'fn' | 'args'>): string {
  if (!l.fn) return ''
  if (l.fn.startsWith('(') || l.fn === 'new contract' || l.fn === 'selfdestruct') return l.fn
  return `${l.fn}(${l.args.map((a) => `${a.name ? `${a.name}: ` : ''}${a.type === 'address' ? middle(a.value) : a.value.length > 42 ? middle(a.value, 10, 8) : a.value}`).join(', ')})`
}

/**
 * The line as text: `TYPE [name] 0xAbCdEf…123456 call(args) · value · gas`, and the failure
 * where it is marked: `· reverted: reason` on the frame where it started or was caught. A
 * DELEGATECALL that runs with a value says so, as its caller's: `· value 1.5 ETH (inherited from caller)`.
 */
export function lineText(l: Line): string {
  const who = l.to ? `${l.name ? `${l.name} ` : ''}${middle(l.to)}` : '(new contract)'
  const call = callText(l)
  const parts = [`${l.type} ${who}${call ? ` ${call}` : ''}`]
  if (l.value > 0n) parts.push(ether(l.value))
  if (l.inheritedValue) parts.push(inheritedText(l.inheritedValue))
  parts.push(`${grouped(l.gasUsed)} gas`)
  if (l.revertOrigin) parts.push(`reverted: ${l.reason}`)
  else if (l.caught) parts.push(`reverted, caught by the caller: ${l.reason}`)
  return parts.join(' · ')
}

/** Every frame as a line, depth first (the order a debugger lists them). */
export function lines(report: SimReport.Report, options: Options = {}): Line[] {
  const out: Line[] = []
  const walk = (f: SimReport.FrameView, ancestorFailed: boolean) => {
    out.push(line(f, report, options, ancestorFailed))
    for (const c of f.calls) walk(c, ancestorFailed || !!f.error)
  }
  walk(report.root, false)
  return out
}

/** The frame where the transaction's failure started (none when it succeeded). */
export function revertOrigin(report: SimReport.Report, options: Options = {}): Line | undefined {
  return lines(report, options).find((l) => l.revertOrigin)
}


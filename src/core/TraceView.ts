/**
 * A simulation report (core/SimReport) turned into what a person reads at a glance, the way a
 * debugger shows a trace: one line per call frame (call type, contract with its checksummed
 * address and name where known, decoded function and arguments, value, gas used), the frame
 * where a revert started marked once with its reason, the gas of the call tree as boxes whose
 * sizes add up to the transaction's gas used, and who paid whom, per asset. Pure functions over
 * plain data: the page draws them, and Node tests them against real devnet simulations.
 *
 * @example
 * ```ts
 * const lines = TraceView.lines(report)
 * lines[0].text // 'CALL Store 0x8464…318bC set(v: 101) · 23,104 gas · reverted: too big'
 * TraceView.gasTree(report).gas === BigInt(report.result.gasUsed) // true
 * ```
 */
import { Address } from 'ox'
import type * as CallTrace from './CallTrace'
import type * as SimReport from './SimReport'
import * as Units from './Units'

/** The precompiles by address (the EVM's built-in contracts). */
export const PRECOMPILES: Record<string, string> = {
  '0x0000000000000000000000000000000000000001': 'ecrecover',
  '0x0000000000000000000000000000000000000002': 'sha256',
  '0x0000000000000000000000000000000000000003': 'ripemd160',
  '0x0000000000000000000000000000000000000004': 'identity',
  '0x0000000000000000000000000000000000000005': 'modexp',
  '0x0000000000000000000000000000000000000006': 'ecAdd',
  '0x0000000000000000000000000000000000000007': 'ecMul',
  '0x0000000000000000000000000000000000000008': 'ecPairing',
  '0x0000000000000000000000000000000000000009': 'blake2f',
  '0x000000000000000000000000000000000000000a': 'pointEvaluation',
  '0x000000000000000000000000000000000000000b': 'bls12G1Add',
  '0x000000000000000000000000000000000000000c': 'bls12G1Msm',
  '0x000000000000000000000000000000000000000d': 'bls12G2Add',
  '0x000000000000000000000000000000000000000e': 'bls12G2Msm',
  '0x000000000000000000000000000000000000000f': 'bls12Pairing',
  '0x0000000000000000000000000000000000000010': 'bls12MapFpToG1',
  '0x0000000000000000000000000000000000000011': 'bls12MapFp2ToG2',
  '0x0000000000000000000000000000000000000100': 'p256verify',
}

/** An address as EIP-55 writes it (anything that is not an address is returned as given). */
export function checksum(address: string): string {
  try {
    return Address.checksum(address as `0x${string}`)
  } catch {
    return address
  }
}

/** A long value with its middle elided (`0x8464135c…4730C318bC`); short ones as they are. */
export function middle(value: string, head = 8, tail = 6): string {
  return value.length > head + tail + 2 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value
}

/** Wei as ether, with the unit. */
export function ether(wei: bigint): string {
  return `${Units.format(wei, 'ether')} ETH`
}

/** A whole number with thousands separators (gas, counts). */
export function grouped(n: bigint | number): string {
  return BigInt(n).toLocaleString('en-US')
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
  /** What was called, decoded: `set`, `transfer`; for an unknown selector the selector; for a plain payment `(ether transfer)`. */
  fn?: string
  /** How it was decoded: abi, signature, table, guess. */
  source?: string
  args: Arg[]
  /** Wei moved with the call (0 for DELEGATECALL and STATICCALL: no ether moves). */
  value: bigint
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

function argValue(a: { type: string; value: string }): string {
  if (a.type === 'address') return checksum(a.value)
  if (a.type === 'address[]') return a.value.replace(/0x[0-9a-fA-F]{40}/g, (m) => checksum(m))
  return a.value
}

/** The name a person would know the address by. */
export function nameOf(address: string | undefined, report: Pick<SimReport.Report, 'tokens'>, options: Options = {}): string | undefined {
  if (!address) return undefined
  const a = address.toLowerCase()
  const own = options.names?.[a]
  if (own) return own
  const token = report.tokens[a] ?? report.tokens[checksum(address)] ?? report.tokens[address]
  if (token?.symbol) return token.symbol
  return PRECOMPILES[a]
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
    args = f.call.args.map((a, i) => ({ name: f.call!.source === 'guess' ? `#${i + 1}` : a.name, type: a.type, value: argValue(a) }))
  } else if (creates(f.type)) fn = 'new contract'
  else if (f.type === 'SELFDESTRUCT') fn = 'selfdestruct'
  else if (f.input === '0x') fn = name && PRECOMPILES[f.to?.toLowerCase() ?? ''] ? undefined : '(ether transfer)'
  else if (f.input.length >= 10 && !PRECOMPILES[f.to?.toLowerCase() ?? '']) fn = f.input.slice(0, 10)
  const value = f.value !== undefined && f.type !== 'DELEGATECALL' && f.type !== 'STATICCALL' ? BigInt(f.value) : 0n
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
  return `${l.fn}(${l.args.map((a) => `${a.name ? `${a.name}: ` : ''}${a.type === 'bytes' || a.value.length > 42 ? middle(a.value, 10, 8) : a.value}`).join(', ')})`
}

/**
 * The line as text: `TYPE [name] 0xAbCdEf…123456 call(args) · value · gas`, and the failure
 * where it is marked: `· reverted: reason` on the frame where it started or was caught.
 */
export function lineText(l: Line): string {
  const who = l.to ? `${l.name ? `${l.name} ` : ''}${middle(l.to)}` : '(new contract)'
  const call = callText(l)
  const parts = [`${l.type} ${who}${call ? ` ${call}` : ''}`]
  if (l.value > 0n) parts.push(ether(l.value))
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

// ---------------------------------------------------------------------------------------
// Gas of the call tree

/** A box of the gas chart: a frame, its total gas and the part spent in itself (not in calls). */
export interface GasNode {
  id: string
  label: string
  /** Gas of the frame including its calls (the top frame: the transaction's gas used). */
  gas: bigint
  /** Gas spent in the frame itself: `gas` less its calls' (intrinsic cost included at the top). */
  self: bigint
  failed: boolean
  children: GasNode[]
}

/**
 * The gas of the call tree: each frame's total and own part, the top frame's total being the
 * transaction's gas used. A frame's own part is its gas less its calls' (never below 0: a
 * refund can make the top frame's total smaller than what its calls spent); the boxes' own
 * parts add up to the top frame's total unless such a refund is larger than the top frame's
 * own cost, which {@link gasTotal} tells.
 */
export function gasTree(report: SimReport.Report, options: Options = {}): GasNode {
  const walk = (f: SimReport.FrameView): GasNode => {
    const l = line(f, report, options)
    const children = f.calls.map(walk)
    const inCalls = children.reduce((s, c) => s + c.gas, 0n)
    const own = l.gasUsed - inCalls
    return { id: l.id, label: gasLabel(l), gas: l.gasUsed, self: own > 0n ? own : 0n, failed: l.failed, children }
  }
  return walk(report.root)
}

function gasLabel(l: Line): string {
  const who = l.name ?? (l.to ? middle(l.to, 6, 4) : 'new contract')
  return l.fn && !l.fn.startsWith('(') ? `${who}.${l.fn}` : who
}

/** The sum of the boxes' own parts (equal to the transaction's gas used, barring a large refund). */
export function gasTotal(n: GasNode): bigint {
  return n.children.reduce((s, c) => s + gasTotal(c), n.self)
}

/** Every box of the gas chart, depth first, with its depth and share of the total (the chart's text alternative). */
export function gasRows(root: GasNode): { id: string; label: string; depth: number; gas: bigint; self: bigint; share: number; failed: boolean }[] {
  const out: ReturnType<typeof gasRows> = []
  const total = root.gas > 0n ? root.gas : 1n
  const walk = (n: GasNode, depth: number) => {
    out.push({ id: n.id, label: n.label, depth, gas: n.gas, self: n.self, share: Number((n.gas * 10000n) / total) / 100, failed: n.failed })
    for (const c of n.children) walk(c, depth + 1)
  }
  walk(root, 0)
  return out
}

// ---------------------------------------------------------------------------------------
// Where value moved

export interface Transfer {
  from: string
  to: string
  /** In the asset's smallest unit (wei, token base units, or 1 per NFT). */
  amount: bigint
  /** The amount in words, with the unit (`0.25 ETH`, `1.2345 SIMT`, `#7`). */
  text: string
}

export interface AssetFlow {
  /** `ETH`, or the token's checksummed address (with `#id` for an ERC-1155 id). */
  asset: string
  /** What a person calls it: ETH, a token's symbol, or `ERC-721 0xAbCd…`. */
  label: string
  transfers: Transfer[]
  /** Per address: received less paid (smallest unit). */
  net: { address: string; delta: bigint }[]
}

/**
 * Who paid whom in the transaction, per asset: ether moved by calls, creations and
 * SELFDESTRUCTs of frames that were not undone (a reverted frame moves nothing), and token
 * transfers from the receipt's events (ERC-20 amounts in the token's units where its decimals
 * are known). The gas fee is not a transfer between the accounts and is left out (the asset
 * changes show it in the sender's balance).
 */
export function valueFlows(report: SimReport.Report, options: Options = {}): AssetFlow[] {
  const eth: Transfer[] = []
  const walk = (f: SimReport.FrameView, undone: boolean) => {
    const gone = undone || !!f.error
    const v = f.value !== undefined ? BigInt(f.value) : 0n
    if (!gone && v > 0n && f.to && (f.type === 'CALL' || creates(f.type) || f.type === 'SELFDESTRUCT')) eth.push({ from: checksum(f.from), to: checksum(f.to), amount: v, text: ether(v) })
    for (const c of f.calls) walk(c, gone)
  }
  walk(report.root, false)
  const flows: AssetFlow[] = []
  if (eth.length) flows.push({ asset: 'ETH', label: 'ETH', transfers: eth, net: net(eth) })
  const byToken = new Map<string, AssetFlow>()
  for (const t of report.assets.tokens) {
    if (t.kind !== 'transfer' || !t.from || !t.to) continue
    const token = checksum(t.token)
    const info = report.tokens[t.token] ?? report.tokens[t.token.toLowerCase()]
    const name = nameOf(t.token, report, options)
    const add = (key: string, label: string, tr: Transfer) => {
      let f = byToken.get(key)
      if (!f) byToken.set(key, (f = { asset: key, label, transfers: [], net: [] }))
      f.transfers.push(tr)
    }
    const from = checksum(t.from)
    const to = checksum(t.to)
    if (t.standard === 'erc20' && t.amount !== undefined) {
      const a = BigInt(t.amount)
      const text = info?.decimals !== undefined ? `${Units.format(a, info.decimals)} ${info.symbol ?? name ?? 'tokens'}` : `${a} ${name ?? 'token units'}`
      add(token, name ?? `ERC-20 ${middle(token, 6, 4)}`, { from, to, amount: a, text })
    } else if (t.ids && t.amounts) {
      t.ids.forEach((id, i) => add(`${token}#${id}`, `${name ?? `ERC-1155 ${middle(token, 6, 4)}`} #${id}`, { from, to, amount: BigInt(t.amounts![i]!), text: `${t.amounts![i]} of #${id}` }))
    } else if (t.id !== undefined && t.amount !== undefined) {
      add(`${token}#${t.id}`, `${name ?? `ERC-1155 ${middle(token, 6, 4)}`} #${t.id}`, { from, to, amount: BigInt(t.amount), text: `${t.amount} of #${t.id}` })
    } else if (t.id !== undefined) {
      add(token, name ?? `NFT ${middle(token, 6, 4)}`, { from, to, amount: 1n, text: `#${t.id}` })
    }
  }
  for (const f of byToken.values()) {
    f.net = net(f.transfers)
    flows.push(f)
  }
  return flows
}

function net(ts: Transfer[]): { address: string; delta: bigint }[] {
  const m = new Map<string, bigint>()
  for (const t of ts) {
    m.set(t.from, (m.get(t.from) ?? 0n) - t.amount)
    m.set(t.to, (m.get(t.to) ?? 0n) + t.amount)
  }
  return [...m].map(([address, delta]) => ({ address, delta }))
}

// ---------------------------------------------------------------------------------------
// Words for jargon

const FORKS: Record<string, string> = {
  osaka: 'Osaka (the Fusaka upgrade, December 2025)',
  prague: 'Prague (the Pectra upgrade, May 2025)',
  cancun: 'Cancun (the Dencun upgrade, March 2024: blobs)',
  shanghai: 'Shanghai (April 2023: withdrawals)',
  paris: 'Paris (the Merge, September 2022)',
  merge: 'Paris (the Merge, September 2022)',
  london: 'London (August 2021: base fee, EIP-1559)',
  berlin: 'Berlin (April 2021: access lists)',
}

/**
 * The rules a block runs under, in words: `bpo1` → `Osaka rules with the blob limits of the
 * first blob-parameter-only upgrade (BPO1)`.
 */
export function hardforkText(hardfork: string): string {
  const h = hardfork.toLowerCase()
  const bpo = /^bpo(\d+)$/.exec(h)
  if (bpo) {
    const n = Number(bpo[1])
    const nth = ['first', 'second', 'third', 'fourth', 'fifth'][n - 1] ?? `${n}th`
    return `Osaka rules with the blob limits of the ${nth} blob-parameter-only upgrade after it (BPO${n})`
  }
  return FORKS[h] ? `${FORKS[h]} rules` : `${hardfork} rules`
}

/** What the simulation read from the node, in words: `20 values read from the node in 2 batches`. */
export function readsText(stats: { requests: number; roundTrips: number }): string {
  if (stats.requests === 0) return 'nothing read from the node (all known already)'
  return `${stats.requests} value${stats.requests === 1 ? '' : 's'} read from the node in ${stats.roundTrips} batch${stats.roundTrips === 1 ? '' : 'es'}`
}

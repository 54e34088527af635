/**
 * Where gas and value went in a simulated transaction, from its report (core/sim/SimReport): the
 * gas of the call tree as boxes whose sizes add up to the transaction's gas used (an icicle),
 * and who paid whom, per asset (ether and each token). Pure data for the pictures and their
 * text alternatives.
 *
 * @example
 * ```ts
 * TraceFlows.gasTree(report).gas === BigInt(report.result.gasUsed) // true
 * TraceFlows.valueFlows(report)[0] // { asset: 'ETH', label: 'ETH', transfers: [{ from, to, amount: 250000000000000000n, text: '0.25 ETH' }], net }
 * ```
 */
import type * as SimReport from './SimReport'
import * as TraceView from './TraceView'
import { checksum, ether, middle } from './TraceWords'
import * as Units from '../format/Units'

type Line = TraceView.Line
type Options = TraceView.Options
const { line, nameOf } = TraceView
const creates = (t: string) => t === 'CREATE' || t === 'CREATE2'

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

/**
 * A box's name: the contract and function (`Token.transfer`). A DELEGATECALL or CALLCODE names
 * both accounts: the one it runs as (the proxy) and the one whose code runs, with the function
 * (`Proxy running Vault.deposit`).
 */
export function gasLabel(l: Line): string {
  const who = l.name ?? (l.to ? middle(l.to, 6, 4) : 'new contract')
  const fn = l.fn && !l.fn.startsWith('(') ? `${who}.${l.fn}` : who
  return l.context ? `${l.contextName ?? middle(l.context, 6, 4)} running ${fn}` : fn
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
  /** How its amounts are written, where a sum of them means something (ether, an ERC-20; not NFT ids). */
  unit?: { decimals: number; symbol: string }
}

/** One payer → payee pair of an asset's flow: its transfers' amounts summed, in words. */
export interface Pair {
  from: string
  to: string
  amount: bigint
  /** The sum with its unit (`0.35 ETH`); without a unit to sum in (NFT ids), the transfers' words joined. */
  text: string
  /** How many transfers it sums. */
  count: number
}

/** The asset's transfers as one band per payer → payee pair (the value-flow picture's bands), in first-seen order. */
export function pairs(flow: AssetFlow): Pair[] {
  const m = new Map<string, Pair & { texts: string[] }>()
  for (const t of flow.transfers) {
    const k = `${t.from}>${t.to}`
    const p = m.get(k) ?? { from: t.from, to: t.to, amount: 0n, text: '', count: 0, texts: [] }
    p.amount += t.amount
    p.count++
    p.texts.push(t.text)
    m.set(k, p)
  }
  return [...m.values()].map(({ texts, ...p }) => ({
    ...p,
    text: p.count === 1 ? texts[0]! : flow.unit ? (flow.asset === 'ETH' ? ether(p.amount) : `${Units.format(p.amount, flow.unit.decimals)} ${flow.unit.symbol}`) : texts.join(' + '),
  }))
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
  if (eth.length) flows.push({ asset: 'ETH', label: 'ETH', transfers: eth, net: net(eth), unit: { decimals: 18, symbol: 'ETH' } })
  const byToken = new Map<string, AssetFlow>()
  for (const t of report.assets.tokens) {
    if (t.kind !== 'transfer' || !t.from || !t.to) continue
    const token = checksum(t.token)
    const info = report.tokens[t.token] ?? report.tokens[t.token.toLowerCase()]
    const name = nameOf(t.token, report, options)
    const add = (key: string, label: string, tr: Transfer, unit?: AssetFlow['unit']) => {
      let f = byToken.get(key)
      if (!f) byToken.set(key, (f = { asset: key, label, transfers: [], net: [], ...(unit ? { unit } : {}) }))
      f.transfers.push(tr)
    }
    const from = checksum(t.from)
    const to = checksum(t.to)
    if (t.standard === 'erc20' && t.amount !== undefined) {
      const a = BigInt(t.amount)
      const unit = info?.decimals !== undefined ? { decimals: info.decimals, symbol: info.symbol ?? name ?? 'tokens' } : { decimals: 0, symbol: name ?? 'token units' }
      add(token, name ?? `ERC-20 ${middle(token, 6, 4)}`, { from, to, amount: a, text: `${Units.format(a, unit.decimals)} ${unit.symbol}` }, unit)
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


/**
 * The bundle tool's work (loaded only when a bundle runs: it brings the EVM): run the calls in
 * order on one shared state (core/sim/Bundle), check each step with the node's eth_simulateV1,
 * and turn the outcome into rows: the bundle, one section per step, the total asset changes.
 */
import * as Bundle from '../../core/sim/Bundle'
import * as Units from '../../core/format/Units'
import { clientFor, tokenRow } from '../kit/simRows'
import type { Row, RunContext, Section, ToolResult } from '../types'
import type { Input } from './index'

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

export async function runBundle(input: Input, ctx: RunContext<Bundle.Outcome>): Promise<ToolResult<Bundle.Outcome>> {
  const client = clientFor(ctx.rpc, ctx.rpcUrl, { signal: ctx.signal, onRoundTrip: (n, req) => ctx.progress(-1, `${n} node round trips, ${req} requests`) })
  const outcome = await Bundle.run(client, input.calls, input.block, { compare: input.compare })
  return toToolResult(outcome)
}

/** What the node's eth_simulateV1 said of the whole bundle, as a row. */
function comparisonRow(c: Bundle.Comparison | undefined): Row {
  if (!c) return { label: 'eth_simulateV1', value: 'not asked', mono: false }
  if (!c.available) return { label: 'eth_simulateV1', value: 'not available', note: c.reason, mono: false }
  const differ = c.steps.flatMap((s, i) => (s.agrees ? [] : [i + 1]))
  return c.agrees
    ? { label: 'eth_simulateV1', value: `agrees at every step (${c.steps.length})`, tone: 'ok', mono: false }
    : { label: 'eth_simulateV1', value: `differs at step${differ.length === 1 ? '' : 's'} ${differ.join(', ')}`, tone: 'warn', mono: false }
}

function stepSection(step: Bundle.Outcome['steps'][number], i: number, gasLimit: string, node: Extract<Bundle.Comparison, { available: true }>['steps'][number] | undefined): Section {
  const r = step.result
  const c = step.call
  const rows: Row[] = [
    { label: 'Call', value: `${short(c.from)} → ${c.to ? short(c.to) : 'new contract'}${c.data && c.data.length >= 10 ? ` ${c.data.slice(0, 10)}` : ''}${c.value ? `, ${Units.format(c.value, 'ether')} ETH` : ''}`, mono: false },
    { label: 'Status', value: r.status, tone: r.status === 'success' ? 'ok' : 'error', mono: false },
  ]
  if (r.status === 'reverted') {
    rows.push({ label: 'Error', value: r.error ?? 'reverted', tone: 'error' })
    if (r.revertReason) rows.push({ label: 'Reason', value: r.revertReason, tone: 'error', mono: false })
  }
  rows.push(
    { label: r.status === 'reverted' ? 'Revert data' : 'Return data', value: r.returnData },
    { label: 'Gas used', value: BigInt(r.gasUsed).toString(), note: `Gas limit ${gasLimit}.` },
    { label: 'Events', value: String(r.logs.length) },
  )
  if (r.createdAddress) rows.push({ label: 'Contract created', value: r.createdAddress })
  const accounts = Object.keys(r.diff.accounts).length
  const slots = Object.values(r.diff.storage).reduce((n, m) => n + Object.keys(m).length, 0)
  rows.push({ label: 'State changes', value: `${accounts} account${accounts === 1 ? '' : 's'}, ${slots} slot${slots === 1 ? '' : 's'}`, mono: false })
  for (const [a, m] of Object.entries(r.diff.storage)) for (const [s, v] of Object.entries(m)) rows.push({ label: `${short(a)} ${short(s)}`, value: `${v.before} → ${v.after}`, note: `slot ${s} of ${a}` })
  if (node) rows.push(node.agrees ? { label: 'eth_simulateV1', value: 'agrees', tone: 'ok', mono: false } : { label: 'eth_simulateV1', value: 'differs', tone: 'warn', note: node.differences.join('; '), mono: false })
  return { title: `Step ${i + 1}`, rows }
}

export function toToolResult(outcome: Bundle.Outcome): ToolResult<Bundle.Outcome> {
  const failed = outcome.steps.filter((s) => s.result.status === 'reverted').length
  const summary: Row[] = [
    { label: 'Steps', value: `${outcome.steps.length}${failed ? ` (${failed} reverted)` : ''}`, mono: false },
    { label: 'Block', value: `state after ${outcome.block.number}, ${outcome.block.hardfork}, chain ${outcome.block.chainId}`, mono: false, note: 'Every call runs on the state the calls before it left, on this block’s header (as eth_call does).' },
    comparisonRow(outcome.comparison),
  ]
  const nodeSteps = outcome.comparison?.available ? outcome.comparison.steps : undefined
  const sections: Section[] = [{ title: 'Bundle', rows: summary }, ...outcome.steps.map((s, i) => stepSection(s, i, outcome.gasLimits[i]!, nodeSteps?.[i]))]
  const assets: Row[] = []
  for (const e of outcome.total.ether) assets.push({ label: `Ether ${short(e.address)}`, value: `${BigInt(e.delta) > 0n ? '+' : ''}${Units.format(BigInt(e.delta), 'ether')} ETH`, note: e.address })
  for (const t of outcome.total.tokens) assets.push(tokenRow(t, undefined))
  sections.push({ title: 'Total asset changes', rows: assets.length ? assets : [{ label: 'Assets', value: 'no ether or token moved', mono: false }] })
  const notes = outcome.comparison && !outcome.comparison.available ? [{ tone: 'info' as const, text: `eth_simulateV1: ${outcome.comparison.reason}.` }] : outcome.comparison?.available && !outcome.comparison.agrees ? [{ tone: 'warn' as const, text: 'The node’s eth_simulateV1 differs from the page at some steps: see each step’s eth_simulateV1 row.' }] : []
  return { sections, notes, data: outcome }
}

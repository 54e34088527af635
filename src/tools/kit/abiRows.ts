/**
 * Result rows shared by the calldata tools: decoded arguments, nested calls, and the
 * word-by-word layout of ABI data.
 */
import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as Approval from '../../core/abi/Approval'
import type * as AbiLayout from '../../core/abi/AbiLayout'
import type * as Calldata from '../../core/abi/Calldata'
import { BaseError } from '../../core/Errors'
import * as ConnectPolicy from '../../core/chain/ConnectPolicy'
import * as SignatureLookup from '../../core/abi/SignatureLookup'
import * as UniversalRouter from '../../core/abi/UniversalRouter'
import type { Row, RunContext, Section, ToolResult } from '../types'
import { argRows } from './argRows'
import { routerSections } from './routerRows'

export { argRows }

/** Parses an optional ABI field (empty: none). */
export function optionalAbi(v: string): Abi.Abi | null {
  return v.trim() === '' ? null : Abi.parse(v)
}

/** A warning row when the call grants an approval without limit (approve, permit, Permit2, setApprovalForAll). */
function approvalRows(call: Calldata.Call): Row[] {
  const grant = Approval.of(call.signature, call.args)
  if (!grant?.unlimited) return []
  return [{ label: 'approval', value: grant.kind === 'all' ? 'Approval for all' : 'Unlimited approval', mono: false, copy: false, tone: 'warn', note: grant.text }]
}

const SOURCE: Record<Calldata.Source | 'builtin', string> = {
  abi: 'an ABI you gave or saved in your library',
  signature: 'the signature you gave',
  table: 'the offline signature table',
  guess: 'guessed from the structure of the data (types may be wrong)',
  builtin: 'built into Solidity',
}

export function sourceRow(source: Calldata.Source | 'builtin', sources?: readonly string[]): Row {
  // Provenance in one line: the first source, and how many more agree.
  const note = sources?.length ? `From ${sources[0]}${sources.length > 1 ? ` and ${sources.length - 1} more` : ''}` : undefined
  return { label: 'source', value: SOURCE[source], mono: false, copy: false, ...(note ? { note } : {}), ...(source === 'guess' ? { tone: 'warn' as const } : {}) }
}

/** Sections for a decoded call and, recursively, the calls nested in it. */
export function callSections(call: Calldata.Call, prefix = ''): Section[] {
  const head: Row[] = [
    {
      label: 'function',
      value: call.signature,
      note: call.human,
      // Re-encode with changes: the encoder gets the signature and these arguments.
      open: { tool: 'abi-encode', inputs: { abi: call.human, function: call.signature, args: JSON.stringify(call.args.map((a) => a.json)) }, label: 'Edit in the encoder' },
    },
    { label: 'selector', value: call.selector },
    sourceRow(call.source, call.sources),
    ...approvalRows(call),
  ]
  if (call.alternatives?.length)
    head.push({ label: 'also matches', value: call.alternatives.join('\n'), mono: true, note: 'Other signatures with the same selector.', tone: 'warn' })
  const sections: Section[] = [
    { title: prefix ? `${prefix}: call` : 'Call', rows: head },
    { title: prefix ? `${prefix}: arguments` : 'Arguments', rows: call.args.length ? argRows(call.args, call.source === 'guess') : [{ label: '(no arguments)', value: '', copy: false }] },
  ]
  // A Universal Router execute: its commands opened (and its inputs not read again as nested calls).
  const plan = UniversalRouter.ofCall(call)
  if (plan) sections.push(...routerSections(plan, prefix))
  for (const n of call.nested) {
    if (plan && n.path.startsWith('inputs[')) continue
    const path = prefix ? `${prefix} › ${n.path}` : n.path
    const meta: Row[] = []
    if (n.meta?.operation) meta.push({ label: 'operation', value: n.meta.operation, mono: false })
    if (n.meta?.to) meta.push({ label: 'to', value: n.meta.to })
    if (n.meta?.value) meta.push({ label: 'value (wei)', value: n.meta.value })
    if (n.call) {
      const [first, ...rest] = callSections(n.call, path)
      sections.push({ ...first!, rows: [...meta, ...first!.rows] }, ...rest)
    } else
      sections.push({
        title: `${path}: call`,
        rows: [...meta, { label: 'data', value: n.data, ...(n.note ? { note: n.note } : {}), ...(n.data.length >= 10 ? { open: { tool: 'calldata-decode', inputs: { data: n.data }, label: 'Decode' } } : {}) }],
      })
  }
  return sections
}

/** One row per 32-byte word: position, hex, and what it is. */
export function wordRows(words: readonly AbiLayout.Word[], selector?: string): Row[] {
  const rows: Row[] = []
  if (selector) rows.push({ label: '0x000 selector', value: selector, note: 'selector: the first 4 bytes of keccak256 of the signature' })
  for (const w of words)
    rows.push({
      label: `0x${w.position.toString(16).padStart(3, '0')} word ${w.index}`,
      value: w.hex,
      note: `${w.role}: ${w.label}`,
      copy: false,
      ...(w.role === 'unused' ? { tone: 'warn' as const } : {}),
    })
  return rows
}

/**
 * The decoders' opt-in online lookup of an unknown selector or topic (`key`): without
 * `ctx.fetch` (the person did not tick the box) it is `offline()` and contacts nothing;
 * with it, `SignatureLookup.resolve` asks the service and decodes with the first candidate
 * that fits (`decodeWith`), and the result names the online source and every candidate.
 */
export async function withOnlineLookup(
  ctx: RunContext,
  kind: SignatureLookup.Kind,
  key: string,
  offline: () => ToolResult | Promise<ToolResult>,
  decodeWith: (c: SignatureLookup.Candidate) => ToolResult,
): Promise<ToolResult> {
  if (!ctx.fetch) return await offline()
  let r: SignatureLookup.Resolution<ToolResult>
  try {
    r = await SignatureLookup.resolve(kind, key, ctx.fetch, decodeWith)
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    const out = await offline()
    // refused by the page's policy: the note says how to allow the host (its hint)
    const how = e instanceof ConnectPolicy.NotAllowedError ? ` ${e.hints[0] ?? ''}` : ''
    return { ...out, notes: [{ tone: 'warn', text: `Online lookup failed: ${e.shortMessage}${how}` }, ...(out.notes ?? [])] }
  }
  const host = SignatureLookup.HOST
  const what = kind === 'event' ? 'event with the topic' : 'signature with the selector'
  const rows: Row[] = r.tried.map((t, i) => ({
    label: `candidate ${i + 1}`,
    value: t.signature,
    note: t.fits ? 'Used: it fits the data.' : t.fits === null ? 'Not tried: an earlier candidate fits.' : 'Does not fit the data.',
    ...(t.fits ? { tone: 'ok' as const } : {}),
  }))
  const candidates: Section = { title: `Online candidates (from ${host})`, rows: rows.length ? rows : [{ label: '(none)', value: `${host} knows no ${what} ${r.key}.`, mono: false, copy: false }] }
  const dropped = r.rejected
    ? [{ tone: 'warn' as const, text: `${r.rejected} answer${r.rejected === 1 ? '' : 's'} from ${host} did not hash to ${r.key} and ${r.rejected === 1 ? 'was' : 'were'} ignored.` }]
    : []
  if (r.decoded) {
    const [first, ...rest] = r.decoded.sections
    const source: Row = { label: 'source', value: `${host} (online lookup)`, mono: false, copy: false, tone: 'warn', note: `Anyone can add signatures there: a match shows a name that hashes to ${r.key}, not what the contract really is.` }
    const top = first ? [{ ...first, rows: first.rows.map((row) => (row.label === 'source' ? source : row)) }] : []
    return { ...r.decoded, sections: [...top, ...rest, candidates], notes: [{ tone: 'info', text: `Decoded with ${r.used}, found online at ${host}.` }, ...dropped, ...(r.decoded.notes ?? [])] }
  }
  const out = await offline()
  return { ...out, sections: [...out.sections, candidates], notes: [...dropped, ...(out.notes ?? [])] }
}

export { AbiCodec }

/**
 * Verified source by address (#36): with the lookup ticked (the page then hands `ctx.fetch`),
 * the connected chain's id and the address go to the host, and the answer is read by
 * `VerifiedSource` (bounded, strict) and checked against `eth_getCode` before any of it is
 * shown; a mismatch is refused. Without the lookup nothing is sent: the code is read from the
 * node and the result says so.
 */
import * as AddressCheck from '../../core/address/AddressCheck'
import * as Rpc from '../../core/chain/Rpc'
import * as SourceCache from '../../core/debug/SourceCache'
import * as VerifiedSource from '../../core/debug/VerifiedSource'
import { defineTool, fieldParser } from '../define'
import type { Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  address: AddressCheck.Lower
  host: string
  lookup: boolean
}

export const parse = fieldParser<Input>(
  {
    address: (v) => AddressCheck.parse(v),
    host: (v) => VerifiedSource.normalizeHost(v),
    lookup: (v) => v === 'true',
  },
  meta,
)

/** What `data` carries: the answer as read, the check, the immutables' values. */
export interface Data {
  chainId: string
  address: string
  answer?: VerifiedSource.Answer
  check?: VerifiedSource.Check
  immutables?: VerifiedSource.ImmutableValue[]
  /** `cache`: the page's kept copy, nothing sent to the host. */
  from?: SourceCache.Obtained['from']
}

type Param = { type?: unknown; components?: unknown }
/** A parameter's canonical type: tuples written out as `(t1,t2)`. */
function typeOf(p: Param): string {
  const t = typeof p.type === 'string' ? p.type : '?'
  if (!t.startsWith('tuple')) return t
  const inner = Array.isArray(p.components) ? (p.components as Param[]).map(typeOf).join(',') : ''
  return `(${inner})${t.slice(5)}`
}
const signature = (x: Record<string, unknown>) => `${String(x.name)}(${Array.isArray(x.inputs) ? (x.inputs as Param[]).map(typeOf).join(',') : ''})`

function abiRows(abi: readonly Record<string, unknown>[], type: 'function' | 'event' | 'error'): Row[] {
  return abi
    .filter((x) => (x.type ?? 'function') === type)
    .map((x): Row => ({ label: String(x.name), value: signature(x), ...(type === 'function' && typeof x.stateMutability === 'string' ? { note: x.stateMutability } : {}) }))
}

function storageRows(layout: VerifiedSource.Answer['storageLayout']): Row[] {
  if (!layout) return []
  return layout.storage.map((e): Row => {
    const t = layout.types[e.type]
    const label = t && typeof t === 'object' && typeof (t as { label?: unknown }).label === 'string' ? (t as { label: string }).label : e.type
    return { label: e.label, value: label, mono: false, note: `slot ${e.slot}${e.offset ? `, offset ${e.offset}` : ''}` }
  })
}

const lines = (text: string) => text.split('\n').length

function resultOf(a: VerifiedSource.Answer, check: Extract<VerifiedSource.Check, { kind: 'full' | 'partial' }>, imm: VerifiedSource.ImmutableValue[], got: SourceCache.Obtained, address: string): Section[] {
  const settings = [a.optimizer ? (a.optimizer.enabled ? `optimizer on${a.optimizer.runs !== undefined ? `, ${a.optimizer.runs} runs` : ''}` : 'optimizer off') : '', a.viaIR ? 'via IR' : '', a.evmVersion ? `EVM ${a.evmVersion}` : ''].filter(Boolean).join(' · ')
  const sections: Section[] = [
    { title: 'Checked against the chain', rows: [
      { label: 'Match', value: check.kind === 'full' ? 'Full match' : 'Partial match (metadata differs)', mono: false, tone: check.kind === 'full' ? 'ok' : 'warn', note: check.reason },
      { label: 'Host says', value: a.runtimeMatch ?? a.match ?? 'nothing', mono: false },
      { label: 'Host', value: got.host, mono: false },
      got.from === 'cache'
        ? { label: 'Fetched', value: 'kept in this browser: nothing sent', mono: false, copy: false, note: `${SourceCache.by(got)}. Remove it below to fetch it again.` }
        : { label: 'Fetched', value: 'from the host just now', mono: false, copy: false, note: 'Kept in this browser for the next lookup of this code (listed below).' },
      { label: 'Contract', value: AddressCheck.checksum(address), open: { tool: 'account', inputs: { address: AddressCheck.checksum(address) }, label: 'Inspect' } },
    ] },
    { title: 'Compilation', rows: [
      { label: 'Name', value: a.name, mono: false },
      { label: 'Defined in', value: a.path },
      { label: 'Compiler', value: `${a.compiler} ${a.compilerVersion}`, ...(settings ? { note: settings } : {}) },
      { label: 'Language', value: a.language, mono: false },
    ] },
    { title: `Source files (${a.sources.length})`, rows: a.sources.map((s): Row => ({ label: s.path, value: `${lines(s.content)} lines`, mono: false, copy: false })) },
  ]
  const fns = abiRows(a.abi, 'function')
  const events = abiRows(a.abi, 'event')
  const errors = abiRows(a.abi, 'error')
  if (fns.length) sections.push({ title: `Functions (${fns.length})`, rows: fns })
  if (events.length) sections.push({ title: `Events (${events.length})`, rows: events })
  if (errors.length) sections.push({ title: `Errors (${errors.length})`, rows: errors })
  const storage = storageRows(a.storageLayout)
  if (storage.length) sections.push({ title: `Storage variables (${storage.length})`, rows: storage })
  if (imm.length)
    sections.push({ title: `Immutables (${imm.length}), read from the chain’s code`, rows: imm.map((i): Row => ({
      label: i.name,
      value: i.value,
      note: [i.type, i.named === 'id' ? 'named by its AST id: the source map does not say' : '', i.consistent ? '' : 'its references hold different bytes'].filter(Boolean).join(' · '),
      ...(i.consistent ? {} : { tone: 'warn' as const }),
    })) })
  return sections
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx) => {
    if (!ctx.rpc) throw new Rpc.NotConnectedError().at('address')
    const chainId = String(Rpc.safeInteger(await Rpc.request(ctx.rpc, 'eth_chainId'), 'the chain id'))
    const codeHex = Rpc.data(await Rpc.request(ctx.rpc, 'eth_getCode', [input.address, 'latest']), 'the code')
    const code = hexBytes(codeHex)
    if (!input.lookup || !ctx.fetch) {
      const data: Data = { chainId, address: input.address }
      return {
        sections: [{ title: 'Nothing sent', rows: [
          { label: 'Sent', value: 'nothing', mono: false, copy: false, note: 'Tick “Fetch the verified source” to ask the host; it then gets the chain id and this address, nothing else.' },
          { label: 'Contract', value: AddressCheck.checksum(input.address) },
          { label: 'Code', value: `${code.length} bytes`, mono: false, note: code.length === 0 ? 'No code: not a contract on this chain.' : 'Read from the connected node.' },
        ] }],
        data,
      }
    }
    // the page's kept sources first (nothing sent on a hit); parse, check and immutables here, on
    // the page's thread (a tool cannot reach a worker); pages call src/workers/verifiedSourceClient.ts
    // for the same step off the main thread
    const got = await SourceCache.obtain({ fetch: ctx.fetch as unknown as VerifiedSource.FetchLike, host: input.host, cache: ctx.sources, signal: ctx.signal }, chainId, input.address, code)
    const { answer, check, immutables: imm } = got.checked
    const data: Data = { chainId, address: input.address, answer, check, immutables: imm, from: got.from }
    return { sections: resultOf(answer, check, imm, got, input.address), data }
  },
})

function hexBytes(h: string): Uint8Array {
  const b = new Uint8Array((h.length - 2) >> 1)
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return b
}

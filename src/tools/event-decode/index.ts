import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as Calldata from '../../core/abi/Calldata'
import { defineTool, fieldParser } from '../define'
import * as SignatureLookup from '../../core/abi/SignatureLookup'
import type { Row, RunContext, ToolResult } from '../types'
import { argRows, optionalAbi, sourceRow, withOnlineLookup } from '../kit/abiRows'
import { decodeWithSources, type Table } from '../kit/signatureTable'
import meta from './meta'

interface Input extends Record<string, unknown> {
  topics: string[]
  data: Uint8Array
  abi: Abi.Abi | null
  signature: string
  lookup: boolean
}

export const parse = fieldParser<Input>({
  topics: (v) => {
    const ts = Calldata.parseTopics(v)
    if (ts.length > 4) throw new Calldata.InvalidLogError(`A log has at most 4 topics; got ${ts.length}.`)
    ts.forEach((t, i) => {
      if (!/^0x[0-9a-fA-F]{64}$/.test(t)) throw new Calldata.InvalidLogError(`Topic ${i} is not 32 bytes of hex: "${t.length > 20 ? `${t.slice(0, 20)}…` : t}".`, ['Each topic is 0x followed by 64 hex digits.'])
    })
    return ts
  },
  data: (v) => AbiCodec.toBytes(v || '0x', 'log data'),
  abi: optionalAbi,
  signature: (v) => Abi.signatureLine('event', v),
  lookup: (v) => v === 'true',
})

export function decode(input: Input, library: readonly Abi.Abi[] = [], table?: Table): Calldata.EventDecoded {
  return Calldata.decodeEvent(input.topics, input.data, { abis: [...(input.abi ? [input.abi] : []), ...library], ...(input.signature ? { signature: input.signature } : {}), ...(table ? { table } : {}) })
}

export function result(d: Calldata.EventDecoded) {
  const rows: Row[] = [{ label: 'event', value: d.signature, note: d.human }]
  if (d.topic) rows.push({ label: 'topic0', value: d.topic })
  rows.push({ label: 'anonymous', value: d.anonymous ? 'yes' : 'no', mono: false, copy: false }, sourceRow(d.source, d.sources))
  if (d.alternatives?.length) rows.push({ label: 'also matches', value: d.alternatives.join('\n'), tone: 'warn', note: 'Other events with the same topic and indexed count.' })
  return { sections: [{ title: 'Event', rows }, { title: 'Arguments', rows: argRows(d.args) }] }
}

/** Decodes with the candidate's first way of marking inputs indexed that fits the log. */
function decodeCandidate(input: Input, c: SignatureLookup.Candidate, library: readonly Abi.Abi[]): Calldata.EventDecoded {
  const types = (c.item as Abi.EventItem).inputs.map(AbiCodec.canonicalType)
  let first: unknown
  for (const signature of SignatureLookup.eventVariants(c.signature, types, input.topics.length - 1))
    try {
      return decode({ ...input, signature }, library)
    } catch (e) {
      first ??= e
    }
  throw first ?? new Calldata.InvalidLogError(`${c.signature} has ${types.length} inputs; the log has ${input.topics.length - 1} indexed topics.`)
}

/**
 * Decodes with the given ABIs (the page adds the person's library); with the online lookup
 * ticked (`ctx.fetch`), an unknown topic0 is looked up and the first candidate that fits is used.
 */
export async function runWith(input: Input, ctx: RunContext, library: readonly Abi.Abi[] = []): Promise<ToolResult> {
  const offline = async () => result(await decodeWithSources('event', (table) => decode(input, library, table), (d) => d.source === 'table'))
  const topic = input.topics[0]
  if (!ctx.fetch || !input.lookup || input.signature || !topic) return offline()
  try {
    return await offline()
  } catch (e) {
    if (!(e instanceof Calldata.UnknownSelectorError)) throw e
  }
  const unknown = async (): Promise<ToolResult> => {
    try {
      return await offline()
    } catch (e) {
      return { sections: [], notes: [{ tone: 'error', text: e instanceof Error ? e.message : String(e) }] }
    }
  }
  return withOnlineLookup(ctx, 'event', topic.toLowerCase(), unknown, (c) => result(decodeCandidate(input, c, library)))
}

export default defineTool<Input>(meta, {
  parse,
  run: (input, ctx) => runWith(input, ctx, ctx.abis),
})

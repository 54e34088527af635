import * as Abi from '../../core/abi/Abi'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as EtherscanText from '../../core/abi/EtherscanText'
import * as AbiLayout from '../../core/abi/AbiLayout'
import * as Calldata from '../../core/abi/Calldata'
import { defineTool, fieldParser } from '../define'
import { callSections, optionalAbi, withOnlineLookup, wordRows } from '../kit/abiRows'
import { callFromTable, decodeWithSources, table as loadTable, type Table } from '../kit/signatureTable'
import type { RunContext, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  data: Uint8Array
  abi: Abi.Abi | null
  signature: string
  guess: boolean
  layout: boolean
  lookup: boolean
}

export const parse = fieldParser<Input>({
  data: (v) => {
    if (v.trim() === '') throw new Calldata.NoSelectorError('Paste call data.')
    return AbiCodec.toBytes(EtherscanText.toHex(v) ?? v, 'call data')
  },
  abi: optionalAbi,
  signature: (v) => {
    if (v.trim()) Abi.parse(v)
    return v.trim()
  },
  guess: (v) => v !== 'false',
  layout: (v) => v === 'true',
  lookup: (v) => v === 'true',
})

/** Decodes with the given ABIs first (the page passes the person's library too), then the offline table when given. */
export function decode(input: Input, library: readonly Abi.Abi[] = [], table?: Table): Calldata.Call {
  return Calldata.decodeCall(input.data, {
    abis: [...(input.abi ? [input.abi] : []), ...library],
    ...(input.signature ? { signature: input.signature } : {}),
    ...(table ? { table } : {}),
    guess: input.guess,
  })
}

export function result(input: Input, call: Calldata.Call) {
  const sections = callSections(call)
  if (input.layout) {
    const params = call.item.inputs
    const words = AbiLayout.layout(AbiCodec.compileAll(params), params.map((p, i) => p.name || `arg${i}`), input.data.subarray(4), 4)
    sections.push({ title: 'Words', rows: wordRows(words, call.selector) })
  }
  const notes: { tone: 'warn'; text: string }[] = (call.warnings ?? []).map((text) => ({ tone: 'warn', text }))
  if (call.source === 'guess') notes.push({ tone: 'warn', text: 'No ABI, signature or table entry fits this selector: the types are guessed from the structure of the data.' })
  return { sections, ...(notes.length ? { notes } : {}) }
}

/**
 * Decodes with the given ABIs (the page adds the person's library); with the online lookup
 * ticked (`ctx.fetch`), an unknown selector is looked up and the first candidate that fits is used.
 */
export async function runWith(input: Input, ctx: RunContext, library: readonly Abi.Abi[] = []): Promise<ToolResult> {
  const offline = async () => result(input, await decodeWithSources('function', (table) => decode(input, library, table), callFromTable))
  if (!ctx.fetch || !input.lookup || input.signature || input.data.length < 4) return offline()
  try {
    decode({ ...input, guess: false }, library, await loadTable('function'))
    return await offline()
  } catch (e) {
    if (!(e instanceof Calldata.UnknownSelectorError)) return offline()
  }
  const selector = `0x${Array.from(input.data.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('')}`
  return withOnlineLookup(ctx, 'function', selector, offline, (c) => result(input, decode({ ...input, signature: c.signature }, library)))
}

/** Call data longer than this (hex characters) is parsed and decoded in a worker, never on the main thread. */
export const WORKER_THRESHOLD = 16 * 1024

/** Rows per result section sent back from the worker (a guessed layout of 1 MiB has 32,768 words). */
export const ROW_LIMIT = 1000

export default defineTool<Input>(meta, {
  parse,
  run: (input, ctx) => runWith(input, ctx, ctx.abis),
  // Long call data is parsed and decoded in the tool's worker, never on the main thread.
  placeOf: (raw) => ((raw.data ?? '').length > WORKER_THRESHOLD ? 'worker' : 'main'),
  rowLimit: ROW_LIMIT,
})

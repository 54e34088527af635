import * as AddressCheck from '../../core/address/AddressCheck'
import { BaseError } from '../../core/Errors'
import * as SignatureTable from '../../core/abi/SignatureTable'
import * as CodeRead from '../../core/bytecode/CodeRead'
import * as Disassembler from '../../core/bytecode/Disassembler'
import * as Opcodes from '../../core/bytecode/Opcodes'
import * as ArtifactMatch from '../../core/debug/ArtifactMatch'
import * as Artifacts from '../../core/debug/Artifacts'
import { defineTool, fieldParser } from '../define'
import type { Row, RunContext, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  source: 'code' | 'address'
  code?: `0x${string}`
  runtime?: `0x${string}` | ''
  address?: AddressCheck.Lower
  proxy?: boolean
  artifact?: Artifacts.Bundle | null
  hardfork: string
}

/** An immutable's bytes in a part (offsets relative to the part), named from the compiler output's AST. */
export interface Immutable {
  start: number
  length: number
  id: number
  name: string
}

/**
 * What the page draws the listing from, packed so it crosses from the worker at no cost: each
 * part's bytes and instruction offsets (a row is read back with `Disassembler.instructionAt`),
 * the offsets its blocks start at, and its dispatcher entries.
 */
export interface DisassembleData {
  hardfork: string
  parts: (Pick<Disassembler.Part, 'kind' | 'start' | 'size' | 'entries'> & { code: Uint8Array; offsets: Uint32Array; blockStarts: Uint32Array; metadataStart: number | null; immutables: Immutable[] })[]
}

export const parse = fieldParser<Input>(
  {
    source: (v) => (v === 'address' ? 'address' : 'code'),
    code: (v) => Disassembler.toHex(Disassembler.parse(v)),
    runtime: (v) => (v.trim() ? Disassembler.toHex(Disassembler.parse(v, 'runtime code')) : ''),
    address: (v) => AddressCheck.parse(v),
    proxy: (v) => v === 'true',
    artifact: (v) => (v.trim() ? compilerOutput(v) : null),
    hardfork: (v) => Opcodes.hardfork(v).id,
  },
  meta,
)

/** The compiler output pasted, read as the debugger reads it; a failure says what to paste. */
function compilerOutput(text: string): Artifacts.Bundle {
  try {
    return Artifacts.parse([{ name: 'the compiler output', text }])
  } catch (e) {
    if (!(e instanceof BaseError)) throw e
    const said = new Artifacts.NotCompilerOutputError(e)
    said.field = 'artifact'
    throw said
  }
}

const pause = () => new Promise<void>((r) => setTimeout(r, 0))
const at = (n: number) => `0x${n.toString(16).padStart(4, '0')}`
const KIND = { constructor: 'Constructor', runtime: 'Runtime' } as const

/** The code to disassemble, and rows saying where it came from (source 'address'). */
async function source(input: Input, ctx: Pick<RunContext, 'rpc'>): Promise<{ code: `0x${string}`; rows: Row[] }> {
  if (input.source !== 'address' || !input.address) return { code: input.code!, rows: [] }
  const got = await CodeRead.read(ctx.rpc, input.address, { followProxy: !!input.proxy })
  const rows: Row[] = [{ label: 'Address', value: AddressCheck.checksum(got.address), open: { tool: 'account', inputs: { address: AddressCheck.checksum(got.address) }, label: 'Inspect' } }]
  if (got.proxy) {
    const impl = AddressCheck.checksum(got.proxy.implementation)
    rows.push({ label: 'Implementation', value: impl, note: got.proxy.how, open: { tool: 'account', inputs: { address: impl }, label: 'Inspect' } })
  }
  return { code: got.code, rows }
}

function summary(d: Disassembler.Disassembly, from: Row[]): Section {
  const rows: Row[] = [...from, { label: 'Size', value: `${d.size} bytes`, mono: false }, { label: 'Hardfork', value: Opcodes.table(d.hardfork).hardfork.label, mono: false, copy: false, note: 'The opcode table the code was read with.' }]
  for (const p of d.parts) {
    const counts = `${p.blocks.length} basic blocks, ${p.jumpdests} JUMPDESTs`
    if (p.kind === 'code') rows.push({ label: 'Instructions', value: String(p.instructions.length), mono: false, copy: false, note: `${counts}.` })
    else rows.push({ label: KIND[p.kind], value: `${p.size} bytes`, mono: false, copy: false, note: `${p.instructions.length} instructions, ${counts}; bytes ${at(p.start)}–${at(p.start + p.size - 1)} of the code.` })
  }
  if (d.parts.length > 1) rows.push({ label: 'Split', value: d.split, mono: false, copy: false })
  if (d.trailing) rows.push({ label: 'After the runtime', value: d.trailing, note: 'Constructor arguments, ABI-encoded, when this is a deployment\'s input.', open: { tool: 'calldata-decode', inputs: {}, label: 'Decode' } })
  return { title: 'Code', rows }
}

function dispatcher(p: Disassembler.Part): Section | undefined {
  if (!p.entries.length) return undefined
  const named = p.entries.filter((e) => e.signatures.length).length
  return {
    title: `Dispatcher: ${p.entries.length} function${p.entries.length === 1 ? '' : 's'}, ${named} named`,
    rows: p.entries.map((e): Row => {
      const where = `${e.offset === null ? 'No PUSH holds it whole' : `Pushed at ${at(e.offset)}`}; ${e.dest === null ? 'its code\'s start is not known' : `its code starts at ${at(e.dest)}`}.`
      return e.signatures.length
        ? { label: e.selector, value: e.signatures.join('\n'), note: where }
        : { label: e.selector, value: 'not in the offline table', mono: false, copy: false, note: where, open: { tool: 'signature-from-selector', inputs: { keys: e.selector }, label: 'Look up' } }
    }),
  }
}

function metadata(p: Disassembler.Part): Section | undefined {
  const m = p.metadata
  if (!m) return undefined
  const rows: Row[] = [{ label: 'Compiler', value: m.compiler ? `${m.compiler} ${m.version ?? '(version not given)'}` : 'not named', mono: false }]
  if (m.ipfs) rows.push({ label: 'IPFS', value: m.ipfs.cid, note: 'CIDv0 of the metadata file (ipfs://…).' }, { label: 'IPFS multihash', value: m.ipfs.hex })
  if (m.bzzr0) rows.push({ label: 'Swarm (bzzr0)', value: m.bzzr0 })
  if (m.bzzr1) rows.push({ label: 'Swarm (bzzr1)', value: m.bzzr1 })
  rows.push({ label: 'Experimental', value: m.experimental ? 'yes: compiled with experimental features' : 'no', mono: false, copy: false, tone: m.experimental ? 'warn' : undefined })
  for (const e of m.entries.filter((x) => !['ipfs', 'bzzr0', 'bzzr1', 'solc', 'vyper', 'experimental'].includes(x.key))) rows.push({ label: e.key, value: e.value })
  return { title: `Metadata (CBOR, ${m.length} bytes at ${at(p.start + m.start)})`, rows }
}

/** The immutables of the compiler output's contract whose runtime code `runtime` is, and a section naming them (or saying none matched). */
function immutables(bundle: Artifacts.Bundle, runtime: Uint8Array): { list: Immutable[]; section: Section } {
  const hit = ArtifactMatch.find(ArtifactMatch.prepare(bundle), runtime)
  if (!hit) return { list: [], section: { title: 'Immutables', rows: [{ label: 'Compiler output', value: `none of its ${bundle.contracts.length} contract${bundle.contracts.length === 1 ? '' : 's'} has this runtime code (metadata, immutables and links aside)`, mono: false, copy: false, tone: 'warn' }] } }
  const names = Artifacts.declarationNames(bundle)
  const list = hit.contract.immutables.map((r) => ({ ...r, name: names.get(r.id) ?? `#${r.id}` })).sort((a, b) => a.start - b.start)
  const rows: Row[] = [{ label: 'Contract', value: `${hit.contract.path}:${hit.contract.name}`, mono: false, note: hit.exact ? 'Matches byte for byte (metadata included).' : 'Matches with metadata, immutables and links aside.' }]
  for (const r of list) rows.push({ label: `${r.name} (id ${r.id})`, value: Disassembler.toHex(runtime.subarray(r.start, r.start + r.length)), note: `Bytes ${at(r.start)}–${at(r.start + r.length - 1)} of the runtime: the data of the PUSH at ${at(r.start - 1)}.` })
  if (!list.length) rows.push({ label: 'Immutables', value: 'none in this contract', mono: false, copy: false })
  return { list, section: { title: `Immutables: ${list.length}`, rows } }
}

export default defineTool<Input, DisassembleData>(meta, {
  parse,
  // Pasted code is parsed and disassembled in the tool's worker (src/workers/tools.ts), never on the
  // main thread. An address's code is read from the connected node (the worker has no line to it)
  // and disassembled where it was read: `disassembleInSteps` yields every 6 KB, and a contract's
  // code is at most 24 KB (EIP-170).
  placeOf: (raw) => (raw.source === 'address' ? 'network' : 'worker'),
  run: async (input, ctx) => {
    const { code, rows } = await source(input, ctx)
    const table = await SignatureTable.load('function')
    const d = await Disassembler.disassembleInSteps(code, { hardfork: input.hardfork, runtime: input.source === 'code' ? input.runtime || undefined : undefined, table, signal: ctx.signal }, pause)
    const runtime = d.parts[d.parts.length - 1]!
    const whole = Disassembler.parse(code)
    const imm = input.artifact ? immutables(input.artifact, whole.subarray(runtime.start, runtime.start + runtime.size)) : undefined
    const sections = [summary(d, rows), dispatcher(runtime), metadata(runtime), imm?.section].filter((s): s is Section => !!s)
    const data: DisassembleData = {
      hardfork: d.hardfork,
      parts: d.parts.map((p) => ({
        kind: p.kind,
        start: p.start,
        size: p.size,
        code: whole.slice(p.start, p.start + p.size),
        offsets: Disassembler.offsets(p.instructions),
        blockStarts: Uint32Array.from(p.blocks, (b) => b.start),
        entries: p.entries,
        metadataStart: p.metadata ? p.metadata.start : null,
        immutables: p === runtime ? (imm?.list ?? []) : [],
      })),
    }
    return { sections, data }
  },
})

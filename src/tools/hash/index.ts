import * as Hashing from '../../core/hash/Hashing'
import { defineTool } from '../define'
import type { BlobLike, Parsed, RawInput, Row, ToolResult } from '../types'
import meta from './meta'
import { bytes } from '../kit/text'

export type Input = ({ source: 'file'; file: BlobLike; name: string } | { source: 'text'; bytes: Uint8Array; encoding: Hashing.Encoding }) & {
  algorithms: Hashing.Algorithm[]
}

/** The hashes ticked, in display order (each algorithm is a checkbox field named by its id). */
export function chosen(raw: RawInput): Hashing.Algorithm[] {
  return Hashing.ALGORITHMS.filter((a) => raw[a.id] === 'true').map((a) => a.id)
}

function parse(raw: RawInput, files?: Readonly<Record<string, BlobLike>>): Parsed<Input> {
  const algorithms = chosen(raw)
  if (!algorithms.length) return { ok: false, errors: { keccak256: 'Choose at least one hash to compute.' } }
  const file = files?.file
  if (file) return { ok: true, value: { source: 'file', file, name: file.name ?? 'file', algorithms } }
  const encoding: Hashing.Encoding = raw.encoding === 'hex' ? 'hex' : 'utf8'
  try {
    return { ok: true, value: { source: 'text', bytes: Hashing.parseBytes(raw.input ?? '', encoding), encoding, algorithms } }
  } catch (e) {
    const err = e as Hashing.InvalidHexError
    return { ok: false, errors: { input: [err.shortMessage ?? String(e), ...(err.hints ?? [])].join(' ') } }
  }
}

/** The "Input" section: what was hashed, its size, and (for files) the time it took. */
export function aboutRows(input: { source: 'file'; size: number; name: string } | { source: 'text'; size: number; encoding: Hashing.Encoding }, ms: number, hashes: number): Row[] {
  const { size } = input
  const about: Row[] = [
    { label: 'Hashed', value: input.source === 'file' ? `file ${input.name}` : input.encoding === 'hex' ? 'hex bytes' : 'UTF-8 text', mono: false, copy: false },
    { label: 'Size', value: `${bytes(size)}${size >= 1024 ? ` (${Hashing.formatSize(size)})` : ''}`, mono: false, copy: false },
  ]
  if (input.source === 'file' && ms > 0 && size > 0)
    about.push({ label: 'Time', value: `${(ms / 1000).toFixed(2)} s (${Hashing.formatSize(Math.round((size / ms) * 1000))}/s, ${hashes} hash${hashes === 1 ? '' : 'es'})`, mono: false, copy: false })
  return about
}

/** What a hash result carries as data (structured-clone safe): each chosen hash's digest, and the bytes hashed. */
export interface HashData {
  digests: Partial<Record<Hashing.Algorithm, string>>
  size: number
}

/** The "Hashes" rows: the chosen hashes in display order. */
export function hashRows(digests: HashData['digests']): Row[] {
  return Hashing.ALGORITHMS.filter((a) => digests[a.id] !== undefined).map((a) => ({ label: a.label, value: digests[a.id]!, ...(a.note ? { note: a.note } : {}) }))
}

/** The whole result of hashing: the digests, what was hashed, and the note. */
export function hashResult(data: HashData, about: Row[]): ToolResult<HashData> {
  return { sections: [{ title: 'Hashes', rows: hashRows(data.digests) }, { title: 'Input', rows: about }], notes: [{ tone: 'info', text: NOTE }], data }
}

export const NOTE = 'Keccak-256 is what Ethereum and Solidity call keccak256. SHA3-256 is the FIPS 202 standard: same sponge, different padding, different result; do not mix them up.'

/** In a worker (which loads this module ahead of a run): compile the hashers' WebAssembly now. */
if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function') void Hashing.warm()

export default defineTool<Input, HashData>(meta, {
  parse,
  run: async (input, ctx) => {
    const started = Date.now()
    const { algorithms } = input
    const digests =
      input.source === 'file'
        ? await Hashing.hashBlob(input.file, { algorithms, signal: ctx.signal, progress: ctx.progress })
        : await Hashing.hashBytes(input.bytes, algorithms)
    const size = input.source === 'file' ? input.file.size : input.bytes.length
    const about = aboutRows(input.source === 'file' ? { source: 'file', size, name: input.name } : { source: 'text', size, encoding: input.encoding }, Date.now() - started, algorithms.length)
    return hashResult({ digests: Object.fromEntries(algorithms.map((a) => [a, digests[a]])), size }, about)
  },
})

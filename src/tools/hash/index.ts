import * as Hashing from '../../core/Hashing'
import { defineTool } from '../define'
import type { BlobLike, Parsed, RawInput, Row } from '../types'
import meta from './meta'

type Input = { source: 'file'; file: BlobLike; name: string } | { source: 'text'; bytes: Uint8Array; encoding: Hashing.Encoding }

function parse(raw: RawInput, files?: Readonly<Record<string, BlobLike>>): Parsed<Input> {
  const file = files?.file
  if (file) return { ok: true, value: { source: 'file', file, name: file.name ?? 'file' } }
  const encoding: Hashing.Encoding = raw.encoding === 'hex' ? 'hex' : 'utf8'
  try {
    return { ok: true, value: { source: 'text', bytes: Hashing.parseBytes(raw.input ?? '', encoding), encoding } }
  } catch (e) {
    const err = e as Hashing.InvalidHexError
    return { ok: false, errors: { input: [err.shortMessage ?? String(e), ...(err.hints ?? [])].join(' ') } }
  }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx) => {
    const started = Date.now()
    const digests =
      input.source === 'file'
        ? await Hashing.hashBlob(input.file, { signal: ctx.signal, progress: ctx.progress })
        : await Hashing.hashBytes(input.bytes)
    const rows: Row[] = Hashing.ALGORITHMS.map((a) => ({ label: a.label, value: digests[a.id], ...(a.note ? { note: a.note } : {}) }))
    const size = input.source === 'file' ? input.file.size : input.bytes.length
    const about: Row[] = [
      { label: 'Hashed', value: input.source === 'file' ? `file ${input.name}` : input.encoding === 'hex' ? 'hex bytes' : 'UTF-8 text', mono: false, copy: false },
      { label: 'Size', value: `${size.toLocaleString('en-US')} bytes${size >= 1024 ? ` (${Hashing.formatSize(size)})` : ''}`, mono: false, copy: false },
    ]
    const ms = Date.now() - started
    if (input.source === 'file' && ms > 0 && size > 0)
      about.push({ label: 'Time', value: `${(ms / 1000).toFixed(2)} s (${Hashing.formatSize(Math.round((size / ms) * 1000))}/s, all five hashes in one pass)`, mono: false, copy: false })
    return {
      sections: [{ title: 'Hashes', rows }, { title: 'Input', rows: about }],
      notes: [{ tone: 'info', text: 'Keccak-256 is what Ethereum and Solidity call keccak256. SHA3-256 is the FIPS 202 standard: same sponge, different padding, different result; do not mix them up.' }],
    }
  },
})

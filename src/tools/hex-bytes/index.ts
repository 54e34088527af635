import * as HexBytes from '../../core/format/HexBytes'
import * as HexData from '../../core/format/HexData'
import * as VisibleText from '../../core/format/VisibleText'
import { BaseError } from '../../core/Errors'
import { defineTool, errorCollector } from '../define'
import type { BlobLike, Row, ToolResult } from '../types'
import meta from './meta'

export type Mode = 'to-bytes32-string' | 'from-bytes32-string' | 'from-utf8' | 'to-utf8' | 'to-ascii' | 'pad-left' | 'pad-right' | 'concat' | 'slice' | 'to-hexdata' | 'from-bin' | 'parse-bytes32-address' | 'zero'
const MODES: readonly Mode[] = ['to-bytes32-string', 'from-bytes32-string', 'from-utf8', 'to-utf8', 'to-ascii', 'pad-left', 'pad-right', 'concat', 'slice', 'to-hexdata', 'from-bin', 'parse-bytes32-address', 'zero']
/** from-bin shows the whole file as hex: 1 MB is 2 MB of text. */
const MAX_FILE = 1 << 20

export type Input =
  | { mode: 'to-bytes32-string' | 'from-utf8'; text: string }
  | { mode: 'from-bytes32-string' | 'to-utf8' | 'to-ascii'; hex: `0x${string}` }
  | { mode: 'pad-left' | 'pad-right'; hex: `0x${string}`; length: number }
  | { mode: 'concat'; parts: `0x${string}`[] }
  | { mode: 'slice'; hex: `0x${string}`; start: number; end?: number }
  | { mode: 'to-hexdata'; hex: `0x${string}` }
  | { mode: 'parse-bytes32-address'; address: `0x${string}` }
  | { mode: 'from-bin'; file: BlobLike }
  | { mode: 'zero' }

export function parse(raw: Record<string, string>, files?: Readonly<Record<string, BlobLike>>) {
  const mode = (MODES as readonly string[]).includes(raw.mode ?? '') ? (raw.mode as Mode) : 'to-bytes32-string'
  const { errors, at } = errorCollector()
  const input = raw.input ?? ''
  let value: Input | undefined
  if (mode === 'to-bytes32-string' || mode === 'from-utf8') {
    const text = at('input', () => {
      if (mode === 'to-bytes32-string') HexBytes.formatBytes32String(input)
      return input
    })
    if (text !== undefined) value = { mode, text }
  } else if (mode === 'zero') value = { mode }
  else if (mode === 'from-bin') {
    const file = files?.file
    if (!file) errors.file = 'Choose or drop a file: its bytes are shown as hex.'
    else if (file.size > MAX_FILE) errors.file = `The file is ${file.size} bytes; at most ${MAX_FILE} (1 MB) are shown as hex here. Hash a large file with the hash tool instead.`
    else value = { mode, file }
  } else if (mode === 'to-hexdata') {
    const hex = at('input', () => HexData.toHexdata(input))
    if (hex) value = { mode, hex }
  } else if (mode === 'parse-bytes32-address') {
    const address = at('input', () => HexData.parseBytes32Address(input))
    if (address) value = { mode, address }
  } else if (mode === 'concat') {
    const parts = at('input', () => HexBytes.parseList(input))
    if (parts) value = { mode, parts }
  } else {
    const hex = at('input', () => HexBytes.parse(input, 'input'))
    if (mode === 'pad-left' || mode === 'pad-right') {
      const length = at('length', () => HexBytes.parseOffset(raw.length ?? '32', 'The length', false))
      if (hex && length !== undefined) value = { mode, hex, length }
    } else if (mode === 'slice') {
      const start = at('start', () => HexBytes.parseOffset(raw.start || '0', 'The start', true))
      const end = at('end', () => (raw.end?.trim() ? HexBytes.parseOffset(raw.end, 'The end', true) : undefined))
      if (hex && start !== undefined && !errors.end) value = { mode, hex, start, ...(end !== undefined ? { end } : {}) }
    } else if (hex) value = { mode, hex }
  }
  return value && !Object.keys(errors).length ? { ok: true as const, value } : { ok: false as const, errors }
}

const sizeNote = (hex: `0x${string}`) => HexBytes.plural(HexBytes.size(hex), 'byte')

/** Runs `f`; a core error it throws is shown at `field`. */
function atField<T>(field: string, f: () => T): T {
  try {
    return f()
  } catch (e) {
    throw e instanceof BaseError ? e.at(field) : e
  }
}

/** Which slice offset is at fault ('start' or 'end'), judged before slicing. */
function rangeFault(input: { hex: `0x${string}`; start: number; end?: number }): string {
  const n = HexBytes.size(input.hex)
  const s = input.start < 0 ? n + input.start : input.start
  return s < 0 || s > n ? 'start' : 'end'
}

function textRow(text: string): Row {
  const shown = VisibleText.show(text)
  const note = VisibleText.note(shown)
  return { label: 'Text', value: shown.text, mono: false, ...(note ? { note } : {}) }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input): Promise<ToolResult> => {
    const rows: Row[] = []
    switch (input.mode) {
      case 'zero':
        rows.push({ label: 'Zero address', value: HexData.ZERO_ADDRESS, note: 'cast address-zero' })
        rows.push({ label: 'Zero hash', value: HexData.ZERO_HASH, note: 'cast hash-zero: 32 zero bytes' })
        break
      case 'to-hexdata':
        rows.push({ label: 'Hex', value: input.hex, note: sizeNote(input.hex) })
        break
      case 'parse-bytes32-address':
        rows.push({ label: 'Address', value: input.address, note: 'the last 20 bytes, checksummed (EIP-55)', open: { tool: 'address', inputs: { address: input.address } } })
        break
      case 'from-bin': {
        const hex = HexData.fromBinary(new Uint8Array(await input.file.slice(0, MAX_FILE).arrayBuffer()))
        rows.push({ label: 'Hex', value: hex, note: `${sizeNote(hex)}${input.file.name ? ` of ${input.file.name}` : ''}` })
        break
      }
      case 'to-bytes32-string': {
        const word = HexBytes.formatBytes32String(input.text)
        const used = HexBytes.size(HexBytes.fromUtf8(input.text))
        rows.push({ label: 'bytes32', value: word, note: `${HexBytes.plural(used, 'byte')} of UTF-8, then zeros.${used === 32 ? ' No terminating zero: ethers v5 parseBytes32String refuses a full word.' : ''}` })
        break
      }
      case 'from-bytes32-string':
        rows.push(textRow(HexBytes.parseBytes32String(input.hex)))
        break
      case 'from-utf8': {
        const hex = HexBytes.fromUtf8(input.text)
        rows.push({ label: 'Hex', value: hex, note: `${sizeNote(hex)} of UTF-8` })
        break
      }
      case 'to-utf8':
        rows.push(textRow(HexBytes.toUtf8(input.hex)))
        break
      case 'to-ascii':
        rows.push(textRow(HexBytes.toAscii(input.hex)))
        break
      case 'pad-left':
      case 'pad-right': {
        const padded = atField('input', () => HexBytes.pad(input.hex, input.length, input.mode === 'pad-left' ? 'left' : 'right'))
        rows.push({ label: 'Padded', value: padded, note: `${sizeNote(padded)}, zeros on the ${input.mode === 'pad-left' ? 'left' : 'right'}` })
        break
      }
      case 'concat': {
        const joined = HexBytes.concat(input.parts)
        rows.push({ label: 'Concatenated', value: joined, note: `${sizeNote(joined)} from ${HexBytes.plural(input.parts.length, 'value')}` })
        break
      }
      case 'slice': {
        const part = atField(/end/.test(rangeFault(input)) ? 'end' : 'start', () => HexBytes.slice(input.hex, input.start, input.end))
        rows.push({ label: 'Slice', value: part, note: `${sizeNote(part)} of ${sizeNote(input.hex)}` })
        break
      }
    }
    return { sections: [{ rows }] }
  },
})

import * as RlpTree from '../../core/format/RlpTree'
import { defineTool, fieldParser } from '../define'
import type { ToolResult } from '../types'
import meta from './meta'
import { bytes } from '../kit/text'

type Input = { mode: 'encode'; item: RlpTree.Item } | { mode: 'decode'; tree: RlpTree.Node; size: number }

const encodeParse = fieldParser<{ input: RlpTree.Item }>({ input: (v) => RlpTree.fromJson(v) })
const decodeParse = fieldParser<{ input: { tree: RlpTree.Node; size: number } }>({
  input: (v) => {
    const bytes = RlpTree.hexToBytes(v)
    return { tree: RlpTree.decode(bytes), size: bytes.length }
  },
})

function parse(raw: Record<string, string>) {
  if (raw.mode === 'encode') {
    const p = encodeParse(raw)
    return p.ok ? { ok: true as const, value: { mode: 'encode' as const, item: p.value.input } } : p
  }
  const p = decodeParse(raw)
  return p.ok ? { ok: true as const, value: { mode: 'decode' as const, ...p.value.input } } : p
}

export default defineTool<Input>(meta, {
  parse,
  run: (input): ToolResult => {
    if (input.mode === 'encode') {
      const rlp = RlpTree.encode(input.item)
      return {
        sections: [
          { rows: [{ label: 'RLP', value: rlp, note: bytes((rlp.length - 2) / 2), open: { tool: 'rlp', inputs: { mode: 'decode', input: rlp }, label: 'Decode it' } }] },
        ],
      }
    }
    const json = JSON.stringify(RlpTree.toJson(input.tree))
    const entries = RlpTree.flatten(input.tree, 500)
    return {
      sections: [
        {
          rows: [
            { label: 'JSON', value: json, note: 'byte strings as hex, the shape cast from-rlp prints' },
            { label: 'Size', value: bytes(input.size), mono: false },
          ],
        },
        { title: 'Tree', rows: entries.map((e) => ({ label: e.path === '[]' ? '(root)' : e.path, value: e.value, note: e.note, mono: e.kind === 'bytes' })) },
      ],
      ...(entries.length === 500 ? { notes: [{ tone: 'info' as const, text: 'Only the first 500 items are listed; the JSON has all of them.' }] } : {}),
    }
  },
})

import * as Abi from '../../core/abi/Abi'
import * as EventEncode from '../../core/abi/EventEncode'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, Row, ToolResult } from '../types'
import meta from './meta'

interface Input {
  event: Abi.EventItem
  encoded: EventEncode.Encoded
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const event = at('event', () => EventEncode.parseEvent(raw.event ?? ''))
  const encoded = event ? at('values', () => EventEncode.encode(event, raw.values ?? '')) : undefined
  if (!event || !encoded) return { ok: false, errors }
  return { ok: true, value: { event, encoded } }
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ event, encoded }): ToolResult => {
    const indexed = event.inputs.filter((p) => p.indexed)
    const offset = event.anonymous ? 0 : 1
    const topics: Row[] = encoded.topics.map((t, i) => {
      const p = i >= offset ? indexed[i - offset] : undefined
      const dynamic = p && /^(string|bytes)$|\[|^tuple/.test(p.type)
      return {
        label: `topic ${i}`,
        value: t,
        note: !p ? 'keccak256 of the event signature' : `${p.name || `indexed ${i - offset}`} (${p.type})${dynamic ? ': the keccak256 of the value, not the value' : ''}`,
      }
    })
    const decode = { tool: 'event-decode', inputs: { topics: encoded.topics.join('\n'), data: encoded.data, signature: Abi.humanOf(event) }, label: 'Decode it again' }
    return {
      sections: [
        { title: 'Topics', rows: topics },
        { title: 'Data', rows: [{ label: 'data', value: encoded.data, note: event.inputs.some((p) => !p.indexed) ? 'The non-indexed values, ABI-encoded.' : 'Every value is indexed: no data.', open: decode }] },
      ],
      data: encoded,
    }
  },
})

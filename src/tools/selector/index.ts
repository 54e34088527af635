import * as Selector from '../../core/abi/Selector'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  kind: Selector.Kind
  signature: Selector.Result
}

export const parse = fieldParser<Input>({
  kind: (v) => (v === 'event' || v === 'error' ? v : 'function'),
  signature: (v, raw) => Selector.from(v, raw.kind === 'event' || raw.kind === 'error' ? raw.kind : 'function'),
})

export default defineTool<Input>(meta, {
  parse,
  run: ({ signature: r }) => {
    const rows: Row[] = [
      { label: 'Canonical signature', value: r.canonical, note: 'The exact text that is hashed.', open: { tool: 'hash', inputs: { input: r.canonical, encoding: 'utf8' }, label: 'Hash this text' } },
    ]
    if (r.kind === 'event') {
      rows.push({ label: 'Topic 0', value: r.hash, note: r.anonymous ? 'Anonymous events do not emit this topic: logs carry only the indexed values.' : 'keccak256 of the canonical signature: the first topic of every log of this event.' })
      rows.push({ label: 'First 4 bytes', value: r.selector, note: 'Events are matched by the full 32-byte topic, not by 4 bytes.' })
    } else {
      rows.push({ label: 'Selector', value: r.selector, note: r.kind === 'error' ? 'The first 4 bytes of revert data for this error.' : 'The first 4 bytes of call data for this function.' })
      rows.push({ label: 'Keccak-256 (full hash)', value: r.hash })
    }
    rows.push({ label: 'Kind', value: `${r.kind}${r.declared ? '' : ' (no keyword; chosen in the form)'}`, mono: false, copy: false })
    const params: Row[] = r.params.map((p, i) => ({
      label: `${i}${p.name ? ` ${p.name}` : ''}`,
      value: `${p.type}${p.indexed ? ' indexed' : ''}`,
      copy: false,
    }))
    return { sections: [{ rows }, ...(params.length ? [{ title: 'Parameters', rows: params }] : [])] }
  },
})

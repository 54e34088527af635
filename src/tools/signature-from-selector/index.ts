import * as Selector from '../../core/abi/Selector'
import * as SignatureKeys from '../../core/abi/SignatureKeys'
import * as SignatureTable from '../../core/abi/SignatureTable'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  keys: SignatureKeys.Key[]
}

export interface Found {
  key: string
  kind: 'selector' | 'topic'
  signatures: { kind: SignatureTable.Kind; canonical: string; human: string; sources: string[] }[]
}

export const parse = fieldParser<Input>({ keys: (v) => SignatureKeys.parse(v) })

export default defineTool<Input>(meta, {
  parse,
  run: async ({ keys }) => {
    // Only the shards the keys fall in (the table is split by their first hex digit).
    const table = await SignatureTable.load(keys.some((k) => k.kind === 'topic') ? ['function', 'error', 'event'] : ['function', 'error'], { provenance: true, keys: keys.map((k) => k.key) })
    const found: Found[] = []
    const rows: Row[] = keys.map((k) => {
      const kinds: SignatureTable.Kind[] = k.kind === 'topic' ? ['event'] : ['function', 'error']
      const hits = kinds.flatMap((kind) => table.lookup(kind, k.key).map((m) => ({ kind, human: m.human, sources: m.sources, canonical: Selector.from(m.human, kind).canonical })))
      // Several human forms can share one canonical signature (names differ): list it once.
      const unique = hits.filter((h, i) => hits.findIndex((o) => o.canonical === h.canonical && o.kind === h.kind) === i)
      found.push({ key: k.key, kind: k.kind, signatures: unique })
      const cut = k.cut ? `The first 4 bytes of ${k.text.length > 20 ? `${k.text.slice(0, 12)}…` : k.text}. ` : ''
      if (!unique.length)
        return {
          label: k.key,
          value: 'not in the offline table',
          mono: false,
          copy: false,
          tone: 'warn',
          note: `${cut}The table holds the ABIs of widely deployed contracts; an unknown ${k.kind} may still be in openchain.xyz (the call-data and event decoders can ask it, when you tick their online lookup).`,
        }
      return {
        label: k.key,
        value: unique.map((u) => u.canonical).join('\n'),
        note: `${cut}${unique.length > 1 ? `${unique.length} signatures share this ${k.kind}: the table cannot tell which one a contract uses. ` : ''}${unique.map((u) => `${u.human} (${u.sources[0] ?? 'table'}${u.sources.length > 1 ? ` and ${u.sources.length - 1} more` : ''})`).join('; ')}`,
        ...(unique.length === 1 ? { open: { tool: 'selector', inputs: { signature: unique[0]!.human }, label: 'Check in Selector and topic' } } : {}),
      }
    })
    return { sections: [{ rows }], data: found }
  },
})

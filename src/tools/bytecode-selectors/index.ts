import * as Dispatch from '../../core/Dispatch'
import * as Selector from '../../core/Selector'
import * as SignatureTable from '../../core/SignatureTable'
import { defineTool, fieldParser } from '../define'
import type { Row } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  code: Dispatch.Found[]
}

export interface Named {
  selector: string
  offset: number
  /** Canonical signatures the offline table knows for it (several can share a selector). */
  signatures: string[]
}

export const parse = fieldParser<Input>({ code: (v) => Dispatch.selectors(v) })

export default defineTool<Input>(meta, {
  parse,
  run: async ({ code }) => {
    const table = await SignatureTable.load('function')
    const named: Named[] = code.map((f) => {
      const hits = table.lookup('function', f.selector).map((m: SignatureTable.Match) => Selector.from(m.human, 'function').canonical)
      return { selector: f.selector, offset: f.offset, signatures: [...new Set(hits)] }
    })
    const rows: Row[] = named.map((n) =>
      n.signatures.length
        ? { label: n.selector, value: n.signatures.join('\n'), note: `Compared at byte ${n.offset}.${n.signatures.length > 1 ? ' Several signatures share this selector.' : ''}` }
        : { label: n.selector, value: 'not in the offline table', mono: false, copy: false, tone: 'warn', note: `Compared at byte ${n.offset}. Its name may be in openchain.xyz (cast 4byte ${n.selector}).`,
            open: { tool: 'signature-from-selector', inputs: { keys: n.selector }, label: 'Look up' } },
    )
    const known = named.filter((n) => n.signatures.length).length
    return {
      sections: [{ title: `${named.length} selector${named.length === 1 ? '' : 's'}, ${known} named`, rows }],
      notes: named.length
        ? []
        : [{ tone: 'warn', text: 'No selector comparisons found. A proxy forwards every call (look up its implementation), and code that is not a Solidity or Vyper dispatcher may hide its selectors.' }],
      data: named,
    }
  },
})

import { BaseError } from '../../core/Errors'
import * as Vanity from '../../core/address/Vanity'
import { defineTool, errorCollector } from '../define'
import { privateKey } from '../kit/fields'
import { parsePattern, planRows } from '../kit/vanityPattern'
import type { Parsed, RawInput, Row, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  action: 'mine' | 'check'
  pattern: Vanity.Pattern
  target: Vanity.Target
  key?: `0x${string}`
}

/** What the vanity page reads from a result. */
export type VanityData =
  | { kind: 'plan'; pattern: Vanity.Pattern; target: Vanity.Target }
  | { kind: 'check'; address: string; matched: string; ok: boolean }

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const action = raw.action === 'check' ? 'check' : 'mine'
  const target: Vanity.Target = raw.target === 'create' ? 'create' : 'address'
  const pattern = parsePattern(raw, at)
  const key =
    action === 'check'
      ? at('key', () => {
          try {
            return privateKey(raw.key ?? '')
          } catch (e) {
            if (e instanceof BaseError) e.field = 'key' // this tool's field, whatever the parser named it
            throw e
          }
        })
      : undefined
  if (Object.keys(errors).length || !pattern) return { ok: false, errors }
  return { ok: true, value: { action, pattern, target, ...(key ? { key } : {}) } }
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ action, pattern, target, key }): ToolResult<VanityData> => {
    if (action === 'mine') {
      const rate = target === 'create' ? Vanity.DEFAULT_RATE_PER_CORE.keysCreate : Vanity.DEFAULT_RATE_PER_CORE.keys
      return { data: { kind: 'plan', pattern, target }, sections: [{ rows: planRows(pattern, rate) }] }
    }
    const c = Vanity.checkKey(pattern, target, key!)
    const rows: Row[] = [
      { label: 'Address', value: c.address, open: { tool: 'address', inputs: { address: c.address }, label: 'Inspect address' } },
      ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: c.matched }] : []),
      { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
      { label: 'Matches', value: c.ok ? 'yes' : 'no', mono: false, copy: false, tone: c.ok ? 'ok' : 'warn' },
    ]
    return { data: { kind: 'check', address: c.address, matched: c.matched, ok: c.ok }, sections: [{ rows }] }
  },
})

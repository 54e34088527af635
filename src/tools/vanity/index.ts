import { BaseError } from '../../core/Errors'
import * as Vanity from '../../core/address/Vanity'
import type { KeyHit } from '../../core/address/VanityMiner'
import { defineTool, errorCollector } from '../define'
import { privateKey } from '../kit/fields'
import { parsePattern, planRows } from '../kit/vanityPattern'
import type { Parsed, RawInput, Row, ToolAction, ToolResult } from '../types'
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

/** Checks the key of the input against its pattern (the "Check a key" action). */
function check({ pattern, target, key }: Input): ToolResult<VanityData> {
  const c = Vanity.checkKey(pattern, target, key!)
  const rows: Row[] = [
    { label: 'Address', value: c.address, open: { tool: 'address', inputs: { address: c.address }, label: 'Inspect address' } },
    ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: c.matched }] : []),
    { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
    { label: 'Matches', value: c.ok ? 'yes' : 'no', mono: false, copy: false, tone: c.ok ? 'ok' : 'warn' },
  ]
  return { data: { kind: 'check', address: c.address, matched: c.matched, ok: c.ok }, sections: [{ rows }] }
}

/** The keys a search found so far, as the page shows them (one section per key, the key itself secret). */
export function foundResult(keys: readonly KeyHit[], { pattern, target }: Pick<Input, 'pattern' | 'target'>): ToolResult<KeyHit[]> {
  return {
    data: [...keys],
    sections: keys.map((k, i) => ({
      title: keys.length > 1 ? `Key ${i + 1}` : 'Key found',
      rows: [
        { label: 'Address', value: k.address, open: { tool: 'address', inputs: { address: k.address }, label: 'Inspect address' } },
        ...(target === 'create' ? [{ label: 'First contract (CREATE, nonce 0)', value: k.matched }] : []),
        ...(pattern.mode === 'zeros' ? [{ label: 'Leading zero bytes', value: String(k.zeroBytes), mono: false }] : []),
        { label: 'Private key', value: k.privateKey, secret: true, note: 'Re-derived with the audited library (noble/ox) before it was shown. In the in-page keyring (memory only) until you reload.' },
      ],
    })),
  }
}

/**
 * The run gives the search's plan (its pattern and estimate; the page then starts the search on
 * its workers, src/ui/hooks/useVanitySearch.ts) or, for `action: 'check'`, the check; the page's
 * Check button runs the named action `check`.
 */
export default defineTool<Input, VanityData, { check: ToolAction<Input, VanityData> }>(meta, {
  parse,
  run: (input): ToolResult<VanityData> => {
    if (input.action === 'check') return check(input)
    const { pattern, target } = input
    const rate = target === 'create' ? Vanity.DEFAULT_RATE_PER_CORE.keysCreate : Vanity.DEFAULT_RATE_PER_CORE.keys
    return { data: { kind: 'plan', pattern, target }, sections: [{ rows: planRows(pattern, rate) }] }
  },
  actions: { check: { label: 'Check', run: check } },
})

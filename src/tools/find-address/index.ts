import * as Hd from '../../core/keys/Hd'
import { defineTool, errorCollector } from '../define'
import { nodeOf, nodeSource, type NodeSource } from '../kit/hdSource'
import type { Parsed, RawInput, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  address: string
  source: NodeSource
  /** First index scanned (a worker's slice; 0 for the whole scan). */
  start: number
  count: number
  templates: { id: Hd.PresetId | 'custom'; template: Hd.Template }[]
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const address = (raw.address ?? '').trim()
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) errors.address = address === '' ? 'Enter the address to look for.' : 'An address is 0x followed by 40 hex digits.'
  const source = at('phrase', () => nodeSource({ ...raw, xpub: '' }))
  if (source && 'extendedKey' in source && /^[a-z]prv/.test(source.extendedKey) && Hd.fromExtendedKey(source.extendedKey).depth !== 0)
    errors.phrase = 'The presets start at the root (m/…): give the phrase or the root xprv.'
  const count = at('count', () => {
    const t = (raw.count || '20').trim().replace(/_/g, '')
    if (!/^\d{1,6}$/.test(t) || Number(t) < 1 || Number(t) > Hd.MAX_SCAN) throw new Hd.InvalidRangeError(`Indexes per path must be from 1 to ${Hd.MAX_SCAN}.`)
    return Number(t)
  })
  // The find-address page splits start .. start + N - 1 into one slice per core and gives
  // each worker its slice as start + count.
  const start = at('start', () => {
    const t = (raw.start || '0').trim()
    if (!/^\d{1,6}$/.test(t) || Number(t) + (count ?? 1) > Hd.MAX_SCAN) throw new Hd.InvalidRangeError(`The scan must stay within indexes 0 to ${Hd.MAX_SCAN - 1}: start at most ${Hd.MAX_SCAN - (count ?? 1)} for ${count ?? 1} indexes.`)
    return Number(t)
  })
  const templates: Input['templates'] = Hd.PRESET_IDS.map((id) => ({ id, template: Hd.template(id) }))
  if ((raw.path ?? '').trim()) {
    const t = at('path', () => {
      const t = Hd.parseTemplate(raw.path!)
      if (t.variableAt < 0) throw new Hd.InvalidPathError('The path needs an index i to scan.', "For example m/44'/60'/0'/1/i.")
      if (t.relative) throw new Hd.InvalidPathError('Write the path from the root, starting with m/.')
      return t
    })
    if (t) templates.push({ id: 'custom', template: t })
  }
  if (Object.keys(errors).length || !source || count === undefined || start === undefined) return { ok: false, errors }
  return { ok: true, value: { address, source, start, count, templates } }
}

/** What the find-address page reads from a result (structured-clone safe). */
export type FindData = { found: false } | { found: true; path: string; index: number; address: string; privateKey?: string }

export default defineTool<Input, FindData>(meta, {
  parse,
  run: async ({ address, source, start, count, templates }, ctx) => {
    await Hd.useWasm()
    const node = await nodeOf(source)
    const found = Hd.find(node, address, templates, count, {
      start,
      signal: ctx.signal,
      onProgress: (done, total) => ctx.progress(done / total, `${done} of ${total} addresses checked`),
    })
    const scanned = templates.map((t) => t.template.text).join(', ')
    if (!found) {
      const r: ToolResult<FindData> = {
        data: { found: false },
        notes: [{ tone: 'warn', text: `Not found in ${start ? `indexes ${start} to ${start + count - 1}` : `the first ${count} indexes`} of ${scanned}. Check the passphrase (each one gives different addresses), try more indexes, or add the path your wallet used.` }],
        sections: [{ rows: [{ label: 'Result', value: 'not found', mono: false, tone: 'warn' }] }],
      }
      return r
    }
    const data: FindData = { found: true, path: found.path, index: found.index, address: found.account.address, ...(found.account.privateKey ? { privateKey: found.account.privateKey } : {}) }
    return {
      data,
      sections: [
        {
          rows: [
            { label: 'Result', value: 'found', mono: false, tone: 'ok' },
            { label: 'Path', value: found.path },
            { label: 'Path preset', value: found.preset === 'custom' ? 'your path' : Hd.PRESETS[found.preset].label, mono: false },
            { label: 'Index', value: String(found.index) },
            { label: 'Address', value: found.account.address, open: { tool: 'address', inputs: { address: found.account.address }, label: 'Inspect address' } },
            ...(found.account.privateKey ? [{ label: 'Private key', value: found.account.privateKey, secret: true }] : []),
          ],
        },
      ],
    }
  },
})

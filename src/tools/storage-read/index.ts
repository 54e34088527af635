import * as AddressCheck from '../../core/address/AddressCheck'
import * as Rpc from '../../core/chain/Rpc'
import * as StorageLayout from '../../core/storage/StorageLayout'
import * as StorageRead from '../../core/storage/StorageRead'
import { defineTool, fieldParser } from '../define'
import type { Row, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  layout: StorageLayout.Layout
  address: AddressCheck.Lower
  block: Rpc.BlockTag
  compare?: Rpc.BlockTag
  keys: Record<string, string[][]>
  contract: string
  items: number
}

export const parse = fieldParser<Input>(
  {
    layout: (v, raw) => StorageLayout.parse(v, (raw.contract ?? '').trim()),
    address: (v) => AddressCheck.parse(v),
    block: (v) => Rpc.parseBlockTag(v),
    compare: (v) => (v.trim() ? Rpc.parseBlockTag(v) : undefined),
    keys: (v) => StorageLayout.parseKeys(v),
    contract: (v) => v.trim(),
    items: (v) => {
      const n = Number(v.trim() || '5')
      if (!Number.isInteger(n) || n < 0 || n > 1000) throw new StorageLayout.InvalidLayoutError('Show between 0 and 1000 array elements.')
      return n
    },
  },
  meta,
)

/** Where a decoded node lives, in words: `slot 0x…03, offset 4 · uint8`. */
function where(n: StorageLayout.Decoded): string {
  const slot = BigInt(n.slot) < 2n ** 64n ? String(BigInt(n.slot)) : n.slot
  return [n.type, `slot ${slot}${n.offset ? `, offset ${n.offset}` : ''}`, n.note].filter(Boolean).join(' · ')
}

/** One row per decoded node, nested by depth; with `other`, each value as `then → now` where they differ. */
function rows(vars: StorageLayout.Decoded[], other?: Map<string, string | undefined>): { rows: Row[]; changed: number } {
  let changed = 0
  const out = StorageLayout.flatten(vars).map(({ node, depth }): Row => {
    const base = { label: node.label, depth, note: where(node) }
    if (node.value === undefined) return { ...base, value: node.children?.length ? '' : '—', mono: false, copy: false }
    const before = other?.get(node.label)
    if (other && before !== node.value) {
      changed++
      return { ...base, value: `${before ?? '—'} → ${node.value}`, tone: 'warn', note: `changed · ${base.note}` }
    }
    return { ...base, value: node.value }
  })
  return { rows: out, changed }
}

/** Reads go out in rounds: what a round reads (a dynamic array's or long string's data) depends on the lengths the one before read. */
export const roundsNote = (n: number): string => (n === 1 ? '1 round: every slot read at once.' : `${n} rounds: a dynamic array's length, a long string's length, then their data.`)

const blockName = (b: Rpc.BlockTag): string => (b.startsWith('0x') ? String(BigInt(b)) : b)

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx) => {
    const opts = { keys: input.keys, arrayItems: input.items, signal: ctx.signal }
    const address = AddressCheck.checksum(input.address)
    // With a second block, each value reads `at the first block → at the second`.
    const first = await StorageRead.read(ctx.rpc, input.layout, input.address, input.block, opts)
    const second = input.compare ? await StorageRead.read(ctx.rpc, input.layout, input.address, input.compare, opts) : undefined
    const before = second && new Map(StorageLayout.flatten(first.variables).map(({ node }) => [node.label, node.value]))
    const body = rows((second ?? first).variables, before)
    const reads = first.reads + (second?.reads ?? 0)
    const sections: Section[] = [
      { title: second ? `Block ${blockName(input.block)} → block ${blockName(input.compare!)}: ${body.changed} value${body.changed === 1 ? '' : 's'} changed` : `At block ${blockName(input.block)}`, rows: body.rows },
      { title: 'Read', rows: [
        { label: 'Contract', value: address, open: { tool: 'account', inputs: { address }, label: 'Inspect' } },
        { label: 'Slots read', value: `${reads} with eth_getStorageAt`, mono: false, copy: false, note: roundsNote(first.rounds + (second?.rounds ?? 0)) },
      ] },
    ]
    return { sections, data: { variables: first.variables, ...(second ? { compared: second.variables } : {}) } }
  },
})

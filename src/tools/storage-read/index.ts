import * as AddressCheck from '../../core/address/AddressCheck'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as Proxy from '../../core/chain/Proxy'
import * as Rpc from '../../core/chain/Rpc'
import * as SourceCache from '../../core/debug/SourceCache'
import * as VerifiedSource from '../../core/debug/VerifiedSource'
import * as StorageLayout from '../../core/storage/StorageLayout'
import * as StorageRead from '../../core/storage/StorageRead'
import { defineTool, fieldParser } from '../define'
import type { Note, Row, RunContext, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  /** Undefined: none pasted, the verified source's is fetched (the lookup is ticked). */
  layout: StorageLayout.Layout | undefined
  address: AddressCheck.Lower
  block: Rpc.BlockTag
  compare?: Rpc.BlockTag
  keys: Record<string, string[][]>
  contract: string
  items: number
  lookup: boolean
  /** The verified-source host (only while the lookup is ticked). */
  host?: string
}

const NO_LAYOUT = 'Paste a storage layout, or tick “fetch the verified source’s layout” to use the one the host serves for this address.'

export const parse = fieldParser<Input>(
  {
    layout: (v, raw) => {
      if (v.trim() === '' && raw.lookup === 'true') return undefined
      if (v.trim() === '') throw new StorageLayout.InvalidLayoutError(NO_LAYOUT)
      return StorageLayout.parse(v, (raw.contract ?? '').trim())
    },
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
    lookup: (v) => v === 'true',
    host: (v) => VerifiedSource.normalizeHost(v),
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

/** Where the variables' names came from. */
interface Named {
  layout: StorageLayout.Layout
  /** One line for the result: `the layout pasted`, or `verified source from <host>, full match`. */
  by: string
  note?: string
}

function hexBytes(h: string): Uint8Array {
  const b = new Uint8Array((h.length - 2) >> 1)
  for (let i = 0; i < b.length; i++) b[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return b
}

/**
 * The verified source's layout for `input.address` (#36): behind an EIP-1967/1822 proxy, its
 * implementation's. The code the host serves is checked against the chain's first
 * (`VerifiedSource.readChecked`): a mismatch is refused with its reason, nothing of it used.
 */
async function verifiedLayout(input: Input, ctx: RunContext): Promise<Named> {
  if (!ctx.fetch) throw new StorageLayout.InvalidLayoutError(NO_LAYOUT)
  const host = input.host ?? VerifiedSource.DEFAULT_HOST
  const chainId = String(Rpc.safeInteger(await Rpc.request(ctx.rpc, 'eth_chainId'), 'the chain id'))
  const proxy = await Proxy.implementationOf(ctx.rpc, input.address, input.block)
  const target = proxy?.implementation ?? input.address
  const code = hexBytes(Rpc.data(await Rpc.request(ctx.rpc, 'eth_getCode', [target, input.block]), 'the code'))
  // the page's kept sources first (nothing sent on a hit); a tool runs on the page's thread (it
  // cannot reach a worker); the answer is bounded in size
  const got = await SourceCache.obtain({ fetch: ctx.fetch as unknown as VerifiedSource.FetchLike, host, cache: ctx.sources, signal: ctx.signal }, chainId, target, code)
  const { answer } = got.checked
  if (!answer.storageLayout) throw new StorageLayout.InvalidLayoutError(`The verified source of ${answer.name} from ${got.host} carries no storage layout (compiled without it).`)
  const by = SourceCache.by(got)
  const of = `${answer.name} (${answer.path})`
  return { layout: StorageLayout.parse(JSON.stringify(answer.storageLayout)), by, note: proxy ? `${of}, the implementation at ${AddressCheck.checksum(proxy.implementation)} behind this proxy (${proxy.how})` : of }
}

/** At most this many `cast storage` lines (a mapping with many keys reads many slots). */
const CAST_SLOTS = 16

async function run(input: Input, ctx: RunContext) {
  const opts = { keys: input.keys, arrayItems: input.items, signal: ctx.signal, checkCode: true }
  const address = AddressCheck.checksum(input.address)
  const named: Named = input.layout ? { layout: input.layout, by: 'the layout pasted' } : await verifiedLayout(input, ctx)
  // With a second block, each value reads `at the first block → at the second`.
  const first = await StorageRead.read(ctx.rpc, named.layout, input.address, input.block, opts)
  const second = input.compare ? await StorageRead.read(ctx.rpc, named.layout, input.address, input.compare, opts) : undefined
  const before = second && new Map(StorageLayout.flatten(first.variables).map(({ node }) => [node.label, node.value]))
  const body = rows((second ?? first).variables, before)
  const reads = first.reads + (second?.reads ?? 0)
  const sections: Section[] = [
    { title: second ? `Block ${blockName(input.block)} → block ${blockName(input.compare!)}: ${body.changed} value${body.changed === 1 ? '' : 's'} changed` : `At block ${blockName(input.block)}`, rows: body.rows },
    { title: 'Read', rows: [
      { label: 'Contract', value: address, open: { tool: 'account', inputs: { address }, label: 'Inspect' } },
      { label: 'Names from', value: named.by, mono: false, ...(named.note ? { note: named.note } : {}) },
      { label: 'Slots read', value: `${reads} with eth_getStorageAt`, mono: false, copy: false, note: roundsNote(first.rounds + (second?.rounds ?? 0)) },
    ] },
  ]
  // No code at the address: every slot of an account without a contract reads zero, which is not the contract's state.
  const empty = [first.codeBytes === 0 ? input.block : undefined, second?.codeBytes === 0 ? input.compare : undefined].filter((b): b is Rpc.BlockTag => b !== undefined)
  const notes: Note[] = empty.length
    ? [{ tone: 'warn', text: `There is no code at ${address} at block ${empty.map(blockName).join(' and block ')}: no contract is there, so every variable reads as zero. Check the address and the chain (or the block, if it was deployed later).` }]
    : []
  // each slot a value was read from, as `cast storage` (the raw word, to check the decoding against)
  const slots = [...new Set(StorageLayout.flatten(first.variables).flatMap(({ node }) => (node.value !== undefined ? [node.slot] : [])))]
  const shown = slots.slice(0, CAST_SLOTS)
  sections.push(...castSection(shown.map((slot) => CastCommand.storage(address, slot, input.block)), ctx.rpcUrl, `The raw words with Foundry's cast on this node${slots.length > shown.length ? `: the first ${shown.length} of ${slots.length} slots` : ''}.`))
  return { sections, ...(notes.length ? { notes } : {}), data: { variables: first.variables, namedBy: named.by, ...(second ? { compared: second.variables } : {}) } }
}

export default defineTool<Input>(meta, { parse, run })

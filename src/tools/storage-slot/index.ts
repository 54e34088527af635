import * as SolidityValue from '../../core/hash/SolidityValue'
import * as StorageSlot from '../../core/hash/StorageSlot'
import { defineTool, fieldParser } from '../define'
import type { Row, Section } from '../types'
import meta from './meta'

type Layout = 'mapping' | 'array' | 'erc7201' | 'eip1967'

interface Input extends Record<string, unknown> {
  layout: Layout
  // Each of these is parsed only for the layouts whose form shows it (meta's showWhen).
  slot?: bigint
  keys?: SolidityValue.TypedValue[]
  index?: bigint
  elementSize?: number
  namespace?: string
}

const layoutOf = (v: string | undefined): Layout => (v === 'array' || v === 'erc7201' || v === 'eip1967' ? v : 'mapping')

export const parse = fieldParser<Input>({
  layout: (v) => layoutOf(v),
  slot: (v) => StorageSlot.parseSlot(v),
  keys: (v) => {
    const keys = SolidityValue.parseList(v, 64)
    if (keys.length === 0) throw new StorageSlot.NoKeysError()
    for (const k of keys) if (k.type.kind === 'array') throw new StorageSlot.InvalidKeyError(k.type.canonical)
    return keys
  },
  index: (v) => StorageSlot.parseIndex(v),
  elementSize: (v) => {
    const t = v.trim() || '32'
    if (!/^\d{1,9}$/.test(t)) throw new StorageSlot.InvalidElementSizeError(t)
    const n = Number(t)
    StorageSlot.arrayElement(0n, 0n, n) // validates
    return n
  },
  namespace: (v) => {
    if (v.trim() === '') throw new StorageSlot.EmptyNamespaceError()
    return v.trim()
  },
}, meta)

const dec = (slot: string) => BigInt(slot).toString()

/** Opens the account inspector with this slot filled in (the person adds the contract address). */
const readOnChain = (slot: string) => ({ tool: 'account', inputs: { slots: slot }, label: 'Read on chain' })

export default defineTool<Input>(meta, {
  parse,
  run: (input) => {
    const sections: Section[] = []
    if (input.layout === 'mapping') {
      const steps = StorageSlot.mapping(input.slot!, input.keys!)
      const last = steps.at(-1)!
      const path = steps.map((s) => `[${s.key.length > 20 ? `${s.key.slice(0, 10)}…${s.key.slice(-6)}` : s.key}]`).join('')
      sections.push({
        rows: [
          { label: 'Slot', value: last.slot, note: `m${path} for a mapping at slot ${input.slot}`, open: readOnChain(last.slot) },
          { label: 'Slot (decimal)', value: dec(last.slot) },
        ],
      })
      sections.push({
        title: 'Each level',
        rows: steps.map((s, i) => ({ label: `${i + 1}. ${s.keyType} key`, value: s.slot, note: `keccak256(${s.preimage.length > 140 ? `${s.preimage.slice(0, 70)}…` : s.preimage})` })),
      })
    } else if (input.layout === 'array') {
      const r = StorageSlot.arrayElement(input.slot!, input.index!, input.elementSize!)
      const rows: Row[] = [
        { label: 'Slot', value: r.slot, note: `element ${input.index} of the dynamic array at slot ${input.slot}`, open: readOnChain(r.slot) },
        { label: 'Slot (decimal)', value: dec(r.slot) },
        { label: 'Data start', value: r.dataStart, note: `keccak256(slot ${input.slot}): where element 0 lives; the length is stored at slot ${input.slot} itself.` },
      ]
      if (r.elementsPerSlot > 1) rows.push({ label: 'Offset in slot', value: `${r.offset} bytes from the right (low-order end)`, mono: false, note: `${r.elementsPerSlot} elements of ${r.elementBytes} bytes share each slot.` })
      if (r.slotsPerElement > 1) rows.push({ label: 'Slots per element', value: String(r.slotsPerElement), mono: false, note: 'The element continues in the following slots.' })
      sections.push({ rows })
    } else if (input.layout === 'erc7201') {
      const slot = StorageSlot.erc7201(input.namespace!)
      sections.push({ rows: [
        { label: 'Slot', value: slot, open: readOnChain(slot), note: `keccak256(abi.encode(uint256(keccak256("${input.namespace}")) - 1)) & ~bytes32(uint256(0xff))` },
        { label: 'Slot (decimal)', value: dec(slot) },
      ] })
    } else {
      sections.push({
        title: 'EIP-1967 proxy slots',
        rows: StorageSlot.eip1967().map((e) => ({ label: e.name, value: e.slot, note: `bytes32(uint256(keccak256("${e.label}")) - 1)`, open: readOnChain(e.slot) })),
      })
    }
    return { sections }
  },
})

/**
 * Storage slots as Solidity lays them out: mapping entries (nested to any depth, keys of
 * any value type, string and bytes), dynamic array elements, ERC-7201 namespaced roots and
 * the EIP-1967 proxy slots.
 *
 * - mapping: `slot(m[k]) = keccak256(pad32(k) . pad32(p))` for value-type keys;
 *   `keccak256(k . pad32(p))` for string and bytes keys (unpadded bytes).
 * - dynamic array: elements start at `keccak256(pad32(p))`; elements smaller than 32 bytes
 *   are packed several per slot.
 * - ERC-7201: `keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~0xff`.
 *
 * @example
 * ```ts
 * StorageSlot.erc7201('example.main') // '0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500'
 * ```
 */
import { AbiParameters, Hash, Hex } from 'ox'
import { BaseError, errorType } from '../Errors'
import * as SolidityValue from './SolidityValue'

export type Slot = `0x${string}`

const WORD = 2n ** 256n

/** A slot number as a 32-byte hex word. */
export function toWord(n: bigint): Slot {
  return Hex.fromNumber(((n % WORD) + WORD) % WORD, { size: 32 }) as Slot
}

/** Parses a slot (decimal or 0x hex, up to 32 bytes). */
export function parseSlot(text: string): bigint {
  const t = text.trim().replace(/_/g, '')
  if (t === '') throw new InvalidSlotError('Enter a slot number, e.g. 0 or 0x3.')
  let v: bigint
  if (/^\d{1,78}$/.test(t)) v = BigInt(t)
  else if (/^0x[0-9a-fA-F]{1,64}$/.test(t)) v = BigInt(t)
  else throw new InvalidSlotError(`"${t.length > 40 ? `${t.slice(0, 40)}…` : t}" is not a slot number.`, ['Use a decimal number (3) or hex up to 32 bytes (0x03).'])
  if (v >= WORD) throw new InvalidSlotError('The slot is larger than 2^256 - 1.')
  return v
}

/** Parses an array index (decimal or 0x hex, below 2^256), for the array-element layout. */
export function parseIndex(text: string): bigint {
  try {
    return parseSlot(text)
  } catch {
    throw new InvalidIndexError(`"${text.trim().slice(0, 40)}" is not an array index.`, ['Use a whole number, decimal or 0x hex.'])
  }
}

/** The bytes a mapping key contributes to the hash preimage. */
export function encodeKey(type: SolidityValue.Type, value: SolidityValue.Value): `0x${string}` {
  if (type.kind === 'string') return Hex.fromString(value as string)
  if (type.kind === 'bytes') return value as `0x${string}`
  if (type.kind === 'array') throw new InvalidKeyError(type.canonical)
  return AbiParameters.encode([{ type: type.canonical }], [value as never]) as `0x${string}`
}

export interface MappingStep {
  keyType: string
  key: string
  preimage: `0x${string}`
  slot: Slot
}

/**
 * Slot of `m[k1][k2]…` for a mapping declared at `slot`. Each key is a typed value; the
 * result lists every level (the last one is the entry itself).
 */
export function mapping(slot: bigint, keys: readonly SolidityValue.TypedValue[]): MappingStep[] {
  if (keys.length === 0) throw new NoKeysError()
  const steps: MappingStep[] = []
  let current = toWord(slot)
  for (const { type, value, text } of keys) {
    const preimage = Hex.concat(encodeKey(type, value), current) as `0x${string}`
    current = Hash.keccak256(preimage) as Slot
    steps.push({ keyType: type.canonical, key: text, preimage, slot: current })
  }
  return steps
}

export interface ArrayElement {
  /** keccak256(pad32(slot)): where element 0 lives. */
  dataStart: Slot
  slot: Slot
  /** Byte offset inside the slot, counted from the right (low-order) end as Solidity does. */
  offset: number
  elementBytes: number
  /** Slots each element takes (elements over 32 bytes, e.g. structs). */
  slotsPerElement: number
  elementsPerSlot: number
}

/**
 * Slot of element `index` of a dynamic array declared at `slot`. `elementBytes` is the
 * element size (1-32 for value types, packed several per slot; a multiple of 32 for
 * structs and static arrays spanning several slots). Default 32.
 */
export function arrayElement(slot: bigint, index: bigint, elementBytes = 32): ArrayElement {
  if (index < 0n || index >= WORD) throw new InvalidIndexError()
  if (!Number.isInteger(elementBytes) || elementBytes < 1 || (elementBytes > 32 && elementBytes % 32 !== 0) || elementBytes > 32 * 2 ** 20)
    throw new InvalidElementSizeError(elementBytes)
  const dataStart = Hash.keccak256(toWord(slot)) as Slot
  const base = BigInt(dataStart)
  if (elementBytes <= 32) {
    const perSlot = Math.floor(32 / elementBytes)
    const s = base + index / BigInt(perSlot)
    const offset = Number(index % BigInt(perSlot)) * elementBytes
    return { dataStart, slot: toWord(s), offset, elementBytes, slotsPerElement: 1, elementsPerSlot: perSlot }
  }
  const span = BigInt(elementBytes / 32)
  return { dataStart, slot: toWord(base + index * span), offset: 0, elementBytes, slotsPerElement: Number(span), elementsPerSlot: 1 }
}

/** ERC-7201 namespaced storage root for a namespace id (e.g. `openzeppelin.storage.ERC20`). */
export function erc7201(namespace: string): Slot {
  if (namespace === '') throw new EmptyNamespaceError()
  const inner = BigInt(Hash.keccak256(Hex.fromString(namespace))) - 1n
  const outer = BigInt(Hash.keccak256(toWord(inner)))
  return toWord(outer & ~0xffn)
}

/** `bytes32(uint256(keccak256(text)) - 1)`: the EIP-1967 construction. */
export function eip1967Slot(text: string): Slot {
  return toWord(BigInt(Hash.keccak256(Hex.fromString(text))) - 1n)
}

/** The EIP-1967 proxy slots, with the label each is derived from. */
export const EIP1967 = [
  { name: 'implementation', label: 'eip1967.proxy.implementation' },
  { name: 'admin', label: 'eip1967.proxy.admin' },
  { name: 'beacon', label: 'eip1967.proxy.beacon' },
  { name: 'rollback (UUPS upgrade test)', label: 'eip1967.proxy.rollback' },
] as const

/** The slots a proxy reads its implementation, admin and beacon from (EIP-1967). */
export const PROXY_SLOTS = {
  implementation: eip1967Slot('eip1967.proxy.implementation'),
  admin: eip1967Slot('eip1967.proxy.admin'),
  beacon: eip1967Slot('eip1967.proxy.beacon'),
} as const

/** Parses a slot (decimal or 0x hex, below 2^256) to its 32-byte word. */
export function parseSlotWord(text: string): Slot {
  return toWord(parseSlot(text))
}

/** The EIP-1967 slots with their values. */
export function eip1967(): { name: string; label: string; slot: Slot }[] {
  return EIP1967.map((e) => ({ name: e.name, label: e.label, slot: eip1967Slot(e.label) }))
}

export class InvalidSlotError extends errorType('StorageSlot.InvalidSlotError') {}

export class InvalidKeyError extends BaseError {
  constructor(type: string) {
    super('StorageSlot.InvalidKeyError', `${type} cannot be a mapping key.`, {
      hints: ['Mapping keys are value types, string or bytes (arrays, structs and mappings are not allowed).'],
    })
  }
}

export class NoKeysError extends BaseError {
  constructor() {
    super('StorageSlot.NoKeysError', 'Enter at least one mapping key.', { hints: ['One "type value" per line, e.g. address 0x…; add a line per nesting level.'] })
  }
}

export class InvalidIndexError extends BaseError {
  constructor(message = 'The array index must be between 0 and 2^256 - 1.', hints: string[] = []) {
    super('StorageSlot.InvalidIndexError', message, { hints })
  }
}

export class InvalidElementSizeError extends BaseError {
  constructor(given: number | string) {
    super('StorageSlot.InvalidElementSizeError', typeof given === 'string' ? `Element size "${given.length > 20 ? `${given.slice(0, 20)}…` : given}" is not a number of bytes.` : `Element size ${given} bytes is not valid.`, {
      hints: ['Use 1 to 32 bytes for value types (uint8 = 1, address = 20, uint256 = 32) or a multiple of 32 for structs.'],
    })
  }
}

export class EmptyNamespaceError extends BaseError {
  constructor() {
    super('StorageSlot.EmptyNamespaceError', 'Enter a namespace id.', { hints: ['For example openzeppelin.storage.ERC20 (the id in @custom:storage-location erc7201:<id>).'] })
  }
}

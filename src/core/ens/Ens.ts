/**
 * ENS names: ENSIP-15 normalization (via `@adraffy/ens-normalize`), ENSIP-1 namehash and
 * labelhash.
 *
 * @example
 * ```ts
 * Ens.namehash('foo.eth') // '0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f'
 * Ens.normalize('Vitalik.ETH') // 'vitalik.eth'
 * ```
 */
import { ens_beautify, ens_normalize } from '@adraffy/ens-normalize'
import { Ens as OxEns, Hash, Hex } from 'ox'
import { BaseError } from '../Errors'

/** Longest name accepted (DNS allows 253 bytes; ENS names can be longer, but not this long). */
export const MAX_LENGTH = 2048

/**
 * Normalizes a name per ENSIP-15. Throws {@link NotNormalizableError} with the library's
 * reason (disallowed character, confusable scripts, empty label…) when it cannot be.
 */
export function normalize(name: string): string {
  if (name.length > MAX_LENGTH) throw new NotNormalizableError(name, `the name is ${name.length} characters long (at most ${MAX_LENGTH})`)
  try {
    return ens_normalize(name)
  } catch (e) {
    throw new NotNormalizableError(name, clean(e instanceof Error ? e.message : String(e)))
  }
}

/** A name typed by a person: trimmed, required, then {@link normalize}d. */
export function parseName(text: string): string {
  const t = text.trim()
  if (t === '') throw new EmptyNameError()
  return normalizeWithHashes(t)
}

/** The display form (ENSIP-15 beautify: emoji with presentation selectors). Input must normalize. */
export function beautify(name: string): string {
  normalize(name)
  return ens_beautify(name)
}

/** ENSIP-1 namehash of an already-normalized name (use {@link normalize} first). */
export function namehash(normalized: string): `0x${string}` {
  return OxEns.namehash(normalized) as `0x${string}`
}

/** Keccak-256 of one label (`[hash]`-encoded labels are taken as their hash). */
export function labelhash(label: string): `0x${string}` {
  return OxEns.labelhash(label) as `0x${string}`
}

export interface Result {
  input: string
  normalized: string
  beautified: string
  /** True when the input was already normalized. */
  unchanged: boolean
  namehash: `0x${string}`
  /** DNS wire format (ENSIP-10). */
  dnsEncoded: `0x${string}`
  labels: { label: string; labelhash: `0x${string}` }[]
}

const ENCODED_LABEL = /^\[[0-9a-fA-F]{64}\]$/

/** True for a `[labelhash]` label: a label known only by its keccak256 (64 hex digits in brackets). */
export function isEncodedLabel(label: string): boolean {
  return ENCODED_LABEL.test(label)
}

/**
 * Normalizes a name in which some labels may be written as `[labelhash]` (as subgraphs and
 * explorers show labels whose text is unknown): those are kept, lowercased, and hashed as
 * the hash they are; every other label is normalized (ENSIP-15).
 */
export function normalizeWithHashes(name: string): string {
  const labels = name.split('.')
  if (!labels.some(isEncodedLabel)) return normalize(name)
  return labels.map((l) => (isEncodedLabel(l) ? l.toLowerCase() : normalize(l))).join('.')
}

/** Normalizes and hashes a name, with every label's hash. */
export function hash(name: string): Result {
  const input = name.trim()
  const normalized = normalizeWithHashes(input)
  const labels = normalized === '' ? [] : normalized.split('.').map((label) => ({ label, labelhash: labelhash(label) }))
  return {
    input,
    normalized,
    beautified: normalized === '' ? '' : normalized.split('.').map((l) => (isEncodedLabel(l) ? l : ens_beautify(l))).join('.'),
    unchanged: normalized === input,
    namehash: namehash(normalized),
    dnsEncoded: dnsEncode(normalized),
    labels,
  }
}

/**
 * DNS wire-format encoding of a normalized name (ENSIP-10 `resolve(bytes name, bytes data)`):
 * each label as a length byte and its UTF-8 bytes, then a zero byte. A label longer than
 * 255 bytes is written as its `[labelhash]` (66 bytes), as ENS libraries do.
 *
 * @example
 * ```ts
 * Ens.dnsEncode('foo.eth') // '0x03666f6f0365746800'
 * ```
 */
export function dnsEncode(normalized: string): `0x${string}` {
  if (normalized === '') return '0x00'
  const parts: string[] = []
  for (const label of normalized.split('.')) {
    let bytes = Hex.fromString(label).slice(2)
    if (bytes.length / 2 > 255) bytes = Hex.fromString(`[${labelhash(label).slice(2)}]`).slice(2)
    parts.push((bytes.length / 2).toString(16).padStart(2, '0') + bytes)
  }
  return `0x${parts.join('')}00`
}

/** Keccak-256 of a label's UTF-8 bytes, without the `[hash]` convention (for tests). */
export function rawLabelhash(label: string): `0x${string}` {
  return Hash.keccak256(Hex.fromString(label))
}

function clean(message: string): string {
  // ens-normalize marks bidi-safe quoting with U+200E; it is invisible noise in a UI message.
  return message.replace(/\u200e/g, '')
}

export class NotNormalizableError extends BaseError {
  constructor(name: string, reason: string) {
    const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name
    super('Ens.NotNormalizableError', `"${shown}" is not a valid ENS name: ${reason}.`, {
      hints: ['ENS names follow ENSIP-15: lowercase letters, digits, hyphens, emoji and most scripts, but no spaces, no look-alike mixes of scripts, no empty labels.'],
    })
  }
}

export class EmptyNameError extends BaseError {
  constructor() {
    super('Ens.EmptyNameError', 'Enter an ENS name.', { hints: ['For example vitalik.eth.'] })
  }
}

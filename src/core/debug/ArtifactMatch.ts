/**
 * Which compiled contract a piece of runtime code is: the code on chain compared with each
 * artifact's runtime bytecode, ignoring what legitimately differs between the two —
 *
 * - the CBOR metadata at the end (its length is the code's last two bytes): a rebuild from the
 *   same sources elsewhere may hash the metadata differently;
 * - immutables (`immutableReferences`): the compiler leaves zeros, the deployed code holds the
 *   constructor's values;
 * - library link placeholders (`__$…$__`), and a library's own address, which a deployed
 *   library's code starts with (`PUSH20 <address>`; the compiler leaves zeros).
 *
 * @example
 * ```ts
 * const m = ArtifactMatch.prepare(bundle)
 * const hit = ArtifactMatch.find(m, code)   // { contract, exact } | undefined
 * ```
 */
import type * as Artifacts from './Artifacts'

export interface Prepared {
  /** By the length of the code without its metadata. */
  byLength: Map<number, Candidate[]>
  /** Creation bytecodes, matched as a prefix of init code (constructor arguments follow). */
  creations: Candidate[]
}

interface Candidate {
  contract: Artifacts.Contract
  bytes: Uint8Array
  /** 1 where a byte is not compared. */
  mask: Uint8Array
  body: number
}

export interface Match {
  contract: Artifacts.Contract
  /** The metadata matched too (the same sources and settings, byte for byte). */
  exact: boolean
}

/** The length of `code` without a CBOR metadata tail (the whole length when it has none). */
export function bodyLength(code: Uint8Array): number {
  if (code.length < 4) return code.length
  const n = (code[code.length - 2]! << 8) | code[code.length - 1]!
  const start = code.length - 2 - n
  // a CBOR map of 1 to 5 entries (solc writes ipfs or bzzr, experimental, solc version)
  if (n < 2 || start < 0) return code.length
  const head = code[start]!
  return head >= 0xa1 && head <= 0xa5 ? start : code.length
}

function fromHex(code: string): { bytes: Uint8Array; mask: Uint8Array } {
  const bytes = new Uint8Array(code.length >> 1)
  const mask = new Uint8Array(bytes.length)
  for (let i = 0, b = 0; i < code.length; ) {
    if (code[i] === '_') {
      mask.fill(1, b, b + 20)
      i += 40
      b += 20
    } else {
      bytes[b++] = parseInt(code.slice(i, i + 2), 16)
      i += 2
    }
  }
  return { bytes, mask }
}

export function prepare(bundle: Artifacts.Bundle): Prepared {
  const byLength = new Map<number, Candidate[]>()
  const creations: Candidate[] = []
  for (const contract of bundle.contracts) {
    const { bytes, mask } = fromHex(contract.code)
    for (const r of contract.immutables) mask.fill(1, r.start, r.start + r.length)
    // a library: PUSH20 <its own address> first, zeros in the compiler's output
    if (bytes.length > 21 && bytes[0] === 0x73 && bytes.subarray(1, 21).every((x) => x === 0)) mask.fill(1, 1, 21)
    const body = bodyLength(bytes)
    const list = byLength.get(body) ?? []
    list.push({ contract, bytes, mask, body })
    byLength.set(body, list)
    if (contract.creation) creations.push(creation(contract, contract.creation.code, bytes.subarray(body)))
  }
  return { byLength, creations }
}

/** A creation bytecode: the runtime code's metadata, wherever it sits inside, is masked like the rest. */
function creation(contract: Artifacts.Contract, code: string, tail: Uint8Array): Candidate {
  const { bytes, mask } = fromHex(code)
  const at = tail.length > 0 ? indexOf(bytes, tail) : -1
  if (at >= 0) mask.fill(1, at, at + tail.length)
  return { contract, bytes, mask, body: bytes.length }
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = hay.length - needle.length; i >= 0; i--) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer
    return i
  }
  return -1
}

/** The artifact whose creation bytecode `initCode` starts with (metadata and links ignored); an exact match first. */
export function findCreation(p: Prepared, initCode: Uint8Array): Match | undefined {
  let loose: Match | undefined
  for (const c of p.creations) {
    if (c.bytes.length > initCode.length) continue
    let same = true
    let exact = true
    for (let i = 0; i < c.bytes.length; i++) {
      if (c.bytes[i] === initCode[i]) continue
      if (c.mask[i] === 0) {
        same = false
        break
      }
      exact = false
    }
    if (!same) continue
    if (exact) return { contract: c.contract, exact }
    loose ??= { contract: c.contract, exact }
  }
  return loose
}

/** The artifact whose runtime code `code` is, metadata, immutables and links ignored; an exact match first. */
export function find(p: Prepared, code: Uint8Array): Match | undefined {
  const body = bodyLength(code)
  let loose: Match | undefined
  for (const c of p.byLength.get(body) ?? []) {
    let same = true
    for (let i = 0; i < body; i++) {
      if (c.mask[i] === 0 && c.bytes[i] !== code[i]) {
        same = false
        break
      }
    }
    if (!same) continue
    const exact = c.bytes.length === code.length && c.bytes.subarray(body).every((x, k) => x === code[body + k])
    if (exact) return { contract: c.contract, exact }
    loose ??= { contract: c.contract, exact }
  }
  return loose
}

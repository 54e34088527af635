/**
 * The function selectors a contract's runtime bytecode dispatches (what `cast selectors`
 * lists): a scan over the instructions (PUSH data skipped) for the selector comparisons a
 * compiler emits at the top of a contract.
 *
 * Recognised shapes, each a 4-byte constant compared with the call's selector and
 * followed by a conditional jump:
 * - Solidity: `PUSH4 sel  EQ  PUSH<n> dest  JUMPI` (also with `DUP<n>` before `EQ`);
 * - Vyper 0.2/0.3: `PUSH4 sel  DUP<n>  XOR  PUSH<n> dest  JUMPI` (jump when not equal);
 * - a selector below 0x01000000 is pushed with a shorter PUSH (`PUSH3 0x06fdde` for
 *   `0x0006fdde`) and is recognised the same way.
 * Binary-search pivots (`PUSH4 x  GT`/`LT`) are not selectors and are skipped. This is a
 * heuristic: a proxy dispatches nothing of its own, and hand-written or unusual bytecode
 * may hide its selectors.
 *
 * @example
 * ```ts
 * Dispatch.selectors('0x6080…').map((s) => s.selector) // ['0x2fbebd38', …]
 * ```
 */
import { BaseError } from '../Errors'
import * as HexText from '../format/HexText'

const EQ = 0x14
const XOR = 0x18
const JUMPI = 0x57
const PUSH1 = 0x60
const PUSH4 = 0x63
const PUSH32 = 0x7f
const DUP1 = 0x80
const DUP16 = 0x8f
const SWAP1 = 0x90
const SWAP16 = 0x9f

/** The largest runtime code accepted (EIP-170 limits deployed code to 24,576 bytes; initcode to twice that). */
export const MAX_CODE = 49_152

export interface Found {
  /** `0x` and 8 hex digits. */
  selector: `0x${string}`
  /** Byte offset of the PUSH that holds it. */
  offset: number
}

interface Instr {
  op: number
  at: number
  /** The pushed value (PUSH1-PUSH32), as hex digits. */
  data?: string
}

/** The instructions of `code`, PUSH data attached (a PUSH cut off by the end holds what is there). */
export function instructions(code: Uint8Array): Instr[] {
  const out: Instr[] = []
  for (let i = 0; i < code.length; ) {
    const op = code[i]!
    if (op >= PUSH1 && op <= PUSH32) {
      const n = op - PUSH1 + 1
      let data = ''
      for (let j = i + 1; j <= i + n && j < code.length; j++) data += code[j]!.toString(16).padStart(2, '0')
      out.push({ op, at: i, data })
      i += n + 1
    } else {
      out.push({ op, at: i })
      i += 1
    }
  }
  return out
}

const isPush = (op: number) => op >= PUSH1 && op <= PUSH32
const isDup = (op: number) => op >= DUP1 && op <= DUP16
const isSwap = (op: number) => op >= SWAP1 && op <= SWAP16

/**
 * The selectors `code` compares the call's selector with, in the order of their first
 * comparison, each once.
 */
export function selectors(hex: string): Found[] {
  const code = parseCode(hex)
  const ins = instructions(code)
  const seen = new Set<string>()
  const out: Found[] = []
  for (let k = 0; k < ins.length; k++) {
    const p = ins[k]!
    // A 1- to 4-byte constant: selectors with leading zero bytes are pushed short.
    if (!(p.op >= PUSH1 && p.op <= PUSH4) || p.data === undefined || p.data.length !== 2 * (p.op - PUSH1 + 1)) continue
    let m = k + 1
    while (m < ins.length && m <= k + 2 && (isDup(ins[m]!.op) || isSwap(ins[m]!.op))) m++
    const cmp = ins[m]
    if (!cmp || (cmp.op !== EQ && cmp.op !== XOR)) continue
    const dest = ins[m + 1]
    const jump = ins[m + 2]
    if (!dest || !isPush(dest.op) || !jump || jump.op !== JUMPI) continue
    // Short pushes are only selectors in the Solidity/Vyper dispatcher shape; a PUSH1/PUSH2
    // compared with EQ is usually something else (an enum, a length), so keep PUSH3/PUSH4.
    if (p.op < PUSH4 - 1) continue
    const selector = `0x${p.data.padStart(8, '0')}` as const
    if (seen.has(selector)) continue
    seen.add(selector)
    out.push({ selector, offset: p.at })
  }
  return out
}

/** Runtime bytecode from hex (`0x` optional, whitespace ignored), read by `HexText.parse`. */
export function parseCode(hex: string): Uint8Array {
  if (!hex.trim()) throw new EmptyCodeError()
  const h = HexText.parse(hex, 'bytecode', { maxBytes: MAX_CODE })
  const out = new Uint8Array((h.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

export class EmptyCodeError extends BaseError {
  constructor() {
    super('Dispatch.EmptyCodeError', 'Paste the contract\'s runtime bytecode.', {
      hints: ['eth_getCode of the address (cast code <address>), or "deployedBytecode" from a build artifact. An address with no code is not a contract.'],
    })
  }
}

// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration for evmole, whose package exports hide its own types
/// <reference path="./evmole.d.ts" />
/**
 * An ABI from runtime bytecode (issue 25): the selectors a contract dispatches, with the
 * argument types and state mutability that evmole (npm `evmole`, a WebAssembly build of the
 * Rust library) infers from how each function's code reads its call data, named from the
 * offline signature table where it knows the selector.
 *
 * evmole is loaded on first use (`await import('evmole')`): in Node it reads its .wasm from
 * its package; in the page `evmole` is ./evmoleBrowser.ts (vite.config.ts), which fetches it as
 * a build asset. Chosen over whatsabi by evidence on
 * 78 compiled contracts (docs/ARCHITECTURE.md, "ABI from bytecode").
 *
 * @example
 * const fns = await AbiFromBytecode.infer(code, { table })
 * AbiFromBytecode.toAbi(fns) // JSON ABI of the named functions
 */
import { BaseError } from '../Errors'
import * as HexBytes from '../format/HexBytes'
import type * as SignatureTable from './SignatureTable'
import * as Selector from './Selector'

export type Mutability = 'pure' | 'view' | 'nonpayable' | 'payable'

export interface Inferred {
  /** `0x` and 8 hex digits. */
  selector: string
  /** Where the function's code starts in the runtime code. */
  offset: number
  /** Argument types as evmole infers them (`['address', 'uint256']`). */
  inputs: string[]
  mutability: Mutability
  /** Canonical signatures the table knows for the selector (several may share one). */
  signatures: string[]
  /** The known signature whose argument types the ABI uses: the one the inferred types match, else the first. */
  chosen?: string
}

type Evmole = typeof import('evmole')

let library: Promise<Evmole> | undefined

/** Loads evmole (once); call it early to have it ready. */
export function load(): Promise<Evmole> {
  library ??= import('evmole').then(async (m) => {
    await m.ready
    return m
  })
  library.catch(() => {
    library = undefined
  })
  return library
}

/** Splits `uint256,(address,bytes)[],bool` at its top-level commas. */
export function splitTypes(list: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]
    if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(start, i))
      start = i + 1
    }
  }
  if (list.length) out.push(list.slice(start))
  return out
}

const MUTABILITY: readonly string[] = ['pure', 'view', 'nonpayable', 'payable']

/** The functions `code` dispatches, in the order evmole finds them. */
export async function infer(code: string, options: { table?: SignatureTable.Table } = {}): Promise<Inferred[]> {
  const hex = HexBytes.parse(code, 'code')
  if (hex === '0x') throw new EmptyCodeError()
  const evmole = await load()
  const info = evmole.contractInfo(hex, { selectors: true, arguments: true, stateMutability: true })
  return (info.functions ?? []).map((f) => {
    const selector = `0x${f.selector}`
    const inputs = splitTypes(f.arguments ?? '')
    const signatures = options.table ? [...new Set(options.table.lookup('function', selector).map((m) => Selector.from(m.human, 'function').canonical))] : []
    const joined = inputs.join(',')
    const chosen = signatures.find((s) => s.slice(s.indexOf('(') + 1, -1) === joined) ?? signatures[0]
    const mutability = (MUTABILITY.includes(f.stateMutability ?? '') ? f.stateMutability : 'nonpayable') as Mutability
    return { selector, offset: f.bytecodeOffset, inputs, mutability, signatures, ...(chosen ? { chosen } : {}) }
  })
}

/**
 * The selectors `code` dispatches and where each function's code starts: evmole's selector
 * pass alone (what `cast selectors` runs), shared by /bytecode-selectors (`infer`) and the
 * disassembler's dispatcher (`Disassembler.entries`). Code 0x dispatches nothing.
 */
export async function selectors(code: string): Promise<{ selector: string; offset: number }[]> {
  const hex = HexBytes.parse(code, 'code')
  if (hex === '0x') return []
  const evmole = await load()
  return (evmole.contractInfo(hex, { selectors: true }).functions ?? []).map((f) => ({ selector: `0x${f.selector}`, offset: f.bytecodeOffset }))
}

/** A JSON ABI parameter for a canonical type, tuples as components. */
function param(type: string, name = ''): Record<string, unknown> {
  if (!type.startsWith('(')) return { name, type }
  const close = closing(type)
  const components = splitTypes(type.slice(1, close)).map((t) => param(t))
  return { name, type: `tuple${type.slice(close + 1)}`, components }
}

function closing(type: string): number {
  let depth = 0
  for (let i = 0; i < type.length; i++) {
    if (type[i] === '(') depth++
    else if (type[i] === ')' && --depth === 0) return i
  }
  return type.length - 1
}

/**
 * The JSON ABI of the functions with a known name (a function's selector comes from its name,
 * so one without a name cannot be called through an ABI): each with the chosen signature's
 * argument types, the inferred mutability, and no outputs (bytecode does not tell them).
 */
export function toAbi(fns: readonly Inferred[]): Record<string, unknown>[] {
  return fns.flatMap((f) => {
    if (!f.chosen) return []
    const name = f.chosen.slice(0, f.chosen.indexOf('('))
    const types = splitTypes(f.chosen.slice(name.length + 1, -1))
    return [{ type: 'function', name, inputs: types.map((t, i) => param(t, `arg${i}`)), outputs: [], stateMutability: f.mutability }]
  })
}

/** The named functions as human-readable signatures, one per line (`function transfer(address,uint256)`). */
export function toHuman(fns: readonly Inferred[]): string {
  return fns
    .filter((f) => f.chosen)
    .map((f) => `function ${f.chosen}${f.mutability === 'view' || f.mutability === 'pure' || f.mutability === 'payable' ? ` ${f.mutability}` : ''}`)
    .join('\n')
}

export class EmptyCodeError extends BaseError {
  constructor() {
    super('AbiFromBytecode.EmptyCodeError', 'There is no code to read: an account without code (or code 0x) dispatches nothing.', {
      hints: ['Paste the runtime code (eth_getCode, "deployedBytecode"), or the address of a contract.'],
    })
  }
}

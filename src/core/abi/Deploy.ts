/**
 * Contract creation data: init code (the compiler's bytecode) followed by the ABI-encoded
 * constructor arguments, as `cast abi-encode "constructor(…)" …` appends them.
 *
 * @example
 * ```ts
 * const d = Deploy.initCode('0x6080…', Abi.parse('constructor(uint256 x)'), AbiCodec.parseJsonValues('42'))
 * d.data // '0x6080…000…02a'
 * ```
 */
import * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'
import { BaseError } from '../Errors'
import * as HexText from '../format/HexText'

export type ConstructorItem = Extract<Abi.Item, { type: 'constructor' }>

export interface InitCode {
  /** `constructor(uint256,address)`, or `constructor()` when the ABI has none. */
  signature: string
  /** The encoded arguments (0x when there are none). */
  args: `0x${string}`
  /** Bytecode then arguments: the data of the creation transaction. */
  data: `0x${string}`
  bytecodeBytes: number
}

/** The constructor of an ABI; an ABI without one has the implicit `constructor()`. */
export function constructorOf(abi: Abi.Abi | undefined): ConstructorItem | null {
  return (abi ?? []).find((i): i is ConstructorItem => i.type === 'constructor') ?? null
}

/** Reads init code: hex (0x optional), or a compiler artifact's `bytecode` (string or `{ object }`). */
export function parseBytecode(text: string): `0x${string}` {
  const t = text.trim()
  if (t === '') throw new InvalidBytecodeError('Paste the contract\'s init code (the compiler\'s "bytecode", not "deployedBytecode").')
  let hex = t
  if (t.startsWith('{')) {
    try {
      const j = JSON.parse(t) as { bytecode?: unknown }
      const b = j.bytecode
      hex = typeof b === 'string' ? b : b && typeof b === 'object' && typeof (b as { object?: unknown }).object === 'string' ? (b as { object: string }).object : ''
    } catch {
      hex = ''
    }
    if (!hex) throw new InvalidBytecodeError('This JSON has no "bytecode" field (a string, or an object with "object").')
  }
  if (/__\$[0-9a-fA-F]{34}\$__/.test(hex)) throw new InvalidBytecodeError('The bytecode has unlinked library placeholders (__$…$__).', ['Link the libraries first (their deployed addresses replace the placeholders).'])
  const code = HexText.parse(hex, 'init code', { field: 'bytecode' })
  if (code === '0x') throw new InvalidBytecodeError('The init code is empty.')
  return code
}

/** Init code with the constructor arguments appended (arguments coerced per the constructor's inputs). */
export function initCode(bytecode: `0x${string}`, abi: Abi.Abi | undefined, args: readonly unknown[]): InitCode {
  const ctor = constructorOf(abi)
  const inputs = ctor?.inputs ?? []
  const values = AbiCodec.coerceAll(inputs, args, 'args')
  const enc = inputs.length ? AbiCodec.encode(inputs, values) : '0x'
  return {
    signature: `constructor(${inputs.map((p) => AbiCodec.canonicalType(p)).join(',')})`,
    args: enc as `0x${string}`,
    data: `${bytecode}${enc.slice(2)}` as `0x${string}`,
    bytecodeBytes: (bytecode.length - 2) / 2,
  }
}

export class InvalidBytecodeError extends BaseError {
  constructor(message: string, hints: string[] = ['Paste the init code as hex, or the build artifact: its "bytecode" (Foundry: out/<File>.sol/<Contract>.json "bytecode.object").']) {
    super('Deploy.InvalidBytecodeError', message, { hints })
  }
}

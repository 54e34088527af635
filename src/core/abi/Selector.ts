/**
 * Function selectors, event topics and error selectors from a signature written the way
 * people write them: `transfer(address to, uint256 amount)`,
 * `function transfer(address,uint) external returns (bool)`,
 * `event Transfer(address indexed from, address indexed to, uint256 value)`,
 * `f((address,uint256)[] orders, tuple(uint8 a, bytes b) t)`. Parameter names, data
 * locations, `indexed`, spaces and the trailing modifiers are dropped; `uint`/`int`/`byte`/
 * `fixed` aliases are expanded; tuples are written canonically as `(…)`.
 *
 * @example
 * ```ts
 * Selector.from('transfer(address to, uint256 amount)').selector // '0xa9059cbb'
 * ```
 */
import { Hash, Hex } from 'ox'
import { BaseError } from '../Errors'
import * as SolidityValue from '../hash/SolidityValue'

export type Kind = 'function' | 'event' | 'error'

export interface Param {
  type: string
  name?: string
  indexed?: boolean
}

export interface Result {
  kind: Kind
  name: string
  /** `name(type1,type2)`: the text that is hashed. */
  canonical: string
  params: Param[]
  /** First 4 bytes of the hash (function and error selector). */
  selector: `0x${string}`
  /** Full Keccak-256 of the canonical signature (an event's topic0). */
  hash: `0x${string}`
  /** Set when the text declared the kind with a keyword. */
  declared: boolean
  anonymous: boolean
}

export const MAX_LENGTH = 10_000
const MAX_DEPTH = 32

/**
 * Parses and hashes a signature. `kind` is used when the text has no `function`/`event`/
 * `error` keyword (default `function`).
 */
export function from(text: string, kind: Kind = 'function'): Result {
  const src = text.trim()
  if (src === '') throw new InvalidSignatureError('Enter a signature such as transfer(address,uint256).', 0)
  if (src.length > MAX_LENGTH) throw new InvalidSignatureError(`The signature is ${src.length} characters long; at most ${MAX_LENGTH} are accepted.`, 0)
  const p = new Parser(src)
  let declared = false
  const special = /^(constructor|fallback|receive|modifier)(?=[\s(])/.exec(src)
  if (special) throw new InvalidSignatureError(`A ${special[1]} has no selector.`, 0, ['Selectors exist for functions, events (topic0) and errors.'])
  const kw = /^(function|event|error)(?=\s)/.exec(src)
  if (kw) {
    kind = kw[1] as Kind
    declared = true
    p.i = kw[0].length
  }
  p.ws()
  const name = p.ident()
  if (!name) throw new InvalidSignatureError('Expected a name, like transfer.', p.i, ['A signature is name(type1,type2).'])
  p.ws()
  if (p.peek() !== '(') throw new InvalidSignatureError(`Expected "(" after ${name}.`, p.i, ['A signature is name(type1,type2).'])
  const params = p.list(0, kind === 'event')
  // Whatever follows the parameter list must be modifiers / returns (…), which are not hashed.
  const rest = src.slice(p.i).trim()
  let anonymous = false
  if (rest !== '') {
    const words = trailingWords(rest)
    if (words === null)
      throw new InvalidSignatureError(`Unexpected text after the parameter list: "${rest.slice(0, 30)}".`, p.i, [
        'Only modifiers (external, view, …) and a returns (…) clause may follow the parameters.',
      ])
    anonymous = words.includes('anonymous')
  }
  const canonical = `${name}(${params.map((x) => x.type).join(',')})`
  const hash = Hash.keccak256(Hex.fromString(canonical))
  return { kind, name, canonical, params, selector: Hex.slice(hash, 0, 4) as `0x${string}`, hash, declared, anonymous }
}

const MODIFIERS = new Set(['external', 'public', 'internal', 'private', 'view', 'pure', 'payable', 'nonpayable', 'virtual', 'override', 'anonymous'])

/**
 * The modifier words after a parameter list, or null when something else is there.
 * `returns (…)` is skipped by counting parentheses (linear time, no backtracking).
 */
function trailingWords(rest: string): string[] | null {
  const words: string[] = []
  let i = 0
  while (i < rest.length) {
    const c = rest[i]!
    if (/\s|;/.test(c)) {
      i++
      continue
    }
    const m = /^[A-Za-z]+/.exec(rest.slice(i, i + 20))
    if (!m) return null
    const word = m[0]
    i += word.length
    if (word === 'returns') {
      while (i < rest.length && /\s/.test(rest[i]!)) i++
      if (rest[i] !== '(') return null
      let depth = 0
      for (; i < rest.length; i++) {
        if (rest[i] === '(') depth++
        else if (rest[i] === ')' && --depth === 0) break
      }
      if (depth !== 0) return null
      i++
    } else if (MODIFIERS.has(word)) words.push(word)
    else return null
  }
  return words
}

class Parser {
  i = 0
  constructor(readonly s: string) {}
  peek(): string | undefined {
    return this.s[this.i]
  }
  ws(): void {
    while (this.i < this.s.length && /\s/.test(this.s[this.i]!)) this.i++
  }
  ident(): string {
    const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(this.s.slice(this.i, this.i + 300))
    if (!m) return ''
    this.i += m[0].length
    return m[0]
  }
  /** Parses `( param, param, … )` starting at "(". */
  list(depth: number, allowIndexed: boolean): Param[] {
    if (depth > MAX_DEPTH) throw new InvalidSignatureError(`Tuples nested more than ${MAX_DEPTH} deep.`, this.i)
    this.i++ // (
    const out: Param[] = []
    this.ws()
    if (this.peek() === ')') {
      this.i++
      return out
    }
    for (;;) {
      out.push(this.param(depth, allowIndexed))
      this.ws()
      const c = this.peek()
      if (c === ',') {
        this.i++
        continue
      }
      if (c === ')') {
        this.i++
        return out
      }
      if (c === undefined) throw new InvalidSignatureError('Missing ")" at the end of the parameter list.', this.i)
      throw new InvalidSignatureError(`Unexpected "${c}" in the parameter list.`, this.i, ['Separate parameters with commas: name(address,uint256).'])
    }
  }
  param(depth: number, allowIndexed: boolean): Param {
    this.ws()
    let type: string
    const start = this.i
    if (this.peek() === '(' || /^tuple\s*\(/.test(this.s.slice(this.i, this.i + 12))) {
      if (this.peek() !== '(') {
        this.i += 5
        this.ws()
      }
      type = `(${this.list(depth + 1, false)
        .map((x) => x.type)
        .join(',')})`
    } else {
      const id = this.ident()
      if (!id) {
        const c = this.peek()
        throw new InvalidSignatureError(c === ')' || c === ',' ? 'Missing a parameter type.' : `Unexpected "${c ?? 'end'}" where a type should be.`, this.i)
      }
      type = elementary(id, start)
    }
    // array suffixes
    for (;;) {
      this.ws()
      const m = /^\[\s*(\d*)\s*\]/.exec(this.s.slice(this.i, this.i + 40))
      if (!m) break
      if (m[1] !== '' && (/^0/.test(m[1]!) || m[1]!.length > 9))
        throw new InvalidSignatureError(`Invalid array length "${m[1]}".`, this.i, ['A fixed array length is a positive whole number, as in uint256[3].'])
      type += `[${m[1]}]`
      this.i += m[0].length
    }
    // modifiers and name
    let name: string | undefined
    let indexed = false
    for (;;) {
      this.ws()
      const at = this.i
      const word = this.ident()
      if (!word) break
      if (word === 'indexed') {
        if (!allowIndexed) throw new InvalidSignatureError('"indexed" only applies to event parameters.', at)
        indexed = true
      } else if (word === 'memory' || word === 'calldata' || word === 'storage') continue
      else if (word === 'payable' && type === 'address') continue
      else if (name === undefined) {
        if (isTypeName(word))
          throw new InvalidSignatureError(`"${word}" is a type, not a parameter name: is a comma missing before it?`, at, ['Separate parameters with commas: name(address,uint256).'])
        name = word
      }
      else throw new InvalidSignatureError(`Unexpected "${word}" after the parameter name "${name}".`, at, ['Did you forget a comma between parameters?'])
    }
    return { type, ...(name !== undefined ? { name } : {}), ...(indexed ? { indexed } : {}) }
  }
}

/** Cheap check (no exceptions) for words that are elementary type names. */
function isTypeName(word: string): boolean {
  return /^(u?int\d*|bytes\d*|byte|address|bool|string|function|u?fixed(\d+x\d+)?)$/.test(word)
}

function elementary(id: string, at: number): string {
  if (id === 'function') return 'function'
  const fx = /^(u?)fixed(?:(\d+)x(\d+))?$/.exec(id)
  if (fx) {
    if (fx[2] === undefined) return `${fx[1]}fixed128x18`
    const m = Number(fx[2])
    const n = Number(fx[3])
    if (m < 8 || m > 256 || m % 8 || n < 1 || n > 80) throw new InvalidSignatureError(`Invalid fixed-point type "${id}".`, at, ['fixedMxN needs M a multiple of 8 (8-256) and N from 1 to 80.'])
    return `${fx[1]}fixed${m}x${n}`
  }
  try {
    return SolidityValue.parseType(id).canonical
  } catch (e) {
    const hint = e instanceof BaseError ? e.hints[0] : undefined
    if (/^[A-Z]/.test(id))
      throw new InvalidSignatureError(`"${id}" is not an ABI type (a struct, enum or contract name?).`, at, [
        'Write a struct as a tuple of its member types, e.g. (address,uint256); an enum as uint8; a contract or interface as address.',
      ])
    throw new InvalidSignatureError(`Unknown type "${id}".`, at, hint ? [hint] : [])
  }
}

export class InvalidSignatureError extends BaseError {
  constructor(message: string, position: number, hints: string[] = []) {
    super('Selector.InvalidSignatureError', position > 0 ? `${message} (at character ${position + 1})` : message, { hints, position })
  }
}

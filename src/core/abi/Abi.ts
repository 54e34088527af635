/**
 * Contract ABIs as people paste them: JSON (a bare array, one item, or a build artifact with
 * an `abi` field), human-readable signatures (ethers' format, one per line or a JSON array
 * of strings), or a single signature. Lists functions, events and errors with their
 * selectors and topics, converts JSON <-> human-readable, and renders a Solidity interface.
 */
import * as JsonText from '../format/JsonText'
import { Abi as OxAbi, AbiItem } from 'ox'
import * as AbiCodec from './AbiCodec'
import { BaseError } from '../Errors'

export type Item = OxAbi.Abi[number]
export type Abi = readonly Item[]
export type FunctionItem = Extract<Item, { type: 'function' }>
export type EventItem = Extract<Item, { type: 'event' }>
export type ErrorItem = Extract<Item, { type: 'error' }>

/** Longest ABI text accepted (artifacts with bytecode can be large). */
export const MAX_ABI_TEXT = 8 << 20
/** Most entries in one ABI. */
export const MAX_ITEMS = 5000
/** Longest single human-readable signature accepted. */
export const MAX_SIGNATURE = 16 << 10

const ITEM_TYPES = ['function', 'event', 'error', 'constructor', 'fallback', 'receive']

/**
 * Parses an ABI in any of the accepted forms.
 *
 * @example
 * ```ts
 * Abi.parse('function transfer(address to, uint256 amount) returns (bool)')
 * Abi.parse('[{"type":"function","name":"totalSupply","inputs":[],"outputs":[{"type":"uint256"}]}]')
 * Abi.parse('transfer(address,uint256)') // a bare signature is a function
 * ```
 */
export function parse(text: string): Abi {
  const t = text.trim()
  if (t === '') throw new EmptyAbiError()
  if (t.length > MAX_ABI_TEXT) throw new InvalidAbiError(`The ABI is ${t.length} characters; at most ${MAX_ABI_TEXT} are accepted.`)
  if (t.startsWith('[') || t.startsWith('{')) {
    let json: unknown
    try {
      json = JSON.parse(t)
    } catch (e) {
      throw new InvalidAbiError(`The ABI looks like JSON but does not parse: ${JsonText.problem(t, e)}.`, [
        'Paste the JSON ABI (an array), a build artifact with an "abi" field, or human-readable signatures, one per line.',
      ])
    }
    if (Array.isArray(json) && json.every((x) => typeof x === 'string')) return fromHuman(json as string[])
    return fromJson(json)
  }
  return fromHuman(splitLines(t))
}

function splitLines(t: string): string[] {
  const lines: string[] = []
  // Strip comments, keep struct bodies on one line, then split at newlines and at ';'
  // (a pasted Solidity interface).
  const noComments = t.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '')
  const structs = noComments.replace(/struct\s+[A-Za-z_$][\w$]*\s*\{[^}]*\}/g, (m) => m.replace(/\s+/g, ' ').replace(/;/g, '\u0000'))
  for (const line of structs.split('\n')) for (const part of line.split(';')) lines.push(part.replace(/\u0000/g, ';'))
  return lines
}

/** Parses a JSON ABI value (array, single item, or artifact with `abi`). */
export function fromJson(json: unknown): Abi {
  let list = json
  if (list && typeof list === 'object' && !Array.isArray(list)) {
    const o = list as Record<string, unknown>
    if ('abi' in o) list = typeof o.abi === 'string' ? safeJson(o.abi) : o.abi
    else if (o.output && typeof o.output === 'object' && 'abi' in (o.output as object)) list = (o.output as { abi: unknown }).abi
    else if ('type' in o || 'name' in o) list = [o]
    else throw new InvalidAbiError('This JSON object is not an ABI.', ['Paste the ABI array, one ABI item, or a build artifact with an "abi" field (Hardhat, Foundry, Truffle).'])
  }
  if (!Array.isArray(list)) throw new InvalidAbiError('The "abi" field is not an array.', ['An ABI is a JSON array of functions, events and errors.'])
  if (list.length > MAX_ITEMS) throw new InvalidAbiError(`The ABI has ${list.length} entries; at most ${MAX_ITEMS} are accepted.`)
  list.forEach((item, i) => validateItem(item, i))
  try {
    return OxAbi.from(list as OxAbi.Abi)
  } catch (e) {
    throw new InvalidAbiError(`The ABI is not valid: ${(e as { shortMessage?: string }).shortMessage ?? (e as Error).message}`)
  }
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    throw new InvalidAbiError('The "abi" field is a string that is not JSON.')
  }
}

function validateItem(item: unknown, i: number): void {
  const at = `Entry ${i}`
  if (!item || typeof item !== 'object' || Array.isArray(item)) throw new InvalidAbiError(`${at} is not an object.`, ['Each ABI entry is an object like {"type":"function","name":"transfer","inputs":[...]}.'], i)
  const o = item as Record<string, unknown>
  const type = o.type ?? 'function'
  const label = `${at}${typeof o.name === 'string' ? ` ("${o.name}")` : ''}`
  if (typeof type !== 'string' || !ITEM_TYPES.includes(type))
    throw new InvalidAbiError(`${label} has an unknown type ${JSON.stringify(type)}.`, [`Use one of ${ITEM_TYPES.join(', ')}.`], i)
  if ((type === 'function' || type === 'event' || type === 'error') && (typeof o.name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(o.name)))
    throw new InvalidAbiError(`${label}: a ${type} needs a "name" that is an identifier.`, ['For example "name": "transfer".'], i)
  for (const key of ['inputs', 'outputs'] as const) {
    const ps = o[key]
    if (ps === undefined) continue
    if (!Array.isArray(ps)) throw new InvalidAbiError(`${label}: "${key}" is not an array.`, ['List the parameters as [{"type":"uint256","name":"x"}, ...].'], i)
    ps.forEach((p, j) => {
      try {
        AbiCodec.parseTypes(JSON.stringify([p]))
      } catch (e) {
        throw new InvalidAbiError(`${label}, ${key}[${j}]: ${e instanceof BaseError ? e.shortMessage.replace(/^Parameter \[0\]\s*/, '') : String(e)}`, e instanceof BaseError ? [...e.hints] : [], i)
      }
    })
  }
}

/** Parses human-readable signatures (ethers' format), one per entry. */
export function fromHuman(lines: readonly string[]): Abi {
  const entries: { line: number; text: string }[] = []
  lines.forEach((l, i) => {
    const t = l.trim().replace(/,$/, '').replace(/^"(.*)"$/, '$1').trim()
    if (t && !/^(pragma|\/\/|interface\b|contract\b|library\b|abstract\b|\}|\{|SPDX)/.test(t)) entries.push({ line: i + 1, text: t })
  })
  if (entries.length === 0) throw new EmptyAbiError()
  if (entries.length > MAX_ITEMS) throw new InvalidAbiError(`The ABI has ${entries.length} entries; at most ${MAX_ITEMS} are accepted.`)
  const joined = entries
  const structs = joined.filter((e) => /^struct\b/.test(e.text)).map((e) => e.text.replace(/;?\s*\}$/, '; }').replace(/\{\s*;/, '{'))
  const normalized = joined.filter((e) => !/^struct\b/.test(e.text)).map((e) => ({ line: e.line, ...normalizeSignature(e.text) }))
  const items: Item[] = []
  for (const e of normalized) {
    // Bound the parser's work: ox's human-readable parser is super-linear on long runs of
    // spaces or commas, which no real signature has.
    if (e.text.length > MAX_SIGNATURE)
      throw new InvalidAbiError(`Line ${e.line} is ${e.text.length} characters long; a signature has at most ${MAX_SIGNATURE}.`, ['Check that the line is one signature.'], e.line)
    if (/\(\s*,|,\s*,|,\s*\)/.test(e.text))
      throw new InvalidAbiError(`Line ${e.line}: an empty parameter (two commas, or a comma next to a parenthesis).`, ['Remove the extra comma.'], e.line)
    try {
      AbiCodec.assertNesting(e.text)
    } catch (err) {
      throw new InvalidAbiError(`Line ${e.line}: ${(err as BaseError).shortMessage}`, [...(err as BaseError).hints], e.line)
    }
    let parsed: OxAbi.Abi
    try {
      parsed = OxAbi.from([...structs, e.text] as never)
    } catch (err) {
      const det = (err as { details?: string }).details
      throw new InvalidAbiError(`Line ${e.line}: "${short(e.text)}" is not a valid signature${det && det !== e.text ? ` (problem near "${short(det)}")` : ''}.`, [
        hintFor(e.text),
      ], e.line)
    }
    for (const it of parsed) {
      // Depth and size limits of the codec (a line can nest tuples hundreds deep).
      try {
        for (const key of ['inputs', 'outputs'] as const) {
          const ps = (it as { inputs?: AbiCodec.Params; outputs?: AbiCodec.Params })[key]
          if (ps) AbiCodec.compileAll(ps)
        }
      } catch (err) {
        throw new InvalidAbiError(`Line ${e.line}: ${err instanceof BaseError ? err.shortMessage : String(err)}`, err instanceof BaseError ? [...err.hints] : [], e.line)
      }
      items.push((e.anonymous && it.type === 'event' ? { ...it, anonymous: true } : it) as Item)
    }
  }
  return items
}

function normalizeSignature(text: string): { text: string; anonymous: boolean } {
  let t = text.trim().replace(/\s+/g, ' ')
  let anonymous = false
  if (/^event\b/.test(t) && /\)\s*anonymous$/.test(t)) {
    anonymous = true
    t = t.replace(/\s*anonymous$/, '')
  }
  t = AbiCodec.normalizeTypeText(t)
    .replace(/\bconstant\b/g, 'view')
    .replace(/\s+(virtual|override)\b/g, '')
    .replace(/\s+(calldata|memory|storage)\b/g, '')
  // A bare signature: `transfer(address,uint256)` is a function; with `indexed`, an event.
  if (/^[A-Za-z_$][\w$]*\s*\(/.test(t) && !/^(function|event|error|constructor|fallback|receive|struct)\b/.test(t))
    t = `${/\bindexed\b/.test(t) ? 'event' : 'function'} ${t}`
  return { text: t, anonymous }
}

function hintFor(t: string): string {
  if (!/^(function|event|error|constructor|fallback|receive|struct)\b/.test(t))
    return 'Start each line with function, event, error, constructor or struct, e.g. "function transfer(address to, uint256 amount) returns (bool)".'
  const open = (t.match(/\(/g) ?? []).length
  const close = (t.match(/\)/g) ?? []).length
  if (open !== close) return `Unbalanced parentheses: ${open} "(" and ${close} ")".`
  const params = /\(([^]*)\)/.exec(t)?.[1] ?? ''
  for (const part of AbiCodec.splitTop(params)) {
    const type = part.trim().split(/\s+/)[0] ?? ''
    if (/^[A-Z]/.test(type)) return `"${type}" looks like a struct: define it on its own line, e.g. "struct ${type.replace(/\[.*$/, '')} { uint256 a; }".`
    const problem = type && !type.startsWith('(') ? AbiCodec.typeProblem(type) : null
    if (problem) return problem
  }
  return 'Write it as in Solidity: function name(type name, ...) view returns (type).'
}

function short(s: string): string {
  return s.length > 80 ? `${s.slice(0, 80)}…` : s
}

// ---------------------------------------------------------------------------------------

export interface Entry {
  kind: 'function' | 'event' | 'error' | 'constructor' | 'fallback' | 'receive'
  name: string
  /** Canonical signature: `transfer(address,uint256)`. */
  signature: string
  /** 4-byte selector (functions, errors) or 32-byte topic (events); '' otherwise. */
  selector: string
  /** Human-readable form: `function transfer(address to, uint256 amount) returns (bool)`. */
  human: string
  item: Item
}

/**
 * Every entry of an ABI with its signature, selector or topic and human-readable form.
 *
 * @example
 * ```ts
 * Abi.entries(Abi.parse('function transfer(address,uint256)'))[0].selector // '0xa9059cbb'
 * ```
 */
export function entries(abi: Abi): Entry[] {
  return abi.map((item) => {
    const kind = item.type as Entry['kind']
    const named = item.type === 'function' || item.type === 'event' || item.type === 'error'
    const signature = named ? AbiItem.getSignature(item as never) : item.type === 'constructor' ? `constructor(${AbiCodec.formatParams(item.inputs, false).replace(/, /g, ',')})` : `${item.type}()`
    const selector = item.type === 'event' ? AbiItem.getSignatureHash(item as never) : named ? AbiItem.getSelector(item as never) : ''
    return { kind, name: named ? (item as { name: string }).name : item.type, signature, selector, human: humanOf(item), item }
  })
}

/** The human-readable form of one item. */
export function humanOf(item: Item): string {
  const s = OxAbi.format([item] as never)[0] as string
  return item.type === 'event' && item.anonymous ? `${s} anonymous` : s
}

/** The ABI as human-readable signatures, one per line. */
export function toHuman(abi: Abi): string[] {
  return abi.map(humanOf)
}

/** The ABI as pretty JSON. */
export function toJson(abi: Abi, indent = 2): string {
  return JSON.stringify(abi, null, indent)
}

/** Functions of an ABI by name, signature or selector. */
export function findFunctions(abi: Abi, query: string): FunctionItem[] {
  const q = query.trim()
  const fns = abi.filter((i): i is FunctionItem => i.type === 'function')
  if (q === '') return fns
  return fns.filter((f) => {
    if (f.name === q) return true
    const sig = AbiItem.getSignature(f as never)
    return sig === q.replace(/\s+/g, '') || AbiItem.getSelector(f as never) === q.toLowerCase() || humanOf(f) === q
  })
}

/**
 * A signature field's text as one human-readable line of `kind`: a bare `Name(types)` gets
 * the keyword; the line is checked by parsing it. An empty text stays empty.
 *
 * @example
 * ```ts
 * Abi.signatureLine('error', 'NotOwner(address)') // 'error NotOwner(address)'
 * ```
 */
export function signatureLine(kind: 'error' | 'event', text: string): string {
  const t = text.trim()
  if (t === '') return ''
  const line = /^[A-Za-z_$][\w$]*\s*\(/.test(t) ? `${kind} ${t}` : t
  parse(line)
  return line
}

/** The functions of an ABI, view and pure ones first (what a contract reader lists). */
export function functions(abi: Abi): FunctionItem[] {
  const fns = abi.filter((i): i is FunctionItem => i.type === 'function')
  const ro = (f: FunctionItem) => f.stateMutability === 'view' || f.stateMutability === 'pure'
  return [...fns.filter(ro), ...fns.filter((f) => !ro(f))]
}

/**
 * Picks one function by name, signature (`transfer(address,uint256)`), selector or
 * human-readable form; an empty query picks the only function. Errors name the field.
 *
 * @example
 * ```ts
 * Abi.pickFunction(Abi.parse('function transfer(address,uint256)'), '0xa9059cbb').name // 'transfer'
 * ```
 */
export function pickFunction(abi: Abi, query: string): FunctionItem {
  const fns = functions(abi)
  if (fns.length === 0) throw new InvalidAbiError('The ABI has no functions.', ['Add the function, like: function balanceOf(address) view returns (uint256).']).at('abi')
  const q = query.trim()
  const hits = q === '' ? fns : findFunctions(abi, q)
  if (hits.length === 1) return hits[0]!
  const sig = (f: FunctionItem) => AbiItem.getSignature(f as never)
  const list = fns.slice(0, 8).map(sig).join(', ')
  if (hits.length === 0) throw new FunctionNotFoundError(`No function "${short(q)}" in the ABI.`, [`Pick one of ${list}${fns.length > 8 ? ', ...' : ''}.`])
  throw new FunctionNotFoundError(q ? `"${short(q)}" matches ${hits.length} functions (overloads).` : `Choose a function: the ABI has ${fns.length}.`, [
    `Give the full signature: ${hits.slice(0, 8).map(sig).join(', ')}${hits.length > 8 ? ', ...' : ''}.`,
  ])
}

/**
 * Renders a Solidity `interface` for the ABI: structs for tuples (named after their
 * `internalType` when the ABI carries one), events, errors and external functions.
 */
export function toSolidity(abi: Abi, name = 'IContract'): string {
  const structs = new Map<string, { name: string; body: string }>()
  const used = new Set<string>()
  const typeName = (p: AbiCodec.Param, loc: boolean, where: 'in' | 'out' | 'event'): string => {
    const suffix = p.type.replace(/^[^[]*/, '')
    let base = p.type.replace(/\[.*$/, '')
    if (base === 'tuple') base = structFor(p)
    const ref = suffix !== '' || base === 'string' || base === 'bytes' || !/^(u?int\d*|address|bool|bytes\d+)$/.test(base)
    const dl = loc && ref && where !== 'event' ? (where === 'in' ? ' calldata' : ' memory') : ''
    return `${base}${suffix}${dl}`
  }
  const structFor = (p: AbiCodec.Param): string => {
    const comps = (p as { components?: AbiCodec.Params }).components ?? []
    const key = AbiCodec.canonicalType({ ...p, type: 'tuple' } as AbiCodec.Param) + comps.map((c) => c.name ?? '').join(',')
    const hit = structs.get(key)
    if (hit) return hit.name
    const internal = (p as { internalType?: string }).internalType
    let n = internal?.startsWith('struct ') ? internal.slice(7).replace(/\[.*$/, '').replace(/^.*\./, '') : `Struct${structs.size + 1}`
    while (used.has(n)) n = `${n}_`
    used.add(n)
    const entry = { name: n, body: '' }
    structs.set(key, entry)
    entry.body = comps.map((c, i) => `        ${typeName(c, false, 'in')} ${c.name || `field${i}`};`).join('\n')
    return n
  }
  const params = (ps: AbiCodec.Params, where: 'in' | 'out' | 'event') =>
    ps.map((p) => `${typeName(p, true, where)}${(p as { indexed?: boolean }).indexed ? ' indexed' : ''}${p.name ? ` ${p.name}` : ''}`).join(', ')
  const lines: string[] = []
  for (const item of abi) {
    if (item.type === 'event') lines.push(`    event ${item.name}(${params(item.inputs, 'event')})${item.anonymous ? ' anonymous' : ''};`)
    else if (item.type === 'error') lines.push(`    error ${item.name}(${params(item.inputs, 'event')});`)
  }
  for (const item of abi) {
    if (item.type === 'function') {
      const mut = item.stateMutability && item.stateMutability !== 'nonpayable' ? ` ${item.stateMutability}` : ''
      const outs = item.outputs.length ? ` returns (${params(item.outputs, 'out')})` : ''
      lines.push(`    function ${item.name}(${params(item.inputs, 'in')}) external${mut}${outs};`)
    } else if (item.type === 'fallback') lines.push(`    fallback() external${item.stateMutability === 'payable' ? ' payable' : ''};`)
    else if (item.type === 'receive') lines.push('    receive() external payable;')
    else if (item.type === 'constructor') lines.push(`    // constructor(${params(item.inputs, 'event')}): interfaces have no constructor`)
  }
  const structLines = [...structs.values()].map((s) => `    struct ${s.name} {\n${s.body}\n    }`)
  return [
    '// SPDX-License-Identifier: UNLICENSED',
    'pragma solidity ^0.8.0;',
    '',
    `interface ${name} {`,
    ...structLines,
    ...(structLines.length && lines.length ? [''] : []),
    ...lines,
    '}',
    '',
  ].join('\n')
}

export class EmptyAbiError extends BaseError {
  constructor() {
    super('Abi.EmptyAbiError', 'Paste an ABI.', {
      hints: ['JSON, a build artifact, or human-readable signatures like "function transfer(address to, uint256 amount) returns (bool)".'],
    })
  }
}

export class InvalidAbiError extends BaseError {
  /** The entry index (JSON) or line number (human-readable) at fault, when known. */
  readonly entry?: number
  constructor(message: string, hints: string[] = [], entry?: number) {
    super('Abi.InvalidAbiError', message, { hints })
    if (entry !== undefined) this.entry = entry
  }
}

export class FunctionNotFoundError extends BaseError {
  constructor(message: string, hints: string[] = []) {
    super('Abi.FunctionNotFoundError', message, { hints })
    this.at('function')
  }
}

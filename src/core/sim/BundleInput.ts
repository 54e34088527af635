/**
 * What a bundle (issue #38, core/sim/Bundle) is asked to run, as the form gives it: its calls, a
 * JSON array or one JSON object per line, each error naming its line; and the reordering the page
 * does. Cheap (no EVM), so the form checks it on the main thread.
 *
 * @example
 * ```ts
 * const calls = BundleInput.parse('{"from":"0x…","to":"0x…","data":"0x6d4ce63c"}')
 * BundleInput.format(BundleInput.move(calls, 1, -1))
 * ```
 */
import { BaseError } from '../Errors'

type Hex = `0x${string}`

/** Most calls in one bundle. */
export const MAX_CALLS = 50

/** One call of a bundle (impersonated sender, as `Simulation.call`). */
export interface Call {
  from: Hex
  to?: Hex | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/

function field(o: Record<string, unknown>, key: string, line: number): string | undefined {
  const v = o[key]
  if (v === undefined || v === null) return undefined
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v)
  if (typeof v !== 'string') throw new InvalidCallError(line, `"${key}" must be a string`)
  return v.trim()
}

function quantity(o: Record<string, unknown>, key: string, line: number): bigint | undefined {
  const v = field(o, key, line)
  if (v === undefined || v === '') return undefined
  if (!QUANTITY.test(v)) throw new InvalidCallError(line, `"${key}" is "${v.slice(0, 24)}", not a whole number (decimal, or 0x and hex digits)`)
  return BigInt(v)
}

/** One call from its JSON object; `line` (1-based) names it in errors. */
export function callOf(item: unknown, line: number): Call {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new InvalidCallError(line, 'it is not a JSON object')
  const o = item as Record<string, unknown>
  const unknown = Object.keys(o).filter((k) => !['from', 'to', 'value', 'data', 'input', 'gas'].includes(k))
  if (unknown.length) throw new InvalidCallError(line, `unknown field "${unknown[0]!.slice(0, 20)}"`)
  const from = field(o, 'from', line)
  if (!from || !ADDRESS.test(from)) throw new InvalidCallError(line, from ? `"from" is "${from.slice(0, 44)}", not an address` : '"from" is missing')
  const to = field(o, 'to', line)
  if (to !== undefined && to !== '' && !ADDRESS.test(to)) throw new InvalidCallError(line, `"to" is "${to.slice(0, 44)}", not an address`)
  const data = field(o, 'data', line) ?? field(o, 'input', line)
  if (data !== undefined && data !== '' && !/^0x([0-9a-fA-F]{2})*$/.test(data)) throw new InvalidCallError(line, '"data" must be 0x and an even number of hex digits')
  const value = quantity(o, 'value', line)
  const gas = quantity(o, 'gas', line)
  return {
    from: from.toLowerCase() as Hex,
    ...(to ? { to: to.toLowerCase() as Hex } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(data ? { data: data.toLowerCase() as Hex } : {}),
    ...(gas !== undefined ? { gas } : {}),
  }
}

/**
 * The calls of a bundle: a JSON array of call objects, or one object per line (empty lines
 * skipped). Each object: `from` (required), `to` (none: a contract creation), `value`, `data`
 * (or `input`) and `gas`; quantities in decimal or 0x-hex.
 */
export function parse(text: string): Call[] {
  const t = text.trim()
  if (t === '') throw new NoCallsError()
  let items: { value: unknown; line: number }[]
  if (t.startsWith('[')) {
    let all: unknown
    try {
      all = JSON.parse(t)
    } catch (e) {
      throw new InvalidJsonError(`The list is not valid JSON: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (!Array.isArray(all)) throw new InvalidJsonError('The list is not a JSON array.')
    items = all.map((value, i) => ({ value, line: i + 1 }))
  } else {
    items = []
    text.split('\n').forEach((l, i) => {
      if (l.trim() === '') return
      try {
        items.push({ value: JSON.parse(l), line: i + 1 })
      } catch {
        throw new InvalidCallError(i + 1, 'it is not valid JSON')
      }
    })
  }
  if (items.length === 0) throw new NoCallsError()
  if (items.length > MAX_CALLS) throw new TooManyCallsError(items.length)
  return items.map(({ value, line }) => callOf(value, line))
}

/** The calls as the form's text: one JSON object per line (quantities as hex). */
export function format(calls: readonly Call[]): string {
  return calls
    .map((c) => JSON.stringify({ from: c.from, ...(c.to ? { to: c.to } : {}), ...(c.value !== undefined ? { value: `0x${c.value.toString(16)}` } : {}), ...(c.data ? { data: c.data } : {}), ...(c.gas !== undefined ? { gas: `0x${c.gas.toString(16)}` } : {}) }))
    .join('\n')
}

/** `calls` with the one at `index` moved by `by` places (clamped): the reordering of the page. */
export function move<T>(calls: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(calls.length - 1, index + by))
  const out = [...calls]
  const [item] = out.splice(index, 1)
  out.splice(to, 0, item!)
  return out
}

// ---------------------------------------------------------------------------------------

/**
 * The form's text with call `index` moved by `by` places: one object per line keeps each line's
 * own text (empty lines dropped); a JSON array is written anew, one object per line. Throws as
 * {@link parse} does when the text does not parse.
 */
export function moveText(text: string, index: number, by: number): string {
  const calls = parse(text)
  if (text.trim().startsWith('[')) return format(move(calls, index, by))
  return move(text.split('\n').filter((l) => l.trim() !== ''), index, by).join('\n')
}

// ---------------------------------------------------------------------------------------

export class InvalidCallError extends BaseError {
  constructor(line: number, detail: string) {
    super('BundleInput.InvalidCallError', `Call on line ${line}: ${detail}.`, {
      hints: ['Each call is a JSON object: {"from": "0x…", "to": "0x…", "value": "0x0", "data": "0x…", "gas": "100000"}; only "from" is required, no "to" creates a contract.'],
      field: 'calls',
    })
  }
}

export class InvalidJsonError extends BaseError {
  constructor(message: string) {
    super('BundleInput.InvalidJsonError', message, { hints: ['Give a JSON array of call objects, or one call object per line.'], field: 'calls' })
  }
}

export class NoCallsError extends BaseError {
  constructor() {
    super('BundleInput.NoCallsError', 'The bundle has no calls.', { hints: ['Give one call object per line, e.g. {"from": "0x…", "to": "0x…", "data": "0x…"}.'], field: 'calls' })
  }
}

export class TooManyCallsError extends BaseError {
  constructor(n: number) {
    super('BundleInput.TooManyCallsError', `The bundle has ${n} calls; at most ${MAX_CALLS} run in one.`, { hints: ['Split it, or drop calls that do not change what you want to see.'], field: 'calls' })
  }
}

/**
 * The message sweep (issue 17, "messages speak the field's label, not internal names"):
 * every field of every tool in the registry gets bad input (empty, garbage text, odd hex, a
 * too-long number, a negative number, a wrong-length address, JSON garbage, and random text
 * from the printed seed), on top of each worked example, and every message `parse` gives:
 * - is at a field the tool has (so the form shows it there), and parse never throws;
 * - is a domain message, never a library's or JavaScript's text (no "undefined", "NaN",
 *   "[object Object]", "Cannot read", "invalid BigNumber", JSON.parse's "at position",
 *   nor the "Invalid value:" that marks a non-domain exception);
 * - names fields by their labels: no camelCase field name of any tool (accessList,
 *   maxFeePerGas, chainId…) unless the field's own label says it, no "accessList[0]";
 * - says what would be right (an instruction, an expected form or a range).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { examplesOf, testSeed } from '../../test/support'
import { withDefaults } from './define'
import { registry } from './registry'
import type { FieldSpec, RawInput, Tool } from './types'

const FIXED: readonly [string, string][] = [
  ['empty', ''],
  ['garbage text', 'not a value at all ☃'],
  ['odd hex', '0x123'],
  ['too-long number', '9'.repeat(100)],
  ['negative number', '-5'],
  ['wrong-length address', `0x${'ab'.repeat(19)}`],
  ['JSON garbage', '{"a": [1, 2'],
  ['JSON of the wrong shape', '[{"x": 1}]'],
]
/** Random text (seeded): any characters, hex-like, number-like and JSON-like text. */
const RANDOM: readonly string[] = fc.sample(
  fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.stringMatching(/^(0x)?[0-9a-fA-FxX ]{0,70}$/),
    fc.stringMatching(/^[-+]?[0-9._e,]{1,90}$/),
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  ),
  { numRuns: 12, seed: testSeed },
)

/** Library and JavaScript texts that must never reach a person. */
const FOREIGN = [/\bundefined\b/, /\bNaN\b/, /\[object Object\]/, /Cannot read/i, /invalid BigNumber/i, /in JSON at position/, /after (array element|property value) in JSON/, /^Invalid value:/, /is not a function/, /Unexpected token/, /Unexpected end of JSON/, /\bSyntaxError\b/, /\bTypeError\b/, /\bRangeError\b/]

/** An instruction, an expected form or a range: what would be right. */
const GUIDANCE =
  /\b(use|give|paste|type|enter|choose|pick|expect(ed|s)?|must|should|needs?|only|at most|at least|up to|between|followed by|for example|e\.g\.|such as|one of|holds?|takes?|accepts?|remove|add|try|either|is \d+|are \d+|from \d+ to|\d+ (hex )?(digits|characters|bytes|words)|like|as in|instead|fit|allowed|valid|means|write|each|check|known|example|pad|starts? with|starting with|a whole number|zero or more|is an?|has an?|separate|put)\b/i

/** Field names that are code identifiers (camelCase, or an index), from every tool. */
const INTERNAL = [...new Set(registry.flatMap((e) => e.meta.fields.map((f) => f.name)).filter((n) => /[a-z][A-Z]/.test(n)))]

function visibleTextFields(tool: Tool, raw: RawInput): FieldSpec[] {
  return tool.fields.filter((f) => (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'select') && shown(tool, f, raw))
}

function shown(tool: Tool, f: FieldSpec, raw: RawInput): boolean {
  const w = f.showWhen
  if (!w) return true
  const dep = tool.fields.find((x) => x.name === w.field)
  if (dep && !shown(tool, dep, raw)) return false
  const v = raw[w.field] ?? ''
  return (!w.is || w.is.includes(v)) && (!w.not || !w.not.includes(v))
}

export interface Fault {
  tool: string
  field: string
  input: string
  message: string
  why: string
}

/** Every fault of `tool`'s messages for the bad inputs, over each example (or the defaults). */
export function faultsOf(tool: Tool): Fault[] {
  const faults: Fault[] = []
  const bases = examplesOf(tool.id).length ? examplesOf(tool.id).map((e) => withDefaults(tool, e.inputs)) : [withDefaults(tool, {})]
  const names = new Set(tool.fields.map((f) => f.name))
  for (const base of bases)
    for (const field of visibleTextFields(tool, base)) {
      const inputs: [string, string][] = field.kind === 'select' ? [['an option that is not offered', 'no-such-option']] : [...FIXED, ...RANDOM.map((r, i) => [`random ${i}`, r] as [string, string])]
      for (const [what, input] of inputs) {
        const raw = { ...base, [field.name]: input }
        let parsed
        try {
          parsed = tool.parse(raw)
        } catch (e) {
          faults.push({ tool: tool.id, field: field.name, input: what, message: String(e), why: 'parse threw' })
          continue
        }
        if (parsed.ok) continue
        for (const [at, message] of Object.entries(parsed.errors)) {
          const fault = (why: string) => faults.push({ tool: tool.id, field: field.name, input: what, message: `[${at}] ${message}`, why })
          if (!names.has(at)) fault(`error at "${at}", which is not a field`)
          const foreign = FOREIGN.find((re) => re.test(message))
          if (foreign) fault(`library or JavaScript text ${foreign}`)
          const own = tool.fields.find((f) => f.name === at)
          // JSON keys a pasted format must use ({chainId, …}, "maxFeePerGas": …, "Fields: …") are the format's names, not field names.
          const prose = message.replace(/"[^"]*"|\{[^}]*\}|Fields: [^.]*\./g, '')
          for (const n of INTERNAL) if (new RegExp(`\\b${n}\\b`).test(prose) && !own?.label.includes(n) && !input.includes(n)) fault(`internal name "${n}"`)
          if (/\b[a-z]+[A-Z]\w*\[\d+\]/.test(message)) fault('an indexed internal name')
          if (/\bthe value of the value\b|\b1 bytes\b/.test(message)) fault('a garbled phrase')
          if (!GUIDANCE.test(message)) fault('does not say what would be right')
        }
      }
    }
  return faults
}

describe('messages speak the field label and say what would be right (seed printed)', () => {
  it.each(registry.map((e) => [e.meta.id, e] as const))('%s', async (_id, entry) => {
    const tool = (await entry.load()).default
    const faults = faultsOf(tool)
    // One line per distinct message, so a failure reads as a to-do list.
    const seen = new Set<string>()
    const lines = faults.filter((f) => !seen.has(`${f.why}|${f.message}`) && seen.add(`${f.why}|${f.message}`)).map((f) => `${f.field} ← ${f.input}: ${f.why}: ${f.message}`)
    expect(lines, `seed ${testSeed}`).toEqual([])
  })
})

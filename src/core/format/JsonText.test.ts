import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import * as JsonText from './JsonText'

// The line and column are checked against where the test itself broke the JSON (seed printed).
const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v, null, 2)).filter((s) => s.length > 2 && /^[[{]/.test(s))

function failure(text: string): unknown {
  try {
    JSON.parse(text)
  } catch (e) {
    return e
  }
  throw new Error(`parsed: ${text}`)
}

describe('JsonText.problem', () => {
  it('names the line and column of a stray character, as the test placed it', () => {
    for (const [text, k] of fc.sample(fc.tuple(json, fc.nat()), { numRuns: 200, seed: testSeed })) {
      // A place between tokens: just after a structural character outside strings.
      const places: number[] = []
      let inString = false
      for (let i = 0; i < text.length; i++) {
        if (inString) {
          if (text[i] === '\\') i++
          else if (text[i] === '"') inString = false
        } else if (text[i] === '"') inString = true
        else if ('[{,:'.includes(text[i]!)) places.push(i + 1)
      }
      const at = places[k % places.length]!
      const broken = `${text.slice(0, at)}#${text.slice(at)}`
      const line = text.slice(0, at).split('\n').length
      const column = at - text.slice(0, at).lastIndexOf('\n')
      expect(JsonText.problem(broken, failure(broken)), broken).toBe(`unexpected "#" at line ${line}, column ${column}`)
    }
  })

  it('says a cut-off text ends too soon, and never quotes the engine', () => {
    for (const [text, k] of fc.sample(fc.tuple(json, fc.nat()), { numRuns: 200, seed: testSeed })) {
      const cut = text.slice(0, 1 + (k % (text.length - 1)))
      let e: unknown
      try {
        JSON.parse(cut)
        continue
      } catch (err) {
        e = err
      }
      const p = JsonText.problem(cut, e)
      expect(p, cut).toMatch(/^(it ends before every bracket, brace and quote is closed|unexpected .+ at line \d+, column \d+)$/)
      expect(p).not.toMatch(/JSON at position|Unexpected token|SyntaxError/)
    }
  })

  it('names invisible characters by code point, and says empty text is empty', () => {
    expect(JsonText.problem('[1, \u0007]', failure('[1, \u0007]'))).toBe('unexpected U+0007 at line 1, column 5')
    expect(JsonText.problem('not json', failure('not json'))).toMatch(/^unexpected "[no]" at line 1, column [12]$/)
    expect(JsonText.problem('  ', failure('  '))).toBe('it is empty')
  })
})

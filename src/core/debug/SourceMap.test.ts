/**
 * SourceMap: the compressed form decoded against entries written out in full (random entries,
 * compressed by the rule solc documents: a field equal to the previous entry's is left out);
 * pc → instruction over PUSH data; byte offsets → line and column over non-ASCII text; function
 * names from an AST and from source text; hostile text never throws anything but a SourceMap
 * error. Against solc's own output: test/chain/debug-source.test.ts.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BaseError } from '../Errors'
import * as SourceMap from './SourceMap'

const seed = Date.now() % 2 ** 31
console.log(`SourceMap.test seed ${seed}`)

const arbEntry = fc.record({ s: fc.integer({ min: -1, max: 5000 }), l: fc.integer({ min: -1, max: 500 }), f: fc.integer({ min: -1, max: 4 }), j: fc.constantFrom<SourceMap.Jump>('i', 'o', '-'), m: fc.integer({ min: 0, max: 3 }) })

function compress(entries: SourceMap.Entry[]): string {
  let prev: SourceMap.Entry = { s: -1, l: -1, f: -1, j: '-', m: 0 }
  return entries
    .map((e) => {
      const f = [e.s === prev.s ? '' : String(e.s), e.l === prev.l ? '' : String(e.l), e.f === prev.f ? '' : String(e.f), e.j === prev.j ? '' : e.j, e.m === prev.m ? '' : String(e.m)]
      prev = e
      while (f.length && f[f.length - 1] === '') f.pop()
      return f.join(':')
    })
    .join(';')
}

describe('SourceMap.decode', () => {
  it('a known map', () => {
    expect(SourceMap.decode('1:2:0:-:0;;3:4;:9:1:i;::::1;5:::o')).toEqual([
      { s: 1, l: 2, f: 0, j: '-', m: 0 },
      { s: 1, l: 2, f: 0, j: '-', m: 0 },
      { s: 3, l: 4, f: 0, j: '-', m: 0 },
      { s: 3, l: 9, f: 1, j: 'i', m: 0 },
      { s: 3, l: 9, f: 1, j: 'i', m: 1 },
      { s: 5, l: 9, f: 1, j: 'o', m: 1 },
    ])
    expect(SourceMap.decode('')).toEqual([])
  })

  it('round-trips random entries through the compressed form', () => {
    fc.assert(
      fc.property(fc.array(arbEntry, { minLength: 1, maxLength: 60 }), (entries) => {
        expect(SourceMap.decode(compress(entries))).toEqual(entries)
      }),
      { seed, numRuns: 300 },
    )
  })

  it('hostile text: a result or a SourceMap error, never anything else', () => {
    const alphabet = fc.constantFrom(...'0123456789:;-io x\u00e9'.split(''))
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 80 })), (t) => {
        try {
          const r = SourceMap.decode(t)
          expect(Array.isArray(r)).toBe(true)
        } catch (e) {
          expect(e).toBeInstanceOf(BaseError)
          expect((e as BaseError).name).toMatch(/^SourceMap\./)
        }
      }),
      { seed, numRuns: 2000 },
    )
    expect(() => SourceMap.decode('1:2:0:x')).toThrow(SourceMap.InvalidError)
    expect(() => SourceMap.decode('1:2:0:-:0:7')).toThrow(/at most 5/)
    expect(() => SourceMap.decode(';'.repeat(SourceMap.MAX_LENGTH + 1))).toThrow(SourceMap.TooLargeError)
    expect(() => SourceMap.decode(undefined as unknown as string)).toThrow(SourceMap.InvalidError)
  })
})

describe('SourceMap.instructionIndex', () => {
  it('skips PUSH data', () => {
    // PUSH1 0x80 PUSH1 0x40 MSTORE PUSH32 <32 bytes> JUMPDEST PUSH0 STOP
    const code = new Uint8Array([0x60, 0x80, 0x60, 0x40, 0x52, 0x7f, ...new Array(32).fill(0x5b), 0x5b, 0x5f, 0x00])
    const ix = SourceMap.instructionIndex(code)
    expect([ix[0], ix[1], ix[2], ix[3], ix[4], ix[5], ix[6], ix[37], ix[38], ix[39], ix[40]]).toEqual([0, -1, 1, -1, 2, 3, -1, -1, 4, 5, 6])
  })
  it('a PUSH cut off at the end of the code', () => {
    expect(Array.from(SourceMap.instructionIndex(new Uint8Array([0x00, 0x61, 0x01])))).toEqual([0, 1, -1])
  })
})

describe('SourceMap positions', () => {
  const text = 'line one\r\nlíne twö // ✓\n\nlast'
  const src = SourceMap.source(text)
  it('lines and columns from byte offsets, over multi-byte characters', () => {
    const bytes = new TextEncoder().encode(text)
    const at = (needle: string) => new TextEncoder().encode(text.slice(0, text.indexOf(needle))).length
    expect(SourceMap.position(src, 0)).toEqual({ line: 1, column: 1 })
    expect(SourceMap.position(src, at('twö'))).toEqual({ line: 2, column: 6 })
    expect(SourceMap.position(src, at('//'))).toEqual({ line: 2, column: 10 })
    expect(SourceMap.position(src, at('last'))).toEqual({ line: 4, column: 1 })
    expect(SourceMap.position(src, bytes.length)).toEqual({ line: 4, column: 5 })
    expect(SourceMap.position(src, bytes.length + 1)).toBeUndefined()
    expect(SourceMap.position(src, -1)).toBeUndefined()
    expect(SourceMap.lineText(src, 1)).toBe('line one')
    expect(SourceMap.lineText(src, 2)).toBe('líne twö // ✓')
    expect(SourceMap.lineText(src, 3)).toBe('')
    expect(SourceMap.lineText(src, 4)).toBe('last')
    expect(SourceMap.lineText(src, 5)).toBe('')
  })
  it('every offset maps to a line whose text holds it (random text)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constant('\n'), fc.constant('é'), fc.constant('a'), fc.constant('✓')), { maxLength: 40 }), (chars) => {
        const t = chars.join('')
        const s = SourceMap.source(t)
        const lines = t.split('\n')
        let off = 0
        for (let li = 0; li < lines.length; li++) {
          for (let ci = 0; ci <= lines[li]!.length; ci++) {
            const b = new TextEncoder().encode(lines[li]!.slice(0, ci)).length
            expect(SourceMap.position(s, off + b)).toEqual({ line: li + 1, column: ci + 1 })
          }
          expect(SourceMap.lineText(s, li + 1)).toBe(lines[li])
          off += new TextEncoder().encode(lines[li]!).length + 1
        }
      }),
      { seed, numRuns: 200 },
    )
  })
})

describe('SourceMap.functionName', () => {
  const text = 'contract C {\n  function outer(uint x) internal { inner(x); }\n  modifier only() { _; }\n  function inner(uint y) internal {}\n}\n'
  const src = SourceMap.source(text)
  const range = (needle: string, end: string) => ({ s: text.indexOf(needle), l: text.indexOf(end, text.indexOf(needle)) + end.length - text.indexOf(needle), f: 0 })
  it('from the AST, the innermost definition holding the range', () => {
    const ast = { nodeType: 'SourceUnit', nodes: [{ nodeType: 'ContractDefinition', nodes: [
      { nodeType: 'FunctionDefinition', name: 'outer', kind: 'function', src: `${range('function outer', '}').s}:${range('function outer', '}').l}:0` },
      { nodeType: 'FunctionDefinition', name: '', kind: 'fallback', src: '0:1:0' },
      { nodeType: 'ModifierDefinition', name: 'only', src: `${range('modifier', '}').s}:${range('modifier', '}').l}:0` },
    ] }] }
    const fns = SourceMap.functionsOfAst(ast)
    expect(fns.map((f) => f.name)).toEqual(expect.arrayContaining(['outer', 'only', 'fallback']))
    expect(SourceMap.functionName(range('function outer', '}'), fns, src)).toBe('outer')
    expect(SourceMap.functionName(range('modifier', '}'), fns, src)).toBe('only')
    // not in the AST given: read from the text
    expect(SourceMap.functionName(range('function inner', '}'), fns, src)).toBe('inner')
    expect(SourceMap.functionName({ s: 0, l: 5, f: 0 }, [], src)).toBeUndefined()
    expect(SourceMap.functionName({ s: -1, l: 5, f: 0 }, [], src)).toBeUndefined()
  })
  it('hostile ASTs are walked without throwing', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 6 }), (a) => {
        expect(Array.isArray(SourceMap.functionsOfAst(a))).toBe(true)
        expect(Array.isArray(SourceMap.functionsOfAst({ nodes: [a, { nodeType: 'FunctionDefinition', src: a, name: a }] }))).toBe(true)
      }),
      { seed, numRuns: 300 },
    )
    const deep: Record<string, unknown> = {}
    let cur = deep
    for (let i = 0; i < 10_000; i++) cur = (cur.nodes = [{}] as Record<string, unknown>[])[0] as Record<string, unknown>
    expect(SourceMap.functionsOfAst(deep)).toEqual([])
  })
})

/**
 * The disassembler's dispatcher (issue #41) lists every function solc compiled: contracts of 36+
 * functions with random names, some mined so their selectors have one or two leading zero bytes
 * (pushed by solc as PUSH3/PUSH2), compiled by solc-js with the optimizer off, at 1, 200 and
 * 10,000 runs, and via-IR (`PUSH4 sel SUB` compares); the entries equal solc's
 * methodIdentifiers and `cast selectors` on the same code. The seed is printed.
 */
import { createRequire } from 'node:module'
import { Hash } from 'ox'
import { describe, expect, it } from 'vitest'
import { castAsync, testSeed } from '../../../test/support'
import * as Disassembler from './Disassembler'

const require = createRequire(import.meta.url)
const solc = require('solc') as { compile: (input: string) => string }

function compile(source: string, settings: Record<string, unknown>) {
  const input = { language: 'Solidity', sources: { 'C.sol': { content: source } }, settings: { ...settings, outputSelection: { '*': { '*': ['evm.deployedBytecode.object', 'evm.methodIdentifiers'] } } } }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> } }>>
  }
  const fatal = out.errors?.filter((e) => e.severity === 'error') ?? []
  if (fatal.length) throw new Error(fatal.map((e) => e.formattedMessage).join('\n'))
  const c = out.contracts['C.sol']!.C!
  return { code: `0x${c.evm.deployedBytecode.object}`, ids: Object.values(c.evm.methodIdentifiers).map((s) => `0x${s}`) }
}

/** A small seeded generator (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'
const selectorOf = (sig: string) => Hash.keccak256(new TextEncoder().encode(sig), { as: 'Hex' }).slice(0, 10)

/** `n` random function names (no arguments), the first `zeros2` mined to a selector 0x0000…, the next `zeros1` to 0x00…. */
function names(rand: () => number, n: number, zeros2: number, zeros1: number): string[] {
  const name = () => 'f' + Array.from({ length: 4 + Math.floor(rand() * 8) }, () => LETTERS[Math.floor(rand() * LETTERS.length)]).join('')
  const out = new Set<string>()
  const mine = (prefix: string, count: number) => {
    for (let got = 0; got < count; ) {
      const f = name()
      if (!out.has(f) && selectorOf(`${f}()`).startsWith(prefix) && !selectorOf(`${f}()`).startsWith(`${prefix}00`)) {
        out.add(f)
        got++
      }
    }
  }
  mine('0x0000', zeros2)
  mine('0x00', zeros1)
  while (out.size < n) out.add(name())
  return [...out]
}

const SETTINGS: [string, Record<string, unknown>][] = [
  ['optimizer off', { optimizer: { enabled: false } }],
  ['1 run', { optimizer: { enabled: true, runs: 1 } }],
  ['200 runs', { optimizer: { enabled: true, runs: 200 } }],
  ['10,000 runs', { optimizer: { enabled: true, runs: 10_000 } }],
  ['via-IR', { optimizer: { enabled: true, runs: 200 }, viaIR: true }],
]

describe('Disassembler.entries: the dispatcher lists every selector solc compiled', () => {
  it('in contracts of 36+ random functions (leading zero bytes included), at every optimizer setting and via-IR, equal to cast selectors', { timeout: 600_000 }, async () => {
    console.log(`DisassemblerDispatch: seed ${testSeed} (TEST_SEED=${testSeed} replays it)`)
    const rand = rng(testSeed)
    let short = 0
    for (let c = 0; c < 2; c++) {
      const fns = names(rand, 36 + Math.floor(rand() * 10), 1, 3)
      const body = fns.map((f, i) => `function ${f}() external pure returns (uint256) { return ${i + 1}; }`).join('\n')
      for (const [label, settings] of SETTINGS) {
        const { code, ids } = compile(`// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C {\n${body}\n}`, settings)
        expect(ids.length).toBe(fns.length)
        const d = await Disassembler.disassemble(code)
        const entries = d.parts.at(-1)!.entries
        const ours = entries.map((e) => e.selector).sort()
        expect(ours, `${label}: ${fns.join(',')}`).toEqual([...ids].sort())
        const theirs = (await castAsync(['selectors', code])).split('\n').map((l) => l.split(/\s/)[0]!).filter(Boolean)
        expect(ours, `${label}: cast selectors`).toEqual([...theirs].sort())
        // each function's code starts at a JUMPDEST
        for (const e of entries) expect(e.dest !== null && Disassembler.parse(code)[e.dest] === 0x5b, `${label}: ${e.selector} at ${e.dest}`).toBe(true)
        short += ids.filter((s) => s.startsWith('0x00')).length
      }
    }
    expect(short).toBeGreaterThanOrEqual(2 * 5 * 4)
  })
})

import { createRequire } from 'node:module'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, expectDomainErrorOrValue, testSeed } from '../../../test/support'
import * as Dispatch from './Dispatch'

// Random contracts compiled by solc-js (a dev dependency): the selectors we find in the
// runtime code must be exactly solc's own methodIdentifiers, and what `cast selectors` lists.
const require = createRequire(import.meta.url)
const solc = require('solc') as { compile: (input: string) => string }

const TYPES = ['uint256', 'address', 'bytes', 'string', 'bool', 'bytes32', 'uint8[]', 'int128']

function compile(source: string, optimize: boolean, runs: number) {
  const input = {
    language: 'Solidity',
    sources: { 'C.sol': { content: source } },
    settings: { optimizer: { enabled: optimize, runs }, outputSelection: { '*': { '*': ['evm.deployedBytecode.object', 'evm.methodIdentifiers'] } } },
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string }; methodIdentifiers: Record<string, string> } }>>
  }
  const fatal = out.errors?.filter((e) => e.severity === 'error') ?? []
  if (fatal.length) throw new Error(fatal.map((e) => e.formattedMessage).join('\n'))
  const c = out.contracts['C.sol']!.C!
  return { code: `0x${c.evm.deployedBytecode.object}`, ids: Object.values(c.evm.methodIdentifiers).map((s) => `0x${s}`) }
}

const contract = fc.record({
  fns: fc.uniqueArray(
    fc.record({ name: fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,12}$/), args: fc.array(fc.constantFrom(...TYPES), { maxLength: 3 }) }),
    { minLength: 1, maxLength: 24, selector: (f) => f.name },
  ),
  optimize: fc.boolean(),
  runs: fc.constantFrom(1, 200, 10000),
})

describe('Dispatch.selectors', () => {
  it('finds exactly the functions solc compiled, as cast selectors does, in random contracts', { timeout: 240_000 }, async () => {
    const samples = fc.sample(contract, { numRuns: 10, seed: testSeed })
    for (const { fns, optimize, runs } of samples) {
      const body = fns
        .map((f, i) => `function ${f.name}_${i}(${f.args.map((t, j) => `${t}${/\[\]|bytes$|string/.test(t) ? ' calldata' : ''} a${j}`).join(', ')}) external pure returns (uint256) { return ${i}; }`)
        .join('\n')
      const { code, ids } = compile(`// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C {\n${body}\n}`, optimize, runs)
      const ours = Dispatch.selectors(code).map((s) => s.selector)
      expect([...ours].sort(), `optimizer ${optimize} runs ${runs}: ${fns.map((f) => f.name).join(',')}`).toEqual([...ids].sort())
      const theirs = (await castAsync(['selectors', code])).split('\n').map((l) => l.split(/\s/)[0]!).filter(Boolean)
      expect([...ours].sort()).toEqual([...theirs].sort())
    }
  })

  it('reads a selector with a leading zero byte (pushed as PUSH3)', () => {
    // f_249() has the selector 0x00e416d4 (keccak256 by solc below); name() is 0x06fdde03.
    const { code, ids } = compile('pragma solidity ^0.8.0; contract C { function f_249() external {} function name() external pure returns (string memory) { return "x"; } }', true, 200)
    expect(ids).toContain('0x00e416d4')
    expect(Dispatch.selectors(code).map((s) => s.selector).sort()).toEqual([...ids].sort())
  })

  it('refuses what is not bytecode with a domain error, never a crash', () => {
    expect(() => Dispatch.selectors('')).toThrow(Dispatch.EmptyCodeError)
    expect(() => Dispatch.selectors('0x6')).toThrow(/odd number/)
    fc.assert(fc.property(fc.string(), (s) => void expectDomainErrorOrValue(() => Dispatch.selectors(s))))
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (b) => void expectDomainErrorOrValue(() => Dispatch.selectors(`0x${Buffer.from(b).toString('hex')}`))))
  })
})

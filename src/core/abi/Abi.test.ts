import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ethers } from 'ethers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { castAsync, repoRoot } from '../../../test/support'
import * as Abi from './Abi'

const ozDir = join(repoRoot, 'node_modules/@openzeppelin/contracts/build/contracts')
const ozAbi = (name: string) => JSON.parse(readFileSync(join(ozDir, `${name}.json`), 'utf8')).abi

const ERC20_HUMAN = `
function name() view returns (string)
function symbol() view returns (string)
function decimals() view returns (uint8)
function totalSupply() view returns (uint256)
function balanceOf(address owner) view returns (uint256)
function transfer(address to, uint256 amount) returns (bool)
function approve(address spender, uint256 amount) returns (bool)
function allowance(address owner, address spender) view returns (uint256)
function transferFrom(address from, address to, uint256 amount) returns (bool)
event Transfer(address indexed from, address indexed to, uint256 value)
event Approval(address indexed owner, address indexed spender, uint256 value)
`

const sigs = (abi: Abi.Abi) => Abi.entries(abi).map((e) => `${e.kind} ${e.signature} ${e.selector}`).sort()

describe('parse', () => {
  it('reads JSON, an artifact, human-readable lines, a JSON array of strings and a bare signature', () => {
    const json = ozAbi('ERC20')
    const artifact = readFileSync(join(ozDir, 'ERC20.json'), 'utf8')
    expect(sigs(Abi.parse(JSON.stringify(json)))).toEqual(sigs(Abi.parse(artifact)))
    const human = Abi.parse(ERC20_HUMAN)
    expect(Abi.parse(JSON.stringify(ERC20_HUMAN.trim().split('\n')))).toEqual(human)
    expect(Abi.entries(Abi.parse('transfer(address,uint256)'))[0]!.selector).toBe('0xa9059cbb')
    expect(Abi.entries(Abi.parse('Transfer(address indexed,address indexed,uint256)'))[0]!.kind).toBe('event')
  })

  it('reads ethers v5 format: tuple(...), constant, modifiers, anonymous events', () => {
    const abi = Abi.parse(`
      function f(tuple(uint256 a, string b)[] xs) external view returns (uint256)
      function g() constant returns (uint256)
      event Anon(uint256 indexed a) anonymous
    `)
    expect(Abi.entries(abi).map((e) => e.signature)).toEqual(['f((uint256,string)[])', 'g()', 'Anon(uint256)'])
    expect((abi[2] as Abi.EventItem).anonymous).toBe(true)
    // ethers v5 agrees on the selectors
    const iface = new ethers.utils.Interface(['function f(tuple(uint256 a, string b)[] xs) view returns (uint256)', 'function g() view returns (uint256)'])
    expect(Abi.entries(abi)[0]!.selector).toBe(iface.getSighash('f'))
    expect(Abi.entries(abi)[1]!.selector).toBe(iface.getSighash('g'))
  })

  it('reads a pasted Solidity interface with structs and comments', () => {
    const abi = Abi.parse(`
      // SPDX-License-Identifier: MIT
      pragma solidity ^0.8.0;
      interface IThing {
        struct Call { address target; bytes data; } // one call
        /* the entry point */
        function run(Call[] calldata calls) external payable returns (bytes[] memory);
        error Nope(uint256 code);
      }`)
    expect(Abi.entries(abi).map((e) => e.signature)).toEqual(['run((address,bytes)[])', 'Nope(uint256)'])
  })

  const bad: [string, string, RegExp][] = [
    ['', 'Abi.EmptyAbiError', /Paste an ABI/],
    ['   // only a comment', 'Abi.EmptyAbiError', /Paste an ABI/],
    ['[{"type":"function","name":"f","inputs":[{"type":"uint257"}]}]', 'Abi.InvalidAbiError', /Entry 0 \("f"\), inputs\[0\].*uint257/],
    ['[{"type":"function","name":"ok","inputs":[]},{"type":"funtion","name":"g"}]', 'Abi.InvalidAbiError', /Entry 1 \("g"\) has an unknown type "funtion"/],
    ['[{"type":"event","inputs":[]}]', 'Abi.InvalidAbiError', /Entry 0: a event needs a "name"/],
    ['[{"type":"function","name":"f","inputs":{}}]', 'Abi.InvalidAbiError', /"inputs" is not an array/],
    ['[{"type":"function","name":"f","inputs":[{"type":"tuple"}]}]', 'Abi.InvalidAbiError', /without "components"/],
    ['[1]', 'Abi.InvalidAbiError', /Entry 0 is not an object/],
    ['{"foo": 1}', 'Abi.InvalidAbiError', /not an ABI/],
    ['{"abi": 5}', 'Abi.InvalidAbiError', /not an array/],
    ['[{"type":"function",', 'Abi.InvalidAbiError', /does not parse/],
    ['function ok()\nfunction f(uint7 x)', 'Abi.InvalidAbiError', /Line 2: .*uint7: integer sizes are multiples of 8/s],
    ['fnction f()', 'Abi.InvalidAbiError', /Line 1.*Start each line with function/s],
    ['function f(uint256', 'Abi.InvalidAbiError', /Unbalanced parentheses/],
    ['function f(Thing t)', 'Abi.InvalidAbiError', /"Thing" looks like a struct/],
  ]
  it.each(bad)('rejects %j', (text, name, msg) => {
    let err: Error | undefined
    try {
      Abi.parse(text)
    } catch (e) {
      err = e as Error
    }
    expect(err?.name).toBe(name)
    expect(err!.message).toMatch(msg)
  })

  it('points at the entry: index for JSON, line for text', () => {
    try {
      Abi.parse('function a()\n\nevent B(uint x\n')
    } catch (e) {
      expect((e as Abi.InvalidAbiError).entry).toBe(3)
    }
  })
})

describe('conversions', () => {
  const artifacts = readdirSync(ozDir).filter((f) => f.endsWith('.json')).slice(0, 400)

  it('JSON -> human-readable -> JSON keeps every signature, selector and topic (all OpenZeppelin artifacts)', () => {
    let n = 0
    for (const f of artifacts) {
      const abi = Abi.fromJson(JSON.parse(readFileSync(join(ozDir, f), 'utf8')))
      if (!abi.length) continue
      const back = Abi.parse(Abi.toHuman(abi).join('\n'))
      expect(sigs(back), f).toEqual(sigs(abi))
      n++
    }
    expect(n).toBeGreaterThan(100)
  })

  it('the Solidity interface parses back to the same ABI', () => {
    for (const name of ['ERC20', 'ERC721', 'Governor', 'AccessManager', 'ERC4626']) {
      const abi = Abi.fromJson(ozAbi(name))
      const sol = Abi.toSolidity(abi, `I${name}`)
      expect(sol).toContain(`interface I${name} {`)
      const back = Abi.parse(sol)
      const keep = (a: Abi.Abi) => sigs(a.filter((i) => i.type !== 'constructor'))
      expect(keep(back), name).toEqual(keep(abi))
    }
  })

  it('renders structs with data locations', () => {
    const abi = Abi.fromJson(JSON.parse('[{"type":"function","name":"f","stateMutability":"view","inputs":[{"name":"c","type":"tuple[]","internalType":"struct Multicall3.Call[]","components":[{"name":"target","type":"address"},{"name":"callData","type":"bytes"}]}],"outputs":[{"name":"","type":"bytes","internalType":"bytes"}]}]'))
    const sol = Abi.toSolidity(abi)
    expect(sol).toContain('struct Call {\n        address target;\n        bytes callData;\n    }')
    expect(sol).toContain('function f(Call[] calldata c) external view returns (bytes memory);')
  })
})

describe('selectors and topics against cast sig', () => {
  const ident = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,12}$/)
  const type = fc.constantFrom('uint256', 'address', 'bool', 'bytes', 'string', 'bytes32', 'uint8[]', 'int24', '(address,uint256)', '(bytes,(uint8,string)[])[2]')
  const fnArb = fc.tuple(ident, fc.array(type, { maxLength: 4 }))

  it('function selectors and event topics match cast sig / sig-event', async () => {
    const samples = fc.sample(fnArb, { numRuns: 12 })
    await Promise.all(
      samples.map(async ([name, types]) => {
        const sig = `${name}(${types.join(',')})`
        const [fn] = Abi.entries(Abi.parse(`function ${sig}`))
        const [ev] = Abi.entries(Abi.parse(`event ${sig}`))
        const [sel, topic] = await Promise.all([castAsync(['sig', sig]), castAsync(['sig-event', sig])])
        expect(fn!.selector, sig).toBe(sel)
        expect(ev!.selector, sig).toBe(topic)
      }),
    )
  })
})

describe('hostile ABI text', () => {
  const isCore = (e: unknown) => /^(Abi|AbiCodec|AbiLayout)\./.test((e as Error).name)
  it('random text and random JSON never crash: an ABI or a core error', () => {
    const pieces = fc.constantFrom('function', 'event', 'error', 'struct', 'S', '{', '}', '(', ')', '[', ']', ',', ';', ' ', '\n', 'uint256', 'uint7', 'tuple', 'indexed', 'returns', 'x', 'anonymous', 'view', 'bytes', 'string', '"', ':', '0')
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        try {
          Abi.parse(parts.join(''))
        } catch (e) {
          expect(isCore(e), `${(e as Error).name}: ${(e as Error).message}`).toBe(true)
        }
      }),
      { numRuns: 800 },
    )
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        try {
          Abi.parse(JSON.stringify(v))
        } catch (e) {
          expect(isCore(e), `${(e as Error).name}: ${(e as Error).message}`).toBe(true)
        }
      }),
      { numRuns: 400 },
    )
  })

  it('deeply nested tuples are refused, quickly', () => {
    const deep = `function f(${'('.repeat(200)}uint256${')'.repeat(200)} x)`
    const t0 = performance.now()
    expect(() => Abi.parse(deep)).toThrow()
    expect(performance.now() - t0).toBeLessThan(2000)
  })
})

describe('Abi.pickFunction', () => {
  const abi = Abi.parse('function balanceOf(address) view returns (uint256)\nfunction transfer(address to, uint256 amount) returns (bool)\nfunction f(uint256)\nfunction f(address)')
  it('finds by name, signature and selector (selector from ethers v5)', () => {
    const sel = new ethers.utils.Interface(['function transfer(address,uint256)']).getSighash('transfer')
    expect(Abi.pickFunction(abi, sel).name).toBe('transfer')
    expect(Abi.pickFunction(abi, 'transfer(address,uint256)').name).toBe('transfer')
    expect(Abi.pickFunction(abi, 'balanceOf').name).toBe('balanceOf')
    expect(Abi.functions(abi)[0]!.name).toBe('balanceOf')
  })
  it('names the problem at the function field', () => {
    expect(() => Abi.pickFunction(abi, 'mint')).toThrow(Abi.FunctionNotFoundError)
    expect(() => Abi.pickFunction(abi, 'f')).toThrow(/matches 2 functions.*f\(uint256\), f\(address\)/s)
    expect(() => Abi.pickFunction(abi, '')).toThrow(/Choose a function/)
    try {
      Abi.pickFunction(abi, 'mint')
    } catch (e) {
      expect((e as Abi.FunctionNotFoundError).field).toBe('function')
    }
    expect(() => Abi.pickFunction(Abi.parse('event E()'), '')).toThrow(/no functions/)
  })
})

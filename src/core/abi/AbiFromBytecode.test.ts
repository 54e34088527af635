/**
 * The ABI from bytecode against solc's own ABIs (issue 25): 26 contracts (OpenZeppelin 5 tokens,
 * proxies, access control, a timelock, a vesting wallet; every argument shape; a hand-written
 * assembly dispatcher) compiled two ways (optimizer on, and through the IR pipeline) = 52 runtime codes. The
 * share of selectors found, of argument types right and of mutability right are printed and
 * held as floors. Compiling takes about a minute.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import * as AbiFromBytecode from './AbiFromBytecode'
import * as SignatureTable from './SignatureTable'
import * as Selector from './Selector'
import { canonicalType, compileCorpus, type CorpusContract } from '../../../test/abiCorpus'

let corpus: CorpusContract[] = []
beforeAll(() => {
  corpus = [...compileCorpus('opt'), ...compileCorpus('ir')]
}, 600_000)

function known(c: CorpusContract) {
  const m = new Map<string, { types: string; mutability: string; signature: string }>()
  for (const f of c.abi) {
    if (f.type !== 'function') continue
    const types = (f.inputs ?? []).map(canonicalType).join(',')
    const signature = `${f.name}(${types})`
    m.set(Selector.from(signature, 'function').selector, { types, mutability: f.stateMutability!, signature })
  }
  return m
}

describe('AbiFromBytecode on compiled contracts', () => {
  it('finds the selectors, argument types and mutability solc declares (floors)', async () => {
    let total = 0, found = 0, typesRight = 0, mutabilityRight = 0, extra = 0
    const wrong: string[] = []
    for (const c of corpus) {
      const truth = known(c)
      const got = new Map((await AbiFromBytecode.infer(c.runtime)).map((f) => [f.selector, f]))
      for (const [sel, t] of truth) {
        total++
        const g = got.get(sel)
        if (!g) { wrong.push(`${c.name}: ${t.signature} not found`); continue }
        found++
        if (g.inputs.join(',') === t.types) typesRight++
        else wrong.push(`${c.name}: ${t.signature} inferred (${g.inputs.join(',')})`)
        if (g.mutability === t.mutability) mutabilityRight++
      }
      for (const sel of got.keys()) if (!truth.has(sel)) extra++
    }
    const share = (n: number) => (n / total).toFixed(3)
    console.log(`ABI from bytecode on ${corpus.length} contracts, ${total} functions: selectors found ${share(found)}, argument types right ${share(typesRight)}, mutability right ${share(mutabilityRight)}, ${extra} selectors not in the ABI`)
    console.log(`first differences:\n  ${wrong.slice(0, 12).join('\n  ')}`)
    expect(corpus.length).toBeGreaterThanOrEqual(30)
    expect(found / total).toBeGreaterThanOrEqual(0.99)
    expect(typesRight / total).toBeGreaterThanOrEqual(0.85)
    expect(mutabilityRight / total).toBeGreaterThanOrEqual(0.85)
    expect(extra).toBe(0)
  })

  it('names known selectors from the offline table, and the ABI it hands over encodes those selectors', async () => {
    const table = await SignatureTable.load('function')
    const token = corpus.find((c) => c.name === 'Erc20Plain/opt')!
    const fns = await AbiFromBytecode.infer(token.runtime, { table })
    const transfer = fns.find((f) => f.selector === '0xa9059cbb')!
    expect(transfer.chosen).toBe('transfer(address,uint256)')
    expect(transfer.mutability).toBe('nonpayable')
    const abi = AbiFromBytecode.toAbi(fns)
    for (const item of abi) {
      const sig = `${item.name as string}(${(item.inputs as { type: string }[]).map((p) => p.type).join(',')})`
      expect(fns.some((f) => f.selector === Selector.from(sig, 'function').selector)).toBe(true)
    }
    expect(abi.map((a) => a.name)).toEqual(expect.arrayContaining(['transfer', 'approve', 'balanceOf', 'totalSupply', 'allowance', 'transferFrom']))
    expect(AbiFromBytecode.toHuman(fns)).toContain('function balanceOf(address) view')
  })

  it('the hand-written dispatcher: its three selectors, with their argument types', async () => {
    const hand = corpus.find((c) => c.name === 'Handwritten/ir')!
    const fns = await AbiFromBytecode.infer(hand.runtime)
    expect(fns.map((f) => f.selector).sort()).toEqual(['0x18160ddd', '0x70a08231', '0xa9059cbb'])
  })
})

describe('AbiFromBytecode parts', () => {
  it('splits types at top-level commas and writes tuples as components', () => {
    expect(AbiFromBytecode.splitTypes('uint256,(address,bytes)[],bool')).toEqual(['uint256', '(address,bytes)[]', 'bool'])
    expect(AbiFromBytecode.splitTypes('')).toEqual([])
    const abi = AbiFromBytecode.toAbi([{ selector: '0x00000000', offset: 0, inputs: [], mutability: 'view', signatures: ['f((uint256,address)[],string)'], chosen: 'f((uint256,address)[],string)' }])
    expect(abi[0]!.inputs).toEqual([
      { name: 'arg0', type: 'tuple[]', components: [{ name: '', type: 'uint256' }, { name: '', type: 'address' }] },
      { name: 'arg1', type: 'string' },
    ])
  })
  it('refuses empty code with a clear message', async () => {
    await expect(AbiFromBytecode.infer('0x')).rejects.toThrow(/Enter the code/)
  })
})

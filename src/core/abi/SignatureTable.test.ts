import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../../test/support'
import * as SignatureTable from './SignatureTable'

const dataFile = (name: string) => join(repoRoot, `src/core/data/signatures.${name}.json`)
const read = (name: string) => JSON.parse(readFileSync(dataFile(name), 'utf8')) as Record<string, unknown>
const provenance = read('sources') as unknown as { sources: string[] } & Record<'functions' | 'events' | 'errors', Record<string, number[][]>>
/** The split files joined again: selector -> [human, source indexes][] per kind. */
const joined = (kind: 'functions' | 'events' | 'errors') => {
  const out: Record<string, [string, number[]][]> = {}
  for (const [key, humans] of Object.entries(read(kind))) if (key !== 'note') out[key] = (humans as string[]).map((h, i) => [h, provenance[kind][key]![i]!])
  return out
}
const table = { sources: provenance.sources, functions: joined('functions'), events: joined('events'), errors: joined('errors') }
const loaded = await SignatureTable.load(SignatureTable.KINDS, { provenance: true })

describe('the offline signature table', () => {
  it('has over 3,000 entries from the promised sources', async () => {
    const n = await SignatureTable.size()
    expect(n.function + n.event + n.error).toBeGreaterThan(3000)
    const src = (await SignatureTable.sources()).join('\n')
    for (const s of ['@openzeppelin/contracts@', '@uniswap/v2-core@', '@uniswap/v2-periphery@', '@uniswap/v3-core@', '@uniswap/v3-periphery@', '@safe-global/safe-deployments@', 'Multicall3', 'ERC-20', 'ERC-721', 'ERC-1155', 'viem@', 'op-stack', 'zksync', '@openzeppelin/contracts-upgradeable@', '@aave/core-v3@', '@aave/periphery-v3@', '@chainlink/contracts@', '@eth-optimism/contracts@', '@uniswap/universal-router@'])
      expect(src, s).toContain(s)
  })

  it('every entry hashes to its key (checked with ethers v5) and names a source', () => {
    const check = (kind: 'functions' | 'events' | 'errors') => {
      for (const [key, entries] of Object.entries(table[kind]))
        for (const [human, sources] of entries) {
          // ethers refuses Error(string)/Panic(uint256) as errors: hash errors as functions.
          const iface = new ethers.utils.Interface([kind === 'errors' ? human.replace(/^error /, 'function ') : human])
          const frag = Object.values(kind === 'events' ? iface.events : iface.functions)[0]!
          const hash = kind === 'events' ? iface.getEventTopic(frag as ethers.utils.EventFragment) : iface.getSighash(frag as ethers.utils.FunctionFragment)
          expect(hash, human).toBe(key)
          expect(sources.length, human).toBeGreaterThan(0)
          for (const i of sources) expect(table.sources[i], human).toBeDefined()
        }
      // And the page's own reader takes every entry (a library's `FieldType` enum name does not
      // pass ethers v5's lax parser as an error, but is not an ABI type the decoder can read).
      const k = ({ functions: 'function', events: 'event', errors: 'error' } as const)[kind]
      for (const [key, entries] of Object.entries(table[kind])) expect(loaded.lookup(k, key).map((m) => m.human), key).toEqual(entries.map(([h]) => h))
    }
    check('functions')
    check('events')
    check('errors')
  })

  it('looks up well-known selectors', () => {
    expect(loaded.lookup('function', '0xA9059CBB').map((m) => m.item.type === 'function' && m.item.name)).toContain('transfer')
    expect(loaded.lookup('function', '0x82ad56cb')[0]!.sources.join()).toContain('Multicall3') // aggregate3
    expect(loaded.lookup('function', '0x8d80ff0a')[0]!.sources.join()).toContain('@safe-global') // multiSend
    expect(loaded.lookup('function', '0xac9650d8')[0]!.sources.join()).toContain('@uniswap/v3-periphery') // multicall(bytes[])
    expect(loaded.lookup('error', '0x08c379a0')[0]!.human).toBe('error Error(string message)')
    expect(loaded.lookup('function', '0xffffffff')).toEqual([])
    // Selectors computed independently with ethers v5 from the functions' published signatures.
    const sel = (sig: string) => ethers.utils.id(sig).slice(0, 10)
    const ev = (sig: string) => ethers.utils.id(sig)
    const has = (kind: SignatureTable.Kind, key: string, name: string, pkg: string) => {
      const hits = loaded.lookup(kind, key)
      expect(hits.map((m) => m.human).join('\n'), name).toContain(name)
      expect(hits.flatMap((m) => m.sources).join('\n'), name).toContain(pkg)
    }
    has('function', sel('supply(address,uint256,address,uint16)'), 'supply(', '@aave/core-v3@')
    has('function', sel('flashLoanSimple(address,address,uint256,bytes,uint16)'), 'flashLoanSimple(', '@aave/core-v3@')
    has('function', sel('latestRoundData()'), 'latestRoundData(', '@chainlink/contracts@')
    has('function', sel('requestRandomWords((bytes32,uint256,uint16,uint32,uint32,bytes))'), 'requestRandomWords(', '@chainlink/contracts@') // VRF v2.5
    has('function', sel('execute(bytes,bytes[],uint256)'), 'execute(', '@uniswap/universal-router@')
    has('event', ev('Supply(address,address,address,uint256,uint16)'), 'Supply(', '@aave/core-v3@')
    has('event', ev('AnswerUpdated(int256,uint256,uint256)'), 'AnswerUpdated(', '@chainlink/contracts@')
  })

  it('stays small enough to lazy-load in the browser (under 200 KB gzipped), each kind under 80 KB', () => {
    let all = 0
    for (const name of ['functions', 'events', 'errors', 'sources']) {
      const gz = gzipSync(readFileSync(dataFile(name))).length
      if (name !== 'sources') expect(gz, name).toBeLessThan(80 * 1024)
      all += gz
    }
    expect(all).toBeLessThan(200 * 1024)
  })

  it('the hot files hold no provenance, and a table loaded without it gives the same signatures', async () => {
    for (const name of ['functions', 'events', 'errors']) expect(readFileSync(dataFile(name), 'utf8')).not.toContain('@openzeppelin')
    const lean = await SignatureTable.load('function')
    expect(lean.provenance).toBe(false)
    const sel = ethers.utils.id('transfer(address,uint256)').slice(0, 10)
    expect(lean.lookup('function', sel).map((m) => m.human)).toEqual(loaded.lookup('function', sel).map((m) => m.human))
    expect(lean.lookup('function', sel)[0]!.sources).toEqual([])
    expect(lean.lookup('event', ethers.utils.id('Transfer(address,address,uint256)'))).toEqual([]) // not loaded
  })

  it('skips test mocks of the packages added for breadth', async () => {
    for (const s of await SignatureTable.sources()) {
      if (s.startsWith('@aave/')) expect(s).not.toContain('/mocks/')
      if (s.startsWith('@chainlink/')) expect(s).not.toMatch(/Mock|\/test\/|Test|Exposed|Example/)
    }
  })
})

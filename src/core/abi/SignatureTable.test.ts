import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../../test/support'
import * as SignatureTable from './SignatureTable'

const dataFile = (name: string) => join(repoRoot, `src/core/data/signatures.${name}.json`)
const read = (name: string) => JSON.parse(readFileSync(dataFile(name), 'utf8')) as Record<string, unknown>
const HEX = [...'0123456789abcdef']
type KindFile = 'functions' | 'events' | 'errors'
const KIND_FILES: KindFile[] = ['functions', 'events', 'errors']
const names = read('sources') as unknown as { sources: string[] }
/** The shards and their provenance joined again: selector -> [human, source indexes][] per kind. */
const joined = (kind: KindFile) => {
  const out: Record<string, [string, number[]][]> = {}
  for (const d of HEX) {
    const hot = read(`${kind}.${d}`) as Record<string, string[]>
    const prov = read(`${kind}.${d}.sources`) as Record<string, number[][]>
    for (const [key, humans] of Object.entries(hot)) {
      expect(key[2], `${key} in shard ${d}`).toBe(d)
      out[key] = humans.map((h, i) => [h, prov[key]![i]!])
    }
  }
  return out
}
const table = { sources: names.sources, functions: joined('functions'), events: joined('events'), errors: joined('errors') }
const loaded = await SignatureTable.load(SignatureTable.KINDS, { provenance: true })
/** Canonical signatures (types only) of every function entry: what "distinct" counts. */
const distinctFunctions = new Set(Object.values(table.functions).flatMap((entries) => entries.map(([human]) => ethers.utils.Fragment.from(human).format('sighash'))))

describe('the offline signature table', () => {
  it('holds at least 10,000 distinct function signatures, from the promised sources', async () => {
    const n = await SignatureTable.size()
    expect(distinctFunctions.size).toBeGreaterThanOrEqual(10_000)
    expect(n.function).toBe(Object.values(table.functions).reduce((a, e) => a + e.length, 0))
    expect(n.function + n.event + n.error).toBeGreaterThan(14_000)
    const src = (await SignatureTable.sources()).join('\n')
    for (const s of ['@openzeppelin/contracts@', '@uniswap/v2-core@', '@uniswap/v2-periphery@', '@uniswap/v3-core@', '@uniswap/v3-periphery@', '@safe-global/safe-deployments@', 'Multicall3', 'ERC-20', 'ERC-721', 'ERC-1155', 'viem@', 'op-stack', 'zksync', '@openzeppelin/contracts-upgradeable@', '@aave/core-v3@', '@aave/periphery-v3@', '@chainlink/contracts@', '@eth-optimism/contracts@', '@uniswap/universal-router@'])
      expect(src, s).toContain(s)
    // The packages added for breadth (#27), each named with its pinned version (in scripts/signatures, not the app's dependencies).
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'scripts/signatures/package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    const app = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; dependencies: Record<string, string> }
    for (const s of ['@uniswap/v4-periphery', '@uniswap/governance', '@curvefi/api', '@synthetixio/contracts', '@uma/contracts-node', '@arbitrum/nitro-contracts', '@eth-optimism/contracts-bedrock', '@0x/contract-artifacts', '@thirdweb-dev/contracts', '@pendle/core-v2', '@aave/protocol-v2', '@aave/governance-v2', '@axelar-network/interchain-token-service', '@safe-global/safe-modules-deployments', '@gnosis.pm/zodiac', '@sushiswap/core', '@cowprotocol/contracts', '@celo/abis', '@zoralabs/protocol-deployments', '@balancer/sdk']) {
      expect(pkg.devDependencies[s], s).toMatch(/^\d+\.\d+\.\d+$/) // pinned exactly
      expect(app.devDependencies[s] ?? app.dependencies[s], `${s} is not installed with the app`).toBeUndefined()
      expect(src, s).toContain(`${s}@${pkg.devDependencies[s]} `)
    }
  })

  it('every entry hashes to its key (checked with ethers v5) and names a source', () => {
    const check = (kind: 'functions' | 'events' | 'errors') => {
      for (const [key, entries] of Object.entries(table[kind])) {
        // a key is in the table only with a signature (an empty list reads as "named" and names nothing)
        expect(entries.length, `${kind} ${key}`).toBeGreaterThan(0)
        for (const [human, sources] of entries) {
          // ethers refuses Error(string)/Panic(uint256) as errors: hash errors as functions.
          const iface = new ethers.utils.Interface([kind === 'errors' ? human.replace(/^error /, 'function ') : human])
          const frag = Object.values(kind === 'events' ? iface.events : iface.functions)[0]!
          const hash = kind === 'events' ? iface.getEventTopic(frag as ethers.utils.EventFragment) : iface.getSighash(frag as ethers.utils.FunctionFragment)
          expect(hash, human).toBe(key)
          expect(sources.length, human).toBeGreaterThan(0)
          for (const i of sources) expect(table.sources[i], human).toBeDefined()
        }
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
    // From the packages added for breadth (#27).
    has('function', sel('exchange(int128,int128,uint256,uint256)'), 'exchange(', '@curvefi/api@') // Curve pool swap
    has('function', sel('modifyLiquidities(bytes,uint256)'), 'modifyLiquidities(', '@uniswap/v4-periphery@') // v4 PositionManager
    has('function', sel('unlock(bytes)'), 'unlock(', '@uniswap/v4-periphery@') // v4 PoolManager
    has('function', sel('depositTransaction(address,uint256,uint64,bool,bytes)'), 'depositTransaction(', '@eth-optimism/contracts-bedrock@') // OptimismPortal
    has('function', sel('createRetryableTicket(address,uint256,uint256,address,address,uint256,uint256,bytes)'), 'createRetryableTicket(', '@arbitrum/nitro-contracts@') // Inbox
    has('function', sel('settle(address[],uint256[],(uint256,uint256,address,uint256,uint256,uint32,bytes32,uint256,uint256,uint256,bytes)[],(address,uint256,bytes)[][3])'), 'settle(', '@cowprotocol/contracts@') // GPv2Settlement
    has('function', sel('swapExactTokenForPt(address,address,uint256,(uint256,uint256,uint256,uint256,uint256),(address,uint256,address,address,(uint8,address,bytes,bool)),(address,uint256,((uint256,uint256,uint256,uint8,address,address,address,address,uint256,uint256,uint256,bytes),bytes,uint256)[],((uint256,uint256,uint256,uint8,address,address,address,address,uint256,uint256,uint256,bytes),bytes,uint256)[],bytes))'), 'swapExactTokenForPt(', '@pendle/core-v2@') // Pendle router
    has('function', sel('exchange(bytes32,uint256,bytes32)'), 'exchange(', '@synthetixio/contracts@') // Synthetix
    has('function', sel('requestPrice(bytes32,uint256,bytes,address,uint256)'), 'requestPrice(', '@uma/contracts-node@') // UMA optimistic oracle
    has('function', sel('callContract(string,string,bytes)'), 'callContract(', '@axelar-network/') // Axelar gateway
    has('function', sel('deposit(address,uint256,address,uint16)'), 'deposit(', '@aave/protocol-v2@') // Aave v2 LendingPool
    has('function', sel('marketBuyOrdersWithEth((address,address,address,address,uint256,uint256,uint256,uint256,uint256,uint256,bytes,bytes,bytes,bytes)[],uint256,bytes[],uint256[],address[])'), 'marketBuyOrdersWithEth(', '@0x/contract-artifacts@') // 0x forwarder
    has('event', ev('Supply(address,address,address,uint256,uint16)'), 'Supply(', '@aave/core-v3@')
    has('event', ev('AnswerUpdated(int256,uint256,uint256)'), 'AnswerUpdated(', '@chainlink/contracts@')
  })

  it('each shard stays small enough to lazy-load (functions under 24 KB gzipped, events 16, errors 8), every kind under 320 KB', () => {
    const limit = { functions: 24, events: 16, errors: 8 }
    for (const kind of KIND_FILES) {
      let all = 0
      for (const d of HEX) {
        const gz = gzipSync(readFileSync(dataFile(`${kind}.${d}`))).length
        expect(gz, `${kind}.${d}`).toBeLessThan(limit[kind] * 1024)
        all += gz
      }
      expect(all, kind).toBeLessThan(320 * 1024)
    }
    expect(gzipSync(readFileSync(dataFile('sources'))).length).toBeLessThan(80 * 1024)
  })

  it('the hot files hold no provenance, and a table loaded without it gives the same signatures', async () => {
    for (const kind of KIND_FILES) for (const d of HEX) expect(readFileSync(dataFile(`${kind}.${d}`), 'utf8')).not.toContain('@openzeppelin')
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
      // Foundry and Hardhat builds ship their tests, scripts and forge-std: none is a deployed contract.
      if (/^@(uniswap\/v4|eth-optimism\/contracts-bedrock|pendle|arbitrum|thirdweb-dev|uma|axelar-network|aave\/protocol-v2|gnosis\.pm)/.test(s))
        expect(s).not.toMatch(/Mock|\.t\.sol|\.s\.sol|\/Vm\.sol|forge-std|\/test\/|\/mocks?\/|\/examples\/|Test|Harness|Script|Kontrol/)
    }
    const names = (await SignatureTable.sources()).join('\n')
    expect(names).not.toMatch(/forge-std|\.t\.sol\//)
  })
})

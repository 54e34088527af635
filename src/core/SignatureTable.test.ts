import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../test/support'
import * as SignatureTable from './SignatureTable'

const table = JSON.parse(readFileSync(join(repoRoot, 'src/core/data/signatures.json'), 'utf8')) as {
  sources: string[]
  functions: Record<string, [string, number[]][]>
  events: Record<string, [string, number[]][]>
  errors: Record<string, [string, number[]][]>
}

describe('the offline signature table', () => {
  it('has over 1,400 entries from the promised sources', () => {
    const n = SignatureTable.size()
    expect(n.function + n.event + n.error).toBeGreaterThan(1400)
    const src = SignatureTable.sources().join('\n')
    for (const s of ['@openzeppelin/contracts@', '@uniswap/v2-core@', '@uniswap/v2-periphery@', '@uniswap/v3-core@', '@uniswap/v3-periphery@', '@safe-global/safe-deployments@', 'Multicall3', 'ERC-20', 'ERC-721', 'ERC-1155', 'viem@', 'op-stack', 'zksync'])
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
    }
    check('functions')
    check('events')
    check('errors')
  })

  it('looks up well-known selectors', () => {
    expect(SignatureTable.lookup('function', '0xA9059CBB').map((m) => m.item.type === 'function' && m.item.name)).toContain('transfer')
    expect(SignatureTable.lookup('function', '0x82ad56cb')[0]!.sources.join()).toContain('Multicall3') // aggregate3
    expect(SignatureTable.lookup('function', '0x8d80ff0a')[0]!.sources.join()).toContain('@safe-global') // multiSend
    expect(SignatureTable.lookup('function', '0xac9650d8')[0]!.sources.join()).toContain('@uniswap/v3-periphery') // multicall(bytes[])
    expect(SignatureTable.lookup('error', '0x08c379a0')[0]!.human).toBe('error Error(string message)')
    expect(SignatureTable.lookup('function', '0xffffffff')).toEqual([])
  })
})

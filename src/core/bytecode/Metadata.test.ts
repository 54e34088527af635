/**
 * Metadata against the compiler's own: contracts compiled here with solc-js (optimizer on
 * and off; IPFS and bzzr1 hashes, and none), their runtime code's CBOR decoded and compared
 * with solc's version and with the IPFS hash of solc's metadata text (a CIDv0 of a one-chunk
 * UnixFS file: sha-256 over its dag-pb node, as solc's IpfsHash.cpp builds it).
 *
 * Three compiler versions from the npm registry (the devDependency `solc`, and the aliases
 * `solc-0.8.20` and `solc-0.6.12`), optimizer on and off: version, IPFS hash and the
 * experimental flag (0.6.12 and 0.8.20 set it for `pragma experimental __test`; they do not for
 * ABIEncoderV2 or SMTChecker), the flag and version also checked against the CBOR as cborg decodes it.
 */
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { decode, encode } from 'cborg'
import { describe, expect, it } from 'vitest'
import * as Disassembler from './Disassembler'
import * as Metadata from './Metadata'

type Solc = { compile(i: string): string; version(): string }
const req = createRequire(import.meta.url)
const solc = req('solc') as Solc

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Counter { uint public n; event Bumped(uint n); function bump(uint by) external { n += by; emit Bumped(n); } }`

function compile(optimizer: boolean, bytecodeHash: 'ipfs' | 'bzzr1' | 'none', compiler: Solc = solc, source = SOURCE) {
  const out = JSON.parse(compiler.compile(JSON.stringify({
    language: 'Solidity',
    sources: { 'C.sol': { content: source } },
    settings: { optimizer: { enabled: optimizer, runs: 200 }, metadata: { bytecodeHash }, outputSelection: { '*': { '*': ['metadata', 'evm.deployedBytecode.object'] } } },
  })))
  const c = out.contracts['C.sol'].Counter as { metadata: string; evm: { deployedBytecode: { object: string } } }
  return { metadata: c.metadata, runtime: Disassembler.parse(`0x${c.evm.deployedBytecode.object}`) }
}

const varint = (n: number) => {
  const out: number[] = []
  for (; n >= 0x80; n >>>= 7) out.push((n & 0x7f) | 0x80)
  return [...out, n]
}
const field = (tag: number, bytes: Uint8Array) => Buffer.from([tag, ...varint(bytes.length), ...bytes])

/** The IPFS multihash (sha2-256) of a small file added as one UnixFS chunk. */
function ipfsHash(text: string): string {
  const content = Buffer.from(text, 'utf8')
  const unixfs = Buffer.concat([Buffer.from([0x08, 0x02]), field(0x12, content), Buffer.from([0x18, ...varint(content.length)])])
  const node = field(0x0a, unixfs)
  return `0x1220${createHash('sha256').update(node).digest('hex')}`
}

describe('Metadata equals the compiler\'s own', () => {
  const version = /^(\d+\.\d+\.\d+)/.exec(solc.version())![1]
  for (const optimizer of [false, true]) {
    it(`IPFS hash and version, optimizer ${optimizer ? 'on' : 'off'}`, () => {
      const c = compile(optimizer, 'ipfs')
      const m = Metadata.read(c.runtime)!
      expect(m.compiler).toBe('solc')
      expect(m.version).toBe(version)
      expect(JSON.parse(c.metadata).compiler.version).toMatch(new RegExp(`^${m.version}\\+`))
      expect(m.ipfs?.hex).toBe(ipfsHash(c.metadata))
      expect(m.ipfs?.cid).toMatch(/^Qm[1-9A-HJ-NP-Za-km-z]{44}$/)
      expect(m.experimental).toBe(false)
      expect(m.start + m.length).toBe(c.runtime.length)
    })
    it(`bzzr1 and no hash, optimizer ${optimizer ? 'on' : 'off'}`, () => {
      const z = Metadata.read(compile(optimizer, 'bzzr1').runtime)!
      expect(z.bzzr1).toMatch(/^0x[0-9a-f]{64}$/)
      expect(z.ipfs).toBeUndefined()
      const none = Metadata.read(compile(optimizer, 'none').runtime)!
      expect([none.version, none.ipfs, none.bzzr1]).toEqual([version, undefined, undefined])
    })
  }
  for (const pkg of ['solc', 'solc-0.8.20', 'solc-0.6.12']) {
    const compiler = req(pkg) as Solc
    const v = /^(\d+\.\d+\.\d+)/.exec(compiler.version())![1]!
    // `pragma experimental __test` (solc's own test feature) sets the flag up to 0.8.2x; solc 0.8.37 refuses it without --experimental.
    for (const experimental of pkg === 'solc' ? [false] : [false, true]) {
      const source = SOURCE.replace('pragma solidity ^0.8.0;', `pragma solidity >=0.6.0;${experimental ? ' pragma experimental __test;' : ''}`)
      for (const optimizer of [false, true]) {
        it(`${pkg} (${v}), optimizer ${optimizer ? 'on' : 'off'}${experimental ? ', pragma experimental' : ''}: version, IPFS hash, experimental flag`, () => {
          const c = compile(optimizer, 'ipfs', compiler, source)
          expect(JSON.parse(c.metadata).compiler.version).toMatch(new RegExp(`^${v.replace(/\./g, '\\.')}\\+`))
          const m = Metadata.read(c.runtime)!
          expect([m.compiler, m.version, m.ipfs?.hex, m.experimental]).toEqual(['solc', v, ipfsHash(c.metadata), experimental])
          const cbor = decode(c.runtime.subarray(m.start, c.runtime.length - 2)) as Record<string, unknown>
          expect(cbor.experimental === true).toBe(experimental)
          expect(Array.from(cbor.solc as Uint8Array).join('.')).toBe(v)
        })
      }
    }
  }
  it('the experimental flag, a Vyper array, and code with no metadata', () => {
    const cbor = encode({ experimental: true, solc: new Uint8Array([0, 5, 17]) })
    const code = new Uint8Array([0x60, 0x00, ...cbor, cbor.length >> 8, cbor.length & 0xff])
    expect(Metadata.read(code)).toMatchObject({ start: 2, experimental: true, version: '0.5.17' })
    const vy = encode([64, [0], 0, { vyper: [0, 4, 0] }])
    expect(Metadata.read(new Uint8Array([0x00, ...vy, 0, vy.length]))).toMatchObject({ compiler: 'vyper', version: '0.4.0' })
    expect(Metadata.read(Disassembler.parse('0x600160020100'))).toBeNull()
    // solc 0.5.0 (Safe 1.0.0's compiler): bzzr0 alone, no version.
    const old = Metadata.read(Disassembler.parse(`0x00a165627a7a72305820${'ab'.repeat(32)}0029`))
    expect(old).toMatchObject({ compiler: 'solc', version: null, bzzr0: `0x${'ab'.repeat(32)}`, start: 1 })
    expect(Metadata.read(new Uint8Array([0xff, 0xff, 0x00, 0x02]))).toBeNull()
  })
})

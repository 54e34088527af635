/**
 * ArtifactMatch against code a real node holds: contracts compiled by solc (test/chain/sourceKit.ts)
 * are deployed on anvil with immutables set by their constructors and a linked library, and the
 * code `eth_getCode` returns is matched to its artifact; a build whose only difference is the
 * metadata (a comment added to the source) matches but not exactly; one changed byte of code
 * does not match. Needs anvil.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeDeployData, hexToBytes, type Abi, type Hex } from 'viem'
import * as ArtifactMatch from './ArtifactMatch'
import * as Artifacts from './Artifacts'
import { nodeRpc, sentAt, startAnvil, type Anvil } from '../../../test/support'
import { A0 } from '../../../test/chain/sim/contracts'
import { compileFull, SRC_PATH, VAULT_SOL, type SolcOutput } from '../../../test/chain/sourceKit'

const LIB_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
library Math3 { function triple(uint256 x) external pure returns (uint256) { return x * 3; } }
contract UsesLib { function f(uint256 x) external pure returns (uint256) { return Math3.triple(x); } }
`

let anvil: Anvil
const deploy = async (bytecode: Hex) => (await sentAt(anvil.url, { from: A0, data: bytecode, gas: '0x4c4b40' })).contractAddress
const codeAt = async (a: Hex) => hexToBytes(await nodeRpc<Hex>(anvil.url, 'eth_getCode', [a, 'latest']))
const bundleOf = (output: SolcOutput) => Artifacts.parse([{ name: 'out.json', text: JSON.stringify(output) }])

beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('ArtifactMatch.find', () => {
  it.each([false, true])('immutables set by the constructor are ignored (optimizer %s); the metadata alone differing is a loose match', async (optimize) => {
    const { output } = compileFull({ [SRC_PATH]: VAULT_SOL }, optimize)
    const c = output.contracts[SRC_PATH]!
    const vault = await deploy(encodeDeployData({ abi: c.Vault!.abi as Abi, bytecode: `0x${c.Vault!.evm.bytecode.object}`, args: [123456789n] } as never))
    const proxy = await deploy(encodeDeployData({ abi: c.Proxy!.abi as Abi, bytecode: `0x${c.Proxy!.evm.bytecode.object}`, args: [vault] } as never))
    const m = ArtifactMatch.prepare(bundleOf(output))
    const code = await codeAt(vault)
    expect(code.length).toBe(c.Vault!.evm.deployedBytecode.object.length / 2)
    expect(Buffer.from(code).toString('hex')).not.toBe(c.Vault!.evm.deployedBytecode.object) // the immutable differs
    expect(ArtifactMatch.find(m, code)).toMatchObject({ contract: { name: 'Vault' }, exact: true })
    expect(ArtifactMatch.find(m, await codeAt(proxy))).toMatchObject({ contract: { name: 'Proxy' }, exact: true })
    // another build of the same code: only the metadata hash differs
    const other = compileFull({ [SRC_PATH]: `${VAULT_SOL}\n// another build\n` }, optimize).output
    expect(ArtifactMatch.find(ArtifactMatch.prepare(bundleOf(other)), code)).toMatchObject({ contract: { name: 'Vault' }, exact: false })
    // both given: the exact one wins
    const both = ArtifactMatch.prepare(Artifacts.parse([{ name: 'a.json', text: JSON.stringify(other) }, { name: 'b.json', text: JSON.stringify(output) }]))
    expect(ArtifactMatch.find(both, code)).toMatchObject({ exact: true })
    // init code (creation bytecode and the constructor's arguments) matched to the creation bytecode
    const initCode = hexToBytes(encodeDeployData({ abi: c.Vault!.abi as Abi, bytecode: `0x${c.Vault!.evm.bytecode.object}`, args: [123456789n] } as never))
    expect(ArtifactMatch.findCreation(m, initCode)).toMatchObject({ contract: { name: 'Vault' }, exact: true })
    expect(ArtifactMatch.findCreation(ArtifactMatch.prepare(bundleOf(other)), initCode)).toMatchObject({ contract: { name: 'Vault' }, exact: false })
    expect(ArtifactMatch.findCreation(m, code)).toBeUndefined()
    const bentInit = initCode.slice()
    bentInit[12] = bentInit[12]! ^ 0xff
    expect(ArtifactMatch.findCreation(m, bentInit)).toBeUndefined()
    // a byte of code outside the masked ranges changed: no match
    const bent = code.slice()
    bent[10] = bent[10]! ^ 0xff
    expect(ArtifactMatch.find(m, bent)).toBeUndefined()
    expect(ArtifactMatch.find(m, new Uint8Array())).toBeUndefined()
  }, 60_000)

  it('a linked library call and the library itself (its own address in its code)', async () => {
    const { output } = compileFull({ 'Lib.sol': LIB_SOL }, true)
    const lib = await deploy(`0x${output.contracts['Lib.sol']!.Math3!.evm.bytecode.object}`)
    const init = output.contracts['Lib.sol']!.UsesLib!.evm.bytecode.object
    expect(init).toMatch(/__\$[0-9a-f]{34}\$__/)
    const user = await deploy(`0x${init.replace(/__\$[0-9a-f]{34}\$__/g, lib.slice(2).toLowerCase())}`)
    const m = ArtifactMatch.prepare(bundleOf(output))
    expect(ArtifactMatch.find(m, await codeAt(user))).toMatchObject({ contract: { name: 'UsesLib' }, exact: true })
    const libCode = await codeAt(lib)
    expect(Buffer.from(libCode.subarray(1, 21)).toString('hex')).toBe(lib.slice(2).toLowerCase())
    expect(ArtifactMatch.find(m, libCode)).toMatchObject({ contract: { name: 'Math3' }, exact: true })
  }, 60_000)

  it('bodyLength: the CBOR tail is cut only when it reads as one', () => {
    expect(ArtifactMatch.bodyLength(new Uint8Array([0x60, 0x00, 0xa1, 0x00, 0x00, 0x02]))).toBe(2)
    expect(ArtifactMatch.bodyLength(new Uint8Array([0x60, 0x00, 0x00, 0x00, 0x00, 0x02]))).toBe(6)
    expect(ArtifactMatch.bodyLength(new Uint8Array([0x00, 0xff]))).toBe(2)
    expect(ArtifactMatch.bodyLength(new Uint8Array([0x60, 0x00, 0x00, 0xff, 0xff]))).toBe(5)
  })
})

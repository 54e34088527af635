/**
 * Deploy: creation data is the init code followed by the ABI-encoded constructor arguments, as
 * viem's encodeDeployData and ethers v5's ContractFactory.getDeployTransaction build it.
 * (test/chain/reads.test.ts deploys it on anvil and checks it against cast.)
 */
import { ethers } from 'ethers'
import { encodeDeployData } from 'viem'
import { describe, expect, it } from 'vitest'
import * as Abi from './Abi'
import * as Deploy from './Deploy'

const BYTECODE = '0x6080604052348015600f57600080fd5b50603f80601d6000396000f3fe6080604052600080fdfea164736f6c6343000818000a'
const abi = Abi.parse('constructor(uint256 supply, address owner, string name)\nfunction x()')
const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('Deploy', () => {
  it('appends the constructor arguments as viem and ethers v5 do', () => {
    const r = Deploy.initCode(BYTECODE, abi, ['1000000', owner, 'Token'])
    expect(r.data).toBe(encodeDeployData({ abi, bytecode: BYTECODE, args: [1_000_000n, owner, 'Token'] } as never))
    const f = new ethers.ContractFactory(['constructor(uint256 supply, address owner, string name)'], BYTECODE)
    expect(r.data).toBe(f.getDeployTransaction(1_000_000, owner, 'Token').data)
    expect(r.signature).toBe('constructor(uint256,address,string)')
    expect(r.args).toBe(`0x${r.data.slice(BYTECODE.length)}`)
    expect(r.bytecodeBytes).toBe((BYTECODE.length - 2) / 2)
  })

  it('an ABI without a constructor has constructor(): the data is the bytecode alone', () => {
    expect(Deploy.constructorOf(Abi.parse('function x()'))).toBeNull()
    const r = Deploy.initCode(BYTECODE, undefined, [])
    expect([r.data, r.args, r.signature]).toEqual([BYTECODE, '0x', 'constructor()'])
  })

  it('reads bytecode as hex (0x optional) or from a compiler artifact, and refuses the rest', () => {
    expect(Deploy.parseBytecode(` ${BYTECODE.slice(2)} `)).toBe(BYTECODE)
    expect(Deploy.parseBytecode(JSON.stringify({ bytecode: BYTECODE }))).toBe(BYTECODE)
    expect(Deploy.parseBytecode(JSON.stringify({ bytecode: { object: BYTECODE } }))).toBe(BYTECODE)
    for (const bad of ['', '{"abi":[]}', '0x', `0x6080__$${'a'.repeat(34)}$__6080`, '0xzz'])
      expect(() => Deploy.parseBytecode(bad), bad).toThrow(expect.objectContaining({ name: expect.stringMatching(/^(Deploy|HexText)\./) }))
  })
})

import { ethers } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_KEYS, cast, startAnvil, type Anvil } from '../../../test/support'
import * as Create2Salt from './Create2Salt'
import { BaseError } from '../Errors'

const INIT = '0x600a600c600039600a6000f3602a60005260206000f3'
const CALLER = ethers.utils.computeAddress(ANVIL_KEYS[1])
const coder = ethers.utils.defaultAbiCoder

/** CreateX's _guard written out from CreateX.sol with ethers v5 (the oracle). */
function createxGuard(salt: string, sender: string, chainId: number): string | 'revert' {
  const first = ethers.utils.hexDataSlice(salt, 0, 20)
  const flag = ethers.utils.arrayify(salt)[20]
  const isSender = first.toLowerCase() === sender.toLowerCase()
  const isZero = /^0x0{40}$/.test(first)
  if (isSender && flag === 1) return ethers.utils.keccak256(coder.encode(['address', 'uint256', 'bytes32'], [sender, chainId, salt]))
  if (isSender && flag === 0) return ethers.utils.keccak256(ethers.utils.hexConcat([ethers.utils.hexZeroPad(sender, 32), salt]))
  if (isSender) return 'revert'
  if (isZero && flag === 1) return ethers.utils.keccak256(ethers.utils.hexConcat([ethers.utils.hexZeroPad(ethers.utils.hexlify(chainId), 32), salt]))
  if (isZero && flag !== 0) return 'revert'
  return ethers.utils.keccak256(coder.encode(['bytes32'], [salt]))
}

const randomSalt = (first: string, flag: number) => ethers.utils.hexConcat([first, [flag], ethers.utils.randomBytes(11)])

describe('Create2Salt.guard is CreateX _guard', () => {
  it('in every branch, against the contract written out with ethers v5', () => {
    const zero = ethers.constants.AddressZero
    const other = ethers.utils.hexlify(ethers.utils.randomBytes(20))
    for (let i = 0; i < 40; i++) {
      for (const first of [CALLER, zero, other])
        for (const flag of [0, 1, 2, 0xff]) {
          const salt = randomSalt(first, flag) as `0x${string}`
          const want = createxGuard(salt, CALLER, 8453)
          if (want === 'revert') expect(() => Create2Salt.guard(salt, CALLER.toLowerCase() as `0x${string}`, 8453n)).toThrow(Create2Salt.CreateXRevertError)
          else expect(Create2Salt.guard(salt, CALLER.toLowerCase() as `0x${string}`, 8453n)).toBe(want)
        }
    }
  })
})

describe('Create2Salt.check against cast', () => {
  it('each convention: the address from `cast create2 --salt`, the call data from `cast calldata`', () => {
    const salt = ethers.utils.hexlify(ethers.utils.randomBytes(32)) as `0x${string}`
    const proxy = Create2Salt.check(Create2Salt.setup({ convention: 'proxy', initCode: INIT }), salt)
    expect(proxy.address).toBe(cast(['create2', '--deployer', Create2Salt.DETERMINISTIC_DEPLOYMENT_PROXY, '--salt', salt, '--init-code', INIT]))
    expect(proxy.callData).toBe(ethers.utils.hexConcat([salt, INIT]))

    const immSalt = ethers.utils.hexConcat([CALLER, ethers.utils.randomBytes(12)]).toLowerCase() as `0x${string}`
    const imm = Create2Salt.check(Create2Salt.setup({ convention: 'immutable', caller: CALLER, initCode: INIT }), immSalt)
    expect(imm.address).toBe(cast(['create2', '--deployer', Create2Salt.IMMUTABLE_CREATE2_FACTORY, '--salt', immSalt, '--init-code', INIT]))
    expect(imm.callData).toBe(cast(['calldata', 'safeCreate2(bytes32,bytes)', immSalt, INIT]))
    expect(imm.onlyCaller).toBe(CALLER)

    for (const [caller, crossChain] of [[CALLER, true], [CALLER, false], [undefined, true], [undefined, false]] as const) {
      const s = Create2Salt.setup({ convention: 'createx', ...(caller ? { caller } : {}), crossChain, chainId: 10n, initCode: INIT })
      const t = Create2Salt.template(s)
      const saltX = Create2Salt.saltAt(t, 12345n)
      const r = Create2Salt.check(s, saltX)
      const guarded = createxGuard(saltX, caller ?? ethers.constants.AddressZero.replace(/0$/, '1'), 10)
      expect(r.guardedSalt).toBe(guarded)
      expect(r.address).toBe(cast(['create2', '--deployer', Create2Salt.CREATEX, '--salt', guarded, '--init-code', INIT]))
      expect(r.callData).toBe(cast(['calldata', 'deployCreate2(bytes32,bytes)', saltX, INIT]))
    }
  })
  it('refuses what the factories would revert on, at the field', () => {
    const imm = Create2Salt.setup({ convention: 'immutable', caller: CALLER, initCodeHash: `0x${'ab'.repeat(32)}` })
    let e: unknown
    try {
      Create2Salt.check(imm, `0x${'11'.repeat(32)}`)
    } catch (x) {
      e = x
    }
    expect(e).toBeInstanceOf(BaseError)
    expect((e as BaseError).field).toBe('salt')
    expect(() => Create2Salt.setup({ convention: 'createx', crossChain: true, initCode: INIT })).toThrow(/chain id/)
    expect(() => Create2Salt.setup({ convention: 'proxy', initCode: INIT, initCodeHash: `0x${'00'.repeat(32)}` })).toThrow(/not to the hash given/)
    expect(() => Create2Salt.setup({ convention: 'custom', initCode: INIT })).toThrow(/runs CREATE2/)
  })
})

describe('Create2Salt on a real node', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(async () => {
    await anvil?.stop()
  })
  it("the proxy's call data deploys the contract at the address shown (anvil's deterministic deployment proxy)", async () => {
    const provider = new ethers.providers.JsonRpcProvider(anvil.url)
    const wallet = new ethers.Wallet(ANVIL_KEYS[0], provider)
    const s = Create2Salt.setup({ convention: 'proxy', initCode: INIT })
    const r = Create2Salt.check(s, Create2Salt.saltAt(Create2Salt.template(s), 7n))
    expect(await provider.getCode(r.address)).toBe('0x')
    const tx = await wallet.sendTransaction({ to: r.to, data: r.callData! })
    await tx.wait()
    // The runtime code of INIT returns 42.
    expect(await provider.getCode(r.address)).toBe('0x602a60005260206000f3')
  })
})

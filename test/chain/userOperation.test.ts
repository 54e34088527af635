/**
 * ERC-4337 user operations (#27) against the published EntryPoint contracts of v0.6, v0.7 and
 * v0.8 (@account-abstraction/contracts, test/fixtures/entrypoint) deployed on a fresh anvil
 * (started here): our userOpHash equals the contract's own getUserOpHash for 25 random ops per
 * version (v0.8 also with EIP-7702 accounts, whose hash reads the sender's delegation), and a
 * SimpleAccount op signed by /user-operation executes through handleOps (the account is
 * deployed by its factory in the op, the ether arrives, UserOperationEvent says success), as
 * does a v0.8 op from an EIP-7702 account (Simple7702Account) whose authorization the page
 * signed, sent as a type-4 transaction. The page's simulation agrees with what then happens.
 */
import { AbiFunction, Address, Hex } from 'ox'
import { beforeAll, describe, expect, it } from 'vitest'
import * as UserOperation from '../../src/core/tx/UserOperation'
import * as UserOpSimulate from '../../src/core/tx/UserOpSimulate'
import { useOwnerChain } from './ownerChain'
import { bytes, ownerOf, send, type H } from './safeKit'
import { aaArtifact, deployEntryPoint, EP_VERSIONS, type AaDeployed, type EpVersion } from './userOpKit'

const chain = useOwnerChain('user operations', ' (random ops from crypto.getRandomValues)', ['--hardfork', 'prague'])
const deployed = new Map<EpVersion, AaDeployed>()

beforeAll(async () => {
  for (const v of EP_VERSIONS) deployed.set(v, await deployEntryPoint(chain.rpc, chain.deployer, v))
}, 60_000)

const rnd = (n: number) => BigInt(bytes(n))
const small = () => rnd(Math.floor(Math.random() * 16) + 1)

function randomOp(version: EpVersion): UserOperation.UserOp {
  const withFactory = Math.random() < 0.5
  const withPaymaster = Math.random() < 0.5
  return {
    sender: Address.checksum(bytes(20)),
    nonce: rnd(32),
    ...(withFactory ? { factory: Address.checksum(bytes(20)) } : {}),
    factoryData: withFactory ? bytes(Math.floor(Math.random() * 80)) : '0x',
    callData: bytes(Math.floor(Math.random() * 200)),
    callGasLimit: version === '0.6' ? rnd(32) : small(),
    verificationGasLimit: version === '0.6' ? rnd(32) : small(),
    preVerificationGas: rnd(32),
    maxFeePerGas: version === '0.6' ? rnd(32) : small(),
    maxPriorityFeePerGas: version === '0.6' ? rnd(32) : small(),
    ...(withPaymaster ? { paymaster: Address.checksum(bytes(20)) } : {}),
    paymasterVerificationGasLimit: withPaymaster && version !== '0.6' ? small() : 0n,
    paymasterPostOpGasLimit: withPaymaster && version !== '0.6' ? small() : 0n,
    paymasterData: withPaymaster ? bytes(Math.floor(Math.random() * 60)) : '0x',
    signature: bytes(65),
  }
}

async function contractHash(d: AaDeployed, op: UserOperation.UserOp): Promise<H> {
  return chain.rpc<H>('eth_call', [{ to: d.entryPoint, data: UserOperation.getUserOpHashData(op, d.version) }, 'latest'])
}

describe('userOpHash equals the deployed EntryPoint\'s getUserOpHash', () => {
  for (const version of EP_VERSIONS) {
    it(`v${version}: 25 random user operations`, async () => {
      const d = deployed.get(version)!
      for (let i = 0; i < 25; i++) {
        const op = randomOp(version)
        const ours = UserOperation.hash(op, { version, entryPoint: d.entryPoint, chainId: chain.chainId }).userOpHash
        expect(ours, `op ${i}: ${UserOperation.toJson(op, version)}`).toBe(await contractHash(d, op))
      }
    })
  }

  it('v0.8: EIP-7702 accounts (initCode 0x7702…): the hash uses the sender\'s delegate, with and without init data', async () => {
    const d = deployed.get('0.8')!
    for (let i = 0; i < 10; i++) {
      const delegate = Address.checksum(bytes(20))
      const op: UserOperation.UserOp = { ...randomOp('0.8'), factory: UserOperation.EIP7702_MARKER, factoryData: i % 2 ? bytes(36) : '0x' }
      await chain.rpc('anvil_setCode', [op.sender, Hex.concat('0xef0100', delegate)])
      const ours = UserOperation.hash(op, { version: '0.8', entryPoint: d.entryPoint, chainId: chain.chainId, delegate }).userOpHash
      expect(ours).toBe(await contractHash(d, op))
      // Without the delegate the hash differs: the contract does read it.
      const plain = UserOperation.hash({ ...op, factory: Address.checksum(bytes(20)) }, { version: '0.8', entryPoint: d.entryPoint, chainId: chain.chainId }).userOpHash
      expect(plain).not.toBe(ours)
    }
  })

  it('packed ⇄ unpacked round trip through JSON keeps the hash (v0.7, v0.8)', async () => {
    for (const version of ['0.7', '0.8'] as const) {
      const d = deployed.get(version)!
      const op = randomOp(version)
      const packed = UserOperation.fromJson(UserOperation.toJson(op, version, 'packed'))
      expect(packed.form).toBe('packed')
      const back = UserOperation.fromJson(UserOperation.toJson(packed.op, version, 'unpacked'))
      expect(back.form).toBe('unpacked')
      expect(UserOperation.hash(back.op, { version, entryPoint: d.entryPoint, chainId: chain.chainId }).userOpHash).toBe(await contractHash(d, op))
    }
  })
})

const runTool = (inputs: Record<string, string>) => chain.runTool('user-operation', inputs)

const EVENT_TOPIC = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'
const execute = AbiFunction.from('function execute(address dest, uint256 value, bytes func)')
const getAddress = AbiFunction.from('function getAddress(address owner, uint256 salt) view returns (address)')
const createAccount = AbiFunction.from('function createAccount(address owner, uint256 salt)')

describe('a signed handleOps executes (SimpleAccount, deployed by its factory in the op)', () => {
  for (const version of EP_VERSIONS) {
    it(`v${version}: signed in /user-operation, simulated, then executed`, async () => {
      const d = deployed.get(version)!
      const key = bytes(32)
      const owner = ownerOf(key)
      const salt = rnd(4)
      const sender = AbiFunction.decodeResult(getAddress, await chain.rpc<H>('eth_call', [{ to: d.factory, data: AbiFunction.encodeData(getAddress, [owner, salt]) }, 'latest'])) as H
      await chain.rpc('anvil_setBalance', [sender, '0xde0b6b3a7640000'])
      const to = Address.checksum(bytes(20))
      const value = rnd(4)
      const json = JSON.stringify({
        sender,
        nonce: '0x0',
        ...(version === '0.6' ? { initCode: Hex.concat(d.factory, AbiFunction.encodeData(createAccount, [owner, salt])), paymasterAndData: '0x' } : { factory: d.factory, factoryData: AbiFunction.encodeData(createAccount, [owner, salt]) }),
        callData: AbiFunction.encodeData(execute, [to, value, '0x']),
        callGasLimit: '100000',
        verificationGasLimit: '1000000',
        preVerificationGas: '60000',
        maxFeePerGas: '0x77359400',
        maxPriorityFeePerGas: '0x3b9aca00',
        signature: '0x',
      })
      const inputs = { source: 'json', json, version, entryPoint: d.entryPoint, sign: 'account', privateKey: key, beneficiary: chain.deployer }
      const { rows, result } = await runTool(inputs)
      const contract = await contractHash(d, UserOperation.fromJson(json).op)
      expect(rows.get('userOpHash')).toBe(contract)
      expect(rows.get("Entry point's getUserOpHash")).toBe(contract)
      expect(rows.get('Signer')).toBe(owner)
      // The account call decoded: SimpleAccount execute to `to`.
      expect(result.sections.some((s) => s.rows.some((r) => r.label === 'call 1' && r.value.includes(to)))).toBe(true)
      expect(rows.get('Simulation')).toMatch(/^executed/)
      const data = rows.get('handleOps call data')!
      const r = await send(chain.rpc, { from: chain.deployer, to: d.entryPoint, data, gas: Hex.fromNumber(3_000_000) })
      expect(r.status).toBe('0x1')
      expect(BigInt(await chain.rpc<H>('eth_getBalance', [to, 'latest']))).toBe(value)
      const ev = r.logs.find((l) => l.topics[0] === EVENT_TOPIC)!
      expect(ev.topics[1]).toBe(contract)
    })
  }

  it('v0.6: an unsigned op is refused by the entry point in the simulation (AA23/AA24), as handleOps then reverts', async () => {
    const d = deployed.get('0.6')!
    const key = bytes(32)
    const sender = AbiFunction.decodeResult(getAddress, await chain.rpc<H>('eth_call', [{ to: d.factory, data: AbiFunction.encodeData(getAddress, [ownerOf(key), 7n]) }, 'latest'])) as H
    await chain.rpc('anvil_setBalance', [sender, '0xde0b6b3a7640000'])
    const op: UserOperation.UserOp = { ...randomOp('0.6'), sender, nonce: 0n, factory: d.factory, factoryData: AbiFunction.encodeData(createAccount, [ownerOf(key), 7n]), callGasLimit: 100000n, verificationGasLimit: 1000000n, preVerificationGas: 60000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, signature: bytes(65), paymasterData: '0x' }
    delete op.paymaster
    const sim = await UserOpSimulate.run(chain.provider, op, { version: '0.6', entryPoint: d.entryPoint, beneficiary: chain.deployer })
    expect(sim.status).toBe('failed-op')
    expect(sim.reason).toMatch(/^AA2[34]/)
    await expect(chain.rpc('eth_call', [{ from: chain.deployer, to: d.entryPoint, data: UserOperation.handleOpsData([op], chain.deployer, '0.6') }, 'latest'])).rejects.toThrow()
  })
})

describe('v0.8 with an EIP-7702 authorization', () => {
  it('an EOA delegating to Simple7702Account: the page signs the authorization and the op; a type-4 handleOps executes', async () => {
    const d = deployed.get('0.8')!
    // Simple7702Account trusts the canonical v0.8 entry point: put the deployed code there.
    const canonical = UserOperation.ENTRY_POINTS['0.8']
    await chain.rpc('anvil_setCode', [canonical, await chain.rpc<H>('eth_getCode', [d.entryPoint, 'latest'])])
    const impl = await (await import('./safeKit')).deploy(chain.rpc, chain.deployer, aaArtifact('0.8', 'Simple7702Account').bytecode)
    const key = bytes(32)
    const eoa = ownerOf(key)
    await chain.rpc('anvil_setBalance', [eoa, '0xde0b6b3a7640000'])
    const to = Address.checksum(bytes(20))
    const value = rnd(4)
    const inputs = {
      source: 'json',
      version: '0.8',
      json: JSON.stringify({ sender: eoa, nonce: '0x0', factory: '0x7702', callData: AbiFunction.encodeData(execute, [to, value, '0x']), callGasLimit: '100000', verificationGasLimit: '300000', preVerificationGas: '60000', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', signature: '0x' }),
      eip7702: 'sign',
      delegate: impl,
      sign: 'account',
      privateKey: key,
      beneficiary: chain.deployer,
    }
    const { rows } = await runTool(inputs)
    const auth = JSON.parse(rows.get('EIP-7702 authorization')!) as { chainId: H; address: H; nonce: H; yParity: H; r: H; s: H }
    expect(Address.checksum(auth.address)).toBe(impl)
    expect(rows.get('Simulation')).toMatch(/^executed/)
    // Send handleOps as a type-4 transaction carrying the page's authorization (from anvil's account #1).
    const relayer = (await chain.rpc<H[]>('eth_accounts'))[1]!
    const receipt = await send(chain.rpc, { from: relayer, to: canonical, data: rows.get('handleOps call data'), gas: Hex.fromNumber(1_000_000), authorizationList: [auth] })
    expect(receipt!.status).toBe('0x1')
    expect(await chain.rpc<H>('eth_getCode', [eoa, 'latest'])).toBe(Hex.concat('0xef0100', impl.toLowerCase() as H))
    expect(BigInt(await chain.rpc<H>('eth_getBalance', [to, 'latest']))).toBe(value)
    expect(receipt!.logs.find((l) => l.topics[0] === EVENT_TOPIC)!.topics[1]).toBe(rows.get('userOpHash'))
  })
})

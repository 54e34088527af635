/**
 * Universal Router plans encoded by Uniswap's own SDK (`@uniswap/universal-router-sdk`'s
 * RoutePlanner, `@uniswap/v4-sdk`'s V4Planner), for random command lists, decoded back by ours:
 * the same commands, flags and inputs (and, where the SDK's own parser reads them, the same V3
 * hops and V4 action names). The seed is printed by src/test-setup.ts (replay with TEST_SEED).
 */
import { createRequire } from 'node:module'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Abi from './Abi'
import * as Calldata from './Calldata'
import * as UniversalRouter from './UniversalRouter'

// The SDKs' ESM builds do not load in Node (extensionless imports): their CommonJS builds do.
const require = createRequire(import.meta.url)
const sdk = require('@uniswap/universal-router-sdk') as typeof import('@uniswap/universal-router-sdk')
const v4 = require('@uniswap/v4-sdk') as typeof import('@uniswap/v4-sdk')
const routerJson = require('@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json') as { abi: unknown }
const { RoutePlanner, CommandType, COMMAND_DEFINITION, UniversalRouterVersion, CommandParser } = sdk
const V2V3_2_1_1 = (require(require.resolve('@uniswap/universal-router-sdk').replace(/index\.js$/, 'utils/routerCommands.js')) as { V2V3_SWAP_COMMANDS_V2_1_1: Record<number, { params: { name: string; type: string }[] }> }).V2V3_SWAP_COMMANDS_V2_1_1
const routerIface = new ethers.utils.Interface(routerJson.abi as string)
const routerAbi = Abi.fromJson(routerJson.abi)

// ---- random values in the JSON form our decoder returns ------------------------------------

const rnd = (n: number) => Math.floor(Math.random() * n)
const randomBytes = (n: number) => ethers.utils.hexlify(Uint8Array.from({ length: n }, () => rnd(256)))
const address = () => (rnd(8) === 0 ? UniversalRouter.MSG_SENDER : rnd(8) === 0 ? UniversalRouter.ADDRESS_THIS : ethers.utils.getAddress(randomBytes(20)))
const checksummed = (a: string) => ethers.utils.getAddress(a)

function randomUint(bits: number): string {
  const pick = rnd(6)
  const max = (1n << BigInt(bits)) - 1n
  if (pick === 0) return '0'
  if (pick === 1) return max.toString()
  if (pick === 2 && bits === 256) return UniversalRouter.CONTRACT_BALANCE.toString()
  return (BigInt(randomBytes(Math.ceil(bits / 8))) & max).toString()
}

function randomValue(t: ethers.utils.ParamType): unknown {
  if (t.baseType === 'tuple') return t.components.map(randomValue)
  if (t.baseType === 'array') return Array.from({ length: t.arrayLength >= 0 ? t.arrayLength : rnd(4) }, () => randomValue(t.arrayChildren))
  if (t.type === 'address') return checksummed(address())
  if (t.type === 'bool') return rnd(2) === 1
  if (t.type === 'bytes') return randomBytes(rnd(3) === 0 ? 0 : rnd(70))
  if (/^bytes\d+$/.test(t.type)) return randomBytes(Number(t.type.slice(5)))
  const m = /^(u?)int(\d+)$/.exec(t.type)!
  const bits = Number(m[2])
  if (m[1]) return randomUint(bits)
  const u = BigInt(randomUint(bits))
  return (u >= 1n << BigInt(bits - 1) ? u - (1n << BigInt(bits)) : u).toString()
}

const FEES = [100, 500, 3000, 10000]
function v3Path(): string {
  const hops = 1 + rnd(3)
  const types: string[] = ['address']
  const values: unknown[] = [address()]
  for (let i = 0; i < hops; i++) {
    types.push('uint24', 'address')
    values.push(rnd(4) === 0 ? rnd(1 << 24) : FEES[rnd(4)], address())
  }
  return ethers.utils.solidityPack(types, values)
}

// ---- random plans, encoded by the SDK ------------------------------------------------------

interface Expected {
  type: number
  name: string
  allowRevert: boolean
  args?: unknown[]
  actions?: { name: string; args: unknown[] }[]
  call?: string
  plan?: Expected[]
}

const ABI_COMMANDS = Object.entries(COMMAND_DEFINITION)
  .filter(([k, d]) => d.parser === sdk.Parser.Abi && Number(k) !== CommandType.EXECUTE_SUB_PLAN)
  .map(([k]) => Number(k))
const V4_ACTIONS = Object.keys(v4.V4_BASE_ACTIONS_ABI_DEFINITION).map(Number)
const npm3 = new ethers.utils.Interface([
  'function permit(address spender, uint256 tokenId, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline) params)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params)',
  'function burn(uint256 tokenId)',
])
const npm4 = new ethers.utils.Interface(['function modifyLiquidities(bytes unlockData, uint256 deadline)'])

function randomParams(defs: readonly { type: string; name: string }[]): unknown[] {
  return defs.map((d) => (d.name === 'path' && d.type === 'bytes' ? v3Path() : randomValue(ethers.utils.ParamType.from(d.type))))
}

function v4Actions(version: string): { encoded: string; expected: NonNullable<Expected['actions']> } {
  const planner = new v4.V4Planner()
  const expected: NonNullable<Expected['actions']> = []
  for (let n = rnd(5); n >= 0; n--) {
    const action = V4_ACTIONS[rnd(V4_ACTIONS.length)]!
    const swap = version === UniversalRouterVersion.V2_1_1 && action in v4.V4_SWAP_ACTIONS_V2_1_1
    const defs = (swap ? v4.V4_SWAP_ACTIONS_V2_1_1 : v4.V4_BASE_ACTIONS_ABI_DEFINITION)[action as keyof typeof v4.V4_BASE_ACTIONS_ABI_DEFINITION]!
    const args = randomParams(defs)
    planner.addAction(action, args, version as never)
    expected.push({ name: v4.Actions[action]!, args })
  }
  return { encoded: planner.finalize() as string, expected }
}

function randomPlan(version: string, depth: number): { planner: InstanceType<typeof RoutePlanner>; expected: Expected[] } {
  const planner = new RoutePlanner()
  const expected: Expected[] = []
  for (let n = rnd(6); n >= 0; n--) {
    const pick = rnd(20)
    if (pick === 0 && depth < 2) {
      const sub = randomPlan(version, depth + 1)
      planner.addSubPlan(sub.planner)
      expected.push({ type: CommandType.EXECUTE_SUB_PLAN, name: 'EXECUTE_SUB_PLAN', allowRevert: true, args: [sub.planner.commands, sub.planner.inputs], plan: sub.expected })
    } else if (pick <= 2) {
      const { encoded, expected: actions } = v4Actions(version)
      planner.addCommand(CommandType.V4_SWAP, [encoded])
      expected.push({ type: CommandType.V4_SWAP, name: 'V4_SWAP', allowRevert: false, actions })
    } else if (pick === 3) {
      const fn = ['permit', 'decreaseLiquidity', 'collect', 'burn'][rnd(4)]!
      const type = fn === 'permit' ? CommandType.V3_POSITION_MANAGER_PERMIT : CommandType.V3_POSITION_MANAGER_CALL
      const frag = npm3.getFunction(fn)
      planner.addCommand(type, [npm3.encodeFunctionData(frag, frag.inputs.map(randomValue))])
      expected.push({ type, name: CommandType[type], allowRevert: false, call: frag.format('sighash') })
    } else if (pick === 4) {
      const { encoded, expected: actions } = v4Actions(UniversalRouterVersion.V2_0)
      planner.addCommand(CommandType.V4_POSITION_MANAGER_CALL, [npm4.encodeFunctionData('modifyLiquidities', [encoded, randomUint(256)])])
      expected.push({ type: CommandType.V4_POSITION_MANAGER_CALL, name: 'V4_POSITION_MANAGER_CALL', allowRevert: false, call: 'modifyLiquidities(bytes,uint256)', actions })
    } else {
      const type = ABI_COMMANDS[rnd(ABI_COMMANDS.length)]!
      const def = (version === UniversalRouterVersion.V2_1_1 && type in V2V3_2_1_1 ? V2V3_2_1_1[type] : COMMAND_DEFINITION[type as keyof typeof COMMAND_DEFINITION]) as { params: { name: string; type: string }[] }
      const args = randomParams(def.params)
      planner.addCommand(type, args, false, version as never)
      expected.push({ type, name: CommandType[type]!, allowRevert: false, args })
    }
  }
  return { planner, expected }
}

function expectPlan(plan: UniversalRouter.Plan, expected: readonly Expected[], where: string): void {
  expect(plan.warnings, where).toEqual([])
  expect(plan.commands.map((c) => c.name), where).toEqual(expected.map((e) => e.name))
  plan.commands.forEach((c, i) => {
    const e = expected[i]!
    const at = `${where} command ${i} ${e.name}`
    expect(c.error, at).toBeUndefined()
    expect([c.type, c.allowRevert], at).toEqual([e.type, e.allowRevert])
    if (e.args) expect(c.args.map((a) => a.json), at).toEqual(e.args)
    if (e.call) expect(c.call?.signature, at).toBe(e.call)
    if (e.actions) {
      expect(c.actions?.map((a) => a.name), at).toEqual(e.actions.map((a) => a.name))
      c.actions!.forEach((a, j) => {
        expect(a.error, `${at} action ${j}`).toBeUndefined()
        expect(a.args.map((x) => x.json), `${at} action ${j} ${a.name}`).toEqual(e.actions![j]!.args)
      })
    }
    if (e.plan) expectPlan(c.plan!, e.plan, `${at} ›`)
  })
}

describe('UniversalRouter against the Universal Router SDK', () => {
  it('decodes 150 random plans that RoutePlanner encodes (router 2.0 and 2.1.1 layouts, V4 actions, position-manager calls, sub-plans) back to the same commands and inputs', () => {
    let commands = 0
    let compared = 0
    for (let run = 0; run < 150; run++) {
      const version = rnd(2) ? UniversalRouterVersion.V2_1_1 : UniversalRouterVersion.V2_0
      const { planner, expected } = randomPlan(version, 0)
      const deadline = randomUint(256)
      const data = routerIface.encodeFunctionData('execute(bytes,bytes[],uint256)', [planner.commands, planner.inputs, deadline])
      const call = Calldata.decodeCall(data, { abis: [routerAbi] })
      const plan = UniversalRouter.ofCall(call)!
      expect(plan.deadline).toBe(deadline)
      expectPlan(plan, expected, `run ${run} (${version}, commands ${planner.commands})`)
      commands += plan.commands.length
      // Uniswap's own parser agrees on the names, the V3 hops and the V4 actions (it reads neither
      // position-manager calls nor a command byte with the allow-revert flag, as sub-plans have).
      if (expected.some((e) => e.call || e.allowRevert)) continue
      compared++
      const theirs = CommandParser.parseCalldata(data, version)
      expect(plan.commands.map((c) => c.name)).toEqual(theirs.commands.map((c) => c.commandName))
      plan.commands.forEach((c, i) => {
        if (c.path) expect(c.path).toEqual(theirs.commands[i]!.params.find((p) => p.name === 'path')!.value)
        if (c.actions) expect(c.actions.map((a) => a.name)).toEqual((theirs.commands[i]!.params as unknown as { name: string }[]).map((p) => p.name))
      })
    }
    expect(commands).toBeGreaterThan(300)
    expect(compared).toBeGreaterThan(50)
  })

  it('names every command and V4 action as the SDK does', () => {
    for (const [k, name] of Object.entries(CommandType)) if (typeof name === 'string') expect(UniversalRouter.commandInfo(Number(k))?.name).toBe(name)
    for (const [k, name] of Object.entries(v4.Actions)) if (typeof name === 'string') expect(UniversalRouter.commandInfo(Number(k), true)?.name).toBe(name)
  })
})

describe('UniversalRouter', () => {
  const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
  const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
  const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
  const encode = (types: string[], values: unknown[]) => ethers.utils.defaultAbiCoder.encode(types, values)

  it('splits V3 paths into tokens and fees, exact-output paths read backwards', () => {
    const path = ethers.utils.solidityPack(['address', 'uint24', 'address'], [USDC, 500, WETH])
    expect(UniversalRouter.splitV3Path(path)).toEqual([{ tokenIn: USDC, tokenOut: WETH, fee: 500 }])
    expect(UniversalRouter.splitV3Path(path, true)).toEqual([{ tokenIn: WETH, tokenOut: USDC, fee: 500 }])
    expect(UniversalRouter.feeText(500)).toBe('0.05%')
    expect(UniversalRouter.feeText(3000)).toBe('0.3%')
    expect(() => UniversalRouter.splitV3Path(path.slice(0, -2))).toThrow(/20 \+ 23·n bytes/)
  })

  it('flags an unlimited Permit2 permit (single and batch) with its spender and expiry, not a limited one', () => {
    const max160 = ethers.BigNumber.from(2).pow(160).sub(1)
    const single = encode(['((address,uint160,uint48,uint48),address,uint256)', 'bytes'], [[[USDC, max160, 0, 0], PERMIT2, 1], '0x'])
    const batch = encode(['((address,uint160,uint48,uint48)[],address,uint256)', 'bytes'], [[[[USDC, 1000, 1700000000, 0], [WETH, max160, (2n ** 48n - 1n).toString(), 1]], PERMIT2, 1], '0x'])
    const plan = UniversalRouter.decode('0x0a03', [single, batch])
    expect(plan.commands[0]!.grants).toMatchObject([{ kind: 'permit2', spender: PERMIT2, unlimited: true }])
    expect(plan.commands[0]!.grants[0]!.text).toMatch(/^Unlimited Permit2 allowance: .* for this block only/)
    expect(plan.commands[1]!.grants.map((g) => g.unlimited)).toEqual([false, true])
    expect(plan.commands[1]!.grants[0]!.text).toMatch(/until 2023-11-14T22:13:20Z/)
    expect(plan.commands[1]!.grants[1]!.text).toMatch(/with no expiry/)
    expect(UniversalRouter.grantsOf(UniversalRouter.decode('0x21', [encode(['bytes', 'bytes[]'], ['0x0a', [single]])])).length).toBe(1)
  })

  it('shows the allow-revert flag, the special recipients and amounts, and a summary line', () => {
    const wrap = encode(['address', 'uint256'], [UniversalRouter.ADDRESS_THIS, UniversalRouter.CONTRACT_BALANCE])
    const sweep = encode(['address', 'address', 'uint256'], [WETH, UniversalRouter.MSG_SENDER, 5])
    const plan = UniversalRouter.decode('0x0b84', [wrap, sweep])
    expect(plan.commands.map((c) => [c.name, c.allowRevert])).toEqual([['WRAP_ETH', false], ['SWEEP', true]])
    expect(plan.commands[0]!.meanings).toEqual({ recipient: 'ADDRESS_THIS: the router itself', amount: "CONTRACT_BALANCE: the router's whole balance" })
    expect(UniversalRouter.summaryLines(plan)).toEqual([
      '0. WRAP_ETH(recipient=ADDRESS_THIS, amount=CONTRACT_BALANCE)',
      `1. SWEEP(token=${WETH}, recipient=MSG_SENDER, amountMin=5) [may revert]`,
    ])
  })

  it('says what is wrong: unknown commands, a length mismatch, a malformed input, a sub-plan too deep', () => {
    const plan = UniversalRouter.decode('0x150b', [encode(['uint256'], [1])])
    expect(plan.warnings[0]).toMatch(/2 commands but 1 input: the router reverts/)
    expect(plan.commands[0]!.error).toMatch(/0x15 names no Universal Router 2.x command.*Router 1.x used 0x10–0x1e/)
    expect(plan.commands[1]!.error).toBe('No input for this command.')
    expect(UniversalRouter.decode('0x0b', ['0x1234']).commands[0]!.error).toMatch(/does not decode as WRAP_ETH/)
    let inner = encode(['bytes', 'bytes[]'], ['0x', []])
    for (let i = 0; i < UniversalRouter.MAX_DEPTH + 1; i++) inner = encode(['bytes', 'bytes[]'], ['0x21', [inner]])
    expect(UniversalRouter.decode('0x21', [inner]).warnings).toContain(`A sub-plan nested more than ${UniversalRouter.MAX_DEPTH} deep is not opened.`)
  })

  it('opens only the router entry points', () => {
    const data = routerIface.encodeFunctionData('execute(bytes,bytes[])', ['0x0c', [encode(['address', 'uint256'], [UniversalRouter.MSG_SENDER, 7])]])
    const plan = UniversalRouter.ofCall(Calldata.decodeCall(data, { abis: [routerAbi] }))!
    expect(plan.deadline).toBeUndefined()
    expect(plan.commands[0]!.args.map((a) => a.json)).toEqual([checksummed(UniversalRouter.MSG_SENDER), '7'])
    const transfer = new ethers.utils.Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [USDC, 1])
    expect(UniversalRouter.ofCall(Calldata.decodeCall(transfer, { signature: 'transfer(address,uint256)' }))).toBeNull()
  })
})

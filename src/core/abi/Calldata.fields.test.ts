import { createRequire } from 'node:module'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as Abi from './Abi'
import * as Calldata from './Calldata'

// Uniswap V3 SwapRouter's exactInputSingle (from @uniswap/v3-periphery's published ABI) and a
// nested struct array, encoded by ethers v5 and decoded by ours: every field by name, with the
// value ethers decodes for it.
const ROUTER = createRequire(import.meta.url)('@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json').abi

describe('struct arguments keep their field names (#23)', () => {
  it('exactInputSingle: params.tokenIn … params.sqrtPriceLimitX96, as ethers decodes them', () => {
    const iface = new ethers.utils.Interface(ROUTER)
    const params = {
      tokenIn: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      tokenOut: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      fee: 3000,
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      deadline: 1_900_000_000,
      amountIn: ethers.utils.parseEther('1.5'),
      amountOutMinimum: 2_900_000_000,
      sqrtPriceLimitX96: 0,
    }
    const data = iface.encodeFunctionData('exactInputSingle', [params])
    const call = Calldata.decodeCall(data, { abis: [Abi.parse(JSON.stringify(ROUTER))] })
    const [arg] = call.args
    const theirs = iface.decodeFunctionData('exactInputSingle', data)[0]
    expect(arg!.fields!.map((f) => f.path)).toEqual(Object.keys(params).map((k) => `params.${k}`))
    for (const f of arg!.fields!) expect(f.value.toLowerCase()).toBe(theirs[f.name].toString().toLowerCase())
  })

  it('an array of structs with a nested struct: each element\'s fields, nested paths', () => {
    const abi = ['function fill((address maker, (uint256 amount, string note) leg)[] orders)']
    const iface = new ethers.utils.Interface(abi)
    const orders = [
      { maker: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', leg: { amount: 7, note: 'first' } },
      { maker: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', leg: { amount: 2n ** 200n, note: 'two' } },
    ]
    const data = iface.encodeFunctionData('fill', [orders])
    const call = Calldata.decodeCall(data, { abis: [Abi.parse(iface.format(ethers.utils.FormatTypes.json) as string)] })
    const fields = call.args[0]!.fields!
    expect(fields.map((f) => f.path)).toEqual(['orders[0].maker', 'orders[0].leg', 'orders[1].maker', 'orders[1].leg'])
    const leg1 = fields[3]!.fields!
    expect(leg1.map((f) => [f.path, f.value])).toEqual([['orders[1].leg.amount', (2n ** 200n).toString()], ['orders[1].leg.note', 'two']])
  })

  it('a call with no structs has no fields, and a huge struct array is spelled out only up to the bound', () => {
    const iface = new ethers.utils.Interface(['function transfer(address to, uint256 amount)', 'function many((uint8 a, uint8 b)[] xs)'])
    const plain = Calldata.decodeCall(iface.encodeFunctionData('transfer', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 1]), { abis: [Abi.parse(iface.format(ethers.utils.FormatTypes.json) as string)] })
    expect(plain.args.every((a) => a.fields === undefined)).toBe(true)
    const xs = Array.from({ length: 500 }, (_, i) => ({ a: i % 256, b: 1 }))
    const many = Calldata.decodeCall(iface.encodeFunctionData('many', [xs]), { abis: [Abi.parse(iface.format(ethers.utils.FormatTypes.json) as string)] })
    expect(many.args[0]!.fields!.length).toBe(Calldata.MAX_FIELD_ROWS)
  })
})

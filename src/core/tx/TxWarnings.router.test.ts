/**
 * TxWarnings on a Universal Router call (encoded by @uniswap/universal-router-sdk's RoutePlanner):
 * the review lists its commands and flags an unlimited Permit2 allowance granted inside it.
 */
import { createRequire } from 'node:module'
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import * as SignatureTable from '../abi/SignatureTable'
import * as TxWarnings from './TxWarnings'

const require = createRequire(import.meta.url)
const sdk = require('@uniswap/universal-router-sdk') as typeof import('@uniswap/universal-router-sdk')
const routerJson = require('@uniswap/universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json') as { abi: string }
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const ROUTER = '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af'

function swapCall(amount: ethers.BigNumberish): `0x${string}` {
  const p = new sdk.RoutePlanner()
  p.addCommand(sdk.CommandType.PERMIT2_PERMIT, [[[USDC, amount, 0, 0], ROUTER, 1], '0x'])
  p.addCommand(sdk.CommandType.V3_SWAP_EXACT_IN, [sdk.ROUTER_AS_RECIPIENT, 1000, 1, ethers.utils.solidityPack(['address', 'uint24', 'address'], [USDC, 3000, WETH]), true])
  return new ethers.utils.Interface(routerJson.abi).encodeFunctionData('execute(bytes,bytes[],uint256)', [p.commands, p.inputs, 2_000_000_000]) as `0x${string}`
}

// A node that has code at the router and whose simulation succeeds.
const node = { request: async ({ method }: { method: string }) => (method === 'eth_getCode' ? '0x6000' : '0x') }

describe('TxWarnings on a Universal Router call', () => {
  it('lists the commands (from the offline table) and flags an unlimited Permit2 allowance', async () => {
    const table = await SignatureTable.load('function')
    const d = TxWarnings.decode(swapCall(ethers.BigNumber.from(2).pow(160).sub(1)), [], table)
    expect(d.router).toEqual([
      `0. PERMIT2_PERMIT(permitSingle=((${USDC}, 1461501637330902918203684832716283019655932542975, 0, 0), ${ROUTER}, 1), signature=0x)`,
      `1. V3_SWAP_EXACT_IN(recipient=ADDRESS_THIS, amountIn=1000, amountOutMin=1, path=${USDC} → (0.3%) ${WETH}, payerIsUser=true)`,
    ])
    const r = await TxWarnings.review(node, { from: WETH, to: ROUTER, value: 0n, data: swapCall(ethers.BigNumber.from(2).pow(160).sub(1)) })
    expect(r.warnings.filter((w) => w.kind === 'unlimited-approval').map((w) => w.text)).toEqual([expect.stringMatching(/^Unlimited Permit2 allowance: 0x66a9.* may move every 0xA0b8.* for this block only/)])
    const limited = await TxWarnings.review(node, { from: WETH, to: ROUTER, value: 0n, data: swapCall(1000) })
    expect(limited.warnings.filter((w) => w.kind === 'unlimited-approval')).toEqual([])
    expect(limited.decoded.grants?.[0]).toMatchObject({ kind: 'permit2', amount: '1000', unlimited: false })
  })
})

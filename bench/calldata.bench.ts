import { ethers } from 'ethers'
import { ethers as ethers6 } from 'ethers6'
import * as AbiCodec from '../src/core/abi/AbiCodec'
import * as Calldata from '../src/core/abi/Calldata'
import * as CalldataEncode from '../src/core/abi/CalldataEncode'
import * as Abi from '../src/core/abi/Abi'
import * as SignatureTable from '../src/core/abi/SignatureTable'
import type { BenchSuite } from './harness'

// The offline table, injected as the decoder tool does (loaded once, before timing).
const table = await SignatureTable.load('function')

// Fixed inputs, the same for every implementation.
const ERC20 = 'function transfer(address to, uint256 amount) returns (bool)'
const SWAP =
  'function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)'
const MULTI = 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)'

const addr = (i: number) => ethers.utils.getAddress(`0x${(i * 7919 + 0x1234567).toString(16).padStart(40, '0')}`)
const transfers = Array.from({ length: 1000 }, (_, i) => [addr(i), BigInt(i) * 10n ** 15n + 1n] as const)
const swapArgs = [[`0x${'ab'.repeat(43)}`, addr(1), 1700000000n, 10n ** 18n, 12345n]] as const

const abi = Abi.parse([ERC20, SWAP, MULTI].join('\n'))
const [fTransfer, fSwap, fMulti] = abi as Abi.FunctionItem[]
const i5 = new ethers.utils.Interface([ERC20, SWAP, MULTI])
const i6 = new ethers6.Interface([ERC20, SWAP, MULTI])

/**
 * Ours: exactly what the abi-encode tool runs, `CalldataEncode.encodeCall` (the selector is
 * computed inside, as ethers' encodeFunctionData computes its sighash), on the typed values
 * its parse step produces (`AbiCodec.coerceAll`), as ethers gets typed values.
 */
const encodeCall = (f: Abi.FunctionItem, values: readonly unknown[]) => CalldataEncode.encodeCall(f, values)
const transferData = transfers.map(([a, v]) => encodeCall(fTransfer!, [a, v]))
/** 50 calls, each an ERC-20 transfer, for Multicall3 aggregate3. */
const calls = Array.from({ length: 50 }, (_, i) => [addr(i), i % 2 === 0, transferData[i]!] as const)
const swapData = encodeCall(fSwap!, swapArgs as never)
const multiData = encodeCall(fMulti!, [calls] as never)
// What the calldata-decode tool runs with an ABI given: hex in (its parse step turns the pasted
// hex into bytes: inside the timing here, as ethers parses hex inside parseTransaction), the
// function found by selector, arguments decoded; no offline table, no guessing.
const withAbi: Calldata.DecodeOptions = { abis: [abi], table: false, guess: false, nested: false }
const decodeWithAbi = (hex: string) => Calldata.decodeCall(AbiCodec.toBytes(hex, 'call data'), withAbi)

export default {
  name: 'Contract call data',
  cases: [
    {
      name: 'encode 1,000 ERC-20 transfer calls',
      ours: () => {
        for (const [a, v] of transfers) encodeCall(fTransfer!, [a, v])
      },
      baselines: {
        'ethers v5': () => {
          for (const [a, v] of transfers) i5.encodeFunctionData('transfer', [a, v])
        },
        'ethers v6': () => {
          for (const [a, v] of transfers) i6.encodeFunctionData('transfer', [a, v])
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.1 },
    },
    {
      name: 'encode a 50-call aggregate3 and a Uniswap exactInput',
      ours: () => {
        encodeCall(fMulti!, [calls] as never)
        encodeCall(fSwap!, swapArgs as never)
      },
      baselines: {
        'ethers v5': () => {
          i5.encodeFunctionData('aggregate3', [calls])
          i5.encodeFunctionData('exactInput', swapArgs as never)
        },
        'ethers v6': () => {
          i6.encodeFunctionData('aggregate3', [calls])
          i6.encodeFunctionData('exactInput', swapArgs as never)
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.1 },
    },
    {
      name: 'decode 1,000 ERC-20 transfer calls by selector with the ABI (hex in)',
      ours: () => {
        for (const d of transferData) decodeWithAbi(d)
      },
      baselines: {
        'ethers v5': () => {
          for (const d of transferData) i5.parseTransaction({ data: d })
        },
        'ethers v6': () => {
          for (const d of transferData) i6.parseTransaction({ data: d })
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.15 },
    },
    {
      name: 'decode a 50-call aggregate3 and a Uniswap exactInput by selector with the ABI (hex in)',
      ours: () => {
        decodeWithAbi(multiData)
        decodeWithAbi(swapData)
      },
      baselines: {
        'ethers v5': () => {
          i5.parseTransaction({ data: multiData })
          i5.parseTransaction({ data: swapData })
        },
        'ethers v6': () => {
          i6.parseTransaction({ data: multiData })
          i6.parseTransaction({ data: swapData })
        },
      },
      target: { against: 'ethers v5', maxRatio: 0.15 },
    },
    {
      // The tool's default: no ABI given, the selector found in the offline table, nested calls
      // followed. ethers needs the ABI and is told to decode each nested call.
      name: 'full decode of a 50-call aggregate3 by selector (table lookup, nested calls; hex in)',
      ours: () => {
        Calldata.decodeCall(AbiCodec.toBytes(multiData, 'call data'), { table })
      },
      baselines: {
        'ethers v5': () => {
          const r = i5.parseTransaction({ data: multiData })
          for (const c of r.args[0]) i5.parseTransaction({ data: c.callData })
        },
      },
    },
  ],
} satisfies BenchSuite

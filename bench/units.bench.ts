import { BigNumber, utils } from 'ethers'
import * as BigNum from '../src/core/BigNum'
import * as Units from '../src/core/Units'
import type { BenchSuite } from './harness'

// Fixed pseudo-random inputs (same for every implementation).
const amounts = Array.from({ length: 1000 }, (_, i) => `${(i * 7919) % 100000}.${String((i * 104729) % 10 ** 18).padStart(18, '0')}`)
const weis = amounts.map((a) => Units.parse(a, 'ether'))
const weiStrings = weis.map((w) => w.toString())
const pairs = Array.from({ length: 1000 }, (_, i) => [BigInt(i + 1) * 0xfedcba9876543210123456789n, BigInt(i + 3) * 0x123456789abcdefn] as const)

export default {
  name: 'Units and big numbers',
  cases: [
    {
      name: 'parse 1,000 ether amounts',
      ours: () => {
        for (const a of amounts) Units.parse(a, 'ether')
      },
      baselines: {
        'ethers v5': () => {
          for (const a of amounts) utils.parseEther(a)
        },
      },
    },
    {
      name: 'format 1,000 wei amounts as ether',
      ours: () => {
        for (const w of weis) Units.format(w, 'ether', 'ethers')
      },
      baselines: {
        'ethers v5': () => {
          for (const w of weiStrings) utils.formatEther(w)
        },
      },
    },
    {
      name: '1,000 uint256 mul/div/add/sub (a*b/c+a-b)',
      ours: () => {
        for (const [a, b] of pairs) {
          const m = (a * b) & ((1n << 256n) - 1n)
          void BigNum.wrap(m / (b + 1n) + a - b, false, 256)
        }
      },
      baselines: {
        'ethers v5': () => {
          for (const [a, b] of pairs) {
            const A = BigNumber.from(a)
            const B = BigNumber.from(b)
            void A.mul(B).mask(256).div(B.add(1)).add(A).sub(B).toTwos(256).mask(256)
          }
        },
      },
    },
    {
      name: 'parse 1,000 hex numbers',
      ours: () => {
        for (const [a] of pairs) BigNum.parseNumber(`0x${a.toString(16)}`)
      },
      baselines: {
        'ethers v5': () => {
          for (const [a] of pairs) BigNumber.from(`0x${a.toString(16)}`)
        },
      },
    },
    {
      name: 'evaluate an expression 1,000 times (calculator)',
      ours: () => {
        for (let i = 0; i < 1000; i++) BigNum.evaluate('mulDiv(type(uint256).max / 3, 7, 11) + 0xff << 2', { kind: 'evm', signed: false, bits: 256 })
      },
      baselines: {
        'ethers v5 (same arithmetic, no parsing)': () => {
          const max = BigNumber.from(2).pow(256).sub(1)
          for (let i = 0; i < 1000; i++) max.div(3).mul(7).div(11).add(255).shl(2).mask(256)
        },
      },
    },
  ],
} satisfies BenchSuite

import { BigNumber, utils } from 'ethers'
import * as BigNum from '../src/core/format/BigNum'
import * as Units from '../src/core/format/Units'
import type { BenchSuite } from './harness'

// Fixed pseudo-random inputs (same for every implementation).
const amounts = Array.from({ length: 1000 }, (_, i) => `${(i * 7919) % 100000}.${String((i * 104729) % 10 ** 18).padStart(18, '0')}`)
const weis = amounts.map((a) => Units.parse(a, 'ether'))
const pairs = Array.from({ length: 1000 }, (_, i) => [BigInt(i + 1) * 0xfedcba9876543210123456789n, BigInt(i + 3) * 0x123456789abcdefn] as const)
/** What the bignum tool gets: text. Both sides parse the same decimal numbers inside the timing. */
const pairTexts = pairs.map(([a, b]) => [a.toString(), b.toString()] as const)
const UINT256: BigNum.Mode = { kind: 'evm', signed: false, bits: 256 }

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
          for (const w of weis) utils.formatEther(w as never) // the same bigint: BigNumber.from(bigint) inside
        },
      },
    },
    {
      // The bignum tool: BigNum.evaluate on the expression text, uint256 wrapping. ethers gets
      // the same numbers as text and does the same arithmetic (it has no expression parser).
      name: '1,000 uint256 expressions a * b / (b + 1) + a - b (numbers as text)',
      ours: () => {
        for (const [a, b] of pairTexts) BigNum.evaluate(`${a} * ${b} / (${b} + 1) + ${a} - ${b}`, UINT256)
      },
      baselines: {
        'ethers v5': () => {
          for (const [a, b] of pairTexts) {
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
        'ethers v5 (same arithmetic on parsed numbers; no expression parser)': () => {
          for (let i = 0; i < 1000; i++) {
            const max = BigNumber.from(2).pow(256).sub(1)
            max.div(BigNumber.from('3')).mul(BigNumber.from('7')).div(BigNumber.from('11')).add(BigNumber.from('0xff')).shl(2).mask(256)
          }
        },
      },
    },
  ],
} satisfies BenchSuite

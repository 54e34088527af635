import { createHash } from 'node:crypto'
import { ethers } from 'ethers'
import * as Hashing from '../src/core/hash/Hashing'
import * as Selector from '../src/core/abi/Selector'
import * as AddressCheck from '../src/core/address/AddressCheck'
import type { BenchSuite } from './harness'

// 64 MiB of fixed pseudo-random bytes, the same for every implementation.
const SIZE = 64 * 1024 * 1024
const data = new Uint8Array(SIZE)
let x = 0x12345678
for (let i = 0; i < SIZE; i += 4) {
  x ^= x << 13
  x ^= x >>> 17
  x ^= x << 5
  data[i] = x & 0xff
  data[i + 1] = (x >>> 8) & 0xff
  data[i + 2] = (x >>> 16) & 0xff
  data[i + 3] = (x >>> 24) & 0xff
}
// The worker path reads a Blob (a File in the browser) chunk by chunk.
const blob = new Blob([data])

/** The five digests the hash tool shows, by Node's native (OpenSSL) hashes. */
const nativeFive = () => ['sha3-256', 'sha3-256', 'sha256', 'sha512', 'ripemd160'].map((a) => createHash(a).update(data).digest())

const addresses = Array.from({ length: 1000 }, (_, i) => `0x${(BigInt(i + 1) * 0x9e3779b97f4a7c15f39cc0605cedc834n).toString(16).padStart(40, '0').slice(-40)}`)
const signatures = Array.from({ length: 1000 }, (_, i) => `transfer${i}(address to, uint256 amount, (bytes32,uint8)[] extra)`)

export default {
  name: 'Hashing and addresses',
  cases: [
    {
      // The target: Keccak-256 alone over a 64 MiB buffer, our core code vs native
      // SHA3-256 (same Keccak-f[1600] sponge cost, only the padding differs). The hash tool
      // itself computes all five digests: see the next two cases.
      name: 'Keccak-256 alone of a 64 MiB buffer (Hashing.hashBytes, keccak256 only)',
      ours: () => Hashing.hashBytes(data, ['keccak256']),
      baselines: {
        'node native sha3-256': () => createHash('sha3-256').update(data).digest(),
        'ethers v5': () => ethers.utils.keccak256(data),
      },
      rounds: 3,
      minMs: 1000,
      target: { against: 'node native sha3-256', maxRatio: 1.5 },
    },
    {
      // What the hash tool runs on pasted bytes: all five digests (Keccak-256, SHA3-256,
      // SHA-256, SHA-512, RIPEMD-160) in one pass. Node has no Keccak-256: SHA3-256 twice.
      name: 'hash tool: all five digests of a 64 MiB buffer (Hashing.hashBytes)',
      ours: () => Hashing.hashBytes(data),
      baselines: { 'node native (5 digests)': nativeFive },
      rounds: 3,
      minMs: 1000,
    },
    {
      // What the hash tool's worker does with a dropped file: 4 MiB Blob slices, all five
      // digests in one pass.
      name: 'hash tool: all five digests of a 64 MiB file (worker path: chunked Blob reads)',
      ours: () => Hashing.hashBlob(blob),
      baselines: { 'node native (5 digests)': nativeFive },
      rounds: 3,
      minMs: 1000,
    },
    {
      // The address tool: AddressCheck.inspect (parse, checksum, report) on each address.
      name: 'EIP-55 checksum of 1,000 addresses (address tool: AddressCheck.inspect)',
      ours: () => {
        for (const a of addresses) AddressCheck.inspect(a)
      },
      baselines: {
        'ethers v5': () => {
          for (const a of addresses) ethers.utils.getAddress(a)
        },
      },
    },
    {
      name: 'selectors of 1,000 signatures (parse + normalize + keccak)',
      ours: () => {
        for (const s of signatures) Selector.from(s)
      },
      baselines: {
        'ethers v5': () => {
          for (const s of signatures) ethers.utils.Interface.getSighash(ethers.utils.FunctionFragment.from(s))
        },
      },
    },
  ],
} satisfies BenchSuite

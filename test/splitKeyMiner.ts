/**
 * The outside miner of the split-key tests, as profanity2 works: from the seed's public key
 * alone (x ‖ y, 128 hex digits) it steps P + k'·G (noble's point addition) from a random k'
 * below 2^240, as profanity2 keeps its offsets, and stops at the first address (ethers v5's, of
 * the point) that starts with `prefix`, or whose first contract does (`contract`). It prints
 * the offset and the address the way profanity2's result line does.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ethers } from 'ethers'

export interface Mined {
  /** The line profanity2 prints: `Time: … Score: … Private: 0x… Address: 0x…` (or `Contract:`). */
  line: string
  offset: bigint
  /** The address found (EIP-55): the key's own, or its first contract's. */
  address: string
}

export function playMiner(publicKey: string, prefix: string, contract = false): Mined {
  const G = secp256k1.Point.BASE
  let offset = BigInt(ethers.utils.hexlify(crypto.getRandomValues(new Uint8Array(30)))) // seeded in Vitest (test/support.ts)
  let point = secp256k1.Point.fromHex(`04${publicKey}`).add(G.multiply(offset))
  for (let i = 0; i < 1_000_000; i++) {
    const own = ethers.utils.computeAddress(`0x${point.toHex(false)}`)
    const address = contract ? ethers.utils.getContractAddress({ from: own, nonce: 0 }) : own
    if (address.slice(2).toLowerCase().startsWith(prefix)) {
      const hex = offset.toString(16).padStart(64, '0')
      return { line: `  Time:     1s Score:  ${prefix.length} Private: 0x${hex} ${contract ? 'Contract' : 'Address'}: ${address.toLowerCase()}`, offset, address }
    }
    point = point.add(G)
    offset += 1n
  }
  throw new Error('the miner found nothing in a million steps')
}

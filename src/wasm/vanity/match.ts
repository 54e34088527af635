// Address pattern test on the 20 address bytes (nibbles compared without case: the EIP-55
// case of a candidate is checked in JavaScript, with ox, on the rare hits).
// kind 0: (address & MASK) == VALUE    prefix, suffix, both
// kind 1: contains the nibble string SUB[0..subLen)
// kind 2: at least `threshold` leading zero bytes
import { MASK, SUB, VALUE } from './layout'

let kind: u32 = 0
let subLen: u32 = 0
let threshold: u32 = 0

export function setPattern(k: u32, n: u32, t: u32): void {
  kind = k
  subLen = n
  threshold = t
}

@inline function nibble(a: usize, i: u32): u32 {
  const b = <u32>load<u8>(a + <usize>(i >> 1))
  return i & 1 ? b & 15 : b >> 4
}

export function matches(a: usize): bool {
  if (kind == 0) {
    for (let i: usize = 0; i < 20; i++) if ((load<u8>(a + i) & load<u8>(MASK + i)) != load<u8>(VALUE + i)) return false
    return true
  }
  if (kind == 1) {
    for (let p: u32 = 0; p + subLen <= 40; p++) {
      let j: u32 = 0
      while (j < subLen && nibble(a, p + j) == <u32>load<u8>(SUB + <usize>j)) j++
      if (j == subLen) return true
    }
    return false
  }
  let z: u32 = 0
  while (z < 20 && load<u8>(a + <usize>z) == 0) z++
  return z >= threshold
}

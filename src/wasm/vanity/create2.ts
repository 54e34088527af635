// CREATE2 salt mining loop: address = keccak256(0xff ‖ deployer ‖ salt ‖ initCodeHash)[12..32).
// The salt's bytes 24..31 hold a big-endian counter (base + i); the other salt bytes come
// from JavaScript (fixed prefix per factory convention, fresh random bytes elsewhere).
// With a guard (CreateX), the CREATE2 salt is keccak256(prefix ‖ salt) for a 0, 32 or
// 64-byte prefix. FAST PATH ONLY: every hit is re-derived with ox before it is shown.
import { keccak256Short, keccakf } from './keccak'
import { HITS, MAX_HITS, STATE } from './layout'
import { matches } from './match'
export { MASK, VALUE, SUB, HITS } from './layout'
export { setPattern } from './match'
/** 85 bytes: 0xff ‖ deployer ‖ salt template ‖ initCodeHash. */
export const BUF: usize = 2048
/** The guard prefix (0, 32 or 64 bytes), followed by room for the salt. */
export const GUARD: usize = 2176
/** Free bytes for self-tests of the keccak (input at IO, digest at IO + 160). */
export const IO: usize = 3072
const S0: usize = 2304
const GS: usize = 2560
const GOUT: usize = 2816

let guardOn: u32 = 0
let guardLen: u32 = 0

export function setGuard(on: u32, len: u32): void {
  guardOn = on
  guardLen = len
}

/** Tries counters base .. base + n - 1; returns the number of hits (the first 64 at HITS, u64). */
export function mine(base: u64, n: u32): u32 {
  memory.fill(S0, 0, 200)
  memory.copy(S0, BUF, 85)
  store<u8>(S0 + 85, 0x01)
  store<u8>(S0 + 135, 0x80)
  let nh: u32 = 0
  if (!guardOn) {
    for (let k: u32 = 0; k < n; k++) {
      const c = base + <u64>k
      memory.copy(STATE, S0, 200)
      store<u64>(STATE + 45, bswap<u64>(c))
      keccakf(STATE)
      if (matches(STATE + 12)) {
        if (nh < MAX_HITS) store<u64>(HITS + (<usize>nh << 3), c)
        nh++
      }
    }
    return nh
  }
  const saltAt = GUARD + <usize>guardLen
  memory.copy(saltAt, BUF + 21, 32)
  for (let k: u32 = 0; k < n; k++) {
    const c = base + <u64>k
    store<u64>(saltAt + 24, bswap<u64>(c))
    keccak256Short(GUARD, <usize>guardLen + 32, GS, GOUT)
    memory.copy(STATE, S0, 200)
    memory.copy(STATE + 21, GOUT, 32)
    keccakf(STATE)
    if (matches(STATE + 12)) {
      if (nh < MAX_HITS) store<u64>(HITS + (<usize>nh << 3), c)
      nh++
    }
  }
  return nh
}

/** keccak256 of `len` (< 136) bytes at IO into IO + 160 (for tests against ox). */
export function keccak(len: u32): void {
  keccak256Short(IO, <usize>len, GS, IO + 160)
}

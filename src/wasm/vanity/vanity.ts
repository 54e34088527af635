// secp256k1 key stepping for vanity addresses: from the point P of a random key k, the points
// P + i·G (i = 1..B) by affine addition with one field inversion per batch (Montgomery's
// trick), each hashed to its address (optionally the address of its first CREATE) and
// matched. Field elements are 8 little-endian 32-bit limbs, fully reduced mod
// p = 2^256 - 2^32 - 977. FAST PATH ONLY, not constant-time: it finds candidate offsets; the
// key k + offset is re-derived with noble/ox in JavaScript before anything is shown.
// If some P.x equals (iG).x (probability about 2^-246 per batch) the batch's inversion is
// of zero and its points are wrong: no wrong key can be shown (the re-derivation refuses
// it), at worst a real hit in that batch is missed.
import { keccak256Short, keccakf } from './keccak'
import { HITS, MAX_HITS, STATE } from './layout'
import { matches } from './match'
export { MASK, VALUE, SUB, HITS } from './layout'
export { setPattern } from './match'
/** The current point (x, y): written by JavaScript, advanced by B per batch. */
export const PX: usize = 4096
export const PY: usize = 4128
/** The table i·G, i = 1..MAX_B (x at TX + 32(i-1), y at TY + 32(i-1)), written by JavaScript. */
export const TX: usize = 8192
export const TY: usize = 40960
export const MAX_B: u32 = 1024
const DX: usize = 73728
const PRE: usize = 106496
const T16: usize = 4160
const ACC: usize = 4224, IA: usize = 4256, NX: usize = 4288, NY: usize = 4320, DI: usize = 4352, DY: usize = 4384
const L: usize = 4416, X3: usize = 4448, Y3: usize = 4480, TT: usize = 4512, XI: usize = 4544
const RLP: usize = 4608, CS: usize = 4864, COUT: usize = 5120

let createMode: u32 = 0

/** 1: match the address of the key's first contract (CREATE at nonce 0) instead of its own. */
export function setMode(create: u32): void {
  createMode = create
}

@inline function add977(r: usize): void { // r += 2^256 - p (= 0x1000003D1) mod 2^256
  let c: u64 = <u64>load<u32>(r) + 977; store<u32>(r, <u32>c); c >>= 32
  c += <u64>load<u32>(r, 4) + 1; store<u32>(r, <u32>c, 4); c >>= 32
  for (let i: usize = 8; i < 32; i += 4) { c += <u64>load<u32>(r + i); store<u32>(r + i, <u32>c); c >>= 32 }
}
@inline function feFinal(r: usize): void { // r < 2^256 → r mod p
  if (load<u32>(r, 28) == 0xFFFFFFFF && load<u32>(r, 24) == 0xFFFFFFFF && load<u32>(r, 20) == 0xFFFFFFFF && load<u32>(r, 16) == 0xFFFFFFFF &&
      load<u32>(r, 12) == 0xFFFFFFFF && load<u32>(r, 8) == 0xFFFFFFFF &&
      (load<u32>(r, 4) > 0xFFFFFFFE || (load<u32>(r, 4) == 0xFFFFFFFE && load<u32>(r) >= 0xFFFFFC2F))) add977(r)
}
function feSub(r: usize, a: usize, b: usize): void {
  let c: i64 = 0
  for (let i: usize = 0; i < 32; i += 4) { c += <i64>load<u32>(a + i) - <i64>load<u32>(b + i); store<u32>(r + i, <u32>c); c >>= 32 }
  if (c != 0) { // borrow: + p  ≡  - 0x1000003D1 mod 2^256
    let d: i64 = <i64>load<u32>(r) - 977; store<u32>(r, <u32>d); d >>= 32
    d += <i64>load<u32>(r, 4) - 1; store<u32>(r, <u32>d, 4); d >>= 32
    for (let i: usize = 8; i < 32; i += 4) { d += <i64>load<u32>(r + i); store<u32>(r + i, <u32>d); d >>= 32 }
  }
}
function feMul(r: usize, a: usize, b: usize): void {
  const t = T16
  memory.fill(t, 0, 64)
  for (let i: usize = 0; i < 8; i++) {
    let c: u64 = 0
    const ai = <u64>load<u32>(a + (i << 2))
    for (let j: usize = 0; j < 8; j++) {
      const p = t + ((i + j) << 2)
      c += ai * <u64>load<u32>(b + (j << 2)) + <u64>load<u32>(p); store<u32>(p, <u32>c); c >>= 32
    }
    store<u32>(t + ((i + 8) << 2), <u32>c)
  }
  // fold the high half: lo + hi·977 + hi·2^32
  let c: u64 = 0
  for (let i: usize = 0; i < 8; i++) {
    c += <u64>load<u32>(t + (i << 2)) + <u64>load<u32>(t + ((8 + i) << 2)) * 977 + (i ? <u64>load<u32>(t + ((7 + i) << 2)) : 0)
    store<u32>(r + (i << 2), <u32>c); c >>= 32
  }
  const top: u64 = c + <u64>load<u32>(t, 60)
  const lo: u64 = top * 977
  c = <u64>load<u32>(r) + (lo & 0xFFFFFFFF); store<u32>(r, <u32>c); c >>= 32
  c += <u64>load<u32>(r, 4) + (lo >> 32) + (top & 0xFFFFFFFF); store<u32>(r, <u32>c, 4); c >>= 32
  c += <u64>load<u32>(r, 8) + (top >> 32); store<u32>(r, <u32>c, 8); c >>= 32
  for (let i: usize = 12; i < 32; i += 4) { c += <u64>load<u32>(r + i); store<u32>(r + i, <u32>c); c >>= 32 }
  if (c) add977(r)
  feFinal(r)
}
function feInv(r: usize, a: usize): void { // a^(p-2), square-and-multiply (once per batch)
  memory.fill(XI, 0, 32); store<u32>(XI, 1)
  for (let w = 7; w >= 0; w--) {
    const e: u32 = w == 0 ? 0xFFFFFC2D : (w == 1 ? 0xFFFFFFFE : 0xFFFFFFFF)
    for (let b = 31; b >= 0; b--) { feMul(XI, XI, XI); if ((e >> <u32>b) & 1) feMul(XI, XI, a) }
  }
  memory.copy(r, XI, 32)
}
@inline function beLane(v: usize, k: usize): u64 {
  return bswap<u64>((<u64>load<u32>(v + ((7 - 2 * k) << 2)) << 32) | <u64>load<u32>(v + ((6 - 2 * k) << 2)))
}
function check(x: usize, y: usize): bool {
  memory.fill(STATE, 0, 200)
  for (let k: usize = 0; k < 4; k++) { store<u64>(STATE + (k << 3), beLane(x, k)); store<u64>(STATE + ((4 + k) << 3), beLane(y, k)) }
  store<u8>(STATE + 64, 0x01); store<u8>(STATE + 135, 0x80)
  keccakf(STATE)
  if (!createMode) return matches(STATE + 12)
  // first CREATE: keccak256(rlp([address, 0])) = keccak256(0xd6 0x94 ‖ address ‖ 0x80)
  store<u8>(RLP, 0xd6); store<u8>(RLP + 1, 0x94)
  memory.copy(RLP + 2, STATE + 12, 20)
  store<u8>(RLP + 22, 0x80)
  keccak256Short(RLP, 23, CS, COUT)
  return matches(COUT + 12)
}

/**
 * Runs nb batches of B (≤ MAX_B) keys after the current point; returns the number of hits,
 * the first 64 stored at HITS as u32 offsets (1-based, from the key of the point at call time).
 */
export function run(nb: u32, B: u32): u32 {
  let nh: u32 = 0
  if (B > MAX_B) B = MAX_B
  for (let bi: u32 = 0; bi < nb; bi++) {
    memory.fill(ACC, 0, 32); store<u32>(ACC, 1)
    for (let i: usize = 0; i < <usize>B; i++) {
      const dx = DX + (i << 5)
      feSub(dx, TX + (i << 5), PX)
      memory.copy(PRE + (i << 5), ACC, 32)
      feMul(ACC, ACC, dx)
    }
    feInv(IA, ACC)
    for (let ii = <i32>B - 1; ii >= 0; ii--) {
      const o = <usize>ii << 5
      feMul(DI, IA, PRE + o)
      feMul(IA, IA, DX + o)
      feSub(DY, TY + o, PY)
      feMul(L, DY, DI)
      feMul(X3, L, L)
      feSub(X3, X3, PX)
      feSub(X3, X3, TX + o)
      feSub(TT, PX, X3)
      feMul(Y3, L, TT)
      feSub(Y3, Y3, PY)
      if (check(X3, Y3)) {
        if (nh < MAX_HITS) store<u32>(HITS + (<usize>nh << 2), bi * B + <u32>ii + 1)
        nh++
      }
      if (ii == <i32>B - 1) { memory.copy(NX, X3, 32); memory.copy(NY, Y3, 32) }
    }
    memory.copy(PX, NX, 32); memory.copy(PY, NY, 32)
  }
  return nh
}

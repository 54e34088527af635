// Keccak-f[1600] for single-block inputs (< 136 bytes), lane-variable form.
// FAST PATH ONLY: it finds candidates; every result is re-derived with ox/noble before it is
// shown (src/core/address/VanityMiner.ts). Not constant-time; it never touches a secret that is kept.
const RC: StaticArray<u64> = [
  0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
  0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
  0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
  0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
  0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
  0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008]

/** Permutes the 200-byte state at `p`; writes back only lanes 0..3 (the 32-byte digest). */
@inline export function keccakf(p: usize): void {
  let a00 = load<u64>(p, 0), a01 = load<u64>(p, 8), a02 = load<u64>(p, 16), a03 = load<u64>(p, 24), a04 = load<u64>(p, 32)
  let a05 = load<u64>(p, 40), a06 = load<u64>(p, 48), a07 = load<u64>(p, 56), a08 = load<u64>(p, 64), a09 = load<u64>(p, 72)
  let a10 = load<u64>(p, 80), a11 = load<u64>(p, 88), a12 = load<u64>(p, 96), a13 = load<u64>(p, 104), a14 = load<u64>(p, 112)
  let a15 = load<u64>(p, 120), a16 = load<u64>(p, 128), a17 = load<u64>(p, 136), a18 = load<u64>(p, 144), a19 = load<u64>(p, 152)
  let a20 = load<u64>(p, 160), a21 = load<u64>(p, 168), a22 = load<u64>(p, 176), a23 = load<u64>(p, 184), a24 = load<u64>(p, 192)
  for (let r = 0; r < 24; r++) {
    const c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20, c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21, c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22, c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23, c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24
    const d0 = c4 ^ rotl<u64>(c1, 1), d1 = c0 ^ rotl<u64>(c2, 1), d2 = c1 ^ rotl<u64>(c3, 1), d3 = c2 ^ rotl<u64>(c4, 1), d4 = c3 ^ rotl<u64>(c0, 1)
    const b00 = a00 ^ d0, b01 = rotl<u64>(a06 ^ d1, 44), b02 = rotl<u64>(a12 ^ d2, 43), b03 = rotl<u64>(a18 ^ d3, 21), b04 = rotl<u64>(a24 ^ d4, 14)
    const b05 = rotl<u64>(a03 ^ d3, 28), b06 = rotl<u64>(a09 ^ d4, 20), b07 = rotl<u64>(a10 ^ d0, 3), b08 = rotl<u64>(a16 ^ d1, 45), b09 = rotl<u64>(a22 ^ d2, 61)
    const b10 = rotl<u64>(a01 ^ d1, 1), b11 = rotl<u64>(a07 ^ d2, 6), b12 = rotl<u64>(a13 ^ d3, 25), b13 = rotl<u64>(a19 ^ d4, 8), b14 = rotl<u64>(a20 ^ d0, 18)
    const b15 = rotl<u64>(a04 ^ d4, 27), b16 = rotl<u64>(a05 ^ d0, 36), b17 = rotl<u64>(a11 ^ d1, 10), b18 = rotl<u64>(a17 ^ d2, 15), b19 = rotl<u64>(a23 ^ d3, 56)
    const b20 = rotl<u64>(a02 ^ d2, 62), b21 = rotl<u64>(a08 ^ d3, 55), b22 = rotl<u64>(a14 ^ d4, 39), b23 = rotl<u64>(a15 ^ d0, 41), b24 = rotl<u64>(a21 ^ d1, 2)
    a00 = b00 ^ (~b01 & b02) ^ unchecked(RC[r]); a01 = b01 ^ (~b02 & b03); a02 = b02 ^ (~b03 & b04); a03 = b03 ^ (~b04 & b00); a04 = b04 ^ (~b00 & b01)
    a05 = b05 ^ (~b06 & b07); a06 = b06 ^ (~b07 & b08); a07 = b07 ^ (~b08 & b09); a08 = b08 ^ (~b09 & b05); a09 = b09 ^ (~b05 & b06)
    a10 = b10 ^ (~b11 & b12); a11 = b11 ^ (~b12 & b13); a12 = b12 ^ (~b13 & b14); a13 = b13 ^ (~b14 & b10); a14 = b14 ^ (~b10 & b11)
    a15 = b15 ^ (~b16 & b17); a16 = b16 ^ (~b17 & b18); a17 = b17 ^ (~b18 & b19); a18 = b18 ^ (~b19 & b15); a19 = b19 ^ (~b15 & b16)
    a20 = b20 ^ (~b21 & b22); a21 = b21 ^ (~b22 & b23); a22 = b22 ^ (~b23 & b24); a23 = b23 ^ (~b24 & b20); a24 = b24 ^ (~b20 & b21)
  }
  store<u64>(p, a00, 0); store<u64>(p, a01, 8); store<u64>(p, a02, 16); store<u64>(p, a03, 24)
}

/** keccak256 of `len` (< 136) bytes at `src` into 32 bytes at `dst`, using the state at `st`. */
export function keccak256Short(src: usize, len: usize, st: usize, dst: usize): void {
  memory.fill(st, 0, 200)
  memory.copy(st, src, len)
  store<u8>(st + len, load<u8>(st + len) ^ 0x01)
  store<u8>(st + 135, load<u8>(st + 135) ^ 0x80)
  keccakf(st)
  memory.copy(dst, st, 32)
}

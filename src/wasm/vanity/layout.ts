// Fixed memory shared with JavaScript (src/core/address/VanityMiner.ts reads the exported offsets).
// Static data is placed above the scratch area with --memoryBase (see scripts/vanity-wasm.ts).
export const STATE: usize = 0 // 200-byte keccak state
export const MASK: usize = 512 // 20 bytes
export const VALUE: usize = 544 // 20 bytes
export const SUB: usize = 576 // up to 40 nibbles, one per byte
export const HITS: usize = 1024 // up to 64 hits (u64 each for create2, u32 each for vanity)
export const MAX_HITS: u32 = 64

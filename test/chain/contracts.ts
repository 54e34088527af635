/**
 * Tiny hand-assembled contracts for the chain tests (no compiler needed). Each is written as
 * annotated EVM assembly; the hex is the concatenation of the opcodes shown.
 */

const TOO_BIG =
  // Error(string) "too big", ABI-encoded (same bytes as `cast calldata "Error(string)" "too big"`): 100 bytes
  '08c379a0' +
  '0000000000000000000000000000000000000000000000000000000000000020' +
  '0000000000000000000000000000000000000000000000000000000000000007' +
  '746f6f2062696700000000000000000000000000000000000000000000000000'

/**
 * Runtime of `Store`:
 * ```solidity
 * uint256 x;                                  // slot 0
 * event Set(uint256 value);
 * function get() view returns (uint256) { return x; }          // 0x6d4ce63c
 * function set(uint256 v) { require(v <= 100, "too big"); x = v; emit Set(v); } // 0x60fe47b1
 * // any other selector: revert()
 * ```
 */
const STORE_RUNTIME =
  '600035' + //       00 PUSH1 0 CALLDATALOAD
  '60e01c' + //       03 PUSH1 0xe0 SHR            selector
  '80' + //           06 DUP1
  '636d4ce63c' + //   07 PUSH4 get()
  '14' + //           0c EQ
  '601e57' + //       0d PUSH1 0x1e JUMPI
  '80' + //           10 DUP1
  '6360fe47b1' + //   11 PUSH4 set(uint256)
  '14' + //           16 EQ
  '602a57' + //       17 PUSH1 0x2a JUMPI
  '600080fd' + //     1a PUSH1 0 DUP1 REVERT       unknown selector: revert()
  '5b' + //           1e JUMPDEST                  get:
  '600054' + //       1f PUSH1 0 SLOAD
  '600052' + //       22 PUSH1 0 MSTORE
  '60206000f3' + //   25 RETURN(0, 32)
  '5b' + //           2a JUMPDEST                  set:
  '600435' + //       2b PUSH1 4 CALLDATALOAD      v
  '80' + //           2e DUP1
  '606410' + //       2f PUSH1 100 LT              100 < v
  '606357' + //       32 PUSH1 0x63 JUMPI          -> too big
  '8060005' + '2' + //35 DUP1 PUSH1 0 MSTORE      mem[0] = v
  '7fdf7a95aebff315db1b7716215d602ab537373cdb769232aae6055c06e798425b' + // 39 PUSH32 keccak256("Set(uint256)")
  '60206000a1' + //   5a LOG1(0, 32, topic)
  '600055' + //       5f PUSH1 0 SSTORE            x = v
  '00' + //           62 STOP
  '5b' + //           63 JUMPDEST                  too big:
  '6064607060003' + '9' + // 64 CODECOPY(0, 0x70, 100)
  '60646000fd' + //   6b REVERT(0, 100)
  TOO_BIG //          70 data: Error("too big")

/** Init code of `Store`: x = 42, then return the runtime. */
export const STORE_INIT =
  '0x' +
  '602a600055' + //   00 SSTORE(0, 42)
  '61' + (STORE_RUNTIME.length / 2).toString(16).padStart(4, '0') + // 05 PUSH2 runtime length
  '80' + //           08 DUP1
  '6011' + //         09 PUSH1 0x11                runtime offset
  '6000' + //         0b PUSH1 0
  '39' + //           0d CODECOPY(0, 0x11, len)
  '6000' + //         0e PUSH1 0
  'f3' + //           10 RETURN(0, len)
  STORE_RUNTIME

export const STORE_RUNTIME_HEX = `0x${STORE_RUNTIME}`

export const STORE_ABI = [
  'function get() view returns (uint256)',
  'function set(uint256 v)',
  'event Set(uint256 value)',
].join('\n')

/**
 * A one-contract stand-in for the ENS registry and a resolver, put at the registry address
 * with anvil_setCode. For any call it returns the three storage words at
 * keccak256(calldata[0:36]) + 0, 1, 2: so `resolver(node)`, `addr(node)` and `name(node)`
 * answer whatever the test stored for that selector and node.
 */
export const ENS_STUB_RUNTIME =
  '0x' +
  '6024600060003' + '7' + //   CALLDATACOPY(0, 0, 36)
  '6024600020' + //            k = KECCAK256(0, 36)
  '8054600052' + //            mem[0x00] = sload(k)
  '80600101546020' + '52' + // mem[0x20] = sload(k + 1)
  '6002015460405' + '2' + //   mem[0x40] = sload(k + 2)
  '60606000f3' //              RETURN(0, 96)

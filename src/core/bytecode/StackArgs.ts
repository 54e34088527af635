/**
 * The names of an opcode's stack arguments, top of the stack first, as evm.codes and the Yellow
 * Paper name them (`SSTORE`: key, value; `CALL`: gas, address, value, argsOffset, argsSize,
 * retOffset, retSize): the debugger labels the words the current step consumes. Small and
 * without the opcode table, so the debugger loads it alone.
 *
 * @example
 * StackArgs.of('SSTORE') // ['key', 'value']
 * StackArgs.of('LOG2')   // ['offset', 'size', 'topic0', 'topic1']
 * StackArgs.of('PUSH1')  // []
 */

const AB = ['a', 'b'] as const
const COPY = ['destOffset', 'offset', 'size'] as const
const CALL = ['gas', 'address', 'value', 'argsOffset', 'argsSize', 'retOffset', 'retSize'] as const
const STATIC = ['gas', 'address', 'argsOffset', 'argsSize', 'retOffset', 'retSize'] as const

const ARGS: Record<string, readonly string[]> = {
  ADD: AB, MUL: AB, SUB: AB, DIV: AB, SDIV: AB, MOD: AB, SMOD: AB,
  ADDMOD: ['a', 'b', 'N'], MULMOD: ['a', 'b', 'N'], EXP: ['a', 'exponent'], SIGNEXTEND: ['b', 'x'],
  LT: AB, GT: AB, SLT: AB, SGT: AB, EQ: AB, ISZERO: ['a'], AND: AB, OR: AB, XOR: AB, NOT: ['a'],
  BYTE: ['i', 'x'], SHL: ['shift', 'value'], SHR: ['shift', 'value'], SAR: ['shift', 'value'], CLZ: ['x'],
  KECCAK256: ['offset', 'size'], BALANCE: ['address'], CALLDATALOAD: ['i'], CALLDATACOPY: COPY, CODECOPY: COPY,
  EXTCODESIZE: ['address'], EXTCODECOPY: ['address', ...COPY], RETURNDATACOPY: COPY, EXTCODEHASH: ['address'],
  BLOCKHASH: ['blockNumber'], BLOBHASH: ['index'], POP: ['y'], MLOAD: ['offset'], MSTORE: ['offset', 'value'], MSTORE8: ['offset', 'value'],
  SLOAD: ['key'], SSTORE: ['key', 'value'], JUMP: ['counter'], JUMPI: ['counter', 'b'], TLOAD: ['key'], TSTORE: ['key', 'value'],
  MCOPY: COPY, CREATE: ['value', 'offset', 'size'], CALL, CALLCODE: CALL, RETURN: ['offset', 'size'], DELEGATECALL: STATIC,
  CREATE2: ['value', 'offset', 'size', 'salt'], STATICCALL: STATIC, REVERT: ['offset', 'size'], SELFDESTRUCT: ['address'],
}

/** The names of what `op` takes from the stack, top first (none for an opcode that takes nothing, or DUPn/SWAPn, whose words keep their places). */
export function of(op: string): readonly string[] {
  const log = /^LOG([0-4])$/.exec(op)
  if (log) return ['offset', 'size', ...Array.from({ length: Number(log[1]) }, (_, i) => `topic${i}`)]
  return Object.hasOwn(ARGS, op) ? ARGS[op]! : []
}

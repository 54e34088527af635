/**
 * StackArgs: every opcode of every hardfork that takes words from the stack has exactly as many
 * names as the opcode table says it takes (its count from EthereumJS's opcode list and the EVM's
 * own rules, core/bytecode/Opcodes), and the ones a debugger user reads most are named as
 * evm.codes names them. An unknown or inherited name (`__proto__`, `toString`) has none.
 */
import { describe, expect, it } from 'vitest'
import * as Opcodes from './Opcodes'
import * as StackArgs from './StackArgs'

describe('StackArgs', () => {
  it('as many names as each opcode takes, in every hardfork', () => {
    let checked = 0
    for (const h of Opcodes.HARDFORKS)
      for (const o of Opcodes.table(h.id).opcodes) {
        if (/^(DUP|SWAP)\d+$|^(DUPN|SWAPN|EXCHANGE)$/.test(o.name)) {
          expect(StackArgs.of(o.name), o.name).toEqual([])
          continue
        }
        expect(StackArgs.of(o.name).length, `${o.name} in ${h.id}`).toBe(o.stackIn)
        checked++
      }
    expect(checked).toBeGreaterThan(1000)
  })

  it('the names evm.codes gives, top of the stack first', () => {
    expect(StackArgs.of('SSTORE')).toEqual(['key', 'value'])
    expect(StackArgs.of('CALL')).toEqual(['gas', 'address', 'value', 'argsOffset', 'argsSize', 'retOffset', 'retSize'])
    expect(StackArgs.of('DELEGATECALL')).toEqual(['gas', 'address', 'argsOffset', 'argsSize', 'retOffset', 'retSize'])
    expect(StackArgs.of('LOG3')).toEqual(['offset', 'size', 'topic0', 'topic1', 'topic2'])
    expect(StackArgs.of('JUMPI')).toEqual(['counter', 'b'])
    for (const name of ['__proto__', 'toString', 'constructor', 'LOG5', 'PUSH1', '']) expect(StackArgs.of(name)).toEqual([])
  })
})

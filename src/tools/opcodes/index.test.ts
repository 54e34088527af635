/** The opcode tool's hardfork choices are the reference's, oldest first, and its default rules are the current ones'. */
import { describe, expect, it } from 'vitest'
import * as Opcodes from '../../core/bytecode/Opcodes'
import { DEFAULT_HARDFORK, HARDFORK_OPTIONS } from '../kit/hardforks'
import { withDefaults } from '../define'
import tool from './index'

describe('opcodes tool', () => {
  it('offers every hardfork the reference knows, with its label', () => {
    expect(HARDFORK_OPTIONS.map((o) => [o.value, o.label])).toEqual(Opcodes.HARDFORKS.map((h) => [h.id, h.label]))
  })
  it('defaults to the opcodes in force (the current hardfork\'s)', () => {
    expect(Opcodes.table(DEFAULT_HARDFORK).opcodes).toEqual(Opcodes.table(Opcodes.CURRENT).opcodes)
  })
  it('lists every opcode with no query, and says when none matches', async () => {
    const run = async (raw: Record<string, string>) => {
      const p = tool.parse(withDefaults(tool, raw))
      if (!p.ok) throw new Error('parse')
      return tool.run(p.value, { signal: new AbortController().signal, progress: () => {} })
    }
    expect((await run({ hardfork: 'chainstart' })).sections[0]!.rows.length).toBe(Opcodes.table('chainstart').opcodes.length)
    expect((await run({ query: 'zzz' })).sections[0]!.rows[0]!.value).toBe('no opcode matches')
  })
})

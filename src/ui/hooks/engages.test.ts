/** A select that engages the run (FieldSpec.engages) makes the form not blank while it holds a value: opcodes' "Compare with" (#41). */
import { describe, expect, it } from 'vitest'
import meta from '../../tools/opcodes/meta'
import { isBlank } from './useToolRun'

describe('isBlank and engaging fields', () => {
  it('an untouched opcodes form is blank', () => {
    expect(isBlank(meta, {}, {})).toBe(true)
    expect(isBlank(meta, { hardfork: 'cancun' }, {})).toBe(true)
  })
  it('two hardforks chosen and no search is not blank (the comparison shows)', () => {
    expect(isBlank(meta, { hardfork: 'cancun', compare: 'shanghai' }, {})).toBe(false)
  })
})

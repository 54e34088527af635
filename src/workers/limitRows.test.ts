import { describe, expect, it } from 'vitest'
import type { ToolResult } from '../tools/types'
import { limitRows, NOTE_LIMIT } from './limitRows'

describe('limitRows (what crosses back from a worker under a row limit)', () => {
  // 64 KiB of call data shown one 32-byte word per row (as a guessed layout is).
  const hex = Array.from({ length: 4 + 64 * 1024 }, (_, i) => ((i * 7) & 0xff).toString(16).padStart(2, '0')).join('')
  const words = (hex.length / 2 - 4) / 32
  const rows = Array.from({ length: words }, (_, i) => ({ label: `arg${i}`, value: `0x${hex.slice(8 + 64 * i, 72 + 64 * i)}`, note: 'bytes32 (guessed type)' }))
  const signature = `guessed(${Array.from({ length: words }, () => 'bytes32').join(',')})`
  const result: ToolResult = {
    sections: [
      { title: 'Call', rows: [{ label: 'function', value: signature, note: `function ${signature}` }] },
      { title: 'Arguments', rows },
    ],
  }

  it('keeps the first rows of a long section with their values whole, clips long notes, and says what it left out', () => {
    const out = limitRows(result, 100)
    expect(out.sections[1]!.rows).toEqual(rows.slice(0, 100))
    expect(out.notes).toEqual([{ tone: 'info', text: `Arguments: showing the first 100 of ${words.toLocaleString('en-US')} rows; the page would stall drawing them all.` }])
    const call = out.sections[0]!.rows[0]!
    expect(call.value).toBe(signature) // a value is what a person copies: whole
    expect(call.note).toBe(`function ${signature}`.slice(0, NOTE_LIMIT) + `… (${(signature.length + 9).toLocaleString('en-US')} characters in all)`)
  })

  it('changes nothing under the limit', () => {
    const small: ToolResult = { sections: [{ rows: rows.slice(0, 3) }], notes: [{ tone: 'warn', text: 'kept' }] }
    expect(limitRows(small, 100)).toEqual(small)
  })
})

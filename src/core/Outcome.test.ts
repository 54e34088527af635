import { describe, expect, it } from 'vitest'
import * as Outcome from './Outcome'
import { toErrorInfo } from './Errors'

describe('Outcome', () => {
  it('a cancelled error is recognised, and no other', () => {
    expect(Outcome.isCancelled(Outcome.cancelled())).toBe(true)
    expect(Outcome.isCancelled(Outcome.cancelled('Replaced by a new simulation.'))).toBe(true)
    expect(Outcome.isCancelled(toErrorInfo(new Error('Cancelled.')))).toBe(false)
    expect(Outcome.isCancelled(undefined)).toBe(false)
  })
  it('survives a structured clone unchanged', () => {
    const o = Outcome.fail(Outcome.cancelled(), { to: 'bad' })
    expect(structuredClone(o)).toEqual({ ok: false, error: { name: 'Cancelled', message: 'Cancelled.', hints: [] }, fieldErrors: { to: 'bad' } })
    expect(structuredClone(Outcome.ok({ a: 1n }))).toEqual({ ok: true, value: { a: 1n } })
  })
  it('an empty field-error map is left out', () => {
    expect(Outcome.fail({ name: 'E', message: 'm', hints: [] }, {})).toEqual({ ok: false, error: { name: 'E', message: 'm', hints: [] } })
  })
})

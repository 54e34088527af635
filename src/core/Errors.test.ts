/**
 * The base of every core error: what the UI and workers rely on (name, short message, hints,
 * field, position), checked against the platform's own Error and structuredClone.
 */
import { describe, expect, it } from 'vitest'
import { BaseError, RelayedError, isBaseError, toErrorInfo } from './Errors'

class SampleError extends BaseError {
  constructor(hints: string[] = [], options: { field?: string; position?: number; cause?: unknown } = {}) {
    super('Sample.SampleError', 'Something is wrong.', { hints, ...options })
  }
}

describe('BaseError', () => {
  it('is an Error with its namespaced name; the message is the short message, then one hint per line', () => {
    const e = new SampleError(['Try this.', 'Or that.'])
    expect(e).toBeInstanceOf(Error)
    expect(Object.prototype.toString.call(e)).toBe('[object Error]')
    expect(e.name).toBe('Sample.SampleError')
    expect(e.shortMessage).toBe('Something is wrong.')
    expect(e.message).toBe('Something is wrong.\nTry this.\nOr that.')
    expect(String(e)).toBe('Sample.SampleError: Something is wrong.\nTry this.\nOr that.')
    expect(new SampleError().message).toBe('Something is wrong.')
  })

  it('keeps the cause as the platform does (ES2022 error cause)', () => {
    const cause = new TypeError('inner')
    expect(new SampleError([], { cause }).cause).toBe(new Error('x', { cause }).cause)
    expect('cause' in new Error('x')).toBe(false)
  })

  it('at() attaches the first field only, and returns the same error', () => {
    const e = new SampleError()
    expect(e.at('amount')).toBe(e)
    expect(e.at('unit').field).toBe('amount')
    expect(new SampleError([], { field: 'to' }).at('from').field).toBe('to')
  })

  it('isBaseError tells core errors from others', () => {
    expect(isBaseError(new SampleError())).toBe(true)
    expect(isBaseError(new Error('x'))).toBe(false)
    expect(isBaseError({ name: 'Sample.SampleError', shortMessage: 'x', hints: [] })).toBe(false)
  })
})

describe('toErrorInfo and RelayedError: across a thread', () => {
  it('a core error keeps name, short message, hints, field and position, and survives structuredClone', () => {
    const info = toErrorInfo(new SampleError(['Hint.'], { field: 'amount', position: 3 }))
    expect(info).toEqual({ name: 'Sample.SampleError', message: 'Something is wrong.', hints: ['Hint.'], field: 'amount', position: 3 })
    expect(structuredClone(info)).toEqual(info)
    const again = new RelayedError(structuredClone(info))
    expect(again).toBeInstanceOf(BaseError)
    expect([again.name, again.shortMessage, again.hints, again.field, again.position]).toEqual(['Sample.SampleError', 'Something is wrong.', ['Hint.'], 'amount', 3])
    expect(again.message).toBe(new SampleError(['Hint.']).message)
  })

  it('other errors keep only their first line (or a library short message), never a stack', () => {
    const e = new RangeError('first line\nsecond line')
    const info = toErrorInfo(e)
    expect(info).toEqual({ name: 'RangeError', message: 'first line', hints: [] })
    expect(JSON.stringify(info)).not.toContain(e.stack!.split('\n')[1]!.trim())
    const lib = Object.assign(new Error('long\ndetails'), { shortMessage: 'Short.' })
    expect(toErrorInfo(lib).message).toBe('Short.')
    expect(toErrorInfo('plain text')).toEqual({ name: 'Error', message: 'plain text', hints: [] })
    expect(toErrorInfo(undefined).message).toBe('undefined')
  })
})

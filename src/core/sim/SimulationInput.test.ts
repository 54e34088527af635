/** SimulationInput: the simulate form's mode and raw transaction, checked on the main thread. */
import { describe, expect, it } from 'vitest'
import * as SimulationInput from './SimulationInput'

describe('SimulationInput', () => {
  it('takes the three modes and refuses anything else, naming it', () => {
    for (const m of ['call', 'hash', 'raw']) expect(SimulationInput.parseMode(m)).toBe(m)
    for (const bad of ['', 'Call', 'trace', ' raw'])
      expect(() => SimulationInput.parseMode(bad)).toThrow(expect.objectContaining({ name: 'SimulationInput.InvalidModeError' }))
    expect(() => SimulationInput.parseMode('x'.repeat(100))).toThrow(/^"x{20}" is not a mode\./)
  })

  it('a raw transaction needs bytes: 0x alone is refused', () => {
    expect(SimulationInput.requireRaw('0x02f8')).toBe('0x02f8')
    expect(() => SimulationInput.requireRaw('0x')).toThrow(expect.objectContaining({ name: 'SimulationInput.MissingRawError' }))
  })

  it('a replay is placed at another block or another position, never both (the error at atBlock)', () => {
    const tag = (t: string) => (t === 'latest' ? t : `0x${BigInt(t).toString(16)}`)
    expect(SimulationInput.replayPlace('', '', tag)).toEqual({})
    expect(SimulationInput.replayPlace(' 12 ', '', tag)).toEqual({ atBlock: '0xc' })
    expect(SimulationInput.replayPlace('', '0', tag)).toEqual({ position: 0 })
    expect(() => SimulationInput.replayPlace('12', '1', tag)).toThrow(SimulationInput.ReplayPlaceError)
    expect(() => SimulationInput.replayPlace('12', '1', tag)).toThrow(/not both/)
    for (const bad of ['-1', '1.5', 'x', '999999']) expect(() => SimulationInput.replayPlace('', bad, tag), bad).toThrow(SimulationInput.InvalidPositionError)
  })
})

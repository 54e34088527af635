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
})

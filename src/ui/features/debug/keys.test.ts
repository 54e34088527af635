import { describe, expect, it } from 'vitest'
import { moveFor, SHORTCUTS } from './keys'

const press = (key: string, shiftKey = false, more: Partial<KeyboardEvent> = {}) => moveFor({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false, ...more })

describe('debugger shortcuts', () => {
  it('every listed shortcut does what the list says (each of its keys)', () => {
    for (const s of SHORTCUTS)
      for (const k of s.keys.split(' / ')) {
        const shift = k.startsWith('Shift+')
        const name = shift ? k.slice(6) : k
        const key = name === '↓' ? 'ArrowDown' : name === '↑' ? 'ArrowUp' : shift && name.length === 1 ? name.toUpperCase() : name
        const m = press(key, shift)
        expect(m, `${k}: ${s.label}`).toEqual(expect.objectContaining({ to: s.move.to }))
        expect(Boolean(m!.back), `${k}: ${s.label}`).toBe(Boolean(s.move.back))
      }
  })
  it('leaves other keys and modified keys alone', () => {
    expect(press('x')).toBeUndefined()
    expect(press('j', false, { ctrlKey: true })).toBeUndefined()
    expect(press('r', false, { metaKey: true })).toBeUndefined()
    expect(press('Tab')).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { moveFor, SHORTCUTS, SOURCE_SHORTCUTS, sourceMoveFor } from './keys'

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

describe('source shortcuts', () => {
  const src = (key: string, shiftKey = false, more: Partial<KeyboardEvent> = {}) => sourceMoveFor({ key, shiftKey, ctrlKey: false, metaKey: false, altKey: false, ...more })
  it('every listed source shortcut does what the list says, and none is a step shortcut', () => {
    for (const s of SOURCE_SHORTCUTS) {
      const shift = s.keys.startsWith('Shift+')
      const name = shift ? s.keys.slice(6).toUpperCase() : s.keys
      const m = src(name, shift)
      expect(m?.to, s.label).toBe(s.move.to)
      expect(Boolean(m?.back), s.label).toBe(Boolean(s.move.back))
      expect(Boolean(m?.over), s.label).toBe(Boolean(s.move.over))
      expect(press(name, shift), s.keys).toBeUndefined()
    }
  })
  it('leaves other keys and modified keys alone', () => {
    expect(src('j')).toBeUndefined()
    expect(src('.', false, { ctrlKey: true })).toBeUndefined()
  })
})

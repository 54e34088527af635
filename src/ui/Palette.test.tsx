// @vitest-environment jsdom
/**
 * The palette's ARIA combobox contract (#23), checked by role as assistive technology reads it:
 * the input is a combobox that is expanded, controls the listbox, and names the active option by
 * aria-activedescendant; that option, and only it, is aria-selected; arrows move it, Enter opens it.
 * The palette stays hand-written (docs/ARCHITECTURE.md, "Accessible components"), so this test is
 * what holds it to the pattern a library would have given.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Palette } from './Palette'

beforeAll(() => {
  // jsdom has <dialog> but not its modal API everywhere: open it as the browser would.
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void }
  if (typeof proto.showModal !== 'function' || !('open' in proto)) {
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open')
    }
  }
})
afterEach(cleanup)

function contract() {
  const box = screen.getByRole('combobox', { name: 'Find a tool' })
  const list = screen.getByRole('listbox', { name: 'Tools' })
  const options = screen.getAllByRole('option')
  expect(box.getAttribute('aria-expanded')).toBe('true')
  expect(box.getAttribute('aria-controls')).toBe(list.id)
  expect(list.id).not.toBe('')
  const active = box.getAttribute('aria-activedescendant')
  expect(active).toBeTruthy()
  const selected = options.filter((o) => o.getAttribute('aria-selected') === 'true')
  expect(selected).toHaveLength(1)
  expect(selected[0]!.id).toBe(active)
  expect(list.contains(selected[0]!)).toBe(true)
  for (const o of options) expect(['true', 'false']).toContain(o.getAttribute('aria-selected'))
  return { box, options, index: options.indexOf(selected[0]!) }
}

describe('the palette is an ARIA combobox', () => {
  it('names the active option by aria-activedescendant, moves it with the arrows and opens it with Enter', () => {
    const onClose = vi.fn()
    render(<Palette open onClose={onClose} />)
    const { box } = contract()
    fireEvent.change(box, { target: { value: 'hash' } })
    let now = contract()
    expect(now.options.length).toBeGreaterThan(2)
    expect(now.index).toBe(0)
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    now = contract()
    expect(now.index).toBe(2)
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    now = contract()
    expect(now.index).toBe(1)
    // The ends hold: Up at the first option stays there, Down at the last stays there.
    for (let i = 0; i < 20; i++) fireEvent.keyDown(box, { key: 'ArrowUp' })
    expect(contract().index).toBe(0)
    for (let i = 0; i < 40; i++) fireEvent.keyDown(box, { key: 'ArrowDown' })
    now = contract()
    expect(now.index).toBe(now.options.length - 1)
    // Typing filters and puts the first match back in front.
    fireEvent.change(box, { target: { value: 'gwei' } })
    now = contract()
    expect(now.index).toBe(0)
    expect(now.options[0]!.textContent).toContain('Unit converter')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(location.pathname + location.hash).toMatch(/\/units$/)
  })

  it('with nothing matched has no active descendant and no option', () => {
    render(<Palette open onClose={() => {}} />)
    const box = screen.getByRole('combobox', { name: 'Find a tool' })
    fireEvent.change(box, { target: { value: 'zzqqxxnothing' } })
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(box.hasAttribute('aria-activedescendant')).toBe(false)
    expect(screen.getByRole('listbox', { name: 'Tools' }).textContent).toMatch(/No tool matches/)
  })

  it('a value that may be a private key (32 bytes) has no active option: Enter opens nothing until an arrow chooses one (#35)', () => {
    const onClose = vi.fn()
    render(<Palette open onClose={onClose} />)
    const box = screen.getByRole('combobox', { name: 'Find a tool' })
    // anvil's published account-0 key: a hash to some tools, a key to others
    fireEvent.change(box, { target: { value: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' } })
    const options = screen.getAllByRole('option')
    expect(options.length).toBeGreaterThan(1)
    expect(box.getAttribute('aria-activedescendant')).toBeNull()
    expect(options.filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([])
    const note = document.getElementById(box.getAttribute('aria-describedby') ?? '')
    expect(note?.textContent).toMatch(/may be a hash or a private key: choose what it is/)
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onClose).not.toHaveBeenCalled()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    const now = contract()
    expect(now.index).toBe(0)
    // an address is not ambiguous: its first offer is the default again
    fireEvent.change(box, { target: { value: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } })
    expect(contract().index).toBe(0)
    expect(box.getAttribute('aria-describedby')).toBeNull()
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CopyButton } from './CopyButton'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function clipboard() {
  const written: string[] = []
  vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => void written.push(t) } })
  return written
}

describe('CopyButton', () => {
  it('copies its value and announces it', async () => {
    const written = clipboard()
    render(<CopyButton value="0xabc" label="amount in wei" />)
    const button = screen.getByRole('button', { name: 'Copy amount in wei' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
    await act(async () => void fireEvent.click(button))
    expect(written).toEqual(['0xabc'])
    expect(button.textContent).toContain('Copied')
  })

  it('is disabled with nothing to copy, says why, and writes nothing when pressed', async () => {
    const written = clipboard()
    const { rerender } = render(<CopyButton value="" label="amount in wei" />)
    const button = screen.getByRole('button', { name: 'Copy amount in wei' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.title).toBe('Nothing to copy: amount in wei is empty')
    await act(async () => void fireEvent.click(button))
    expect(written).toEqual([])
    expect(button.textContent).not.toContain('Copied')
    rerender(<CopyButton value="1" label="amount in wei" />)
    expect(button.disabled).toBe(false)
  })
})

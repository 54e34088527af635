// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from './ErrorBoundary'

afterEach(cleanup)

let explode = true
function Buggy() {
  if (explode) throw new Error('bug in a tool, with input 0xsecret')
  return <p>recovered</p>
}

describe('ErrorBoundary', () => {
  it('contains a crashing tool to its area, shows no error text, and can try again', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <>
        <header>shell header</header>
        <ErrorBoundary area="Test tool">
          <Buggy />
        </ErrorBoundary>
      </>,
    )
    expect(screen.getByText('shell header')).toBeTruthy()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Something went wrong in Test tool')
    expect(alert.textContent).not.toContain('0xsecret')
    explode = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(screen.getByText('recovered')).toBeTruthy()
    spy.mockRestore()
  })
})

// @vitest-environment jsdom
/**
 * A hand-off (a value for the next tool page, memory only) that lands between the page's first
 * render and its effects is taken, not cleared unseen: the palette's navigation can render the new
 * page before its hand-off is made (seen once under CI load). A sibling's layout effect runs in
 * exactly that gap, so this test puts the hand-off there.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ethers } from 'ethers'
import { findTool } from '../tools/registry'
import { handOff, peekHandOff } from './handoff'
import { ToolRoute } from './ToolRoute'

afterEach(cleanup)

function HandOffNow({ tool, values }: { tool: string; values: Record<string, string> }) {
  useLayoutEffect(() => handOff(tool, values), [tool, values])
  return null
}

describe('hand-off to a tool page', () => {
  it('a hand-off made after the page rendered, before its effects, fills the field and is taken once', async () => {
    const key = ethers.Wallet.createRandom().privateKey
    const values = { privateKey: key }
    render(
      <>
        <ToolRoute entry={findTool('address-from-key')!} />
        <HandOffNow tool="address-from-key" values={values} />
      </>,
    )
    const field = await screen.findByLabelText('Or a private key', {}, { timeout: 15_000 })
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(key), { timeout: 5_000 })
    expect(peekHandOff('address-from-key')).toBeUndefined()
    expect(location.href).not.toContain(key.slice(2, 18))
  })

  it('a hand-off to the page already shown fills it too; one for another tool is left alone', async () => {
    render(<ToolRoute entry={findTool('address-from-key')!} />)
    const field = await screen.findByLabelText('Or a private key', {}, { timeout: 15_000 })
    const key = ethers.Wallet.createRandom().privateKey
    handOff('keystore-encrypt', { privateKey: key })
    await new Promise((r) => setTimeout(r, 50))
    expect((field as HTMLInputElement).value).toBe('')
    expect(peekHandOff('keystore-encrypt')).toEqual({ privateKey: key })
    handOff('address-from-key', { privateKey: key })
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(key), { timeout: 5_000 })
    expect(peekHandOff('address-from-key')).toBeUndefined()
  })
})
